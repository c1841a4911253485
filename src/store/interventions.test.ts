import { describe, expect, it } from 'vitest';
import { simulate } from '../model/simulate';
import { loadBuiltIn } from './initial-state';
import {
  DEFAULT_PAUSE_MS,
  MAX_PAUSE_MS,
  MIN_PAUSE_MS,
  applyInterventions,
  clampPauseMs,
  effectiveFencing,
  faultTimeAt,
  withFencing,
  type Intervention,
} from './interventions';

const seed = loadBuiltIn('seed-gc-pause');

describe('applyInterventions', () => {
  it('returns the base itself when there is nothing to apply', () => {
    expect(applyInterventions(seed, [])).toBe(seed);
  });

  it('appends pause, crash and expireLease faults in order, after the scenario\'s own', () => {
    const list: Intervention[] = [
      { kind: 'pause', client: 'client-2', atMs: 500, forMs: 20_000 },
      { kind: 'crash', client: 'client-1', atMs: 600 },
      { kind: 'expireLease', atMs: 700 },
    ];
    const out = applyInterventions(seed, list);
    expect(out.faults).toEqual([
      { kind: 'pause', client: 'client-1', atMs: 1000, forMs: 20_000 },
      { kind: 'pause', client: 'client-2', atMs: 500, forMs: 20_000 },
      { kind: 'crash', client: 'client-1', atMs: 600 },
      { kind: 'expireLease', atMs: 700 },
    ]);
    expect(out.storage.fencing).toBe('token');
  });

  it('sets storage.fencing for the whole run, the last switch winning', () => {
    const out = applyInterventions(seed, [
      { kind: 'fencing', fencing: 'off' },
      { kind: 'fencing', fencing: 'token' },
      { kind: 'fencing', fencing: 'off' },
    ]);
    expect(out.storage.fencing).toBe('off');
    expect(out.faults).toEqual(seed.faults);
    expect(effectiveFencing(seed, [{ kind: 'fencing', fencing: 'off' }])).toBe('off');
    expect(effectiveFencing(seed, [])).toBe('token');
  });

  it('does not mutate the base scenario', () => {
    const before = JSON.stringify(seed);
    applyInterventions(seed, [
      { kind: 'crash', client: 'client-1', atMs: 10 },
      { kind: 'fencing', fencing: 'off' },
    ]);
    expect(JSON.stringify(seed)).toBe(before);
  });

  it('turning the token check off turns the seed\'s rejected late write into a stored one', () => {
    const trace = simulate(applyInterventions(seed, [{ kind: 'fencing', fencing: 'off' }]));
    expect(trace.storageLog.at(-1)).toBe("stored 'late write from client 1' with token 33");
  });

  it('a fault at the playhead leaves every earlier event as it was', () => {
    const base = simulate(seed);
    const after = simulate(applyInterventions(seed, [{ kind: 'crash', client: 'client-1', atMs: 501 }]));
    const before = (t: typeof base) => t.events.filter((e) => e.atMs < 501).map((e) => `${e.atMs} ${e.kind} ${e.actor}`);
    expect(before(after)).toEqual(before(base));
    expect(after.storageLog).toEqual(["stored 'from client 1' with token 33", "stored 'from client 2' with token 34"]);
  });
});

describe('withFencing', () => {
  it('adds a chip only when the wanted setting differs from the base, and replaces an older one', () => {
    const off = withFencing(seed, [], 'off');
    expect(off).toEqual([{ kind: 'fencing', fencing: 'off' }]);
    expect(withFencing(seed, off, 'token')).toEqual([]);
    const withCrash: Intervention[] = [{ kind: 'crash', client: 'client-1', atMs: 5 }, ...off];
    expect(withFencing(seed, withCrash, 'token')).toEqual([{ kind: 'crash', client: 'client-1', atMs: 5 }]);
  });
});

describe('faultTimeAt', () => {
  const trace = simulate(seed);
  it('goes 1 ms after an event the learner already sees at the playhead', () => {
    expect(faultTimeAt(trace, 100)).toBe(101);
    expect(faultTimeAt(trace, 200.4)).toBe(201);
  });
  it('is the whole ms of the playhead between events', () => {
    expect(faultTimeAt(trace, 500)).toBe(500);
    expect(faultTimeAt(trace, 5123.9)).toBe(5123);
  });
});

describe('clampPauseMs', () => {
  it('keeps pauses whole and within bounds', () => {
    expect(clampPauseMs(20_000)).toBe(20_000);
    expect(clampPauseMs(1234.6)).toBe(1235);
    expect(clampPauseMs(0)).toBe(MIN_PAUSE_MS);
    expect(clampPauseMs(1e9)).toBe(MAX_PAUSE_MS);
    expect(clampPauseMs(Number.NaN)).toBe(DEFAULT_PAUSE_MS);
  });
});
