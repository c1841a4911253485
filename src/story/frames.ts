/**
 * Frames (issue 40, item 1): for each key moment of the story, the stretch of time the timeline
 * shows, computed from the events the moment speaks of, so that they fill the picture instead of
 * being slivers of a whole-run axis (the seed's grant, its reply and the first write all happen in
 * the first 0.3 s of 21.6). Pure functions of the trace and the moment: no React, no DOM, no clock,
 * so a frame holds for every scenario and after any intervention. Times are simulated ms.
 * @module
 */
import type { Trace, TraceEvent } from '../model/trace';
import { isLate, type KeyMoment } from './moments';
import { CUT_PX, MIN_EVENT_GAP_PX, type FrameSpan } from './frame-constants';
import { MIN_CUT_MS, MIN_FRAME_MS, MIN_PAD_MS, NARROW_PLOT_PX, PAD_SHARE, eventsFrame, type Frame } from './event-frame';

export { CUT_PX, MIN_CUT_MS, MIN_EVENT_GAP_PX, MIN_FRAME_MS, NARROW_PLOT_PX, type Frame };

/** Events of a moment's context (a request before a grant, the wake-up before a late write) are looked for this far back (ms). */
const CONTEXT_MS = 1500;

/** The last event before (or at) `beforeMs` matching `ok`, no earlier than `sinceMs`. */
function lastBefore(events: readonly TraceEvent[], fromId: number, sinceMs: number, ok: (e: TraceEvent) => boolean): TraceEvent | undefined {
  for (let i = fromId; i >= 0; i--) {
    const e = events[i]!;
    if (e.atMs < sinceMs) return undefined;
    if (ok(e)) return e;
  }
  return undefined;
}

/**
 * The storage's acceptance of the write that set the highest token it held when it decided on
 * `decision` (a `write-accepted` or `write-rejected` event): the newer holder's write a late write
 * runs into (Kleppmann 2016, "How to do distributed locking": the storage "remembers that it has
 * already processed a write with a higher token number (34), and so it rejects the request with
 * token 33"). `undefined` when the storage held no token yet, or the decision is its own setter.
 */
function highestSetter(events: readonly TraceEvent[], decision: TraceEvent | undefined): TraceEvent | undefined {
  if (!decision?.highestBefore) return undefined;
  return lastBefore(events, decision.id - 1, -Infinity, (x) => x.kind === 'write-accepted' && x.token === decision.highestBefore);
}

/**
 * The events a key moment speaks of: first the moment's own events (a grant and the message that
 * carried it; a write and the storage's decision; a lease's end and the renewal that set its
 * deadline), then context (the request before a grant, the wake-up before a late write), which the
 * frame leaves out if it would crowd the rest (see {@link frameOf}).
 *
 * @returns `core` (always framed) and `context` events, each in trace order.
 */
export function momentEvents(trace: Trace, moment: KeyMoment): { core: TraceEvent[]; context: TraceEvent[] } {
  const events = trace.events;
  const e = events[moment.eventId];
  if (!e) return { core: [], context: [] };
  const core: TraceEvent[] = [e];
  const context: TraceEvent[] = [];
  const add = (list: TraceEvent[], x: TraceEvent | undefined) => {
    if (x && !list.includes(x) && !core.includes(x)) list.push(x);
  };
  switch (moment.kind) {
    case 'grant':
    case 'new-grant': {
      // The lease service's grant, and the client's request if it came shortly before.
      add(core, lastBefore(events, e.id, e.atMs - CONTEXT_MS, (x) => x.kind === 'lease-granted' && x.peer === e.actor && x.token === e.token));
      add(context, lastBefore(events, e.id, e.atMs - CONTEXT_MS, (x) => x.kind === 'acquire-sent' && x.actor === e.actor));
      break;
    }
    case 'decision': {
      // The write the storage decides on (the decision's message is the write); on a late write, the
      // accepted write that set the highest token the storage holds (as at the late write's moment).
      const d = moment.decision;
      const write = d ? events.find((x) => x.kind === 'write-sent' && x.messageId === d.messageId) : undefined;
      add(core, write);
      if (d && write && isLate(trace, d.client, d.token, write.atMs)) add(context, highestSetter(events, e));
      break;
    }
    case 'late-write': {
      // Its decision; the accepted write that set the highest token the storage holds when it
      // decides (the newer holder's write it runs into); the writer waking from a pause shortly before.
      const decision = events.find((x) => x.id > e.id && (x.kind === 'write-accepted' || x.kind === 'write-rejected') && x.peer === e.actor && x.value === e.value);
      add(core, decision);
      add(context, highestSetter(events, decision));
      add(context, lastBefore(events, e.id, e.atMs - CONTEXT_MS, (x) => x.kind === 'pause-ended' && x.actor === e.actor));
      break;
    }
    case 'expiry': {
      // The last renewal (or the grant) that set the lease's deadline.
      add(
        context,
        lastBefore(events, e.id, -Infinity, (x) => (x.kind === 'lease-renewed' || x.kind === 'lease-granted') && x.peer === e.peer && x.token === e.token),
      );
      break;
    }
    case 'pause':
    case 'crash': {
      // What the client was doing just before: its last step (a write's reply, its work starting).
      add(context, lastBefore(events, e.id - 1, e.atMs - CONTEXT_MS, (x) => x.actor === e.actor && x.kind !== 'keepalive-sent' && x.atMs < e.atMs));
      break;
    }
    case 'check': {
      // The write the check lets through (or the pause that follows it).
      add(context, events.find((x) => x.id > e.id && x.actor === e.actor && (x.kind === 'write-sent' || x.kind === 'pause-started') && x.atMs <= e.atMs + CONTEXT_MS));
      break;
    }
    default:
      break;
  }
  const byId = (a: TraceEvent, b: TraceEvent) => a.id - b.id;
  return { core: core.sort(byId), context: context.sort(byId) };
}

/**
 * The frame of a key moment: the moment's events (see {@link momentEvents}) and the playhead's stop,
 * with room at both sides, at least {@link MIN_FRAME_MS} wide, never before 0. Context events are
 * kept only while every two events at different times stay {@link MIN_EVENT_GAP_PX} apart when the
 * frame is drawn {@link NARROW_PLOT_PX} wide (the frame of a moment whose own events are closer than
 * that is as narrow as that allows, at least {@link MIN_FRAME_MS}). Where the widest gap between
 * the events is at least {@link MIN_CUT_MS}, the frame carries it as a {@link FrameSpan.cut}, and a
 * context event is also kept where it fits with the cut drawn as a break ({@link CUT_PX} wide).
 *
 * @param plotPx the visible plot's width the frame is made for (px; default {@link NARROW_PLOT_PX}).
 */
export function frameOf(trace: Trace, moment: KeyMoment, plotPx = NARROW_PLOT_PX): Frame {
  const { core, context } = momentEvents(trace, moment);
  return eventsFrame(trace, core, context, moment.stopMs, plotPx);
}

/** How far past a key moment (ms) a playhead at a whole tenth of a second (a `?t=` link's) may rest and still show its frame. */
const LINK_SLACK_MS = 100;

/** A frame as the timeline takes it (the store's `frame`), or `undefined` for the whole run. */
export type Framed = FrameSpan | undefined;

/**
 * The frame to show after the playhead moved or playback started or stopped: at rest on a key
 * moment, that moment's frame; otherwise the frame shown so far while the playhead is inside it (a
 * step or the playback to the next moment nearby keeps the picture still), else the whole run
 * (`undefined`).
 *
 * @param prev the frame shown so far
 * @param moments the run's key moments (`keyMoments`)
 */
export function nextFrame(prev: Framed, trace: Trace, moments: readonly KeyMoment[], playheadMs: number, playing: boolean): Framed {
  // At rest on a moment, or where a `?t=` link to it lands: links give tenths of a second (the
  // storage's decision at 21 499 ms opens as `t=21500`). Only at whole tenths, so that a scrub that
  // rests just past a moment (any ms) does not redraw the picture at a frame's scale.
  const link = playheadMs % 100 === 0;
  let moment: KeyMoment | undefined;
  if (!playing) {
    for (const m of moments) {
      const after = playheadMs - m.stopMs;
      if (after > -0.5 && (after < 0.5 || (link && after < LINK_SLACK_MS)) && (!moment || m.stopMs > moment.stopMs)) moment = m;
    }
  }
  if (moment) {
    const f = frameOf(trace, moment);
    const same = prev && prev.startMs === f.startMs && prev.endMs === f.endMs && prev.focus?.startMs === f.focus.startMs && prev.focus.endMs === f.focus.endMs;
    // The store keeps the frame without its list of events.
    const { eventIds: _events, ...span } = f;
    return same ? prev : span;
  }
  return prev && playheadMs >= prev.startMs && playheadMs <= prev.endMs ? prev : undefined;
}

/**
 * The frame after a change the learner made (issue 40, item 5: an intervention shows its effect):
 * from the playhead, where the change took effect, to the first storage decision that differs
 * between the run before and the run after it (a write stored or rejected differently, earlier or
 * later, or one that is no longer made or newly made), with room at both sides. `undefined` when no
 * decision changed (the whole run is shown).
 *
 * @param before the run before the change; `after` the run with it
 * @param atMs the playhead when the change was made (simulated ms)
 */
export function changeFrame(before: Trace, after: Trace, atMs: number): Framed {
  const n = Math.max(before.storage.length, after.storage.length);
  for (let i = 0; i < n; i++) {
    const a = before.storage[i];
    const b = after.storage[i];
    if (a && b && a.text === b.text && a.atMs === b.atMs) continue;
    const at = Math.min(a?.atMs ?? Infinity, b?.atMs ?? Infinity);
    const lo = Math.min(atMs, at);
    const hi = Math.max(atMs, at);
    const span = Math.max(MIN_FRAME_MS, hi - lo + 2 * Math.max(MIN_PAD_MS, (hi - lo) * PAD_SHARE));
    const startMs = Math.max(0, (lo + hi) / 2 - span / 2);
    return { startMs, endMs: startMs + span };
  }
  return undefined;
}
