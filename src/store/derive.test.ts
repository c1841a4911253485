import { describe, expect, it } from 'vitest';
import { simulate } from '../model/simulate';
import { loadBuiltIn } from './initial-state';
import { parseScenarioOrThrow } from '../model';
import { builtInScenario } from '../scenarios/all';
import { applyInterventions } from './interventions';
import { clientStatusAt, liveLeaseAt, seconds, storageCountAt, storageStateAt } from './derive';

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
