/**
 * Message arrows (issue 13): where each message of the trace is drawn, from its sender's lane to its
 * receiver's. A message that has to pass another lane on its way (a grant from the lease service to
 * client 2 passes client 1's lane; a write from client 1 to the storage passes client 2's) is not
 * drawn across it: its arrow breaks over that lane and resumes on the far side, and a thin passage
 * joins the pieces with that lane's line and bars broken along it (the wiring-diagram convention,
 * {@link passageLanes}), so no arrow strikes through marks it has nothing to do with. `crossing.test.ts` checks this
 * for every built-in scenario. In the marks' chunk: the first render draws no arrows.
 * @module
 */
import type { MessageKind, Trace } from '../../model/trace';
import type { Geometry } from './geometry';

/** How a message is drawn. */
export type MessageStyle = 'request' | 'grant' | 'keepalive' | 'lost' | 'write' | 'reply-ok' | 'reply-bad' | 'read';

/** A message arrow. Times in simulated ms, positions in px. */
export interface MessageGeom {
  id: number;
  kind: MessageKind;
  style: MessageStyle;
  from: string;
  to: string;
  token: number | undefined;
  sentAtMs: number;
  arriveAtMs: number;
  handledAtMs: number | undefined;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /**
   * The stretches of the line that are drawn, as fractions of its length from the sender (0) to the
   * receiver (1), ascending: `[[0, 1]]` for a message between neighbouring lanes; a message that
   * passes other lanes breaks over each of them.
   */
  visible: [number, number][];
  /** Held up in the network by a delay fault or a partition (ms). */
  lateMs: number;
  lateBy: 'delay' | 'partition' | undefined;
  dropped: boolean;
  /** Waited at a paused receiver from arrival to handling: the end x of that wait. */
  waitX2: number | undefined;
  /**
   * Held up with others that reach the same point (a partition that heals lets a stream of held
   * keepalives through at once): drawn without its own arrowhead once arrived, so the stream
   * reads as one fan into one head (the last one's) instead of a pile of heads.
   */
  bundled?: boolean;
  /**
   * Drawn on the very same line as a later message (same lanes, sent and arriving at once: the
   * replies to a stream of held keepalives): only its accessible name is drawn, the later one's
   * line stands for both (`Messages.tsx`), so the picture holds one line where it shows one.
   */
  sameLine?: boolean;
  /**
   * The marks and other messages' start dots near its line that its head must not cover
   * ({@link headClear}): while in flight its head is left out where it would.
   */
  obstacles?: Obstacle[];
  /** How far (px) short of (x2, y2) its line is drawn, to keep its head off a mark or dot not its own. */
  cut?: number;
}

/**
 * A drawn point (px) that an arrowhead must stay off: a message's start dot or a point mark (✓ ✕,
 * read, marker, check, crash) as it is inked, a circle (`r`) or a square (half-side `r`), from `atMs`.
 */
export interface Obstacle {
  x: number;
  y: number;
  r: number;
  square: boolean;
  atMs: number;
  /** The message whose start dot it is. */
  msg?: number;
  /** For another arrow's head: that arrow's line (x1, y1, x2, y2; px). */
  line?: readonly number[];
}

/** Radius (px) of a message's start dot (`Messages.tsx`). */
export const DOT_R = 2.2;
/** Length (px) of an arrowhead (`arrowHead` in `svg-text.ts`). */
const HEAD = 7;

/** The box (px) of an arrowhead with its tip at (x, y) pointing along (dx, dy), as `arrowHead` draws it: its left, top, right and bottom. */
export function headBox(x: number, y: number, dx: number, dy: number): { x0: number; y0: number; x1: number; y1: number } {
  const [[ax, ay], [bx, by], [cx, cy]] = headCorners(x, y, dx, dy) as [[number, number], [number, number], [number, number]];
  return { x0: Math.min(ax, bx, cx), y0: Math.min(ay, by, cy), x1: Math.max(ax, bx, cx), y1: Math.max(ay, by, cy) };
}

/**
 * Where `msg`'s line is drawn to (px): its end (x2, y2), or `cut` px short of it along the line (as
 * `Messages.tsx` draws it, clear of a mark or head there). A zero-length line ends at its end.
 */
export function drawnEnd(msg: Pick<MessageGeom, 'x1' | 'y1' | 'x2' | 'y2' | 'cut'>): { x: number; y: number } {
  const len = Math.hypot(msg.x2 - msg.x1, msg.y2 - msg.y1);
  if (!msg.cut || len === 0) return { x: msg.x2, y: msg.y2 };
  return { x: msg.x2 - ((msg.x2 - msg.x1) / len) * msg.cut, y: msg.y2 - ((msg.y2 - msg.y1) / len) * msg.cut };
}

/** The box (px, as {@link headBox}) of `msg`'s arrowhead as it is drawn: at {@link drawnEnd}, pointing along its line. */
export function drawnHead(msg: Pick<MessageGeom, 'x1' | 'y1' | 'x2' | 'y2' | 'cut'>): ReturnType<typeof headBox> {
  const e = drawnEnd(msg);
  return headBox(e.x, e.y, msg.x2 - msg.x1, msg.y2 - msg.y1);
}

/** Whether an arrowhead's box stays at least `margin` px off `o`. */
function clearOf(b: ReturnType<typeof headBox>, o: Obstacle, margin: number): boolean {
  const gx = Math.max(0, b.x0 - (o.x + (o.square ? o.r : 0)), o.x - (o.square ? o.r : 0) - b.x1);
  const gy = Math.max(0, b.y0 - (o.y + (o.square ? o.r : 0)), o.y - (o.square ? o.r : 0) - b.y1);
  if (o.square) return Math.max(gx, gy) >= margin;
  const nx = Math.max(b.x0, Math.min(o.x, b.x1));
  const ny = Math.max(b.y0, Math.min(o.y, b.y1));
  return Math.hypot(nx - o.x, ny - o.y) >= o.r + margin;
}

/**
 * Whether `msg`'s head, with its tip at (x, y) at simulated `ms`, covers none of the marks and
 * start dots drawn by then that are not its own.
 */
export function headClear(msg: MessageGeom, x: number, y: number, ms: number): boolean {
  if (!msg.obstacles) return true;
  const b = headBox(x, y, msg.x2 - msg.x1, msg.y2 - msg.y1);
  return msg.obstacles.every((o) => o.atMs > ms || clearOf(b, o, roomFor(o)));
}

/** The room (px) an arrowhead keeps from an obstacle: {@link DOT_ROOM} from another message's start dot, 1 from a mark. */
const roomFor = (o: Obstacle): number => (o.msg === undefined ? 1 : DOT_ROOM);

/** The room (px) an arrowhead keeps from an earlier arrival's head at the same spot ({@link withMessages}). */
export const HEAD_ROOM = 2;

/** The room (px) an arrowhead keeps from another arrow's line or a pause's edge (their centre lines), where it can ({@link withMessages}): half a bold line's width and 1 px of air. */
export const LINE_ROOM = 2;

/** The corner radius (px) of a lease bar (`Lanes.tsx`), 22 px high on the lease service's line. */
export const LEASE_RX = 5;

/**
 * The room (px) an arrowhead keeps from another message's passage over its lane (the thin line
 * joining its pieces, `Passages` in `Messages.tsx`) where it can: half the passage's 1.2 px and 1 px
 * of air. A head on a passage reads as sitting on that line ({@link withMessages}).
 */
export const PASSAGE_ROOM = 1.6;

/** The pieces (px; x1, y1, x2, y2 each) of `msg`'s passages over other lanes ({@link passagesOf}), as far as its `cut` end. */
export function passagePieces(msg: Pick<MessageGeom, 'x1' | 'y1' | 'x2' | 'y2' | 'visible' | 'cut'>): number[][] {
  return piecesOf(msg, passagesOf(msg.visible));
}

/** How much later (px) an arrow may reach the lease service to keep its line off a lease bar's corner ({@link withMessages}). */
export const CORNER_SHIFT = 20;

/** The step (px) by which an arrow's tip may move along its lane, four steps either way, to keep its head {@link LINE_ROOM} off other lines. */
export const TIP_SHIFT = 1;

/** How much further short (px) than it would stop anyway an arrow may stop to keep its head {@link LINE_ROOM} off other lines. */
export const LINE_CUT = 16;

/** The room (px) an arrowhead keeps from another message's start dot: a head 1 px from the next write's dot read as one blot. */
export const DOT_ROOM = 4;

/** The point marks of the trace as `Lanes.tsx` draws them (their ink, strokes included). */
function pointMarks(g: Geometry, trace: Trace, decisionAt: ReadonlyMap<number, { x: number; y: number }>, markerAt: ReadonlyMap<number, MarkerSpot>): Obstacle[] {
  const out: Obstacle[] = [];
  const storage = g.lane('storage');
  const lease = g.lane('lease-service') ?? g.lanes.find((l) => l.kind === 'lease');
  for (const d of trace.storage) {
    const at = decisionAt.get(d.messageId);
    if (at) out.push({ ...at, r: DECISION_R, square: false, atMs: d.atMs });
  }
  for (const e of trace.events) {
    const x = g.x(e.atMs);
    if (storage && (e.kind === 'read-served' || e.kind === 'read-rejected')) out.push({ x, y: storage.base, r: READ_R + 0.75, square: false, atMs: e.atMs });
    else if (lease && (e.kind === 'acquire-queued' || e.kind === 'keepalive-rejected')) {
      const at = markerAt.get(e.id);
      if (at && !at.shared) out.push({ x: at.x, y: at.y, r: 3.75, square: false, atMs: e.atMs });
    } else if (e.kind === 'lease-check-passed' || e.kind === 'lease-check-failed') {
      const lane = e.actor ? g.lane(e.actor) : undefined;
      if (lane) out.push({ x, y: lane.base, r: 6.75, square: true, atMs: e.atMs });
    }
  }
  for (const c of trace.crashes) {
    const lane = g.lane(c.client);
    if (lane) out.push({ x: g.x(c.atMs), y: lane.base, r: 8.5, square: true, atMs: c.atMs });
  }
  return out;
}

/**
 * How far below the lease service's line (px) a marker's dot goes: under the lease bar (11 px), 3 px
 * clear of a message's start dot at the bar's edge.
 */
export const MARKER_DY = 21;

/** Markers of one kind less than this apart (px) share one dot (`Lanes.tsx`), which keeps them 2 px apart. */
export const MARKER_SHARE = 10;

/** Where a lease service marker's dot is drawn (px); `shared` when an earlier marker's dot stands for it. */
export interface MarkerSpot {
  x: number;
  y: number;
  shared: boolean;
}

/** Least distance (px) from a marker dot's centre to a message's line: its 3 px ring and stroke, the line's half width and 2 px of air. */
export const MARKER_CLEAR = 6.5;

/** Farthest (px) a marker's dot moves off its time to stay clear of the lines there. */
export const MARKER_SLIDE = 20;

/** Distance (px) from (px, py) to the segment (ax, ay)–(bx, by). */
export function pointToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const l2 = dx * dx + dy * dy;
  const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / l2));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Distance (px) between the segments a and b (x1, y1, x2, y2): 0 where they cross. */
export function segmentToSegment(a: readonly number[], b: readonly number[]): number {
  return segmentGap(a[0]!, a[1]!, a[2]!, a[3]!, b[0]!, b[1]!, b[2]!, b[3]!);
}

/** {@link segmentToSegment} of (a1, a2)–(a3, a4) and (b1, b2)–(b3, b4), without arrays (it runs in the head search's inner loop). */
function segmentGap(a1: number, a2: number, a3: number, a4: number, b1: number, b2: number, b3: number, b4: number): number {
  const side = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) => Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));
  if (side(a1, a2, a3, a4, b1, b2) * side(a1, a2, a3, a4, b3, b4) < 0 && side(b1, b2, b3, b4, a1, a2) * side(b1, b2, b3, b4, a3, a4) < 0) return 0;
  return Math.min(pointToSegment(a1, a2, b1, b2, b3, b4), pointToSegment(a3, a4, b1, b2, b3, b4), pointToSegment(b1, b2, a1, a2, a3, a4), pointToSegment(b3, b4, a1, a2, a3, a4));
}

/** The three corners (px) of an arrowhead with its tip at (x, y) pointing along (dx, dy), as `arrowHead` draws it: tip first. */
export function headCorners(x: number, y: number, dx: number, dy: number): [number, number][] {
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const bx = x - ux * HEAD;
  const by = y - uy * HEAD;
  const px = -uy * HEAD * 0.5;
  const py = ux * HEAD * 0.5;
  return [
    [x, y],
    [bx + px, by + py],
    [bx - px, by - py],
  ];
}

/** Distance (px) from an arrowhead (its {@link headCorners}) to a segment (x1, y1, x2, y2): 0 where the segment touches or enters it. */
export function headToSegment(corners: readonly [number, number][], seg: readonly number[]): number {
  const [a, b, c] = corners as [[number, number], [number, number], [number, number]];
  const inside = (x: number, y: number) => {
    const s1 = (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]);
    const s2 = (c[0] - b[0]) * (y - b[1]) - (c[1] - b[1]) * (x - b[0]);
    const s3 = (a[0] - c[0]) * (y - c[1]) - (a[1] - c[1]) * (x - c[0]);
    return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0);
  };
  const [s1, s2, s3, s4] = seg as [number, number, number, number];
  if (inside(s1, s2)) return 0;
  return Math.min(segmentGap(a[0], a[1], b[0], b[1], s1, s2, s3, s4), segmentGap(b[0], b[1], c[0], c[1], s1, s2, s3, s4), segmentGap(c[0], c[1], a[0], a[1], s1, s2, s3, s4));
}

/** The drawn pieces (px; x1, y1, x2, y2 each) of `msg`'s line, as far as its `cut` end. */
export function drawnPieces(msg: Pick<MessageGeom, 'x1' | 'y1' | 'x2' | 'y2' | 'visible' | 'cut'>): number[][] {
  return piecesOf(msg, msg.visible);
}

/** The stretches (fractions of `msg`'s line) as pieces (px; x1, y1, x2, y2 each), as far as its `cut` end. */
function piecesOf(msg: Pick<MessageGeom, 'x1' | 'y1' | 'x2' | 'y2' | 'cut'>, stretches: readonly [number, number][]): number[][] {
  const len = Math.hypot(msg.x2 - msg.x1, msg.y2 - msg.y1);
  if (len === 0) return [];
  const end = 1 - (msg.cut ?? 0) / len;
  const at = (f: number) => [msg.x1 + (msg.x2 - msg.x1) * f, msg.y1 + (msg.y2 - msg.y1) * f];
  return stretches.filter(([a]) => a < end).map(([a, b]) => [...at(a), ...at(Math.min(b, end))]);
}

/**
 * Where each lease service marker's dot goes (px, by event id), {@link MARKER_DY} below the lane's
 * line: at its time, or, when a message's line passes there (at the start of the three-client run a
 * grant leaves just where two queued acquires arrive), the nearest spot at most {@link MARKER_SLIDE}
 * px off it (before its time costs half as much again as after it) that keeps {@link MARKER_CLEAR}
 * px from every line and from the dots placed before it. A marker within {@link MARKER_SHARE} px of
 * an earlier one of its kind shares that one's dot. Where no spot is clear, the one farthest from
 * the lines. A picture, not a clock: each marker's time is in its accessible name.
 */
export function markerSpots(g: Geometry, trace: Trace, messages: readonly MessageGeom[]): Map<number, MarkerSpot> {
  const out = new Map<number, MarkerSpot>();
  const lease = g.lane('lease-service') ?? g.lanes.find((l) => l.kind === 'lease');
  if (!lease) return out;
  const y = lease.base + MARKER_DY;
  const pieces = messages.filter((m) => !m.sameLine && Math.min(m.y1, m.y2) <= y + MARKER_CLEAR && Math.max(m.y1, m.y2) >= y - MARKER_CLEAR).flatMap((m) => drawnPieces(m));
  const placed: { x: number; kind: string; at: number }[] = [];
  for (const e of trace.events) {
    if (e.kind !== 'acquire-queued' && e.kind !== 'keepalive-rejected') continue;
    const at = g.x(e.atMs);
    const sharer = placed.find((o) => o.kind === e.kind && Math.abs(o.at - at) < MARKER_SHARE);
    if (sharer) {
      out.set(e.id, { x: sharer.x, y, shared: true });
      continue;
    }
    const clearance = (x: number) =>
      Math.min(MARKER_CLEAR + 10, ...pieces.map((p) => pointToSegment(x, y, p[0]!, p[1]!, p[2]!, p[3]!)), ...placed.map((o) => Math.abs(o.x - x) - 3));
    let best = at;
    let bestClear = -Infinity;
    const steps: number[] = [];
    for (let d = 0; d <= MARKER_SLIDE; d += 0.5) steps.push(d, -d);
    steps.sort((a, b) => (a < 0 ? -1.5 * a : a) - (b < 0 ? -1.5 * b : b));
    for (const d of steps) {
      const c = clearance(at + d);
      if (c >= MARKER_CLEAR) {
        best = at + d;
        break;
      }
      if (c > bestClear) {
        bestClear = c;
        best = at + d;
      }
    }
    placed.push({ x: best, kind: e.kind, at });
    out.set(e.id, { x: best, y, shared: false });
  }
  return out;
}

/** A geometry with its message arrows. */
export interface MarkGeometry extends Geometry {
  messages: MessageGeom[];
  /**
   * Where (px) each storage decision's mark is, by its write's message id: on the storage lane's
   * line at its time, a little right of it when an earlier mark is that close, or, when that is not
   * enough, just below it at its time, so that no two marks overlap ({@link decisionRows}).
   */
  decisionAt: ReadonlyMap<number, { x: number; y: number }>;
  /** Where each lease service marker's dot is, by event id ({@link markerSpots}). */
  markerAt: ReadonlyMap<number, MarkerSpot>;
}

/** Radius (px) of a storage decision's mark (`Lanes.tsx`). */
export const DECISION_R = 10;
/** Radius (px) of a read's mark on the storage's line (`Lanes.tsx`). */
export const READ_R = 5;
/** How far below the storage line (px) a decision's mark goes when the line has no room for it. */
export const DECISION_DODGE = 2 * DECISION_R + 2;
/** The least gap (px) between a decision's mark moved below the line and the mark it made room for. */
export const DODGE_GAP = 7;

/** How far (px, vertically) short of the lease service's lane a bundled stream of held messages joins its last one's line ({@link withMessages}). */
export const MERGE_DY = 24;

/** Least distance (px) between the start dots of two messages that leave one lane ({@link withMessages}): two dots of {@link DOT_R} and 2 px of air. */
export const DOT_SEP = 6.5;

/** Least horizontal distance (px) from a pause's edge to the tip of an arrow arriving by it: the head's half width (3.5), the edge's (1) and 1.5 px of air. */
export const EDGE_CLEAR = 6;

/** Least horizontal distance (px) between a request's arrow and its reply's ({@link withMessages}). */
export const REPLY_SEP = 7;

/** The request each reply answers (a reply goes back along its request's two lanes). */
const REQUEST_OF: Partial<Record<MessageKind, MessageKind>> = {
  grant: 'acquire',
  'keepalive-ok': 'keepalive',
  'keepalive-lost': 'keepalive',
  'write-reply': 'write',
  'read-reply': 'read',
};

/** How far right of its time (px) a decision's mark may go to stay on the line, clear of the one before it ({@link decisionRows}). */
export const DECISION_SLIDE = 18;

/**
 * Where the storage decisions' marks go (px, by write's message id): on the lane's line at the
 * decision's time; when the previous mark there is closer than {@link DECISION_DODGE}, still on the
 * line but moved right to {@link DODGE_GAP} px clear of it, if that is at most {@link DECISION_SLIDE}
 * px; else one row down at its time (and back up when that row is crowded too and the line is not).
 */
export function decisionRows(g: Geometry, trace: Trace): Map<number, { x: number; y: number }> {
  const out = new Map<number, { x: number; y: number }>();
  const lane = g.lane('storage');
  if (!lane) return out;
  const lastX = [-Infinity, -Infinity];
  const room = DECISION_DODGE;
  const slid = 2 * DECISION_R + DODGE_GAP;
  for (const d of [...trace.storage].sort((a, b) => a.atMs - b.atMs)) {
    let x = g.x(d.atMs);
    if (x - lastX[0]! < room && lastX[0]! + slid - x <= DECISION_SLIDE) x = lastX[0]! + slid;
    const row = x - lastX[0]! >= room || x - lastX[0]! >= x - lastX[1]! ? 0 : 1;
    // One row down, and further when the mark above is so close in x that the two would all but touch.
    const down = row === 0 ? 0 : Math.max(DECISION_DODGE, Math.sqrt(Math.max(0, (2 * DECISION_R + DODGE_GAP) ** 2 - (x - lastX[0]!) ** 2)));
    lastX[row] = x;
    out.set(d.messageId, { x, y: lane.base + down });
  }
  return out;
}

function styleOf(kind: MessageKind, ok: boolean | undefined): MessageStyle {
  switch (kind) {
    case 'grant':
      return 'grant';
    case 'keepalive':
    case 'keepalive-ok':
      return 'keepalive';
    case 'keepalive-lost':
      return 'lost';
    case 'write':
      return 'write';
    case 'write-reply':
      return ok ? 'reply-ok' : 'reply-bad';
    case 'read':
    case 'read-reply':
      return 'read';
    default:
      return 'request';
  }
}

/**
 * The drawn stretches (fractions from the start) of a straight line from y1 to y2 that leaves out
 * its passage over every band in `skip` (top and bottom y, px).
 */
export function visibleStretches(y1: number, y2: number, skip: readonly { top: number; bottom: number }[]): [number, number][] {
  const dy = y2 - y1;
  if (dy === 0 || skip.length === 0) return [[0, 1]];
  const hidden = skip
    .map((b) => {
      const a = (b.top - y1) / dy;
      const c = (b.bottom - y1) / dy;
      return [Math.max(0, Math.min(a, c)), Math.min(1, Math.max(a, c))] as [number, number];
    })
    .filter(([a, c]) => c > a)
    .sort((p, q) => p[0] - q[0]);
  const out: [number, number][] = [];
  let at = 0;
  for (const [a, c] of hidden) {
    if (a > at) out.push([at, a]);
    at = Math.max(at, c);
  }
  if (at < 1) out.push([at, 1]);
  return out;
}

/**
 * The stretches of a message's line that pass other lanes (fractions, ascending): the complement
 * of its drawn stretches `visible`. The arrow is not drawn there; a thin passage (`Messages.tsx`,
 * `Passages`) joins its pieces, with those lanes broken along it, so it reads as passing by them.
 */
export function passagesOf(visible: readonly [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 1; i < visible.length; i++) {
    const a = visible[i - 1]![1];
    const b = visible[i]![0];
    if (b > a) out.push([a, b]);
  }
  return out;
}

/**
 * The stretches (fractions of its line) where `msg` passes over other lanes, one for each lane it
 * passes, with that lane's index in `g.lanes` (its background: alternate lanes are
 * tinted), so that the lane's line and bars can be broken along it in the lane's own colour
 * (`Passages` in `Messages.tsx`). Together they cover exactly {@link passagesOf} `msg.visible`.
 */
export function passageLanes(g: Pick<Geometry, 'lanes'>, msg: Pick<MessageGeom, 'from' | 'to' | 'y1' | 'y2'>): { from: number; to: number; lane: number }[] {
  const out: { from: number; to: number; lane: number }[] = [];
  const dy = msg.y2 - msg.y1;
  g.lanes.forEach((l, lane) => {
    const p = (l.bandTop - msg.y1) / dy;
    const q = (l.bandTop + l.bandHeight - msg.y1) / dy;
    const from = Math.max(0, Math.min(p, q));
    const to = Math.min(1, Math.max(p, q));
    if (l.id !== msg.from && l.id !== msg.to && to > from) out.push({ from, to, lane });
  });
  return out;
}

/**
 * A `stroke-dasharray` that draws only the `visible` stretches of a line `length` px long, each in
 * the style's own dash pattern (`dash`, e.g. `[3, 3]`; solid when absent). `undefined` when the
 * whole line is drawn (the style's CSS applies).
 */
export function dashArrayFor(visible: readonly [number, number][], length: number, dash?: readonly [number, number]): string | undefined {
  if (visible.length === 1 && visible[0]![0] === 0 && visible[0]![1] === 1) return undefined;
  const parts: number[] = [];
  let pos = 0;
  const push = (on: number, off: number) => {
    parts.push(Math.max(0, on), Math.max(0, off));
  };
  for (const [a, c] of visible) {
    const start = a * length;
    const end = c * length;
    // The gap before this stretch (as an "on" of 0 length followed by the gap).
    if (start > pos) {
      if (parts.length === 0) push(0, start - pos);
      else parts[parts.length - 1]! += start - pos;
      pos = start;
    }
    if (!dash) {
      push(end - start, 0);
    } else {
      let p = start;
      while (p < end - 1e-6) {
        const on = Math.min(dash[0], end - p);
        const off = Math.min(dash[1], Math.max(0, end - p - on));
        push(on, off);
        p += on + off;
      }
    }
    pos = end;
  }
  // The tail after the last stretch, then a long gap so the pattern never repeats on this line.
  parts.push(0, length - pos + length + 10);
  return parts.map((n) => Math.round(n * 10) / 10).join(' ');
}

/** How far (px) a message leaving a lane moves right, per round, to clear an arriving head ({@link withMessages}). */
export const DEPART_NUDGE = 4;
/** The most (px) a message leaving a lane moves right to clear an arriving head ({@link withMessages}). */
export const DEPART_NUDGE_MAX = 12;

/**
 * Adds the message arrows of `trace` to its geometry `g`. Pure and deterministic.
 *
 * Where an arriving head finds no spot clear of other lines by stopping short or moving a few px (in
 * the three-client run, Client 3's release reaches the lease service just where the "lease gone"
 * reply to Client 1 leaves it, the two lines nearly one there), the message leaving that lane beside
 * the head starts {@link DEPART_NUDGE} px further right, and the arrows are laid out again: up to
 * {@link DEPART_NUDGE_MAX} px, and kept only where fewer heads are left on lines. A picture, not a
 * clock: every message's times are in its accessible name and tooltip.
 */
export function withMessages(g: Geometry, trace: Trace): MarkGeometry {
  const nudge = new Map<number, number>();
  let best = layoutMessages(g, trace, nudge);
  let last = best;
  for (let round = 0; round < DEPART_NUDGE_MAX / DEPART_NUDGE && last.blocking.size > 0; round++) {
    const more = [...last.blocking].filter((id) => (nudge.get(id) ?? 0) < DEPART_NUDGE_MAX);
    if (more.length === 0) break;
    for (const id of more) nudge.set(id, (nudge.get(id) ?? 0) + DEPART_NUDGE);
    last = layoutMessages(g, trace, nudge);
    if (last.onLines < best.onLines) best = last;
  }
  return best.geometry;
}

/**
 * One layout of the arrows, with the messages in `nudge` (by id) starting that many px right.
 * @returns the geometry; how badly heads are left on other lines (10 for each on a message's drawn
 *   line or a pause's edge, 1 for each on a passage); and the messages leaving a lane beside a head
 *   left on their line (which a further nudge may clear)
 */
function layoutMessages(g: Geometry, trace: Trace, nudge: ReadonlyMap<number, number>): { geometry: MarkGeometry; onLines: number; blocking: Set<number> } {
  const out: MessageGeom[] = [];
  const decisionAt = decisionRows(g, trace);
  // A write ends at its decision's mark, and the storage's reply leaves from it (moved with it, its slope kept).
  const replyAt = new Map<string, { y: number; dx: number }>();
  for (const d of trace.storage) {
    const at = decisionAt.get(d.messageId)!;
    replyAt.set(`${d.client}@${d.atMs}`, { y: at.y, dx: at.x - g.x(d.atMs) });
  }
  // At the lease service, an arrow stops at the edge of a lease bar drawn there (22 px high on the
  // lane's line, `Lanes.tsx`) rather than run into it over its label.
  const leaseY = (lane: Geometry['lanes'][number], atMs: number): number =>
    lane.kind === 'lease' && trace.leases.some((l) => l.startMs <= atMs && atMs <= l.endMs) ? lane.base + 12 : lane.base;
  // The last request of each kind between two lanes, which a reply is kept apart from.
  const lastRequest = new Map<string, { x1: number; x2: number; arriveAtMs: number }>();
  // Every start dot so far, which the next one from the same lane keeps DOT_SEP px from.
  const departures: { from: string; to: string; sentAtMs: number; arriveAtMs: number; x: number; y: number }[] = [];
  for (const m of trace.messages) {
    const from = g.lane(m.from);
    const to = g.lane(m.to);
    if (!from || !to || m.sentAtMs > g.endMs) continue;
    const lateMs = m.delayedMs + m.heldMs;
    const handled = m.handledAtMs;
    const reply = m.kind === 'write-reply' ? replyAt.get(`${m.to}@${m.sentAtMs}`) : undefined;
    const atDecision = reply?.y;
    const decided = m.kind === 'write' ? decisionAt.get(m.id) : undefined;
    let x1 = g.x(m.sentAtMs) + (reply?.dx ?? 0);
    let x2 = decided?.x ?? g.x(m.arriveAtMs) + (reply?.dx ?? 0);
    // A reply drawn a few px from its request would read as one smudge: it is moved right (both
    // ends, its slope kept) until REPLY_SEP px lie between them at both lanes. A picture, not a
    // clock: the reply's times are in its accessible name and tooltip.
    const req = REQUEST_OF[m.kind] && lastRequest.get(`${REQUEST_OF[m.kind]}|${m.to}|${m.from}`);
    // A read's reply leaves the storage far enough right of the read's circle (5 px) that its start
    // dot stays 2 px clear of it.
    const sepFrom = m.kind === 'read-reply' ? READ_R + 0.75 + DOT_R + 2.5 : REPLY_SEP;
    const shift = req && req.arriveAtMs <= m.sentAtMs ? Math.max(0, req.x2 + sepFrom - x1, req.x1 + REPLY_SEP - x2) : 0;
    x1 += shift;
    x2 += shift;
    // Two messages leaving one lane a few px apart (a lease service that answers two clients within
    // 32 ms) would start from one blot along nearly one line: the later one moves right (both ends)
    // until DOT_SEP px lie between their start dots. Not one that leaves a decision's mark or ends at
    // one (its ends are that mark's), nor one sent at once with another along the very same route.
    const y1At = atDecision ?? leaseY(from, m.sentAtMs);
    if (m.kind !== 'write-reply') {
      const twin = departures.find((d) => d.from === m.from && d.to === m.to && d.sentAtMs === m.sentAtMs && d.arriveAtMs === m.arriveAtMs);
      const sep = twin ? twin.x - x1 : Math.max(0, ...departures.filter((d) => d.from === m.from && Math.abs(d.y - y1At) < 1 && d.x > x1 - DOT_SEP && d.x <= x1 + DOT_SEP).map((d) => d.x + DOT_SEP - x1));
      x1 += sep;
      // (A write still ends at its decision's mark.)
      if (!decided) x2 += sep;
      // Moved right to clear a head arriving beside its start (`withMessages`).
      const n = nudge.get(m.id) ?? 0;
      x1 += n;
      if (!decided) x2 += n;
    }
    departures.push({ from: m.from, to: m.to, sentAtMs: m.sentAtMs, arriveAtMs: m.arriveAtMs, x: x1, y: y1At });
    // A head that would land on a pause's edge (a read's reply arriving just as its client pauses)
    // goes to the side of the edge its arrival is on: its line slants a little less, or more.
    if (to.kind === 'client') {
      const waited = handled !== undefined && handled > m.arriveAtMs;
      for (const q of trace.pauses.filter((p) => p.client === m.to && p.startMs <= m.arriveAtMs + 1000 && p.endMs >= m.arriveAtMs - 1000)) {
        for (const [edgeMs, after] of [
          [q.startMs, m.arriveAtMs > q.startMs || (m.arriveAtMs === q.startMs && waited)],
          [q.endMs, m.arriveAtMs >= q.endMs],
        ] as const) {
          const ex = g.x(edgeMs);
          if (Math.abs(x2 - ex) >= EDGE_CLEAR) continue;
          const moved = after ? ex + EDGE_CLEAR : ex - EDGE_CLEAR;
          // (Before its edge, it may lean back by a few px at most, and a reply stays REPLY_SEP px from its request.)
          if ((after || moved >= x1 - 4) && !(req && req.arriveAtMs <= m.sentAtMs && moved < req.x1 + REPLY_SEP)) x2 = moved;
        }
      }
    }
    // A write ends just above its decision's mark (clear of its halo), and the reply leaves from the mark's edge.
    const y1 = atDecision !== undefined ? atDecision - Math.sqrt(Math.max(0, DECISION_R ** 2 - Math.min(shift, DECISION_R) ** 2)) : y1At;
    // A read, likewise, stops just above its mark (5 px, `Lanes.tsx`) on the storage's line.
    const y2 = decided ? decided.y - DECISION_R - 3 : m.kind === 'read' && to.kind === 'storage' ? to.base - READ_R - 3 : leaseY(to, m.arriveAtMs);
    // An arrow into the lease service that would graze a lease bar's lower corner on its way (a
    // healed partition's held keepalives reach the lane just after the bar ends) arrives up to
    // CORNER_SHIFT px later in the picture, until its line keeps LINE_ROOM px off that corner
    // (or as far off it as that allows).
    // (Not one of a held stream that a later one in it carries on: its line joins that one's, below.)
    const carried = lateMs > 0 && trace.messages.some((o) => o.id > m.id && o.delayedMs + o.heldMs > 0 && o.from === m.from && o.to === m.to && Math.abs(g.x(o.arriveAtMs) - g.x(m.arriveAtMs)) < 8);
    if (to.kind === 'lease' && y1 > y2 && x2 !== x1 && !carried) {
      const dir = Math.sign(x2 - x1);
      // Each corner as drawn: rounded, a quarter circle of LEASE_RX px (`Lanes.tsx`).
      const corners = trace.leases
        .flatMap((l) => [
          [g.x(l.startMs), 1],
          [g.x(l.endMs), -1],
        ])
        .filter(([cx]) => (cx! - x1) * dir > 2 && (x2 - cx!) * dir > HEAD + 2)
        .map(([cx, side]) => [cx! + side! * LEASE_RX, to.base + 11 - LEASE_RX] as const);
      const room = (dx: number) => Math.min(Infinity, ...corners.map(([cx, cy]) => pointToSegment(cx, cy, x1, y1, x2 + dir * dx, y2) - LEASE_RX));
      let best = 0;
      for (let dx = 0; dx <= CORNER_SHIFT && room(best) < LINE_ROOM; dx += 0.5) if (room(dx) > room(best)) best = dx;
      x2 += dir * best;
    }
    if (!REQUEST_OF[m.kind]) lastRequest.set(`${m.kind}|${m.from}|${m.to}`, { x1, x2, arriveAtMs: m.arriveAtMs });
    const lo = Math.min(y1, y2);
    const hi = Math.max(y1, y2);
    const between = g.lanes.filter((l) => l !== from && l !== to && l.bandTop < hi && l.bandTop + l.bandHeight > lo);
    out.push({
      id: m.id,
      kind: m.kind,
      style: styleOf(m.kind, m.ok),
      from: m.from,
      to: m.to,
      token: m.token,
      sentAtMs: m.sentAtMs,
      arriveAtMs: m.arriveAtMs,
      handledAtMs: handled,
      x1,
      y1,
      x2,
      y2,
      visible: visibleStretches(y1, y2, between.map((l) => ({ top: l.bandTop, bottom: l.bandTop + l.bandHeight }))),
      lateMs,
      lateBy: m.heldMs > 0 ? 'partition' : m.delayedMs > 0 ? 'delay' : undefined,
      dropped: m.dropped,
      waitX2: handled !== undefined && handled > m.arriveAtMs ? Math.max(g.x(handled), x2) : undefined,
    });
  }

  // Held messages of one stream that arrive within a few px of the next one in it share its head.
  for (let i = 0; i < out.length; i++) {
    const m = out[i]!;
    if (!m.lateBy) continue;
    // (By where they arrive in time: the last one's tip may have moved off a lease bar's corner.)
    if (out.some((o, j) => j > i && o.lateBy && o.from === m.from && o.to === m.to && Math.abs(g.x(o.arriveAtMs) - g.x(m.arriveAtMs)) < 8 && Math.abs(o.y2 - m.y2) < 8)) m.bundled = true;
  }
  // Messages drawn on the very same line (the replies to a stream of held keepalives, sent at once)
  // share the last one's head: five heads stacked on one spot read as one but are five in the picture.
  for (let i = 0; i < out.length; i++) {
    const m = out[i]!;
    const same = (o: MessageGeom) => [o.x1 - m.x1, o.y1 - m.y1, o.x2 - m.x2, o.y2 - m.y2].every((d) => Math.abs(d) < 1);
    if (!m.bundled && !m.dropped && m.waitX2 === undefined && out.some((o, j) => j > i && o.from === m.from && o.to === m.to && !o.dropped && o.waitX2 === undefined && o.arriveAtMs === m.arriveAtMs && same(o))) {
      m.bundled = true;
      m.sameLine = true;
    }
  }
  // A bundled stream into the lease service (keepalives held by a partition, let through at once
  // when it heals) joins the last one's line {@link MERGE_DY} px short of the lane, as one bundle
  // into one head: fanned into a single point on the lane, the lines would cross the lease bar
  // and the marks where they arrive.
  for (let i = 0; i < out.length; i++) {
    const m = out[i]!;
    if (!m.bundled || g.lane(m.to)?.kind !== 'lease') continue;
    const last = out.find((o, j) => j > i && !o.bundled && o.lateBy && o.from === m.from && o.to === m.to);
    if (!last || Math.abs(last.y1 - last.y2) < 2 * MERGE_DY) continue;
    const f = MERGE_DY / Math.abs(last.y1 - last.y2);
    m.x2 = last.x2 + (last.x1 - last.x2) * f;
    m.y2 = last.y2 + (last.y1 - last.y2) * f;
    const from = g.lane(m.from)!;
    const to = g.lane(m.to)!;
    const [lo, hi] = [Math.min(m.y1, m.y2), Math.max(m.y1, m.y2)];
    const between = g.lanes.filter((l) => l !== from && l !== to && l.bandTop < hi && l.bandTop + l.bandHeight > lo);
    m.visible = visibleStretches(m.y1, m.y2, between.map((l) => ({ top: l.bandTop, bottom: l.bandTop + l.bandHeight })));
  }

  // An arrow that would end with its head on a mark or a start dot that is not its own (a grant
  // arriving where the client's next write leaves from) stops short of it along its own line, a
  // picture, not a clock (its times are in its name). While in flight its head is left out where
  // it would cover one (`Messages.tsx`).
  const markerAt = markerSpots(g, trace, out);
  const marks = pointMarks(g, trace, decisionAt, markerAt);
  const dots: Obstacle[] = out.map((m) => ({ x: m.x1, y: m.y1, r: DOT_R, square: false, atMs: m.sentAtMs, msg: m.id }));
  for (const m of out) {
    const len = Math.hypot(m.x2 - m.x1, m.y2 - m.y1);
    if (len < 1) continue;
    const near = (o: Obstacle) =>
      o.x + o.r >= Math.min(m.x1, m.x2) - 12 && o.x - o.r <= Math.max(m.x1, m.x2) + 12 && o.y + o.r >= Math.min(m.y1, m.y2) - 12 && o.y - o.r <= Math.max(m.y1, m.y2) + 12;
    // Its own marks: those its tip ends at (a write's decision, a read's circle), and its own dot.
    const obstacles = [...marks.filter((o) => near(o) && Math.hypot(o.x - m.x2, o.y - m.y2) > o.r + 4), ...dots.filter((o) => o.msg !== m.id && near(o))];
    if (obstacles.length === 0) continue;
    m.obstacles = obstacles;
    if (m.waitX2 !== undefined || m.dropped || m.bundled) continue;
    const ux = (m.x2 - m.x1) / len;
    const uy = (m.y2 - m.y1) / len;
    const fits = (s: number) => {
      const b = headBox(m.x2 - ux * s, m.y2 - uy * s, ux, uy);
      return obstacles.every((o) => clearOf(b, o, roomFor(o)));
    };
    for (let s = 0; s <= Math.min(32, len / 2); s += 0.5) {
      if (!fits(s)) continue;
      if (s > 0) m.cut = s;
      break;
    }
  }

  // Heads that would pile up (arrows reaching one lane within a few px of each other, as three do
  // at the lease service in the three-client run): each later arrival stops short along its own line
  // until its head keeps HEAD_ROOM px off the earlier ones' (and off its other obstacles). A head
  // also keeps LINE_ROOM px off other arrows' lines and pauses' edges where stopping at most
  // LINE_CUT px short does it (nearly parallel lines would need more: those it may touch).
  const strokes = out.filter((o) => !o.sameLine).map((o) => ({ msg: o, pieces: drawnPieces(o), passages: passagePieces(o) }));
  const strokeOf = new Map(strokes.map((o) => [o.msg, o]));
  const edges = trace.pauses.flatMap((q) => {
    const lane = g.lane(q.client);
    if (!lane) return [];
    const [top, bottom] = [lane.top + 6, lane.top + lane.height - 6];
    return [g.x(q.startMs), g.x(q.endMs)].map((x) => [x, top, x, bottom]);
  });
  const heads: Obstacle[] = [];
  let onLines = 0;
  const blocking = new Set<number>();
  for (const m of [...out].sort((a, b) => a.arriveAtMs - b.arriveAtMs || a.id - b.id)) {
    if (m.bundled || m.dropped || m.waitX2 !== undefined) continue;
    const len = Math.hypot(m.x2 - m.x1, m.y2 - m.y1);
    if (len < 1) continue;
    const ux = (m.x2 - m.x1) / len;
    const uy = (m.y2 - m.y1) / len;
    const boxAt = (s: number) => headBox(m.x2 - ux * s, m.y2 - uy * s, ux, uy);
    // (One drawn on the very same line, as a stream of replies to held keepalives is, is one head.)
    const near = heads.filter((o) => Math.hypot(o.x - m.x2, o.y - m.y2) < 3 * HEAD + 48 && !o.line?.every((v, k) => Math.abs(v - [m.x1, m.y1, m.x2, m.y2][k]!) < 1));
    const reach = LINE_CUT + HEAD + LINE_ROOM;
    const inReach = (p: readonly number[]) => pointToSegment(m.x2, m.y2, p[0]!, p[1]!, p[2]!, p[3]!) < reach;
    // Other arrows' lines near its tip: not those that join its own line (a bundle's) or start at its tip's mark.
    const others = strokes.filter((o) => o.msg !== m && !(o.msg.bundled && o.msg.to === m.to && o.msg.from === m.from));
    const lines = [...others.flatMap((o) => o.pieces.filter(inReach)), ...edges.filter(inReach)];
    // (And the thin passages of other messages over its lane, with less room.)
    const thin = others.flatMap((o) => o.passages.filter(inReach));
    // With its tip moved dx px along the lane (a picture, not a clock) and s px short along its line.
    const tipAt = (s: number, dx: number) => {
      const [ex, ey] = [m.x2 + dx, m.y2];
      const l = Math.hypot(ex - m.x1, ey - m.y1);
      return { x: ex - ((ex - m.x1) / l) * s, y: ey - ((ey - m.y1) / l) * s, dx: ex - m.x1, dy: ey - m.y1 };
    };
    // (A piece whose box is `room` px off the head's box is clear of it: only the others are measured.)
    const clearOfPieces = (pieces: readonly number[][], room: number) => (s: number, dx = 0) => {
      const tip = tipAt(s, dx);
      const c = headCorners(tip.x, tip.y, tip.dx, tip.dy);
      const b = headBox(tip.x, tip.y, tip.dx, tip.dy);
      return pieces.every((p) => Math.max(Math.min(p[0]!, p[2]!) - b.x1, b.x0 - Math.max(p[0]!, p[2]!), Math.min(p[1]!, p[3]!) - b.y1, b.y0 - Math.max(p[1]!, p[3]!)) >= room || headToSegment(c, p) >= room);
    };
    const clearOfBold = clearOfPieces(lines, LINE_ROOM);
    const clearOfThin = clearOfPieces(thin, PASSAGE_ROOM);
    const clearOfLines = (s: number, dx = 0) => clearOfBold(s, dx) && clearOfThin(s, dx);
    const clear = (s: number, dx = 0) => {
      const tip = tipAt(s, dx);
      const b = headBox(tip.x, tip.y, tip.dx, tip.dy);
      return near.every((o) => clearOf(b, o, HEAD_ROOM)) && (m.obstacles ?? []).every((o) => clearOf(b, o, roomFor(o)));
    };
    let found = false;
    if (lines.length + thin.length > 0 && !(clear(m.cut ?? 0) && clearOfLines(m.cut ?? 0))) {
      // Not a write's tip: it ends at its decision's mark.
      // Nor closer than REPLY_SEP px to the start of a message the other way between its two lanes (its reply or its request).
      const back = out.filter((o) => o.from === m.to && o.to === m.from && Math.abs(o.x1 - m.x2) < REPLY_SEP + 4 * TIP_SHIFT);
      const apart = (dx: number) => back.every((o) => Math.abs(o.x1 - m.x2 - dx) >= Math.min(REPLY_SEP, Math.abs(o.x1 - m.x2)));
      const shifts = m.kind === 'write' ? [0] : [0, 1, -1, 2, -2, 3, -3, 4, -4].map((d) => d * TIP_SHIFT).filter(apart);
      // Clear of the lines and the passages; failing that, of the lines at least.
      search: for (const ok of [clearOfLines, clearOfBold]) {
        for (const dx of shifts) {
          for (let s = m.cut ?? 0; s <= Math.min((m.cut ?? 0) + LINE_CUT, len / 2); s += 0.5) {
            if (!clear(s, dx) || !ok(s, dx)) continue;
            m.x2 += dx;
            m.cut = s || undefined;
            found = true;
            break search;
          }
        }
      }
    }
    if (!found && near.length > 0 && !clear(m.cut ?? 0)) {
      for (let s = m.cut ?? 0; s <= Math.min(48, len / 2); s += 0.5) {
        if (!clear(s)) continue;
        m.cut = s;
        found = true;
        break;
      }
    }
    if (!clearOfThin(m.cut ?? 0)) onLines += 1;
    if (!clearOfBold(m.cut ?? 0)) {
      onLines += 10;
      // The lines its head is left on that leave the lane it arrives at, beside it: moving their start
      // may clear it (not a storage reply: it leaves its decision's mark).
      const tip = tipAt(m.cut ?? 0, 0);
      const c = headCorners(tip.x, tip.y, tip.dx, tip.dy);
      for (const o of strokes) {
        if (o.msg === m || o.msg.from !== m.to || o.msg.kind === 'write-reply' || Math.abs(o.msg.x1 - m.x2) > 2 * HEAD) continue;
        if (o.pieces.some((p) => headToSegment(c, p) < LINE_ROOM)) blocking.add(o.msg.id);
      }
    }
    // While in flight, its head is left out where it would cover those it stopped short of.
    if (found && near.length > 0) m.obstacles = [...(m.obstacles ?? []), ...near];
    // Its line as it now ends, for the heads placed after it.
    const mine = strokeOf.get(m);
    if (mine) {
      mine.pieces = drawnPieces(m);
      mine.passages = passagePieces(m);
    }
    const b = boxAt(m.cut ?? 0);
    heads.push({ x: (b.x0 + b.x1) / 2, y: (b.y0 + b.y1) / 2, r: Math.max(b.x1 - b.x0, b.y1 - b.y0) / 2, square: true, atMs: m.arriveAtMs, line: [m.x1, m.y1, m.x2, m.y2] });
  }

  return { geometry: { ...g, messages: out, decisionAt, markerAt }, onLines, blocking };
}
