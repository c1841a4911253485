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
import { useEventStep, useLabStore } from '../../store/context';
import type { LabStore } from '../../store/store';

/** The playhead's event step (`store/context.tsx`), re-exported for the timeline's views. */
export { useEventStep };

/**
 * The time (simulated ms) that stands for a step: the time of its event, `trace.endMs` at the end,
 * `-1` before the first event. For any item of the trace, `item.startMs <= timeOfStep(...)` holds
 * exactly when `item.startMs <= playheadMs`, and the same for its end: items start and end at event
 * times (`store/derive.test.ts` checks it on every built-in run). See `eventStepAt` (`store/playback.ts`).
 */
export function timeOfStep(trace: Trace, step: number): number {
  if (step >= trace.events.length) return trace.endMs;
  return step >= 0 ? trace.events[step]!.atMs : -1;
}

/**
 * React hook: the time of the playhead's event step in `trace` ({@link timeOfStep} of
 * {@link useEventStep}; simulated ms): what has happened by now. While playing it follows the
 * playhead in the step's own render, deferred (`StepClock`, issue 44), never inside a frame.
 */
export function useStepMs(trace: Trace): number {
  return timeOfStep(trace, useEventStep());
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
 * `x` (px, the picture's own units) as what follows the playhead is placed at it: while the story
 * plays, rounded to the nearest device pixel (`ratio`, default the screen's `devicePixelRatio`);
 * paused, exact (a paused picture's playhead breaks its line around what lies at its time, to the
 * fraction of a pixel). While playing slowly (a message in flight) the playhead moves a fifth of a
 * pixel a frame, and a layer moved by a fraction of a pixel costs a whole frame's update (style,
 * paint, compositing) for nothing the screen can show: rounded, four frames in five have nothing to
 * update (issue 44: a quarter fewer missed frames with one core busy).
 */
export function devicePx(store: LabStore, x: number, ratio: number = devicePixelRatio): number {
  return store.getState().playing ? Math.round(x * ratio) / ratio : x;
}

/**
 * Moves a layer of the picture sideways to `x` (px, the picture's own units) by a CSS transform on
 * an HTML element that is a composited layer of its own (`will-change: transform`, `app.css`): the
 * browser then only moves the layer's pixels, with no style recalculation of the picture, no layout
 * and no repaint of the big SVG (issue 44, item 1; a transform on an element inside the SVG cost a
 * layout and a repaint of the whole SVG every frame). Nothing is written when `x` is the place last
 * written (kept on the element, `flX`): a write of the same value still costs a frame's update.
 */
export function setTranslateX(el: (HTMLElement & { flX?: number }) | null, x: number): void {
  if (el && el.flX !== x) el.style.transform = `translateX(${(el.flX = x)}px)`;
}

/** While playing, how often (wall-clock ms) the texts that follow the playhead move on (issue 44). */
export const SHOWN_EVERY_MS = 250;

/**
 * The explainer that asked last, the playhead it asked about, the time shown for it, and when that
 * was set (wall ms). One for the page: where two explainers play at once, each shows its own tenth.
 */
let clock: { store: LabStore; ms: number; shown: number; at: number } | undefined;

/**
 * The playhead as the texts that follow it show it (the time, the playhead's tag, the scrubber's
 * value; simulated ms, a whole tenth of a second). Paused, the playhead's own tenth. While playing,
 * the tenth it has reached, moved on at most every {@link SHOWN_EVERY_MS} of wall-clock time, and
 * the same for every text asking in a frame (the same `ms`): they change together, in one repaint,
 * four times a second; at once when the playhead jumps (a seek back, or forward by a second or more). Each change lays out and repaints the page, and a tenth every frame (17 a
 * second in the seed at 1x, too fast to read) was most of playback's repaints (issue 44). Wall
 * time is the view's, never the model's.
 */
export function shownMs(store: LabStore, ms: number): number {
  const exact = Math.round(ms / 100) * 100;
  const c = clock?.store === store && store.getState().playing ? clock : undefined;
  const now = performance.now();
  // Moved on since the last frame by under a second (playing, not a seek), and shown less than SHOWN_EVERY_MS ago: as shown.
  if (c && (c.ms === ms || (exact >= c.shown && ms - c.ms < 1000 && now - c.at < SHOWN_EVERY_MS))) return (c.ms = ms), c.shown;
  clock = { store, ms, shown: exact, at: now };
  return exact;
}

/**
 * React hook: keeps `ref`'s text (and, with `attribute`, that attribute instead) equal to
 * `format(playheadMs)`, written straight to the DOM only when it changes: text that follows the
 * playhead (the time, "Interventions at 10.1 s") without re-rendering its component every frame.
 * `deps` (e.g. the language's `t`) re-apply it. It shows the playhead as {@link shownMs} does (while
 * playing, four times a second), and `format` must depend on it only through its tenth of a second
 * (as `seconds` shows it): it is called only when that changes (formatting every frame was a cost
 * of its own, issue 44).
 *
 * Returns the text to render as the element's only child: the text at the store's initial playhead,
 * so it is in the prerendered HTML and the render that hydrates it is the same (issue 15), and after
 * that the text last written (React keeps its text node, which the frames update in place).
 */
export function usePlayheadText(ref: RefObject<Element | null>, format: (playheadMs: number) => string, deps: readonly unknown[], attribute?: string): string {
  const store = useLabStore();
  const last = useRef<{ el: Element | null; text: string; ms: number; format: typeof format } | undefined>(undefined);
  const shown = last.current?.text ?? format(store.getInitialState().playheadMs);
  usePlayheadFrame((at) => {
    const el = ref.current;
    if (!el) return;
    const ms = shownMs(store, at);
    const was = last.current;
    // The same time shown, element and `format` (a render makes a new one): nothing to format or write.
    if (was && was.el === el && was.ms === ms && was.format === format) return;
    const text = format(ms);
    last.current = { el, text, ms, format };
    if (attribute) el.setAttribute(attribute, text);
    else if (el.childNodes.length === 1 && el.firstChild instanceof Text) el.firstChild.nodeValue = text;
    else el.textContent = text;
  }, [...deps, attribute]);
  return shown;
}
