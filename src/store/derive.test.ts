import { describe, expect, it } from 'vitest';
import { simulate } from '../model/simulate';
import { loadBuiltIn } from './initial-state';
import { parseScenarioOrThrow } from '../model';
import { ALL_BUILT_IN_SCENARIOS, builtInScenario } from '../scenarios/all';
import { eventStepAt, lastEventIndexAt } from './playback';
import { timeOfStep } from '../views/timeline/playhead-hooks';
import { applyInterventions } from './interventions';
import { clientStatusAt, liveLeaseAt, seconds, storageCountAt, storageStateAt, storageVersionAt } from './derive';

const seed = loadBuiltIn('seed-gc-pause');
const trace = simulate(seed);

describe('storageStateAt', () => {
  it('under equality fencing, names the one token the storage accepts: the first accepted write\'s, until a reset', () => {
    const eq = simulate(parseScenarioOrThrow(builtInScenario('identity-cas')!.scenario));
    expect(eq.scenario.storage.fencing).toBe('equality');
    const first = eq.storage.find((d) => d.accepted && d.token !== undefined)!;
    expect(storageStateAt(eq, first.atMs - 1).acceptsOnly).toBeUndefined();
    expect(storageStateAt(eq, first.atMs).acceptsOnly).toBe(first.token);
    // Every later rejection names that token as the remembered one, until a reset.
    const resetAt = (eq.storageResets ?? [])[0] ?? Number.POSITIVE_INFINITY;
    for (const d of eq.storage) if (!d.accepted && d.atMs < resetAt && d.token !== undefined) expect(d.text).toContain(`!= ${first.token}`);
    expect(storageStateAt(trace, trace.endMs).acceptsOnly).toBeUndefined();
  });

  it('starts empty, with highest token 0 as in the seed', () => {
    expect(storageStateAt(trace, 0)).toEqual({ highestToken: 0, data: undefined, decisions: [] });
  });
  it('follows the seed: 33 stored, then 34, then the late write rejected', () => {
    expect(storageStateAt(trace, 300)).toMatchObject({ highestToken: 33, data: 'from client 1' });
    expect(storageStateAt(trace, 10_300)).toMatchObject({ highestToken: 34, data: 'from client 2' });
    const end = storageStateAt(trace, trace.endMs);
    expect(end.highestToken).toBe(34);
    expect(end.data).toBe('from client 2');
    expect(end.decisions.map((d) => d.text)).toEqual(trace.storageLog);
    expect(storageCountAt(trace, 21_499)).toBe(2);
  });
  it('without the token check the late write overwrites the data', () => {
    const off = simulate(applyInterventions(seed, [{ kind: 'fencing', fencing: 'off' }]));
    expect(storageStateAt(off, off.endMs)).toMatchObject({ highestToken: 34, data: 'late write from client 1' });
  });
});

describe('clientStatusAt and liveLeaseAt', () => {
  it('shows the gap between belief and truth while client 1 is paused', () => {
    expect(clientStatusAt(trace, 'client-1', 5000)).toEqual({ phase: 'paused', believedToken: 33, leaseValid: true });
    expect(clientStatusAt(trace, 'client-1', 15_000)).toEqual({ phase: 'paused', believedToken: 33, leaseValid: false });
    expect(liveLeaseAt(trace, 15_000)).toMatchObject({ holder: 'client-2', token: 34 });
    expect(liveLeaseAt(trace, 20_500)).toBeUndefined();
  });
  it('knows when a client has not started, has finished, or crashed', () => {
    expect(clientStatusAt(trace, 'client-2', 1000).phase).toBe('waiting');
    expect(clientStatusAt(trace, 'client-2', 15_000)).toEqual({ phase: 'done', believedToken: undefined, leaseValid: false });
    const crashed = simulate(applyInterventions(seed, [{ kind: 'crash', client: 'client-1', atMs: 500 }]));
    expect(clientStatusAt(crashed, 'client-1', 600)).toEqual({ phase: 'crashed', believedToken: undefined, leaseValid: false });
  });
});

describe('seconds', () => {
  it('formats ms as seconds with one decimal', () => {
    expect(seconds(10_100)).toBe('10.1');
    expect(seconds(0)).toBe('0.0');
    expect(seconds(20_000)).toBe('20.0');
  });
});

describe('the playhead\'s event step stands for the playhead (every built-in run)', () => {
  const runs = ALL_BUILT_IN_SCENARIOS.map((b) => ({ id: b.id, trace: simulate(parseScenarioOrThrow(b.scenario)) }));

  it('gives the same event index, live lease, storage, and item starts and ends as the playhead itself', () => {
    for (const { id, trace: t } of runs) {
      for (let ms = 0; ms <= t.endMs + 37; ms += 37) {
        const step = eventStepAt(t, ms);
        const at = timeOfStep(t, step);
        expect(Math.min(step, t.events.length - 1), `${id} at ${ms}`).toBe(lastEventIndexAt(t, ms));
        expect(liveLeaseAt(t, at), `${id} at ${ms}`).toBe(liveLeaseAt(t, ms));
        expect(storageStateAt(t, at), `${id} at ${ms}`).toEqual(storageStateAt(t, ms));
        for (const item of [...t.leases, ...t.beliefs, ...t.pauses, ...t.partitions]) {
          expect(item.startMs <= at, `${id} at ${ms}: starts`).toBe(item.startMs <= ms);
          expect(item.endMs <= at, `${id} at ${ms}: ends`).toBe(item.endMs <= ms);
        }
      }
    }
  });

  it('storageVersionAt changes whenever the storage\'s state does (resets included)', () => {
    let resets = 0;
    for (const { id, trace: t } of runs) {
      resets += t.storageResets?.length ?? 0;
      const times = [...new Set([0, ...t.events.map((e) => e.atMs), ...(t.storageResets ?? []), t.endMs])].sort((a, b) => a - b);
      for (let i = 1; i < times.length; i++) {
        const [a, b] = [times[i - 1]!, times[i]!];
        if (JSON.stringify(storageStateAt(t, a)) !== JSON.stringify(storageStateAt(t, b))) {
          expect(storageVersionAt(t, b), `${id}: ${a} to ${b} ms`).not.toBe(storageVersionAt(t, a));
        }
      }
    }
    // The built-ins include a reset (identity-cas), so the rule is tried across one.
    expect(resets).toBeGreaterThan(0);
  });
});
