/**
 * Issue 40, item 7b: the key to "a moment when two clients both believe they hold the lock" is the
 * overlap of the belief intervals the timeline draws as belief bars (one bar per `trace.beliefs`
 * entry on its client's lane, `views/timeline/Lanes.tsx`), for the seed and for every built-in
 * scenario.
 */
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../../src/model/scenario';
import { simulate } from '../../src/model/simulate';
import type { Trace } from '../../src/model/trace';
import { grade, momentAnswer, momentStops, traceFor } from '../../src/quiz/answers';
import { describeBelievers, describeLeaseWithoutBelief } from '../../src/quiz/describe';
import { QUESTIONS } from '../../src/quiz/questions';
import type { MomentQuestion } from '../../src/quiz/types';
import { ALL_BUILT_IN_SCENARIOS } from '../../src/scenarios/all';
import { beliefOverlaps, type OverlapSpan } from '../../src/store/beliefs';

const twoHolders = QUESTIONS.find((q) => q.id === 'moment-two-holders') as MomentQuestion;

/** The same question, asked on another built-in scenario. */
const askOn = (scenarioId: string): MomentQuestion => ({ ...twoHolders, scenarioId });
const accepts = (q: MomentQuestion, atMs: number) => grade(q, { kind: 'moment', atMs }).correct;

/**
 * Independently of the key: where the belief bars of two different clients' lanes overlap in time
 * (each bar drawn from startMs to endMs), pairwise, merged.
 */
function drawnOverlaps(trace: Trace): OverlapSpan[] {
  const pieces: OverlapSpan[] = [];
  for (const lane of trace.scenario.clients) {
    for (const other of trace.scenario.clients) {
      if (other.id <= lane.id) continue;
      for (const a of trace.beliefs.filter((b) => b.client === lane.id)) {
        for (const b of trace.beliefs.filter((x) => x.client === other.id)) {
          const startMs = Math.max(a.startMs, b.startMs);
          const endMs = Math.min(a.endMs, b.endMs);
          if (endMs > startMs) pieces.push({ startMs, endMs });
        }
      }
    }
  }
  pieces.sort((a, b) => a.startMs - b.startMs);
  const out: OverlapSpan[] = [];
  for (const p of pieces) {
    const last = out[out.length - 1];
    if (last && p.startMs <= last.endMs) last.endMs = Math.max(last.endMs, p.endMs);
    else out.push({ ...p });
  }
  return out;
}

describe('the seed: the key is where the two belief bars overlap', () => {
  const q = twoHolders;
  const trace = traceFor(q.scenarioId)!;

  it('client 1 believes from 0.2 s to 21.6 s, client 2 from 10.2 s to 10.4 s (when its program ends after its write)', () => {
    const bars = trace.beliefs.map((b) => [b.client, b.token, b.startMs, b.endMs, b.endReason]);
    expect(bars).toEqual([
      ['client-1', 33, 200, 21_600, 'program-ended'],
      ['client-2', 34, 10_200, 10_400, 'program-ended'],
    ]);
    expect(beliefOverlaps(trace)).toEqual([{ startMs: 10_200, endMs: 10_400 }]);
    expect(momentAnswer(q, trace)).toEqual([10_200, 10_300]);
  });

  it('accepts every ms at which both bars are drawn', () => {
    for (let ms = 10_200; ms < 10_400; ms++) expect(accepts(q, ms), `${ms} ms`).toBe(true);
  });

  it('rejects times when only client 1 believes, 15 s among them: there client 2 holds only the lease', () => {
    for (const ms of [0, 200, 5_000, 10_100, 10_199, 10_400, 15_000, 20_099, 20_100, 21_000, 21_600]) expect(accepts(q, ms), `${ms} ms`).toBe(false);
    // At 15 s the lease service's lane shows lease 34 of client 2 (until 20.1 s), client 2's lane no belief.
    expect(trace.leases.find((l) => l.holder === 'client-2')).toMatchObject({ token: 34, startMs: 10_100, endMs: 20_100 });
    expect(describeBelievers(trace, 15_000)).toBe('At 15 s only Client 1 believes it holds the lock (token 33).');
    expect(describeLeaseWithoutBelief(trace, 15_000)).toBe('Client 2 still holds the lease with token 34 at the lease service, but has not believed it holds the lock since 10.4 s.');
    // No such sentence while client 2 believes, nor before its lease or after it ends.
    expect(describeLeaseWithoutBelief(trace, 10_300)).toBeUndefined();
    expect(describeLeaseWithoutBelief(trace, 5_000)).toBeUndefined();
    expect(describeLeaseWithoutBelief(trace, 20_100)).toBeUndefined();
  });
});

describe('every built-in scenario: the key equals the overlaps of the drawn belief bars', () => {
  for (const s of ALL_BUILT_IN_SCENARIOS) {
    it(s.id, () => {
      const trace = simulate(normalizeScenario(s.scenario));
      const spans = beliefOverlaps(trace);
      expect(spans).toEqual(drawnOverlaps(trace));
      const q = askOn(s.id);
      // Every stop of the slider, every bar's ends and the ms either side of them.
      const edges = trace.beliefs.flatMap((b) => [b.startMs, b.endMs]);
      const times = new Set([...momentStops(trace), ...edges.flatMap((ms) => [ms - 1, ms, ms + 1])]);
      for (const ms of times) {
        if (ms < 0 || ms >= trace.endMs) continue; // the run's last ms: see beliefOverlaps
        const inSpan = spans.some((x) => x.startMs <= ms && ms < x.endMs);
        expect(accepts(q, ms), `${s.id} at ${ms} ms`).toBe(inSpan);
      }
      expect(momentAnswer(q, trace)).toEqual(momentStops(trace).filter((ms) => accepts(q, ms)));
    });
  }
});
