/**
 * Label placement without collisions (issue 13): a small greedy placer, pure and independent of the
 * timeline. Each label asks for a place with a list of candidates in order of preference (its usual
 * spot, then moved, then abbreviated, then pulled away from its mark with a leader line); the most
 * important labels are placed first, and each takes its first candidate that stays inside the
 * picture (and its own region, e.g. its message's two lanes), keeps clear of every label placed
 * before it and of the fixed obstacles (bars, marks) that are not its own, and crosses no line (nor
 * does its leader line, if it has one). A label that finds no
 * place is left out: the mark's accessible name (and its tooltip) still says everything.
 *
 * Greedy placement with a candidate list is the classic approach for point-feature labels
 * (Christensen, Marks and Shieber, "An Empirical Study of Algorithms for Point-Feature Label
 * Placement", ACM ToG 1995). Each test looks only at what is near (grids of the labels placed, the
 * obstacles, the lines and the leaders), so placing n labels among n things is near-linear in n
 * (issue 43: a run of thousands of messages froze the page while every candidate was tested
 * against every arrow).
 * @module
 */
import { countOps } from './spatial';
import { drain, type Steps } from './slices';

/** An axis-aligned box (px): left, top, width, height. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One place a label may go, with the text it shows there (which may be abbreviated). */
export interface Candidate {
  /** Left end of the text (px). */
  x: number;
  /** Baseline of the text (px). */
  y: number;
  text: string;
  /** The text's box (px), from {@link textBox}. */
  box: Box;
  /** Draw a leader line from the label to this point (the mark it belongs to), if set. */
  leaderTo?: { x: number; y: number };
}

/** A label to place. */
export interface LabelRequest {
  /** Unique key; the drawing code looks its placement up by it. */
  id: string;
  /** Higher first; equal priorities keep their order. */
  priority: number;
  candidates: Candidate[];
  /** The box the label must stay inside, besides the picture's bounds (e.g. its message's lanes). */
  region?: Box;
  /** Obstacles with this owner (its own bar) do not block it. */
  owner?: string;
  /**
   * A label along a bar: once placed, the x of every other candidate on its row with the same text
   * that would also be clear of everything placed is kept ({@link Placement.stops}), so the label
   * can slide along its bar to stay in view when the picture scrolls sideways.
   */
  slides?: boolean;
  /**
   * Places it keeps off where it can (a message's label off a pause's hatch): it takes its first
   * candidate whose box and leader stay out of them, and only when it has none, its first candidate
   * as if they were not there (like {@link PlaceOptions.avoid}) but with no leader into them.
   */
  shun?: readonly Box[];
  /**
   * Least space (`px`) above and below between this label and another of the same `kind` (the smaller
   * of the two counts, and never less than {@link PlaceOptions.gap}): two labels alike stacked 2 px
   * apart ("stored 1, stale" over "stored 2, stale") read as one two-line label.
   */
  apart?: { kind: string; px: number };
}

/** Something drawn that labels must not cover. */
export interface Obstacle extends Box {
  /** The label(s) that may sit on it (see {@link LabelRequest.owner}). */
  owner?: string;
}

/** A straight line drawn (a message arrow) that no label may cross, not even its own. */
export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * Whether the segment passes through box `b` grown by `pad` px on every side (Liang–Barsky clipping:
 * the part of the segment inside the box is not empty).
 */
export function segmentHits(s: Segment, b: Box, pad = 0): boolean {
  countOps();
  const dx = s.x2 - s.x1;
  const dy = s.y2 - s.y1;
  let t0 = 0;
  let t1 = 1;
  const edges: [number, number][] = [
    [-dx, s.x1 - (b.x - pad)],
    [dx, b.x + b.w + pad - s.x1],
    [-dy, s.y1 - (b.y - pad)],
    [dy, b.y + b.h + pad - s.y1],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const r = q / p;
    if (p < 0) t0 = Math.max(t0, r);
    else t1 = Math.min(t1, r);
    if (t0 > t1) return false;
  }
  return true;
}

/**
 * The leader line of a candidate pulled away from its mark: from `leaderTo` to the nearest point of
 * its box (as `Leader` in `Lanes.tsx` draws it), or `undefined` without one.
 */
export function leaderOf(c: Candidate): Segment | undefined {
  const to = c.leaderTo;
  if (!to) return undefined;
  const b = c.box;
  return { x1: to.x, y1: to.y, x2: Math.min(Math.max(to.x, b.x), b.x + b.w), y2: Math.min(Math.max(to.y, b.y), b.y + b.h) };
}

/**
 * Whether leader `l` crosses line `s` anywhere but within `spare` px of the leader's start (where
 * it meets its own mark, which may lie on that line).
 */
export function leaderCrosses(l: Segment, s: Segment, spare = 3): boolean {
  countOps();
  const ax = l.x2 - l.x1;
  const ay = l.y2 - l.y1;
  const bx = s.x2 - s.x1;
  const by = s.y2 - s.y1;
  const len = Math.hypot(ax, ay);
  if (len <= spare) return false;
  const den = ax * by - ay * bx;
  if (Math.abs(den) < 1e-9) return false;
  const t = ((s.x1 - l.x1) * by - (s.y1 - l.y1) * bx) / den;
  const u = ((s.x1 - l.x1) * ay - (s.y1 - l.y1) * ax) / den;
  return u >= 0 && u <= 1 && t * len > spare && t <= 1;
}

/** Where a label went. */
export interface Placement extends Candidate {
  /** Index of the candidate used. */
  index: number;
  /** For a label that slides ({@link LabelRequest.slides}): the x's it may move to, ascending (its own included). */
  stops?: number[];
}

/** The metrics of a text: its advance width and the font's ascent and descent (px). */
export interface TextMetrics {
  width: number;
  ascent: number;
  descent: number;
}

/** Measures a text in a font size (px) and weight. */
export type Measure = (text: string, fontPx: number, weight: number) => TextMetrics;

/**
 * A rough measure for tests and the server: DejaVu Sans's ascent and descent (0.93 and 0.24 em,
 * which is what Chromium's `getBBox` reports for it) and a generous average advance (0.62 em bold,
 * 0.57 em regular).
 */
export const roughMeasure: Measure = (text, fontPx, weight) => ({
  width: text.length * fontPx * (weight >= 600 ? 0.62 : 0.57),
  ascent: fontPx * 0.93,
  descent: fontPx * 0.24,
});

/** The box of `text` drawn with its left end at x and its baseline at y. */
export function textBox(x: number, y: number, m: TextMetrics): Box {
  return { x, y: y - m.ascent, w: m.width, h: m.ascent + m.descent };
}

/** Whether two boxes overlap, with at least `gap` px between them required. */
export function overlaps(a: Box, b: Box, gap = 0): boolean {
  return a.x < b.x + b.w + gap && b.x < a.x + a.w + gap && a.y < b.y + b.h + gap && b.y < a.y + a.h + gap;
}

/**
 * Whether two boxes overlap, with at least `gapX` px between them across and `gapY` px up and down
 * required: two labels side by side on one row need more room between them than two stacked ones, or
 * they read as one phrase ("write 33 write 33").
 */
export function overlapsXY(a: Box, b: Box, gapX: number, gapY: number): boolean {
  return a.x < b.x + b.w + gapX && b.x < a.x + a.w + gapX && a.y < b.y + b.h + gapY && b.y < a.y + a.h + gapY;
}

/** Whether `inner` lies wholly inside `outer`. */
export function inside(inner: Box, outer: Box): boolean {
  const e = 1e-6;
  return inner.x >= outer.x - e && inner.y >= outer.y - e && inner.x + inner.w <= outer.x + outer.w + e && inner.y + inner.h <= outer.y + outer.h + e;
}

/** `b` grown by `dx` px left and right and `dy` px up and down. */
function grown(b: Box, dx: number, dy: number): Box {
  return { x: b.x - dx, y: b.y - dy, w: b.w + 2 * dx, h: b.h + 2 * dy };
}

/** A uniform grid of placed boxes, so each test looks only at the boxes near it. */
class Grid {
  private cells = new Map<number, Obstacle[]>();
  constructor(private readonly size: number) {}
  private keys(b: Box): number[] {
    const out: number[] = [];
    const x0 = Math.floor(b.x / this.size);
    const x1 = Math.floor((b.x + b.w) / this.size);
    const y0 = Math.floor(b.y / this.size);
    const y1 = Math.floor((b.y + b.h) / this.size);
    for (let gx = x0; gx <= x1; gx++) for (let gy = y0; gy <= y1; gy++) out.push(gx * 100_003 + gy);
    return out;
  }
  add(b: Obstacle): void {
    for (const k of this.keys(b)) {
      const list = this.cells.get(k);
      if (list) list.push(b);
      else this.cells.set(k, [b]);
    }
  }
  hits(b: Box, gap: number, owner: string | undefined, gapX = gap, skip?: (o: Obstacle) => boolean): boolean {
    const probe = { x: b.x - gapX, y: b.y - gap, w: b.w + 2 * gapX, h: b.h + 2 * gap };
    for (const k of this.keys(probe)) {
      for (const o of this.cells.get(k) ?? []) {
        countOps();
        if (owner !== undefined && o.owner === owner) continue;
        if (skip?.(o)) continue;
        if (overlapsXY(b, o, gapX, gap)) return true;
      }
    }
    return false;
  }
  /** Whether `test` holds for a box in a cell that `area` meets. */
  some(area: Box, test: (o: Obstacle) => boolean): boolean {
    for (const k of this.keys(area)) {
      for (const o of this.cells.get(k) ?? []) {
        countOps();
        if (test(o)) return true;
      }
    }
    return false;
  }
}

/**
 * Segments (arrows, leaders) in a uniform grid by their bounding boxes, so a test against the lines
 * near a box looks only at those. A segment over more than {@link SegmentGrid.MAX_CELLS} cells is
 * visited by every query.
 */
export class SegmentGrid {
  static readonly MAX_CELLS = 256;
  private readonly cells = new Map<number, number[]>();
  private readonly wide: number[] = [];
  private readonly segs: Segment[] = [];
  private stamp: number[] = [];
  private query = 0;
  constructor(
    segments: readonly Segment[] = [],
    private readonly size = 64,
  ) {
    for (const s of segments) this.add(s);
  }
  add(s: Segment): void {
    const i = this.segs.length;
    this.segs.push(s);
    this.stamp.push(0);
    const [x0, x1] = [Math.floor(Math.min(s.x1, s.x2) / this.size), Math.floor(Math.max(s.x1, s.x2) / this.size)];
    const [y0, y1] = [Math.floor(Math.min(s.y1, s.y2) / this.size), Math.floor(Math.max(s.y1, s.y2) / this.size)];
    if (!((x1 - x0 + 1) * (y1 - y0 + 1) <= SegmentGrid.MAX_CELLS)) {
      this.wide.push(i);
      return;
    }
    for (let gx = x0; gx <= x1; gx++) {
      for (let gy = y0; gy <= y1; gy++) {
        const k = gx * 100_003 + gy;
        const list = this.cells.get(k);
        if (list) list.push(i);
        else this.cells.set(k, [i]);
      }
    }
  }
  /** Whether `test` holds for a segment whose box meets `b` grown by `pad` px (each segment tested at most once). */
  some(b: Box, pad: number, test: (s: Segment) => boolean): boolean {
    const q = ++this.query;
    const visit = (i: number) => {
      countOps();
      if (this.stamp[i] === q) return false;
      this.stamp[i] = q;
      return test(this.segs[i]!);
    };
    const [x0, x1] = [Math.floor((b.x - pad) / this.size), Math.floor((b.x + b.w + pad) / this.size)];
    const [y0, y1] = [Math.floor((b.y - pad) / this.size), Math.floor((b.y + b.h + pad) / this.size)];
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > 4 * SegmentGrid.MAX_CELLS) {
      for (let i = 0; i < this.segs.length; i++) if (visit(i)) return true;
      return false;
    }
    for (let gx = x0; gx <= x1; gx++) for (let gy = y0; gy <= y1; gy++) for (const i of this.cells.get(gx * 100_003 + gy) ?? []) if (visit(i)) return true;
    for (const i of this.wide) if (visit(i)) return true;
    return false;
  }
}

/** The bounding box of a segment. */
function boxOf(s: Segment): Box {
  return { x: Math.min(s.x1, s.x2), y: Math.min(s.y1, s.y2), w: Math.abs(s.x2 - s.x1), h: Math.abs(s.y2 - s.y1) };
}

/** Options of {@link placeLabels}. */
export interface PlaceOptions {
  /** Every label stays inside this box (the picture). */
  bounds: Box;
  /** Fixed marks no label may cover (except its owner's). */
  obstacles?: readonly Obstacle[];
  /** Lines (message arrows) no label may cross, with `lineSpare` to spare. */
  lines?: readonly Segment[];
  /** Least space between a label and a line (px), the line's half-width and its arrowhead's included. Default 1.5. */
  lineSpare?: number;
  /** Least space between two labels (px). Default 2. */
  gap?: number;
  /** Least space (px) between two labels side by side, sharing a row. Default `gap`. */
  rowGap?: number;
  /**
   * Lines a label keeps `avoidSpare` px off where it can (the playhead's line at the run's end, where
   * a finished run is looked at longest): each label takes its first candidate clear of them, and only
   * when it has none, its first candidate as if they were not there.
   */
  avoid?: readonly Segment[];
  /** Default 5.5 px: half the 6 px "now" band and 2.5 px of air. */
  avoidSpare?: number;
}

/**
 * Places labels so that no two overlap (with `gap` between them), none leaves `bounds` or its own
 * region, none covers an obstacle it does not own, and none crosses a line. Pure and deterministic.
 * @returns the placement of each label that found a place, by id (labels with no place are absent)
 */
export function placeLabels(requests: readonly LabelRequest[], options: PlaceOptions): Map<string, Placement> {
  return drain(placeLabelsSteps(requests, options));
}

/**
 * {@link placeLabels} as steps: it pauses before each label (`slices.ts`), so that it can run in
 * short slices; run in one go or in slices, the placement is the same.
 */
export function* placeLabelsSteps(requests: readonly LabelRequest[], options: PlaceOptions): Steps<Map<string, Placement>> {
  const gap = options.gap ?? 2;
  const spare = options.lineSpare ?? 1.5;
  const labels = new Grid(64);
  const fixed = new Grid(64);
  for (const o of options.obstacles ?? []) fixed.add(o);
  const lines = new SegmentGrid(options.lines ?? []);
  const order = requests.map((r, i) => ({ r, i })).sort((a, b) => b.r.priority - a.r.priority || a.i - b.i);
  const out = new Map<string, Placement>();
  /** Placed labels that keep `apart` from their kind, by kind, with its px in `owner`. */
  const kept = new Map<string, Grid>();
  const keptPx = new Map<Box, number>();
  const leaders = new SegmentGrid();
  const rowGap = options.rowGap ?? gap;
  const avoid = options.avoid ?? [];
  const avoidSpare = options.avoidSpare ?? 5.5;
  for (const { r } of order) {
    yield;
    const shun = r.shun ?? [];
    const shunned = (c: Candidate) => {
      const leader = leaderOf(c);
      return shun.some((b) => overlaps(c.box, b) || (leader !== undefined && segmentHits(leader, b)));
    };
    for (let pass = avoid.length > 0 || shun.length > 0 ? 0 : 1; pass < 2 && !out.has(r.id); pass++)
    for (let index = 0; index < r.candidates.length; index++) {
      const c = r.candidates[index]!;
      if (pass === 0 && (avoid.some((l) => segmentHits(l, c.box, avoidSpare)) || shunned(c))) continue;
      // A label pulled away onto a place it shuns, its leader across that place's edge, is not placed at all.
      if (c.leaderTo && shunned(c)) continue;
      if (!inside(c.box, options.bounds)) continue;
      if (r.region && !inside(c.box, r.region)) continue;
      if (labels.hits(c.box, gap, undefined, rowGap)) continue;
      const apart = r.apart;
      const near = apart && kept.get(apart.kind);
      if (near && near.some(grown(c.box, rowGap, Math.max(gap, apart.px)), (k) => overlapsXY(c.box, k, rowGap, Math.max(gap, Math.min(apart.px, keptPx.get(k)!))))) continue;
      if (fixed.hits(c.box, 0, r.owner)) continue;
      if (lines.some(c.box, spare, (l) => segmentHits(l, c.box, spare))) continue;
      // A leader crosses no arrow and no label placed before it.
      const leader = leaderOf(c);
      if (leader && (lines.some(boxOf(leader), 0, (l) => leaderCrosses(leader, l)) || labels.some(grown(boxOf(leader), 0.5, 0.5), (b) => segmentHits(leader, b, 0.5)))) continue;
      // Nor does a label cover a leader placed before it.
      if (leaders.some(c.box, 1, (l) => segmentHits(l, c.box, 1))) continue;
      labels.add(c.box);
      if (r.apart) {
        const grid = kept.get(r.apart.kind) ?? new Grid(64);
        grid.add(c.box);
        keptPx.set(c.box, r.apart.px);
        kept.set(r.apart.kind, grid);
      }
      if (leader) leaders.add(leader);
      out.set(r.id, { ...c, index });
      break;
    }
  }
  // Where each sliding label could also go, with every other label where it is.
  for (const { r } of order) {
    const p = r.slides ? out.get(r.id) : undefined;
    if (!p) continue;
    yield;
    // (Every other label placed: not this one, nor one drawn in its very place.)
    const self = (b: Box) => b === p.box || (b.x === p.box.x && b.y === p.box.y && b.w === p.box.w);
    const stops = r.candidates
      .filter((c) => c.text === p.text && c.y === p.y && !c.leaderTo)
      .filter(
        (c) =>
          c.x === p.x ||
          (inside(c.box, options.bounds) &&
            (!r.region || inside(c.box, r.region)) &&
            !labels.hits(c.box, gap, undefined, rowGap, self) &&
            !fixed.hits(c.box, 0, r.owner) &&
            !lines.some(c.box, spare, (l) => segmentHits(l, c.box, spare)) &&
            !leaders.some(c.box, 1, (l) => segmentHits(l, c.box, 1))),
      )
      .map((c) => c.x);
    out.set(r.id, { ...p, stops: [...new Set(stops)].sort((a, b) => a - b) });
  }
  return out;
}

/**
 * Candidates around a point mark at (x, y): for each baseline in `rows` (tried in order), the text
 * centred on x, then pushed right, then left, then further out with a leader line back to the mark
 * (`leaderTo`). `steps` says how far out to go, in label widths.
 */
export function pointCandidates(
  text: string,
  m: TextMetrics,
  x: number,
  rows: readonly number[],
  leaderTo: { x: number; y: number } | undefined,
  steps = 3,
): Candidate[] {
  const out: Candidate[] = [];
  const w = m.width;
  const near = [-w / 2, 6, -w - 6];
  for (const y of rows) {
    for (const dx of near) out.push({ x: x + dx, y, text, box: textBox(x + dx, y, m) });
  }
  for (let k = 1; k <= steps; k++) {
    for (const y of rows) {
      for (const dx of [6 + k * (w * 0.6 + 8), -w - 6 - k * (w * 0.6 + 8)]) {
        out.push({ x: x + dx, y, text, box: textBox(x + dx, y, m), ...(leaderTo ? { leaderTo } : {}) });
      }
    }
  }
  return out;
}
