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
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const bx = x - ux * HEAD;
  const by = y - uy * HEAD;
  const px = -uy * HEAD * 0.5;
  const py = ux * HEAD * 0.5;
  const xs = [x, bx + px, bx - px];
  const ys = [y, by + py, by - py];
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
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

/** The room (px) an arrowhead keeps from another message's start dot: a head 1 px from the next write's dot read as one blot. */
export const DOT_ROOM = 4;

/** The point marks of the trace as `Lanes.tsx` draws them (their ink, strokes included). */
function pointMarks(g: Geometry, trace: Trace, decisionAt: ReadonlyMap<number, { x: number; y: number }>): Obstacle[] {
  const out: Obstacle[] = [];
  const storage = g.lane('storage');
  const lease = g.lane('lease-service') ?? g.lanes.find((l) => l.kind === 'lease');
  for (const d of trace.storage) {
    const at = decisionAt.get(d.messageId);
    if (at) out.push({ ...at, r: DECISION_R, square: false, atMs: d.atMs });
  }
  const markers: { x: number; kind: string }[] = [];
  for (const e of trace.events) {
    const x = g.x(e.atMs);
    if (storage && (e.kind === 'read-served' || e.kind === 'read-rejected')) out.push({ x, y: storage.base, r: READ_R + 0.75, square: false, atMs: e.atMs });
    else if (lease && (e.kind === 'acquire-queued' || e.kind === 'keepalive-rejected')) {
      if (markers.some((o) => o.kind === e.kind && Math.abs(o.x - x) < MARKER_SHARE)) continue;
      markers.push({ x, kind: e.kind });
      out.push({ x, y: lease.base + MARKER_DY, r: 3.75, square: false, atMs: e.atMs });
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

/** A geometry with its message arrows. */
export interface MarkGeometry extends Geometry {
  messages: MessageGeom[];
  /**
   * Where (px) each storage decision's mark is, by its write's message id: on the storage lane's
   * line at its time, a little right of it when an earlier mark is that close, or, when that is not
   * enough, just below it at its time, so that no two marks overlap ({@link decisionRows}).
   */
  decisionAt: ReadonlyMap<number, { x: number; y: number }>;
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

/** Adds the message arrows of `trace` to its geometry `g`. */
export function withMessages(g: Geometry, trace: Trace): MarkGeometry {
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
    if (!REQUEST_OF[m.kind]) lastRequest.set(`${m.kind}|${m.from}|${m.to}`, { x1, x2, arriveAtMs: m.arriveAtMs });
    // A write ends just above its decision's mark (clear of its halo), and the reply leaves from the mark's edge.
    const y1 = atDecision !== undefined ? atDecision - Math.sqrt(Math.max(0, DECISION_R ** 2 - Math.min(shift, DECISION_R) ** 2)) : leaseY(from, m.sentAtMs);
    // A read, likewise, stops just above its mark (5 px, `Lanes.tsx`) on the storage's line.
    const y2 = decided ? decided.y - DECISION_R - 3 : m.kind === 'read' && to.kind === 'storage' ? to.base - READ_R - 3 : leaseY(to, m.arriveAtMs);
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
    if (out.some((o, j) => j > i && o.lateBy && o.from === m.from && o.to === m.to && Math.hypot(o.x2 - m.x2, o.y2 - m.y2) < 8)) m.bundled = true;
  }
  // Messages drawn on the very same line (the replies to a stream of held keepalives, sent at once)
  // share the last one's head: five heads stacked on one spot read as one but are five in the picture.
  for (let i = 0; i < out.length; i++) {
    const m = out[i]!;
    const same = (o: MessageGeom) => [o.x1 - m.x1, o.y1 - m.y1, o.x2 - m.x2, o.y2 - m.y2].every((d) => Math.abs(d) < 1);
    if (!m.bundled && !m.dropped && m.waitX2 === undefined && out.some((o, j) => j > i && o.from === m.from && o.to === m.to && !o.dropped && o.waitX2 === undefined && o.arriveAtMs === m.arriveAtMs && same(o))) m.bundled = true;
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
  const marks = pointMarks(g, trace, decisionAt);
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
  // until its head keeps HEAD_ROOM px off the earlier ones' (and off its other obstacles).
  const heads: Obstacle[] = [];
  for (const m of [...out].sort((a, b) => a.arriveAtMs - b.arriveAtMs || a.id - b.id)) {
    if (m.bundled || m.dropped || m.waitX2 !== undefined) continue;
    const len = Math.hypot(m.x2 - m.x1, m.y2 - m.y1);
    if (len < 1) continue;
    const ux = (m.x2 - m.x1) / len;
    const uy = (m.y2 - m.y1) / len;
    const boxAt = (s: number) => headBox(m.x2 - ux * s, m.y2 - uy * s, ux, uy);
    // (One drawn on the very same line, as a stream of replies to held keepalives is, is one head.)
    const near = heads.filter((o) => Math.hypot(o.x - m.x2, o.y - m.y2) < 3 * HEAD + 48 && !o.line?.every((v, k) => Math.abs(v - [m.x1, m.y1, m.x2, m.y2][k]!) < 1));
    const clear = (s: number) => near.every((o) => clearOf(boxAt(s), o, HEAD_ROOM)) && (m.obstacles ?? []).every((o) => clearOf(boxAt(s), o, roomFor(o)));
    if (near.length > 0 && !clear(m.cut ?? 0)) {
      for (let s = m.cut ?? 0; s <= Math.min(48, len / 2); s += 0.5) {
        if (!clear(s)) continue;
        m.cut = s;
        m.obstacles = [...(m.obstacles ?? []), ...near];
        break;
      }
    }
    const b = boxAt(m.cut ?? 0);
    heads.push({ x: (b.x0 + b.x1) / 2, y: (b.y0 + b.y1) / 2, r: Math.max(b.x1 - b.x0, b.y1 - b.y0) / 2, square: true, atMs: m.arriveAtMs, line: [m.x1, m.y1, m.x2, m.y2] });
  }

  return { ...g, messages: out, decisionAt };
}
