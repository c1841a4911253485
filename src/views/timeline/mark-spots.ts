/**
 * Where the marks that message arrows keep clear of are drawn: storage decisions' marks on the
 * storage lane ({@link decisionRows}), the lease service markers' dots ({@link markerSpots}), and
 * every point mark as an {@link Obstacle} for arrowheads ({@link pointMarks}). `Lanes.tsx` draws
 * them there; `withMessages` (`message-geometry.ts`) places them with the arrows.
 * @module
 */
import type { Trace } from '../../model/trace';
import { drawnPieces, pointToSegment, type MessageGeom, type Obstacle } from './arrows';
import type { Geometry } from './geometry';
import { XIndex } from './spatial';

/** The point marks of the trace as `Lanes.tsx` draws them (their ink, strokes included). */
export function pointMarks(g: Geometry, trace: Trace, decisionAt: ReadonlyMap<number, { x: number; y: number }>, markerAt: ReadonlyMap<number, MarkerSpot>): Obstacle[] {
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
  // Indexed by x (issue 43): only what lies within the clearance that counts (MARKER_CLEAR + 10 px) of a
  // spot tried can lower it.
  const CAP = MARKER_CLEAR + 10;
  const pieceIndex = new XIndex<number[]>(32);
  for (const p of pieces) pieceIndex.add(p, p[0]!, p[2]!);
  type Placed = { x: number; kind: string; at: number };
  const byX = new XIndex<Placed>(32);
  const byAt = new XIndex<Placed>(16);
  for (const e of trace.events) {
    if (e.kind !== 'acquire-queued' && e.kind !== 'keepalive-rejected') continue;
    const at = g.x(e.atMs);
    const sharer = byAt.near(at - MARKER_SHARE, at + MARKER_SHARE).find((o) => o.kind === e.kind && Math.abs(o.at - at) < MARKER_SHARE);
    if (sharer) {
      out.set(e.id, { x: sharer.x, y, shared: true });
      continue;
    }
    const nearPieces = pieceIndex.near(at - MARKER_SLIDE - CAP, at + MARKER_SLIDE + CAP);
    const nearPlaced = byX.near(at - MARKER_SLIDE - CAP - 3, at + MARKER_SLIDE + CAP + 3);
    const clearance = (x: number) =>
      Math.min(CAP, ...nearPieces.map((p) => pointToSegment(x, y, p[0]!, p[1]!, p[2]!, p[3]!)), ...nearPlaced.map((o) => Math.abs(o.x - x) - 3));
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
    const spot = { x: best, kind: e.kind, at };
    byX.add(spot, best, best);
    byAt.add(spot, at, at);
    out.set(e.id, { x: best, y, shared: false });
  }
  return out;
}

/** Radius (px) of a storage decision's mark (`Lanes.tsx`). */
export const DECISION_R = 10;
/** Radius (px) of a read's mark on the storage's line (`Lanes.tsx`). */
export const READ_R = 5;
/** How far below the storage line (px) a decision's mark goes when the line has no room for it. */
export const DECISION_DODGE = 2 * DECISION_R + 2;
/** The least gap (px) between a decision's mark moved below the line and the mark it made room for. */
export const DODGE_GAP = 7;

/** How far right of its time (px) a decision's mark may go to stay on the line, clear of the one before it ({@link decisionRows}). */
export const DECISION_SLIDE = 18;

/**
 * Where the storage decisions' marks go (px, by write's message id): on the lane's line at the
 * decision's time; when the previous mark there is closer than {@link DECISION_DODGE}, still on the
 * line but moved right to {@link DODGE_GAP} px clear of it, if that is at most {@link DECISION_SLIDE}
 * px; else one row down at its time (and back up when that row is crowded too and the line is not).
 */
export function decisionRows(g: Geometry, decisions: readonly Trace['storage'][number][]): Map<number, { x: number; y: number }> {
  const out = new Map<number, { x: number; y: number }>();
  const lane = g.lane('storage');
  if (!lane) return out;
  const lastX = [-Infinity, -Infinity];
  const room = DECISION_DODGE;
  const slid = 2 * DECISION_R + DODGE_GAP;
  for (const d of [...decisions].sort((a, b) => a.atMs - b.atMs)) {
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
