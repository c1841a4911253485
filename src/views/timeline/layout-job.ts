/**
 * The marks' layout (the arrows, `message-geometry.ts`, then every label, `label-plan.ts`) for one
 * trace at one geometry, run in short slices (issue 44, item 2): on a 4x slower CPU with a core
 * busy, the seed's layout took one task of 415–650 ms as the marks' chunk arrived (BENCHMARKS.md).
 * @module
 */
import { startTransition, useLayoutEffect, useState } from 'react';
import type { Trace } from '../../model/trace';
import type { Translate } from '../../teaching/names';
import type { Geometry } from './geometry';
import type { Measure } from './label-layout';
import { planLabelsSteps, type LabelPlan } from './label-plan';
import { withMessagesSteps, type MarkGeometry } from './message-geometry';
import { runSlice, runSliced, yieldToBrowser, type Steps } from './slices';

/** The laid-out marks of one trace at one geometry: the trace, the arrows and the label plan. */
export interface LaidOut {
  trace: Trace;
  gm: MarkGeometry;
  labels: LabelPlan;
}

/** The arrows, then the labels, as one computation in steps (`slices.ts`). */
export function* layoutSteps(g: Geometry, trace: Trace, t: Translate, measure: Measure): Steps<LaidOut> {
  const gm = yield* withMessagesSteps(g, trace);
  const labels = yield* planLabelsSteps(gm, trace, t, measure);
  return { trace, gm, labels };
}

/** The most time (ms) one slice of the layout takes before the browser gets its thread back: about 32 ms at 4x slower. */
export const SLICE_MS = 8;

/**
 * The marks' layout of `trace` at `g`, computed in slices of {@link SLICE_MS}: the first slice in the
 * commit that asks for it (a small run on a quick machine is drawn in that same frame, as before),
 * the rest in later tasks, drawn in a transition once done. Meanwhile it returns the last layout
 * finished (of the previous trace or geometry: drawn whole, as it was), or `undefined` before the first.
 * @param measure measures the labels' text; called once per layout, after the commit (it may read the page's font)
 * @param sliceMs the slice length; `Infinity` runs the layout in one go (jsdom, where nothing paints between tasks)
 */
export function useLaidOut(g: Geometry, trace: Trace, t: Translate, measure: () => Measure, sliceMs = SLICE_MS): LaidOut | undefined {
  const [done, setDone] = useState<LaidOut>();
  useLayoutEffect(() => {
    let live = true;
    const job = layoutSteps(g, trace, t, measure());
    const first = runSlice(job, sliceMs, () => performance.now());
    if (first.done) setDone(first.value);
    else
      void yieldToBrowser()
        .then(() => runSliced(job, sliceMs, () => live))
        .then(
          (value) => live && startTransition(() => setDone(value)),
          // Thrown where the layout is rendered, for the error boundary around the timeline, as before.
          (error: unknown) =>
            live &&
            setDone(() => {
              throw error;
            }),
        );
    return () => {
      live = false;
    };
    // (`measure` is read once per layout: a new function each render must not start the layout again.)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [g, trace, t, sliceMs]);
  return done;
}
