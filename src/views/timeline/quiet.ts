/**
 * The quiet stretches of a run the learner may ask the timeline to skip (issue 13): where nothing
 * but waiting happens for at least {@link SKIP_MIN_MS} (the playback's quiet rate, `playback.ts`).
 * With the marks' chunk: the first render draws everything to scale.
 * @module
 */
import type { Trace } from '../../model/trace';
import { QUIET_RATE, activityOf, playbackRate } from '../../store/playback';

/** Quiet stretches at least this long (ms) may be skipped. */
export const SKIP_MIN_MS = 3000;

/** Quiet stretches of at least {@link SKIP_MIN_MS} (ms), with a little of each end kept. */
export function quietStretches(trace: Trace): { startMs: number; endMs: number }[] {
  const activity = activityOf(trace);
  const out: { startMs: number; endMs: number }[] = [];
  const step = 100;
  const endMs = trace.endMs;
  let runStart: number | undefined;
  for (let ms = 0; ms <= endMs; ms += step) {
    const quiet = playbackRate(activity, ms) >= QUIET_RATE - 1e-9;
    if (quiet && runStart === undefined) runStart = ms;
    if ((!quiet || ms + step > endMs) && runStart !== undefined) {
      const stop = quiet ? ms : ms - step;
      if (stop - runStart >= SKIP_MIN_MS) out.push({ startMs: runStart + 200, endMs: stop - 200 });
      runStart = undefined;
    }
  }
  return out;
}

