/**
 * Playback over simulated time: where the events are, how fast the playhead moves, and the time
 * warp that maps simulated ms to "wall" ms at 1x. Pure functions of a trace; no clock, no timers.
 *
 * Simulated time is mostly idle (a 10 s TTL against 100 ms messages), so the playhead runs slowly
 * while something is happening (a message in flight, or an event within {@link EVENT_MARGIN_MS})
 * and fast through quiet stretches. The rate eases between the two over {@link RAMP_MS} so the
 * motion never jumps. The same warp lays out the timeline's x axis, so the playhead crosses the
 * picture at an even pace.
 *
 * @module
 */
import type { MessageKind, Trace } from '../model/trace';

/** Playback speeds offered to the learner (multiples of the base rate). */
export const SPEEDS = [0.5, 1, 2, 4] as const;
/** One of {@link SPEEDS}. */
export type Speed = (typeof SPEEDS)[number];

/** Simulated ms per wall ms at 1x while a message is in flight or an event is near. */
export const BUSY_RATE = 0.38;
/** Simulated ms per wall ms at 1x around keepalive traffic only (drawn light, played a bit faster). */
export const LIGHT_RATE = 1.2;
/** Simulated ms per wall ms at 1x in quiet stretches. */
export const QUIET_RATE = 6;
/** An event makes the time within this many simulated ms of it "busy". */
export const EVENT_MARGIN_MS = 120;
/** Distance (simulated ms) over which the rate eases from busy to quiet. */
export const RAMP_MS = 500;
/**
 * Only this much (simulated ms) at each end of a message's flight counts as busy: a write held up
 * 20 s in the network must not play 20 s slowly.
 */
export const FLIGHT_EDGE_MS = 300;
/** Wall-time gaps longer than this (ms) are skipped, not replayed (a hidden tab, a debugger stop). */
export const MAX_FRAME_GAP_MS = 500;

const LIGHT_KINDS: ReadonlySet<MessageKind> = new Set(['keepalive', 'keepalive-ok']);
const LIGHT_EVENTS: ReadonlySet<string> = new Set(['keepalive-sent', 'lease-renewed', 'keepalive-ok-received']);

/** A closed interval [startMs, endMs] of simulated time. */
export interface Span {
  startMs: number;
  endMs: number;
}

/** The busy stretches of a trace, merged and sorted: `heavy` (key traffic) and `light` (keepalives). */
export interface Activity {
  heavy: Span[];
  light: Span[];
  endMs: number;
}

/** The distinct times (ms) at which events happen, ascending. */
export function eventTimes(trace: Trace): number[] {
  const out: number[] = [];
  for (const e of trace.events) if (out[out.length - 1] !== e.atMs) out.push(e.atMs);
  return out;
}

/** Round-off allowed when comparing the playhead with an event time (ms). */
const SAME_MS = 1e-6;

/**
 * The first event time strictly after `ms`, or `undefined` if none.
 * @param times ascending event times (see {@link eventTimes})
 */
export function nextEventTime(times: readonly number[], ms: number): number | undefined {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! <= ms + SAME_MS) lo = mid + 1;
    else hi = mid;
  }
  return times[lo];
}

/**
 * The last event time strictly before `ms`, or `undefined` if none.
 * @param times ascending event times (see {@link eventTimes})
 */
export function prevEventTime(times: readonly number[], ms: number): number | undefined {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! < ms - SAME_MS) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? times[lo - 1] : undefined;
}

/**
 * The discrete step of the playhead: the index of the last event at or before `playheadMs` (simulated
 * ms) in `trace.events`, `-1` before the first, or `trace.events.length` once it is at the end of the run.
 */
export function eventStepAt(trace: Trace, playheadMs: number): number {
  return playheadMs >= trace.endMs ? trace.events.length : lastEventIndexAt(trace, playheadMs);
}

/** Index of the last event at or before `ms` in `trace.events`, or -1 if none yet. */
export function lastEventIndexAt(trace: Trace, ms: number): number {
  const ev = trace.events;
  let lo = 0;
  let hi = ev.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ev[mid]!.atMs <= ms) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

function merge(spans: Span[]): Span[] {
  spans.sort((a, b) => a.startMs - b.startMs);
  const out: Span[] = [];
  for (const s of spans) {
    const last = out[out.length - 1];
    if (last && s.startMs <= last.endMs) last.endMs = Math.max(last.endMs, s.endMs);
    else out.push({ ...s });
  }
  return out;
}

/**
 * The busy stretches of a trace: each message from sent to arrival (only the first and last
 * {@link FLIGHT_EDGE_MS} of a long flight), and each event ± {@link EVENT_MARGIN_MS}. Keepalive traffic is `light`; everything else `heavy`.
 */
export function activityOf(trace: Trace): Activity {
  const heavy: Span[] = [];
  const light: Span[] = [];
  for (const m of trace.messages) {
    if (m.sentAtMs > trace.endMs) continue;
    const end = Math.min(m.arriveAtMs, trace.endMs);
    const list = LIGHT_KINDS.has(m.kind) ? light : heavy;
    if (end - m.sentAtMs <= 2 * FLIGHT_EDGE_MS) list.push({ startMs: m.sentAtMs, endMs: end });
    else {
      list.push({ startMs: m.sentAtMs, endMs: m.sentAtMs + FLIGHT_EDGE_MS });
      list.push({ startMs: end - FLIGHT_EDGE_MS, endMs: end });
    }
  }
  for (const e of trace.events) {
    const span = { startMs: e.atMs - EVENT_MARGIN_MS, endMs: e.atMs + EVENT_MARGIN_MS };
    (LIGHT_EVENTS.has(e.kind) ? light : heavy).push(span);
  }
  return { heavy: merge(heavy), light: merge(light), endMs: trace.endMs };
}

/** Distance (ms) from `ms` to the nearest span, 0 inside one, Infinity if there are none. */
function distance(spans: readonly Span[], ms: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]!.endMs < ms) lo = mid + 1;
    else hi = mid;
  }
  // spans[lo] is the first span ending at or after ms.
  let d = Infinity;
  const next = spans[lo];
  if (next) d = next.startMs <= ms ? 0 : next.startMs - ms;
  const prev = spans[lo - 1];
  if (prev) d = Math.min(d, ms - prev.endMs);
  return d;
}

function smoothstep(x: number): number {
  const c = Math.min(1, Math.max(0, x));
  return c * c * (3 - 2 * c);
}

/**
 * The playback rate at simulated time `ms`, in simulated ms per wall ms at 1x.
 *
 * {@link BUSY_RATE} inside heavy activity, {@link LIGHT_RATE} inside keepalive traffic,
 * {@link QUIET_RATE} far from both, easing over {@link RAMP_MS}.
 */
export function playbackRate(activity: Activity, ms: number): number {
  const rateNear = (spans: readonly Span[], busy: number): number => {
    const d = distance(spans, ms);
    return d === Infinity ? QUIET_RATE : busy + (QUIET_RATE - busy) * smoothstep(d / RAMP_MS);
  };
  return Math.min(rateNear(activity.heavy, BUSY_RATE), rateNear(activity.light, LIGHT_RATE));
}

/**
 * A monotonic map between simulated time and "wall" time at 1x: `toWall(ms)` is how many wall ms
 * the playhead needs at 1x to get from 0 to `ms`; `toSim` is its inverse. Piecewise linear over a
 * table of samples (exact inside constant-rate stretches).
 */
export interface TimeWarp {
  /** Simulated end of the run (ms). */
  endMs: number;
  /** Wall ms at 1x to play the whole run. */
  totalWallMs: number;
  toWall(ms: number): number;
  toSim(wallMs: number): number;
}

/**
 * Builds the time warp of a trace by integrating 1 / {@link playbackRate}.
 *
 * Samples: a uniform grid of `gridPoints` plus every span edge and points on its ramp, so busy
 * stretches are resolved even in a 10-minute run.
 */
export function buildWarp(activity: Activity, gridPoints = 800): TimeWarp {
  const endMs = Math.max(0, activity.endMs);
  if (endMs === 0) {
    return { endMs: 0, totalWallMs: 0, toWall: () => 0, toSim: () => 0 };
  }
  const pts = new Set<number>();
  for (let i = 0; i <= gridPoints; i++) pts.add((endMs * i) / gridPoints);
  for (const s of [...activity.heavy, ...activity.light]) {
    for (const edge of [s.startMs, s.endMs]) {
      for (const k of [-1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1]) {
        const p = edge + k * RAMP_MS;
        if (p > 0 && p < endMs) pts.add(p);
      }
    }
  }
  const sims = [...pts].sort((a, b) => a - b);
  const walls = new Array<number>(sims.length);
  walls[0] = 0;
  let prevInv = 1 / playbackRate(activity, sims[0]!);
  for (let i = 1; i < sims.length; i++) {
    const inv = 1 / playbackRate(activity, sims[i]!);
    const dt = sims[i]! - sims[i - 1]!;
    // Simpson's rule on each piece: the ramp is smooth, so this is close to exact.
    const mid = 1 / playbackRate(activity, (sims[i]! + sims[i - 1]!) / 2);
    walls[i] = walls[i - 1]! + (dt * (prevInv + 4 * mid + inv)) / 6;
    prevInv = inv;
  }
  const totalWallMs = walls[walls.length - 1]!;
  const interp = (xs: readonly number[], ys: readonly number[], x: number): number => {
    if (x <= xs[0]!) return ys[0]!;
    if (x >= xs[xs.length - 1]!) return ys[ys.length - 1]!;
    let lo = 0;
    let hi = xs.length - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (xs[mid]! <= x) lo = mid;
      else hi = mid;
    }
    const x0 = xs[lo]!;
    const x1 = xs[hi]!;
    const f = x1 === x0 ? 0 : (x - x0) / (x1 - x0);
    return ys[lo]! + f * (ys[hi]! - ys[lo]!);
  };
  return {
    endMs,
    totalWallMs,
    toWall: (ms) => interp(sims, walls, ms),
    toSim: (w) => interp(walls, sims, w),
  };
}

/**
 * Advances the playhead by one animation frame.
 *
 * @param warp the trace's time warp
 * @param playheadMs current playhead (simulated ms)
 * @param wallDeltaMs wall ms since the last frame; gaps over {@link MAX_FRAME_GAP_MS} count as 0
 * @param speed playback speed multiplier
 * @returns the new playhead, never past `warp.endMs`, and whether the end was reached
 */
export function advancePlayhead(
  warp: TimeWarp,
  playheadMs: number,
  wallDeltaMs: number,
  speed: number,
): { playheadMs: number; ended: boolean } {
  if (playheadMs >= warp.endMs) return { playheadMs: warp.endMs, ended: true };
  const dt = wallDeltaMs > MAX_FRAME_GAP_MS || wallDeltaMs < 0 ? 0 : wallDeltaMs;
  const wall = warp.toWall(playheadMs) + dt * speed;
  if (wall >= warp.totalWallMs) return { playheadMs: warp.endMs, ended: true };
  // Never step backwards because of interpolation round-off.
  return { playheadMs: Math.max(playheadMs, Math.min(warp.endMs, warp.toSim(wall))), ended: false };
}
