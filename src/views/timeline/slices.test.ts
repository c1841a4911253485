/**
 * The marks' layout run in slices (issue 44, item 2; `slices.ts`, `layout-job.ts`): for every
 * built-in scenario, the arrows and labels laid out one step per slice, with a pause between each,
 * are the very layout that `withMessages` and `planLabels` give in one go (and that
 * `layout-golden.test.ts` compares with the recorded one).
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../model/simulate';
import { ALL_BUILT_IN_SCENARIOS } from '../../scenarios/all';
import { loadBuiltIn } from '../../store/initial-state';
import { t } from '../../i18n';
import { layoutTimeline } from './geometry';
import { planLabels } from './label-plan';
import { withMessages } from './message-geometry';
import { quietStretches } from './quiet';
import { roughMeasure } from './label-layout';
import { layoutSteps } from './layout-job';
import { drain, runSlice, runSliced, type Steps } from './slices';
import './marks-messages';

const json = (gm: ReturnType<typeof withMessages>, plan: ReturnType<typeof planLabels>) =>
  JSON.stringify({ messages: gm.messages, decisionAt: [...gm.decisionAt], markerAt: [...gm.markerAt], labels: [...plan.all] });

/** A job of `n` steps that returns the steps' order. */
function* counting(n: number, seen: number[]): Steps<number[]> {
  for (let i = 0; i < n; i++) {
    seen.push(i);
    yield;
  }
  return seen;
}

describe('runSlice and runSliced', () => {
  it('runSlice takes at least one step and stops when the clock has run past the slice', () => {
    let clock = 0;
    const seen: number[] = [];
    const job = counting(5, seen);
    // Each reading of the clock moves it 1 ms on: a slice of 2 ms takes two steps.
    const now = () => clock++;
    expect(runSlice(job, 2, now).done).toBe(false);
    expect(seen).toEqual([0, 1]);
    expect(runSlice(job, 0, now).done).toBe(false);
    expect(seen).toEqual([0, 1, 2]);
    expect(runSlice(job, Infinity, now)).toEqual({ done: true, value: [0, 1, 2, 3, 4] });
  });

  it('runSliced pauses between slices and returns what the job returns', async () => {
    let pauses = 0;
    const seen: number[] = [];
    const value = await runSliced(counting(4, seen), 0, undefined, () => 0, async () => void pauses++);
    expect(value).toEqual([0, 1, 2, 3]);
    // One step per slice: a pause after each of the 4 yields, then the step that returns.
    expect(pauses).toBe(4);
  });

  it('runSliced stops at its next pause once no longer live, and never settles', async () => {
    let live = true;
    const seen: number[] = [];
    let settled = false;
    let paused = 0;
    const pause = async () => {
      paused++;
      if (paused === 2) live = false;
    };
    void runSliced(counting(10, seen), 0, () => live, () => 0, pause).then(() => (settled = true));
    await expect.poll(() => paused).toBe(2);
    await Promise.resolve();
    expect(seen).toEqual([0, 1]);
    expect(settled).toBe(false);
  });

  it('runSliced rejects with what the job throws', async () => {
    function* failing(): Steps<number> {
      yield;
      throw new Error('no room');
    }
    await expect(runSliced(failing(), 0, undefined, () => 0, async () => undefined)).rejects.toThrow('no room');
  });
});

describe('the marks laid out in slices are those laid out in one go', () => {
  for (const built of ALL_BUILT_IN_SCENARIOS) {
    it(`${built.id}: 1280 px and 360 px, skipped or not`, async () => {
      const trace = simulate(loadBuiltIn(built.id));
      for (const width of [1280, 360]) {
        for (const skip of [undefined, quietStretches(trace)]) {
          const g = layoutTimeline(trace, undefined, width, skip ? { skip } : {});
          const gm = withMessages(g, trace);
          const whole = json(gm, planLabels(gm, trace, t, roughMeasure));
          let pauses = 0;
          const sliced = await runSliced(layoutSteps(g, trace, t, roughMeasure), 0, undefined, () => 0, async () => void pauses++);
          expect(json(sliced.gm, sliced.labels), `${built.id} ${width}${skip ? ' skipped' : ''}`).toBe(whole);
          expect(sliced.trace).toBe(trace);
          // It did pause: at every message of every pass over the arrows, at least.
          expect(pauses).toBeGreaterThan(sliced.gm.messages.length);
          // And drained in one go, the steps give the same again.
          const drained = drain(layoutSteps(g, trace, t, roughMeasure));
          expect(json(drained.gm, drained.labels)).toBe(whole);
        }
      }
    });
  }
});
