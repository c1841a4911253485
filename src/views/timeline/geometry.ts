/**
 * Timeline geometry: where each lane, lease, belief, pause, message and storage decision goes in
 * the SVG, as plain data computed once per trace and width. Drawing code clips it to the playhead.
 *
 * Time runs left to right on the trace's time warp (see `store/playback.ts`): busy moments get room,
 * quiet stretches (a 10 s TTL running down) are drawn compressed and marked so on the axis. Lanes,
 * top to bottom: one per client, then the lease service, then the storage (as in the figures of
 * Kleppmann, "How to do distributed locking", 2016).
 * @module
 */
import { LEASE_SERVICE, STORAGE } from '../../model/scenario';
import type { LeaseEndReason, MessageKind, Trace } from '../../model/trace';
import { QUIET_RATE, activityOf, playbackRate, type TimeWarp } from '../../store/playback';

/** Height of the time axis above the lanes (px). */
export const AXIS_H = 34;
/** Height of a client lane (px). */
export const CLIENT_LANE_H = 84;
/** Height of the lease service and storage lanes (px). */
export const SERVICE_LANE_H = 72;
/** Space left of time 0 and right of the end (px), for labels that hang over the ends. */
export const PAD_LEFT = 18;
export const PAD_RIGHT = 120;
/** The plot never gets narrower than this (px); below it the timeline scrolls sideways. */
export const MIN_WIDTH = 760;

/** One horizontal lane. */
export interface Lane {
  id: string;
  kind: 'client' | 'lease' | 'storage';
  name: string;
  top: number;
  height: number;
  /** y of the lane's line, where messages start and end. */
  base: number;
}

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
  /** Held up in the network by a delay fault or a partition (ms). */
  lateMs: number;
  lateBy: 'delay' | 'partition' | undefined;
  dropped: boolean;
  /** Waited at a paused receiver from arrival to handling: the end x of that wait. */
  waitX2: number | undefined;
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
  messages: MessageGeom[];
  /** Quiet stretches drawn compressed (ms). */
  compressed: { startMs: number; endMs: number }[];
}

/** Lays out the lanes of a trace. */
export function lanesOf(trace: Trace): Lane[] {
  const lanes: Lane[] = [];
  let top = AXIS_H;
  for (const c of trace.scenario.clients) {
    lanes.push({ id: c.id, kind: 'client', name: c.name, top, height: CLIENT_LANE_H, base: top + 30 });
    top += CLIENT_LANE_H;
  }
  lanes.push({ id: LEASE_SERVICE, kind: 'lease', name: LEASE_SERVICE, top, height: SERVICE_LANE_H, base: top + SERVICE_LANE_H / 2 });
  top += SERVICE_LANE_H;
  lanes.push({ id: STORAGE, kind: 'storage', name: STORAGE, top, height: SERVICE_LANE_H, base: top + 30 });
  return lanes;
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

/** Quiet stretches longer than this (ms) get a "compressed" mark on the axis. */
const COMPRESSED_MIN_MS = 2500;

/**
 * Computes the geometry of a trace.
 * @param trace the trace
 * @param warp the trace's time warp (simulated ms ↔ wall ms at 1x)
 * @param width available width (px); the result is at least {@link MIN_WIDTH}
 */
export function layoutTimeline(trace: Trace, warp: TimeWarp, width: number): Geometry {
  const w = Math.max(MIN_WIDTH, Math.floor(width));
  const lanes = lanesOf(trace);
  const byId = new Map(lanes.map((l) => [l.id, l]));
  const plotLeft = PAD_LEFT;
  const plotRight = w - PAD_RIGHT;
  const span = plotRight - plotLeft;
  const total = warp.totalWallMs;
  const endMs = trace.endMs;
  const x = (ms: number): number => (total > 0 ? plotLeft + (span * warp.toWall(Math.min(Math.max(ms, 0), endMs))) / total : plotLeft);
  const msAt = (px: number): number => {
    if (total <= 0) return 0;
    const f = Math.min(1, Math.max(0, (px - plotLeft) / span));
    return warp.toSim(f * total);
  };
  const last = lanes[lanes.length - 1]!;
  const height = last.top + last.height + 6;

  const messages: MessageGeom[] = [];
  for (const m of trace.messages) {
    const from = byId.get(m.from);
    const to = byId.get(m.to);
    if (!from || !to || m.sentAtMs > endMs) continue;
    const lateMs = m.delayedMs + m.heldMs;
    const handled = m.handledAtMs;
    messages.push({
      id: m.id,
      kind: m.kind,
      style: styleOf(m.kind, m.ok),
      from: m.from,
      to: m.to,
      token: m.token,
      sentAtMs: m.sentAtMs,
      arriveAtMs: m.arriveAtMs,
      handledAtMs: handled,
      x1: x(m.sentAtMs),
      y1: from.base,
      x2: x(m.arriveAtMs),
      y2: to.base,
      lateMs,
      lateBy: m.heldMs > 0 ? 'partition' : m.delayedMs > 0 ? 'delay' : undefined,
      dropped: m.dropped,
      waitX2: handled !== undefined && handled > m.arriveAtMs ? x(handled) : undefined,
    });
  }

  const activity = activityOf(trace);
  const compressed: { startMs: number; endMs: number }[] = [];
  let runStart: number | undefined;
  const step = 100;
  for (let ms = 0; ms <= endMs; ms += step) {
    const quiet = playbackRate(activity, ms) >= QUIET_RATE - 1e-9;
    if (quiet && runStart === undefined) runStart = ms;
    if ((!quiet || ms + step > endMs) && runStart !== undefined) {
      const stop = quiet ? ms : ms - step;
      if (stop - runStart >= COMPRESSED_MIN_MS) compressed.push({ startMs: runStart, endMs: stop });
      runStart = undefined;
    }
  }

  return { width: w, height, plotLeft, plotRight, lanes, lane: (id) => byId.get(id), x, msAt, endMs, messages, compressed };
}

/** One axis tick. */
export interface Tick {
  ms: number;
  x: number;
  /** Whole seconds get a label and a stronger grid line. */
  major: boolean;
}

/** Tick spacings tried, coarse first (ms). */
const TICK_STEPS = [60_000, 30_000, 10_000, 5000, 2000, 1000, 500, 100];

/**
 * Axis ticks: coarse steps first, then finer ones wherever they fit at least `minGapPx` from every
 * tick already placed (so busy stretches get tenths of a second, quiet ones a few seconds).
 */
export function ticksOf(g: Geometry, minGapPx = 46): Tick[] {
  const placed: Tick[] = [];
  const fits = (px: number): boolean => {
    let lo = 0;
    let hi = placed.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (placed[mid]!.x < px) lo = mid + 1;
      else hi = mid;
    }
    const next = placed[lo];
    const prev = placed[lo - 1];
    return (!next || next.x - px >= minGapPx) && (!prev || px - prev.x >= minGapPx);
  };
  const insert = (t: Tick): void => {
    let i = placed.length;
    while (i > 0 && placed[i - 1]!.x > t.x) i -= 1;
    placed.splice(i, 0, t);
  };
  for (const stepMs of TICK_STEPS) {
    if (g.endMs / stepMs > 4000) continue;
    for (let ms = 0; ms <= g.endMs + 1e-6; ms += stepMs) {
      const px = g.x(ms);
      if (placed.some((p) => p.ms === ms)) continue;
      if (fits(px)) insert({ ms, x: px, major: ms % 1000 === 0 });
    }
  }
  return placed;
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
 */
export function staleStretches(trace: Trace): { client: string; token: number; startMs: number; endMs: number }[] {
  const out: { client: string; token: number; startMs: number; endMs: number }[] = [];
  for (const b of trace.beliefs) {
    const lease = trace.leases.find((l) => l.holder === b.client && l.token === b.token && l.startMs <= b.startMs);
    if (!lease || lease.endReason === 'run-ended') continue;
    const start = Math.max(lease.endMs, b.startMs);
    if (start < b.endMs) out.push({ client: b.client, token: b.token, startMs: start, endMs: b.endMs });
  }
  return out;
}
