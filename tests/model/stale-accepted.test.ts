/**
 * `StorageDecision.staleAccepted` (issue 40): a write the storage accepted although its writer no
 * longer held the lease, in every fencing mode and for monotonic and random tokens; over the
 * built-ins, by hand-made cases of `staleAcceptedOf`, and as properties over random scenarios.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulate, staleAcceptedOf, type LeaseInterval, type Scenario, type StorageDecision, type Trace } from '../../src/model';
import { normalizeScenario } from '../../src/model/scenario';
import { ALL_BUILT_IN_SCENARIOS } from '../../src/scenarios/all';
import { etcdScenarioArb, scenarioArb } from './arbitraries';

const RUNS = { numRuns: Number(process.env.FC_RUNS ?? 300) };

const traceOf = (id: string): Trace => simulate(normalizeScenario(ALL_BUILT_IN_SCENARIOS.find((b) => b.id === id)!.scenario));
const marked = (trace: Trace): string[] => trace.storage.filter((d) => d.staleAccepted).map((d) => `${d.client}@${d.atMs}`);

describe('staleAccepted over the built-ins', () => {
  // Every built-in, with the writes it marks; read off the leases (`npm run simulate`), each one
  // accepted after its writer's lease had ended at the lease service.
  const expected: Record<string, string[]> = {
    // The zombie's write lands before the new holder's first write: the token check passes.
    'first-write-window': ['client-1@21500'],
    // Random lock values carry no order: the old holder's value is the one the storage keeps.
    'random-tokens': ['client-1@21500'],
    // The grant arrived 6 s late; client 1 wrote at 12.3 s, its lease had ended at 10.1 s and
    // client 2 had held the lock since 11.1 s.
    'lease-timer': ['client-1@12300'],
    'fence-per-object': ['client-1@21500'],
    // The storage restarted at 20 s and forgot the token it remembered: token 34's lease ended at 11.1 s.
    'identity-cas': ['client-2@26500'],
    // No fencing: the two lower tokens are stored (the cases `isLowerTokenStored` already marked).
    'jepsen-three-clients': ['client-1@6500', 'client-2@8500'],
    'seed-gc-pause-unfenced': ['client-1@21500'],
  };
  for (const b of ALL_BUILT_IN_SCENARIOS) {
    it(`${b.id}: ${expected[b.id]?.join(', ') ?? 'no write'} marked`, () => {
      expect(marked(traceOf(b.id))).toEqual(expected[b.id] ?? []);
    });
  }

  it('leaves the legitimate writes of the four harmful runs clean: the new holder’s write in first-write-window is a plain ✓', () => {
    const fww = traceOf('first-write-window').storage;
    expect(fww.find((d) => d.client === 'client-2')).toMatchObject({ accepted: true, token: 34 });
    expect(fww.find((d) => d.client === 'client-2')!.staleAccepted).toBeUndefined();
    expect(traceOf('seed-gc-pause').storage.find((d) => d.token === 34)!.staleAccepted).toBeUndefined();
    // Each run's first write came from the holder of a live lease (in lease-timer the first write is the stale one).
    for (const id of ['first-write-window', 'random-tokens', 'identity-cas']) expect(traceOf(id).storage[0]!.staleAccepted).toBeUndefined();
  });

  it('is a superset of isLowerTokenStored and is set only on accepted writes', () => {
    for (const b of ALL_BUILT_IN_SCENARIOS) {
      const trace = traceOf(b.id);
      for (const d of trace.storage) {
        if (d.staleAccepted) expect(d.accepted).toBe(true);
        if (trace.scenario.lease.tokens !== 'random' && d.accepted && d.token !== undefined && d.token < d.highestBefore) expect(d.staleAccepted).toBe(true);
      }
    }
  });
});

describe('staleAcceptedOf', () => {
  const lease = (holder: string, token: number, startMs: number, endMs: number, endReason: LeaseInterval['endReason'] = 'expired'): LeaseInterval => ({ holder, token, startMs, endMs, endReason, renewedAtMs: [] });
  const write = (client: string, token: number | undefined, atMs: number, accepted = true, highestBefore = 0): StorageDecision => ({ atMs, client, token, value: 'v', accepted, highestBefore, text: '', messageId: 0 });

  it('marks a write after its lease ended, not one during it, nor one at a lease the run ended', () => {
    const leases = [lease('a', 33, 100, 10_100), lease('b', 34, 10_100, 20_000, 'run-ended')];
    expect(staleAcceptedOf(write('a', 33, 5_000), leases, 'monotonic')).toBe(false);
    expect(staleAcceptedOf(write('a', 33, 10_100), leases, 'monotonic')).toBe(true);
    expect(staleAcceptedOf(write('a', 33, 15_000, true, 33), leases, 'monotonic')).toBe(true);
    expect(staleAcceptedOf(write('b', 34, 19_999), leases, 'monotonic')).toBe(false);
  });

  it('marks a write whose lease is older than a grant already made to another client, by grant time (random tokens too)', () => {
    // A lease service that granted again before the first lease ended: the newer grant has a lower random value.
    const leases = [lease('a', 734, 100, 30_000, 'run-ended'), lease('b', 325, 8_000, 30_000, 'run-ended')];
    expect(staleAcceptedOf(write('a', 734, 7_999), leases, 'random')).toBe(false);
    expect(staleAcceptedOf(write('a', 734, 9_000), leases, 'random')).toBe(true);
    expect(staleAcceptedOf(write('b', 325, 9_000, true, 734), leases, 'random')).toBe(false);
    // A newer grant to the writer itself does not make its older lease another client's.
    expect(staleAcceptedOf(write('a', 734, 9_000), [lease('a', 734, 100, 30_000, 'run-ended'), lease('a', 900, 8_000, 30_000, 'run-ended')], 'random')).toBe(false);
  });

  it('never marks a rejected write or one without a token; a lower stored token is stale only when tokens grow', () => {
    const leases = [lease('a', 33, 100, 10_100)];
    expect(staleAcceptedOf(write('a', 33, 20_000, false, 34), leases, 'monotonic')).toBe(false);
    expect(staleAcceptedOf(write('a', undefined, 20_000), leases, 'monotonic')).toBe(false);
    const live = [lease('a', 33, 100, 30_000, 'run-ended')];
    expect(staleAcceptedOf(write('a', 33, 5_000, true, 40), live, 'monotonic')).toBe(true);
    expect(staleAcceptedOf(write('a', 33, 5_000, true, 40), live, 'random')).toBe(false);
  });
});

/** The lease that is current at `atMs`: granted by then, not ended, and no later grant since. */
function currentLease(trace: Trace, atMs: number): LeaseInterval | undefined {
  const granted = trace.leases.filter((l) => l.startMs <= atMs);
  const newest = granted.reduce<LeaseInterval | undefined>((a, l) => (a === undefined || l.startMs > a.startMs ? l : a), undefined);
  return newest !== undefined && (newest.endReason === 'run-ended' || newest.endMs > atMs) ? newest : undefined;
}

function checkTrace(trace: Trace): void {
  for (const d of trace.storage) {
    if (d.staleAccepted) expect(d.accepted).toBe(true);
    const cur = currentLease(trace, d.atMs);
    // A write from the current holder of the lock, with its token, is never marked.
    if (cur !== undefined && cur.holder === d.client && cur.token === d.token) expect(d.staleAccepted).toBeUndefined();
    // A write stored after its writer's lease ended at the lease service always is.
    const own = trace.leases.filter((l) => l.holder === d.client && l.token === d.token && l.startMs <= d.atMs).at(-1);
    if (d.accepted && own && own.endReason !== 'run-ended' && own.endMs <= d.atMs) expect(d.staleAccepted).toBe(true);
  }
}

describe('staleAccepted: properties over random scenarios', { timeout: 120_000 }, () => {
  const tokensArb = fc.constantFrom('monotonic' as const, 'random' as const);
  it('a write from the current lease holder is never marked, a write after the writer’s lease ended always is (every fencing mode, both token kinds)', () => {
    fc.assert(
      fc.property(scenarioArb, tokensArb, (s, tokens) => {
        const sc: Scenario = { ...s, lease: { ...s.lease, tokens } };
        checkTrace(simulate(sc));
      }),
      RUNS,
    );
  });

  it('the same with the etcd-flavoured lease service', () => {
    fc.assert(
      fc.property(etcdScenarioArb, (s) => checkTrace(simulate(s))),
      { numRuns: Math.min(RUNS.numRuns, 100) },
    );
  });
});
