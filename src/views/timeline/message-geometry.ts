/**
 * Message arrows (issue 13): where each message of the trace is drawn, from its sender's lane to its
 * receiver's ({@link withMessages}), clear of the marks and of each other's heads and start dots.
 * An arrow's shape and the distances it is measured by are in `arrows.ts`, its breaks where it passes
 * other lanes in `passages.ts`, where the marks it keeps clear of go in `mark-spots.ts`. In the
 * marks' chunk: the first render draws no arrows.
 * @module
 */
import type { MessageKind, Trace } from '../../model/trace';
import { clearOf, DOT_R, drawnPieces, HEAD, headBox, headCorners, headToSegment, pointToSegment, roomFor, type MessageGeom, type MessageStyle, type Obstacle } from './arrows';
import type { Geometry } from './geometry';
import { decisionRows, DECISION_R, markerSpots, pointMarks, READ_R, type MarkerSpot } from './mark-spots';
import { passagePieces, visibleStretches } from './passages';
import { coarseMessages, type CoarseLevel } from './coarse';
import { countOps, lowerBound, XIndex } from './spatial';
import { drain, type Steps } from './slices';

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

/** How much later (px) an arrow may reach the lease service to keep its line off a lease bar's corner ({@link withMessages}). */
export const CORNER_SHIFT = 20;

/** The step (px) by which an arrow's tip may move along its lane, four steps either way, to keep its head {@link LINE_ROOM} off other lines. */
export const TIP_SHIFT = 1;

/** How much further short (px) than it would stop anyway an arrow may stop to keep its head {@link LINE_ROOM} off other lines. */
export const LINE_CUT = 16;

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
  /** Which messages are drawn: all, or in a run too dense to draw each, fewer keepalives (`coarse.ts`). */
  coarse: CoarseLevel;
}

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
  return drain(withMessagesSteps(g, trace));
}

/**
 * {@link withMessages} as steps (`slices.ts`): it pauses before each message in each pass over the
 * arrows, so that `Marks.tsx` can run it in short slices; run in one go or in slices, the arrows are
 * the same.
 */
export function* withMessagesSteps(g: Geometry, trace: Trace): Steps<MarkGeometry> {
  const nudge = new Map<number, number>();
  const coarse = coarseMessages(g, trace);
  const index = indexTrace(g, trace);
  let best = yield* layoutMessages(g, trace, coarse, index, nudge);
  let last = best;
  for (let round = 0; round < DEPART_NUDGE_MAX / DEPART_NUDGE && last.blocking.size > 0; round++) {
    const more = [...last.blocking].filter((id) => (nudge.get(id) ?? 0) < DEPART_NUDGE_MAX);
    if (more.length === 0) break;
    for (const id of more) nudge.set(id, (nudge.get(id) ?? 0) + DEPART_NUDGE);
    last = yield* layoutMessages(g, trace, coarse, index, nudge);
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
/** What {@link layoutMessages} looks up in the trace, indexed once per trace and geometry. */
interface TraceIndex {
  /** Whether a lease is live at a time (ms): the leases by start, and the latest end among the first k. */
  leaseStarts: number[];
  leaseEndMax: number[];
  /** The pauses of each client. */
  pausesOf: Map<string, Trace['pauses']>;
  /** The lease bars' corners (x, px, ascending) and their sides (1 at a start, -1 at an end). */
  corners: { x: number; side: number }[];
  cornerXs: number[];
}

function indexTrace(g: Geometry, trace: Trace): TraceIndex {
  const leases = [...trace.leases].sort((a, b) => a.startMs - b.startMs);
  const leaseEndMax: number[] = [];
  for (const l of leases) leaseEndMax.push(Math.max(l.endMs, leaseEndMax.at(-1) ?? -Infinity));
  const pausesOf = new Map<string, Trace['pauses']>();
  for (const q of trace.pauses) pausesOf.set(q.client, [...(pausesOf.get(q.client) ?? []), q]);
  const corners = trace.leases.flatMap((l) => [
    { x: g.x(l.startMs), side: 1 },
    { x: g.x(l.endMs), side: -1 },
  ]);
  corners.sort((a, b) => a.x - b.x);
  return { leaseStarts: leases.map((l) => l.startMs), leaseEndMax, pausesOf, corners, cornerXs: corners.map((c) => c.x) };
}

function* layoutMessages(g: Geometry, trace: Trace, coarse: CoarseLevel, index: TraceIndex, nudge: ReadonlyMap<number, number>): Steps<{ geometry: MarkGeometry; onLines: number; blocking: Set<number> }> {
  const out: MessageGeom[] = [];
  const decisionAt = decisionRows(g, coarse.decisions);
  // A write ends at its decision's mark, and the storage's reply leaves from it (moved with it, its slope kept).
  const replyAt = new Map<string, { y: number; dx: number }>();
  for (const d of coarse.decisions) {
    const at = decisionAt.get(d.messageId)!;
    replyAt.set(`${d.client}@${d.atMs}`, { y: at.y, dx: at.x - g.x(d.atMs) });
  }
  // At the lease service, an arrow stops at the edge of a lease bar drawn there (22 px high on the
  // lane's line, `Lanes.tsx`) rather than run into it over its label.
  // (A lease started by then, ending at or after it: the latest end among those started by then.)
  const leaseLive = (atMs: number): boolean => {
    const k = lowerBound(index.leaseStarts, atMs + 1e-9);
    return k > 0 && index.leaseEndMax[k - 1]! >= atMs;
  };
  const leaseY = (lane: Geometry['lanes'][number], atMs: number): number => (lane.kind === 'lease' && leaseLive(atMs) ? lane.base + 12 : lane.base);
  // The last request of each kind between two lanes, which a reply is kept apart from.
  const lastRequest = new Map<string, { x1: number; x2: number; arriveAtMs: number }>();
  // Every start dot so far, which the next one from the same lane keeps DOT_SEP px from.
  type Departure = { from: string; to: string; sentAtMs: number; arriveAtMs: number; x: number; y: number };
  const departures = new XIndex<Departure>(16);
  const twins = new Map<string, Departure>();
  // The late messages drawn, by route, where they arrive (px), with their ids: a held stream's next one.
  const lateArrivals = new Map<string, XIndex<number>>();
  for (const m of coarse.messages) {
    if (m.delayedMs + m.heldMs <= 0) continue;
    const key = `${m.from}>${m.to}`;
    const idx = lateArrivals.get(key) ?? new XIndex<number>(16);
    const ax = g.x(m.arriveAtMs);
    idx.add(m.id, ax, ax);
    lateArrivals.set(key, idx);
  }
  for (const m of coarse.messages) {
    yield;
    countOps();
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
      const twin = twins.get(`${m.from}>${m.to}@${m.sentAtMs}>${m.arriveAtMs}`);
      const sep = twin ? twin.x - x1 : Math.max(0, ...departures.near(x1 - DOT_SEP, x1 + DOT_SEP).filter((d) => d.from === m.from && Math.abs(d.y - y1At) < 1 && d.x > x1 - DOT_SEP && d.x <= x1 + DOT_SEP).map((d) => d.x + DOT_SEP - x1));
      x1 += sep;
      // (A write still ends at its decision's mark.)
      if (!decided) x2 += sep;
      // Moved right to clear a head arriving beside its start (`withMessages`).
      const n = nudge.get(m.id) ?? 0;
      x1 += n;
      if (!decided) x2 += n;
    }
    const departure = { from: m.from, to: m.to, sentAtMs: m.sentAtMs, arriveAtMs: m.arriveAtMs, x: x1, y: y1At };
    departures.add(departure, x1, x1);
    const twinKey = `${m.from}>${m.to}@${m.sentAtMs}>${m.arriveAtMs}`;
    if (!twins.has(twinKey)) twins.set(twinKey, departure);
    // A head that would land on a pause's edge (a read's reply arriving just as its client pauses)
    // goes to the side of the edge its arrival is on: its line slants a little less, or more.
    if (to.kind === 'client') {
      const waited = handled !== undefined && handled > m.arriveAtMs;
      for (const q of (index.pausesOf.get(m.to) ?? []).filter((p) => p.startMs <= m.arriveAtMs + 1000 && p.endMs >= m.arriveAtMs - 1000)) {
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
    const ax = g.x(m.arriveAtMs);
    const carried = lateMs > 0 && (lateArrivals.get(`${m.from}>${m.to}`)?.near(ax - 8, ax + 8) ?? []).some((id) => id > m.id && Math.abs(g.x(trace.messages[id]!.arriveAtMs) - ax) < 8);
    if (to.kind === 'lease' && y1 > y2 && x2 !== x1 && !carried) {
      const dir = Math.sign(x2 - x1);
      // Each corner as drawn: rounded, a quarter circle of LEASE_RX px (`Lanes.tsx`).
      // (Those between its two ends: a binary search in the corners by x.)
      const corners = index.corners
        .slice(lowerBound(index.cornerXs, Math.min(x1, x2)), lowerBound(index.cornerXs, Math.max(x1, x2) + 1e-9))
        .filter(({ x: cx }) => (cx - x1) * dir > 2 && (x2 - cx) * dir > HEAD + 2)
        .map(({ x: cx, side }) => [cx + side * LEASE_RX, to.base + 11 - LEASE_RX] as const);
      countOps(corners.length);
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
  const lateOut = new Map<string, XIndex<number>>();
  out.forEach((o, j) => {
    if (!o.lateBy) return;
    const key = `${o.from}>${o.to}`;
    const idx = lateOut.get(key) ?? new XIndex<number>(16);
    const ax = g.x(o.arriveAtMs);
    idx.add(j, ax, ax);
    lateOut.set(key, idx);
  });
  for (let i = 0; i < out.length; i++) {
    const m = out[i]!;
    if (!m.lateBy) continue;
    // (By where they arrive in time: the last one's tip may have moved off a lease bar's corner.)
    const ax = g.x(m.arriveAtMs);
    if (lateOut.get(`${m.from}>${m.to}`)!.near(ax - 8, ax + 8).some((j) => j > i && Math.abs(g.x(out[j]!.arriveAtMs) - ax) < 8 && Math.abs(out[j]!.y2 - m.y2) < 8)) m.bundled = true;
  }
  // Messages drawn on the very same line (the replies to a stream of held keepalives, sent at once)
  // share the last one's head: five heads stacked on one spot read as one but are five in the picture.
  // (Those that may share one, by route and arrival, ascending by where they start.)
  const sameArrival = new Map<string, number[]>();
  out.forEach((o, j) => {
    if (o.dropped || o.waitX2 !== undefined) return;
    const key = `${o.from}>${o.to}@${o.arriveAtMs}`;
    const list = sameArrival.get(key);
    if (list) list.push(j);
    else sameArrival.set(key, [j]);
  });
  const startsOf = new Map<number[], number[]>();
  for (const list of sameArrival.values()) {
    list.sort((a, b) => out[a]!.x1 - out[b]!.x1 || a - b);
    startsOf.set(list, list.map((j) => out[j]!.x1));
  }
  for (let i = 0; i < out.length; i++) {
    const m = out[i]!;
    const same = (o: MessageGeom) => [o.x1 - m.x1, o.y1 - m.y1, o.x2 - m.x2, o.y2 - m.y2].every((d) => Math.abs(d) < 1);
    if (m.bundled || m.dropped || m.waitX2 !== undefined) continue;
    const group = sameArrival.get(`${m.from}>${m.to}@${m.arriveAtMs}`)!;
    const xs = startsOf.get(group)!;
    let later = false;
    for (let k = lowerBound(xs, m.x1 - 1 + 1e-9); k < group.length && xs[k]! < m.x1 + 1 && !later; k++) {
      countOps();
      later = group[k]! > i && same(out[group[k]!]!);
    }
    if (later) {
      m.bundled = true;
      m.sameLine = true;
    }
  }
  // A bundled stream into the lease service (keepalives held by a partition, let through at once
  // when it heals) joins the last one's line {@link MERGE_DY} px short of the lane, as one bundle
  // into one head: fanned into a single point on the lane, the lines would cross the lease bar
  // and the marks where they arrive.
  // (The next unbundled held one of each route: the indices of those, ascending.)
  const unbundledLate = new Map<string, number[]>();
  out.forEach((o, j) => {
    if (o.bundled || !o.lateBy) return;
    const key = `${o.from}>${o.to}`;
    const list = unbundledLate.get(key);
    if (list) list.push(j);
    else unbundledLate.set(key, [j]);
  });
  for (let i = 0; i < out.length; i++) {
    const m = out[i]!;
    if (!m.bundled || g.lane(m.to)?.kind !== 'lease') continue;
    const after = unbundledLate.get(`${m.from}>${m.to}`) ?? [];
    const next = after[lowerBound(after, i + 1)];
    const last = next === undefined ? undefined : out[next];
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
  const markIndex = new XIndex<Obstacle>(32);
  for (const o of marks) markIndex.add(o, o.x - o.r, o.x + o.r);
  const dotIndex = new XIndex<Obstacle>(32);
  for (const o of dots) dotIndex.add(o, o.x - o.r, o.x + o.r);
  for (const m of out) {
    yield;
    const len = Math.hypot(m.x2 - m.x1, m.y2 - m.y1);
    if (len < 1) continue;
    const near = (o: Obstacle) =>
      o.x + o.r >= Math.min(m.x1, m.x2) - 12 && o.x - o.r <= Math.max(m.x1, m.x2) + 12 && o.y + o.r >= Math.min(m.y1, m.y2) - 12 && o.y - o.r <= Math.max(m.y1, m.y2) + 12;
    // Its own marks: those its tip ends at (a write's decision, a read's circle), and its own dot.
    const [lo, hi] = [Math.min(m.x1, m.x2) - 12, Math.max(m.x1, m.x2) + 12];
    const obstacles = [...markIndex.near(lo, hi).filter((o) => near(o) && Math.hypot(o.x - m.x2, o.y - m.y2) > o.r + 4), ...dotIndex.near(lo, hi).filter((o) => o.msg !== m.id && near(o))];
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
  // Indexed by x: the strokes by their line's extent (with room for a tip moved or cut short here),
  // the pauses' edges, the heads placed, and every arrow by where it starts.
  const STROKE_SLACK = 4 * TIP_SHIFT + 4;
  const strokeIndex = new XIndex<(typeof strokes)[number]>(32);
  for (const o of strokes) strokeIndex.add(o, Math.min(o.msg.x1, o.msg.x2) - STROKE_SLACK, Math.max(o.msg.x1, o.msg.x2) + STROKE_SLACK);
  const edgeIndex = new XIndex<number[]>(32);
  for (const e of edges) edgeIndex.add(e, e[0]!, e[0]!);
  const headIndex = new XIndex<Obstacle>(3 * HEAD + 48);
  const startIndex = new XIndex<MessageGeom>(16);
  for (const o of out) startIndex.add(o, o.x1, o.x1);
  let onLines = 0;
  const blocking = new Set<number>();
  // Drawn coarser (`coarse.ts`), the keepalives and their replies keep their heads where they are:
  // one every few px, they could not move clear of each other anyway.
  const thinned = coarse.drawnRoutine < coarse.routine;
  for (const m of [...out].sort((a, b) => a.arriveAtMs - b.arriveAtMs || a.id - b.id)) {
    yield;
    if (m.bundled || m.dropped || m.waitX2 !== undefined) continue;
    if (thinned && (m.kind === 'keepalive' || m.kind === 'keepalive-ok')) continue;
    const len = Math.hypot(m.x2 - m.x1, m.y2 - m.y1);
    if (len < 1) continue;
    const ux = (m.x2 - m.x1) / len;
    const uy = (m.y2 - m.y1) / len;
    const boxAt = (s: number) => headBox(m.x2 - ux * s, m.y2 - uy * s, ux, uy);
    // (One drawn on the very same line, as a stream of replies to held keepalives is, is one head.)
    const near = headIndex.near(m.x2 - 3 * HEAD - 48, m.x2 + 3 * HEAD + 48).filter((o) => Math.hypot(o.x - m.x2, o.y - m.y2) < 3 * HEAD + 48 && !o.line?.every((v, k) => Math.abs(v - [m.x1, m.y1, m.x2, m.y2][k]!) < 1));
    const reach = LINE_CUT + HEAD + LINE_ROOM;
    const inReach = (p: readonly number[]) => pointToSegment(m.x2, m.y2, p[0]!, p[1]!, p[2]!, p[3]!) < reach;
    // Other arrows' lines near its tip: not those that join its own line (a bundle's) or start at its tip's mark.
    const others = strokeIndex.near(m.x2 - reach, m.x2 + reach).filter((o) => o.msg !== m && !(o.msg.bundled && o.msg.to === m.to && o.msg.from === m.from));
    const lines = [...others.flatMap((o) => o.pieces.filter(inReach)), ...edgeIndex.near(m.x2 - reach, m.x2 + reach).filter(inReach)];
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
      const back = startIndex.near(m.x2 - REPLY_SEP - 4 * TIP_SHIFT, m.x2 + REPLY_SEP + 4 * TIP_SHIFT).filter((o) => o.from === m.to && o.to === m.from && Math.abs(o.x1 - m.x2) < REPLY_SEP + 4 * TIP_SHIFT);
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
      for (const o of strokeIndex.near(m.x2 - 2 * HEAD, m.x2 + 2 * HEAD)) {
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
    const head = { x: (b.x0 + b.x1) / 2, y: (b.y0 + b.y1) / 2, r: Math.max(b.x1 - b.x0, b.y1 - b.y0) / 2, square: true, atMs: m.arriveAtMs, line: [m.x1, m.y1, m.x2, m.y2] };
    headIndex.add(head, head.x, head.x);
  }

  return { geometry: { ...g, messages: out, decisionAt, markerAt, coarse }, onLines, blocking };
}
