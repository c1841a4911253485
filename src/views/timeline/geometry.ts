/**
 * Timeline geometry: where each lane, lease, belief, pause, message and storage decision goes in
 * the SVG, as plain data computed once per trace and width. Drawing code clips it to the playhead.
 *
 * Time runs left to right **to scale** (issue 13): one simulated second is the same width
 * everywhere, and the scale comes from the run's horizon (its end rounded up to a value of
 * {@link HORIZONS_MS}), so an intervention that lengthens or shortens the run a little leaves the
 * axis and its ticks where they were, and runs can be compared by eye. The learner may ask for
 * quiet stretches to be skipped: each is then drawn as a narrow break labelled with the time it
 * leaves out ("≈ 8 s skipped"), never silently.
 *
 * Lanes, top to bottom: the lease service, one per client, the storage. Clients talk only to the
 * lease service (above them) and the storage (below them); the arrows are laid out with the marks
 * (`message-geometry.ts`).
 * @module
 */
import { LEASE_SERVICE, STORAGE } from '../../model/scenario';
import type { LeaseEndReason, LeaseInterval, Trace } from '../../model/trace';
import type { TimeWarp } from '../../store/playback';

/** Height of the time axis above the lanes (px): the playhead's tag on top, the tick labels under it. */
export const AXIS_H = 46;
/** y of the tick labels' baseline (px). */
export const TICK_LABEL_Y = 36;
/** Height of a client lane's contents (px). */
export const CLIENT_LANE_H = 80;
/** Height of the lease service lane's contents (px). */
export const LEASE_LANE_H = 70;
/** Height of the storage lane's contents (px). */
export const STORAGE_LANE_H = 74;
/**
 * More height (px) for the storage lane when it checks token equality: its header's third line,
 * "accepts only token 34", wraps in the lane-name column and was cut off at the lane's foot.
 */
export const EQUALITY_STORAGE_EXTRA = 14;
/** Space left of time 0 and right of the horizon (px), for labels that hang over the ends. */
export const PAD_LEFT = 18;
export const PAD_RIGHT = 64;
/**
 * Where the timeline scrolls sideways (a box narrower than {@link FIT_WIDTH}: a phone, a narrow
 * window), the plot is this wide (px): room for the crowded scenarios' labels.
 */
export const MIN_WIDTH = 760;
/**
 * A box at least this wide (px) draws the plot in it, unscrolled: a 1280 px screen's timeline card has
 * 712 px beside the lane names, and a picture 48 px wider than its box hid the run's last label
 * ("stored 2, stale") past the right edge (issue 13).
 */
export const FIT_WIDTH = 700;
/** The plot's width (px) in a box `width` px wide: the box's, or {@link MIN_WIDTH} where it is narrower than {@link FIT_WIDTH}. */
export function plotWidth(width: number): number {
  const w = Math.floor(width);
  return w >= FIT_WIDTH ? w : MIN_WIDTH;
}
/** Width (px) of a skipped quiet stretch when the learner asks for them to be skipped. */
export const BREAK_PX = 56;

/**
 * The horizons a run's end is rounded up to (ms): the axis's scale depends only on which of these
 * the run reaches, so small changes in the run's length do not move a single tick.
 */
export const HORIZONS_MS = [2000, 5000, 10_000, 15_000, 20_000, 25_000, 30_000, 40_000, 50_000, 60_000, 90_000, 120_000, 180_000, 300_000, 600_000];

/** The horizon (ms) of a run that ends at `endMs`: the first of {@link HORIZONS_MS} at or past it. */
export function horizonOf(endMs: number): number {
  return HORIZONS_MS.find((h) => h >= endMs) ?? Math.ceil(endMs / 60_000) * 60_000;
}

/** One horizontal lane. */
export interface Lane {
  id: string;
  kind: 'client' | 'lease' | 'storage';
  name: string;
  /** Top of the lane's contents (px); marks are placed from here. */
  top: number;
  /** Height of the lane's contents (px). */
  height: number;
  /** y of the lane's line, where messages start and end. */
  base: number;
  /** The lane's whole band (px), contents plus any extra room it was given to fill a taller timeline. */
  bandTop: number;
  bandHeight: number;
}

/** A quiet stretch drawn as a break (only when the learner asks for quiet stretches to be skipped). */
export interface AxisBreak {
  startMs: number;
  endMs: number;
  /** Its left and right x (px). */
  x1: number;
  x2: number;
}

/** Options of {@link layoutTimeline}. */
export interface LayoutOptions {
  /**
   * Quiet stretches to skip, each drawn as a labelled break (`quietStretches` in `quiet.ts`, with
   * the marks). Default: none, everything to scale.
   */
  skip?: readonly { startMs: number; endMs: number }[] | undefined;
  /** Make the lanes taller so the picture is this high (px); never shorter than its contents. */
  height?: number | undefined;
  /**
   * A scale (px per simulated ms) larger than the whole run's at this width: the plot is then as
   * wide as the horizon at that scale and scrolls sideways to a frame of the story (`story/frames.ts`;
   * issue 40). To scale, but for `skip` (then a frame's cut, `frameCut`), each drawn `breakPx` wide.
   */
  pxPerMs?: number | undefined;
  /** The width (px) of each break in `skip` (default {@link BREAK_PX}). */
  breakPx?: number | undefined;
}

/** Everything the timeline draws for one trace at one width. */
export interface Geometry {
  width: number;
  height: number;
  plotLeft: number;
  plotRight: number;
  lanes: Lane[];
  lane: (id: string) => Lane | undefined;
  /** x (px) of a simulated time (ms). */
  x: (ms: number) => number;
  /** Simulated time (ms) at an x (px), clamped to the run. */
  msAt: (x: number) => number;
  endMs: number;
  /** The axis's horizon (ms): the time at the plot's right edge (see {@link horizonOf}). */
  horizonMs: number;
  /** Simulated px per ms outside breaks. */
  pxPerMs: number;
  /** Quiet stretches drawn as breaks (empty unless skipping was asked for). */
  breaks: AxisBreak[];
}

/**
 * Lays out the lanes of a trace: the lease service, the clients, the storage. With `height`, the
 * extra room is shared out evenly, each lane's contents centred in its band.
 */
export function lanesOf(trace: Trace, height?: number): Lane[] {
  const specs: { id: string; kind: Lane['kind']; name: string; h: number; base: number }[] = [
    { id: LEASE_SERVICE, kind: 'lease', name: LEASE_SERVICE, h: LEASE_LANE_H, base: 34 },
    ...trace.scenario.clients.map((c) => ({ id: c.id, kind: 'client' as const, name: c.name, h: CLIENT_LANE_H, base: 30 })),
    { id: STORAGE, kind: 'storage', name: STORAGE, h: STORAGE_LANE_H + (trace.scenario.storage.fencing === 'equality' ? EQUALITY_STORAGE_EXTRA : 0), base: 28 },
  ];
  const natural = AXIS_H + specs.reduce((sum, s) => sum + s.h, 0) + 6;
  const extra = height !== undefined && height > natural ? Math.floor((height - natural) / specs.length) : 0;
  const lanes: Lane[] = [];
  let top = AXIS_H;
  for (const s of specs) {
    const inner = top + extra / 2;
    lanes.push({ id: s.id, kind: s.kind, name: s.name, top: inner, height: s.h, base: inner + s.base, bandTop: top, bandHeight: s.h + extra });
    top += s.h + extra;
  }
  return lanes;
}

/** The height (px) of a trace's timeline with no extra room: the axis, every lane's contents and a margin. */
export function naturalHeight(trace: Trace): number {
  const last = lanesOf(trace).at(-1)!;
  return last.bandTop + last.bandHeight + 6;
}

/** A piecewise linear map between simulated ms and x, through `knots` ([ms, px], ascending in both). */
function piecewise(knots: readonly (readonly [number, number])[]): { x: (ms: number) => number; ms: (px: number) => number } {
  const interp = (v: number, from: 0 | 1, to: 0 | 1): number => {
    const first = knots[0]!;
    const last = knots[knots.length - 1]!;
    if (v <= first[from]) return first[to];
    if (v >= last[from]) return last[to];
    let lo = 0;
    let hi = knots.length - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (knots[mid]![from] <= v) lo = mid;
      else hi = mid;
    }
    const a = knots[lo]!;
    const b = knots[hi]!;
    const span = b[from] - a[from];
    return span <= 0 ? a[to] : a[to] + ((v - a[from]) / span) * (b[to] - a[to]);
  };
  return { x: (ms) => interp(ms, 0, 1), ms: (px) => interp(px, 1, 0) };
}

/**
 * Computes the geometry of a trace.
 * @param trace the trace
 * @param _warp the trace's time warp (kept for callers; the axis no longer follows it: it is to scale)
 * @param width available width (px); the result's is {@link plotWidth} of it
 * @param options skipping quiet stretches, and a height to fill
 */
export function layoutTimeline(trace: Trace, _warp: TimeWarp | undefined, width: number, options: LayoutOptions = {}): Geometry {
  const endMs = trace.endMs;
  const horizonMs = horizonOf(endMs);
  const zoom = options.pxPerMs ?? 0;
  const breakPx = options.breakPx ?? BREAK_PX;
  const skipped = options.skip ?? [];
  const skippedMs = skipped.reduce((sum, s) => sum + (s.endMs - s.startMs), 0);
  // Framed, the frame sets the scale (on a phone it may be narrower than `MIN_WIDTH`'s); the time
  // drawn is the run less what is skipped (a frame's cut), each skipped stretch `breakPx` wide.
  const zoomedPx = Math.ceil(zoom * (horizonMs - skippedMs) + skipped.length * breakPx);
  const w = zoom ? Math.max(Math.floor(width), zoomedPx + PAD_LEFT + PAD_RIGHT) : plotWidth(width);
  const lanes = lanesOf(trace, options.height);
  const byId = new Map(lanes.map((l) => [l.id, l]));
  const plotLeft = PAD_LEFT;
  const plotRight = w - PAD_RIGHT;
  const span = plotRight - plotLeft;
  // With breaks, the scale is set by the time that is drawn (the run, less what is skipped).
  const shownMs = skipped.length ? Math.max(1, endMs - skippedMs) : horizonMs;
  const pxPerMs = zoom || Math.max(1e-6, (span - skipped.length * breakPx) / shownMs);
  const knots: [number, number][] = [[0, plotLeft]];
  let px = plotLeft;
  let ms = 0;
  const breaks: AxisBreak[] = [];
  for (const s of skipped) {
    px += (s.startMs - ms) * pxPerMs;
    knots.push([s.startMs, px]);
    breaks.push({ startMs: s.startMs, endMs: s.endMs, x1: px, x2: px + breakPx });
    px += breakPx;
    knots.push([s.endMs, px]);
    ms = s.endMs;
  }
  // Zoomed (a frame), the axis runs to the horizon as it does unskipped; skipping at the whole run's scale, to the run's end.
  const lastMs = skipped.length && !zoom ? endMs : horizonMs;
  knots.push([lastMs, px + (lastMs - ms) * pxPerMs]);
  const map = piecewise(knots);
  const x = (t: number): number => map.x(Math.min(Math.max(t, 0), Math.max(endMs, lastMs)));
  const msAt = (p: number): number => Math.min(endMs, Math.max(0, map.ms(p)));
  const last = lanes[lanes.length - 1]!;
  const height = last.bandTop + last.bandHeight + 6;

  return { width: w, height, plotLeft, plotRight, lanes, lane: (id) => byId.get(id), x, msAt, endMs, horizonMs, pxPerMs, breaks };
}

/** One axis tick. */
export interface Tick {
  ms: number;
  x: number;
  /** Whole seconds get a stronger grid line. */
  major: boolean;
}

/**
 * Half the width (px) kept for a break's label ("≈ 11 s skipped", 11 px type; wider than a narrow
 * break) with a tick label's half and a gap: no tick label nearer a break's middle than this.
 */
const BREAK_LABEL_CLEAR_PX = 66;

/** Tick spacings (ms), fine first: the first one at least `minGapPx` apart on the scale is used. */
const TICK_STEPS = [100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000];

/**
 * Axis ticks at a round interval (0.1, 0.2, 0.5, 1, 2, 5, 10 s…): the finest that keeps labels at
 * least `minGapPx` apart at the geometry's scale, from 0 to the horizon (or the run's end when
 * stretches are skipped), none inside a break or within `minGapPx / 2` of one, nor where a break's
 * label needs the room. Depends only on the
 * width and the horizon, so it does not change when an intervention moves the run's end a little.
 */
export function ticksOf(g: Geometry, minGapPx = 46): Tick[] {
  const stepMs = TICK_STEPS.find((s) => s * g.pxPerMs >= minGapPx) ?? TICK_STEPS[TICK_STEPS.length - 1]!;
  const endMs = g.breaks.length ? g.endMs : g.horizonMs;
  const out: Tick[] = [];
  for (let i = 0; i * stepMs <= endMs + 1e-6; i++) {
    const ms = i * stepMs;
    const px = g.x(ms);
    // (A break is at most BREAK_PX wide: at the default gap this keeps ticks clear of it by more than `minGapPx / 2` too.)
    if (g.breaks.some((b) => Math.abs(px - (b.x1 + b.x2) / 2) < BREAK_LABEL_CLEAR_PX)) continue;
    out.push({ ms, x: px, major: ms % 1000 === 0 });
  }
  return out;
}

/** How a lease ended, for its label; `undefined` while it is still live. */
export function leaseEndLabelKey(reason: LeaseEndReason): 'timeline.lease.ended.expired' | 'timeline.lease.ended.released' | 'timeline.lease.ended.revoked' | undefined {
  switch (reason) {
    case 'expired':
      return 'timeline.lease.ended.expired';
    case 'released':
      return 'timeline.lease.ended.released';
    case 'revoked':
      return 'timeline.lease.ended.revoked';
    default:
      return undefined;
  }
}

/**
 * The part of each belief during which the client believes it holds a lease the lease service has
 * already ended: from the end of the real lease (or from the belief's start, if the grant arrived
 * after the lease ended) to the end of the belief. The lesson's danger zone.
 *
 * A belief's lease is the first in `trace.leases` with its holder and token that started no later
 * than the belief. The simulator records each lease as it grants it, so `trace.leases` is in order
 * of start, and that lease is the first of its holder and token or none: one pass, where a search
 * of every lease for each belief was quadratic on a dense run (issue 43).
 */
export function staleStretches(trace: Trace): { client: string; token: number; startMs: number; endMs: number }[] {
  const first = new Map<string, LeaseInterval>();
  for (const l of trace.leases) if (!first.has(`${l.holder}|${l.token}`)) first.set(`${l.holder}|${l.token}`, l);
  const out: { client: string; token: number; startMs: number; endMs: number }[] = [];
  for (const b of trace.beliefs) {
    const lease = first.get(`${b.client}|${b.token}`);
    if (!lease || lease.startMs > b.startMs || lease.endReason === 'run-ended') continue;
    const start = Math.max(lease.endMs, b.startMs);
    if (start < b.endMs) out.push({ client: b.client, token: b.token, startMs: start, endMs: b.endMs });
  }
  return out;
}
