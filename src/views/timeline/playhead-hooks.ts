/**
 * How the timeline follows the playhead cheaply (issue 7: smooth playback on a slow phone).
 *
 * Everything the timeline draws starts and ends at the time of a trace event (or at the end of the
 * run): bars, arrows, marks. So the picture has two parts:
 * - a discrete part that changes only when the playhead crosses an event: which items exist and how
 *   they end. Views read it with {@link useEventStep} and re-render a few dozen times per run;
 * - a continuous part that moves every frame: the playhead line, the grey "future" cover (each a
 *   layer of its own moved by a CSS transform, `Timeline.tsx`), and how far the bars that are still
 *   growing are revealed (`growth.ts`). Views set it with {@link usePlayheadFrame}, straight on the
 *   DOM, with no React render at all.
 * Only messages in flight follow the playhead in React, each on its own (`Messages.tsx`).
 * @module
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { Trace } from '../../model/trace';
import { useLab, useLabStore } from '../../store/context';
import { lastEventIndexAt } from '../../store/playback';

/**
 * The discrete step of the playhead: the index of the last event at or before it in
 * `trace.events`, `-1` before the first, or `trace.events.length` once it is at the end of the run.
 */
export function eventStepAt(trace: Trace, playheadMs: number): number {
  return playheadMs >= trace.endMs ? trace.events.length : lastEventIndexAt(trace, playheadMs);
}

/**
 * The time (simulated ms) that stands for a step: the time of its event, `trace.endMs` at the end,
 * `-1` before the first event. For any item of the trace, `item.startMs <= timeOfStep(...)` holds
 * exactly when `item.startMs <= playheadMs` (items start and end at event times; a test checks it).
 */
export function timeOfStep(trace: Trace, step: number): number {
  if (step >= trace.events.length) return trace.endMs;
  return step >= 0 ? trace.events[step]!.atMs : -1;
}

/** React hook: the playhead's discrete step (see {@link eventStepAt}); re-renders only when it changes. */
export function useEventStep(): number {
  return useLab((s) => eventStepAt(s.trace, s.playheadMs));
}

/**
 * React hook: calls `apply(playheadMs)` now (before paint), on every playhead change and when
 * playback starts or stops, without re-rendering. `apply` must only touch the DOM (attributes, styles, scroll). It is re-subscribed
 * when `deps` change.
 *
 * With `follows` false, `apply` runs once (now, and again when `deps` change) and the hook does not
 * subscribe at all: for an item whose drawing no longer depends on the playhead until the next event
 * step re-renders it (an arrow that has arrived). Every subscriber runs on every frame of playback,
 * and a long run has hundreds of arrows (issue 44).
 */
export function usePlayheadFrame(apply: (playheadMs: number) => void, deps: readonly unknown[], follows = true): void {
  const store = useLabStore();
  const latest = useRef(apply);
  latest.current = apply;
  useLayoutEffect(() => {
    let last = store.getState().playheadMs;
    let playing = store.getState().playing;
    latest.current(last);
    if (!follows) return undefined;
    return store.subscribe((s) => {
      // Also when playback starts or stops: some writes are deferred while playing (see `moveX`).
      if (s.playheadMs === last && s.playing === playing) return;
      last = s.playheadMs;
      playing = s.playing;
      latest.current(last);
    });
  }, [store, follows, ...deps]);
}

/**
 * React hook: keeps `ref`'s text (and, with `attribute`, that attribute instead) equal to
 * `format(playheadMs)`, written straight to the DOM only when it changes: text that follows the
 * playhead (the time, "Interventions at 10.1 s") without re-rendering its component every frame.
 * `deps` (e.g. the language's `t`) re-apply it.
 *
 * Returns the text to render as the element's only child: the text at the store's initial playhead,
 * so it is in the prerendered HTML and the render that hydrates it is the same (issue 15), and after
 * that the text last written (React keeps its text node, which the frames update in place).
 */
export function usePlayheadText(ref: RefObject<Element | null>, format: (playheadMs: number) => string, deps: readonly unknown[], attribute?: string): string {
  const store = useLabStore();
  const last = useRef<{ el: Element | null; text: string } | undefined>(undefined);
  const shown = last.current?.text ?? format(store.getInitialState().playheadMs);
  usePlayheadFrame((ms) => {
    const el = ref.current;
    if (!el) return;
    const text = format(ms);
    if (last.current && last.current.el === el && last.current.text === text) return;
    last.current = { el, text };
    if (attribute) el.setAttribute(attribute, text);
    else if (el.childNodes.length === 1 && el.firstChild instanceof Text) el.firstChild.nodeValue = text;
    else el.textContent = text;
  }, [...deps, attribute]);
  return shown;
}
