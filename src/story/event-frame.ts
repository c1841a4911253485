/**
 * A frame around given events (issue 40's story frames, and issue 45's lesson figures): the stretch
 * of the run that shows them with room at both sides, and the quiet stretch between them a narrow
 * view may draw as a labelled break. Pure functions of the trace: no React, DOM or clock; a module
 * of its own, apart from the story's key moments, so the lesson's chunk takes it without the story's.
 * Times are simulated ms.
 * @module
 */
import type { Trace, TraceEvent } from '../model/trace';
import { CUT_PX, MIN_EVENT_GAP_PX, type FrameSpan, type Stretch } from './frame-constants';

/** A frame around events (see {@link FrameSpan}): its `focus` and `gapMs` always set, and the events it shows. */
export interface Frame extends FrameSpan {
  focus: Stretch;
  /** The events it shows (a key moment's, a lesson figure's subject; indices in `trace.events`), each inside the frame. */
  eventIds: number[];
  gapMs: number;
}

/** The narrowest frame (ms): room for a message's two ends and their labels. */
export const MIN_FRAME_MS = 600;
/**
 * The narrowest plot a frame is made for (px): a 360 px phone's view beside the lane names (242),
 * less the room the timeline keeps at the frame's ends (64).
 */
export const NARROW_PLOT_PX = 176;
/** Room kept at each side of a frame, as a share of the events' spread (and at least {@link MIN_PAD_MS}). */
export const PAD_SHARE = 0.2;
/** The least room (ms) at each side of a frame. */
export const MIN_PAD_MS = 150;
/**
 * A stretch between a frame's events at least this long (ms) may be cut (drawn as a break, {@link FrameSpan.cut}):
 * as long as the quiet stretches "skip quiet time" skips (`SKIP_MIN_MS`, `views/timeline/quiet.ts`).
 */
export const MIN_CUT_MS = 3000;
/** Room (ms) kept between a cut and the events on either side of it, and at a cut frame's ends. */
const CUT_PAD_MS = 100;

/** The smallest gap (ms) between two of `times` that differ; Infinity with fewer than two distinct times. */
function minGap(times: readonly number[]): number {
  const t = [...new Set(times)].sort((a, b) => a - b);
  let gap = Infinity;
  for (let i = 1; i < t.length; i++) gap = Math.min(gap, t[i]! - t[i - 1]!);
  return gap;
}

/**
 * The frame of `core` events (always kept) and `context` events (kept only while every two events at
 * different times stay {@link MIN_EVENT_GAP_PX} apart when the frame is drawn `plotPx` wide, or with
 * its cut drawn as a break {@link CUT_PX} wide), and the playhead's stop `stopMs`: with room at both
 * sides, at least {@link MIN_FRAME_MS} wide, never before 0. Where the widest gap between the events
 * is at least {@link MIN_CUT_MS}, the frame carries it as a {@link FrameSpan.cut}.
 *
 * @param plotPx the visible plot's width the frame is made for (px; default {@link NARROW_PLOT_PX}).
 */
export function eventsFrame(trace: Trace, core: readonly TraceEvent[], context: readonly TraceEvent[], stopMs: number, plotPx = NARROW_PLOT_PX): Frame {
  const spanFor = (list: readonly TraceEvent[]) => {
    const times = [...list.map((x) => x.atMs), stopMs];
    const lo = Math.min(...times);
    const hi = Math.max(...times);
    const pad = Math.max(MIN_PAD_MS, (hi - lo) * PAD_SHARE);
    const span = Math.max(MIN_FRAME_MS, hi - lo + 2 * pad);
    const gap = minGap(list.map((x) => x.atMs));
    // The longest stretch between two of the times in which nothing the story draws as a step
    // happens (`cuttable`), less room at both ends.
    const sorted = [...new Set(times)].sort((a, b) => a - b);
    let cut: Stretch | undefined;
    for (let i = 1; i < sorted.length; i++) {
      const c = longestStretch(trace, { startMs: sorted[i - 1]! + CUT_PAD_MS, endMs: sorted[i]! - CUT_PAD_MS }, (e) => !cuttable(e));
      if (c && (!cut || c.endMs - c.startMs > cut.endMs - cut.startMs)) cut = c;
    }
    // With the cut drawn as a break: the room at the sides as a share of the time drawn.
    const drawn = cut ? hi - lo - (cut.endMs - cut.startMs) : hi - lo;
    const cutPad = Math.max(CUT_PAD_MS, drawn * PAD_SHARE);
    const cutSpan = drawn + 2 * cutPad;
    return { lo, hi, pad, span, gap, cut, cutPad, cutSpan };
  };
  const fits = (s: ReturnType<typeof spanFor>) =>
    (s.gap * plotPx) / s.span >= MIN_EVENT_GAP_PX || (s.cut !== undefined && (s.gap * (plotPx - CUT_PX)) / s.cutSpan >= MIN_EVENT_GAP_PX);
  let chosen: readonly TraceEvent[] = core;
  for (const c of context) {
    const next = [...chosen, c];
    if (fits(spanFor(next))) chosen = next;
  }
  const s = spanFor(chosen);
  const eventIds = chosen.map((x) => x.id).sort((a, b) => a - b);
  const focus = { startMs: s.lo, endMs: s.hi };
  const startMs = Math.max(0, (s.lo + s.hi) / 2 - s.span / 2);
  if (s.cut) {
    // Room at the sides as the frame is drawn with its cut (a frame 11 s long of which 0.6 s are drawn).
    const cutBounds = { startMs: Math.max(0, s.lo - s.cutPad), endMs: s.hi + s.cutPad };
    const quietCut = quietestStretch(trace, s.cut);
    return { startMs, endMs: startMs + s.span, focus, eventIds, cut: s.cut, ...(quietCut ? { quietCut } : {}), cutBounds, gapMs: s.gap };
  }
  return { startMs, endMs: startMs + s.span, focus, eventIds, gapMs: s.gap };
}

/**
 * Whether event `e` may be drawn inside a frame's cut (the break's few px), not at its own time:
 * only what goes on around a story's steps (a keepalive and its answer, a renewal, a lease running
 * out, a pause ending, a reply, a program's end). A write, a storage's decision, a grant, a crash or
 * a pause starting is never hidden in a break.
 */
function cuttable(e: TraceEvent): boolean {
  return (
    e.kind.startsWith('keepalive-') ||
    e.kind === 'lease-renewed' ||
    e.kind === 'lease-expired' ||
    e.kind === 'pause-ended' ||
    e.kind === 'write-reply-received' ||
    e.kind === 'program-ended'
  );
}

/**
 * The longest stretch of `within` in which no event `blocks`, less {@link CUT_PAD_MS} at each end
 * next to such an event, where it is at least {@link MIN_CUT_MS} long; `undefined` if none is.
 */
function longestStretch(trace: Trace, within: Stretch, blocks: (e: TraceEvent) => boolean): Stretch | undefined {
  const inside = trace.events.filter((e) => e.atMs > within.startMs - CUT_PAD_MS && e.atMs < within.endMs + CUT_PAD_MS && blocks(e)).map((e) => e.atMs);
  const edges = [within.startMs, ...inside.flatMap((t) => [t - CUT_PAD_MS, t + CUT_PAD_MS]), within.endMs];
  let best: Stretch | undefined;
  for (let i = 0; i + 1 < edges.length; i += 2) {
    const a = Math.max(within.startMs, edges[i]!);
    const b = Math.min(within.endMs, edges[i + 1]!);
    if (b - a >= MIN_CUT_MS && (!best || b - a > best.endMs - best.startMs)) best = { startMs: a, endMs: b };
  }
  return best;
}

/** The longest stretch of `cut` in which nothing at all happens (see {@link FrameSpan.quietCut}), where it is shorter than `cut`. */
function quietestStretch(trace: Trace, cut: Stretch): Stretch | undefined {
  const q = longestStretch(trace, cut, () => true);
  return q && (q.startMs > cut.startMs || q.endMs < cut.endMs) ? q : undefined;
}
