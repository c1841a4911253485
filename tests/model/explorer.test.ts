/**
 * The schedule explorer over real simulations: what fencing guarantees on the seed scenario, what
 * it does not, counterexamples that replay, and the enumeration itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScenario, parseScenarioOrThrow, simulate, toScenarioInput, type Fault, type Scenario } from '../../src/model';
import {
  PROPERTY_IDS,
  ScheduleSpaceError,
  checkProperties,
  checkScheduleSpace,
  countSchedules,
  defaultScheduleSpace,
  dimensions,
  explore,
  exploreChunks,
  exploreRange,
  mergeResults,
  scheduleAt,
  scheduleScenario,
  violatedProperties,
  type ExplorationResult,
  type ScheduleSpace,
} from '../../src/explorer';

const casesDir = join(import.meta.dirname, '..', 'cases');
const load = (name: string): Scenario => parseScenarioOrThrow(JSON.parse(readFileSync(join(casesDir, name), 'utf8')));
const seed = load('seed-gc-pause.json');
const firstWriteWindow = load('first-write-window.json');

/** The new holder (client-2) does a fenced read as its first step after acquiring. */
function withFencedRead(s: Scenario): Scenario {
  const input = toScenarioInput(s);
  input.storage = { ...input.storage, fenceReads: true };
  input.clients = input.clients.map((c) =>
    c.id !== 'client-2' ? c : { ...c, program: [{ op: 'acquire' as const }, { op: 'read' as const }, ...c.program.slice(1)] },
  );
  expect(input.clients[1]?.program[0]).toEqual({ op: 'acquire' });
  return parseScenarioOrThrow(input);
}

describe('the seed scenario under the default schedule space', () => {
  const space = defaultScheduleSpace(seed);
  const result = explore(seed, space);

  it('tries at least 1,000 schedules, fencing on and off alike', () => {
    expect(countSchedules(space)).toBeGreaterThanOrEqual(1000);
    expect(result.schedules).toBe(countSchedules(space));
    expect(result.byFencing.on.schedules).toBe(result.schedules / 2);
    expect(result.byFencing.off.schedules).toBe(result.schedules / 2);
    expect(result.truncatedRuns).toBe(0);
  });

  it('never breaks properties 1 and 2 with fencing on, and breaks both with fencing off', () => {
    expect(result.byFencing.on.violations['no-stale-overwrite']).toBe(0);
    expect(result.byFencing.on.violations['token-order']).toBe(0);
    expect(result.byFencing.off.violations['no-stale-overwrite']).toBeGreaterThan(0);
    expect(result.byFencing.off.violations['token-order']).toBeGreaterThan(0);
  });

  it('breaks property 3 (no write after expiry) and property 4 (mutual exclusion) even with fencing on', () => {
    expect(result.byFencing.on.violations['no-write-after-expiry']).toBeGreaterThan(0);
    expect(result.byFencing.on.violations['mutual-exclusion']).toBeGreaterThan(0);
    // Fencing changes nothing about who believes it holds the lock.
    expect(result.byFencing.on.violations['mutual-exclusion']).toBe(result.byFencing.off.violations['mutual-exclusion']);
  });

  it("includes the seed's own schedule, which replays the seed's storage log", () => {
    let found = -1;
    for (let i = 0; i < countSchedules(space); i++) {
      const s = scheduleAt(space, i);
      if (s.fencing === 'on' && s.pause?.client === 'client-1' && s.pause.atMs === 1000 && s.pause.forMs === 20_000 && s.delayExtraMs === 0) found = i;
    }
    expect(found).toBeGreaterThanOrEqual(0);
    const trace = simulate(scheduleScenario(seed, space, scheduleAt(space, found)));
    expect(trace.storageLog).toEqual(seed.expect?.storageLog);
    expect(violatedProperties(checkProperties(trace))).toEqual(['mutual-exclusion']);
  });

  it('keeps counterexamples that replay from their scenario alone to the same violations and witnesses', () => {
    expect(result.counterexamples.length).toBeGreaterThan(0);
    // At least one per (mode, property) that has violations.
    for (const mode of ['on', 'off'] as const) {
      for (const p of PROPERTY_IDS) {
        const has = result.counterexamples.some((c) => c.schedule.fencing === mode && c.violated.includes(p));
        expect(has).toBe(result.byFencing[mode].violations[p] > 0);
      }
    }
    for (const ce of result.counterexamples) {
      const parsed = parseScenario(JSON.parse(JSON.stringify(ce.scenario)));
      expect(parsed.ok, JSON.stringify(parsed.ok ? [] : parsed.issues)).toBe(true);
      if (!parsed.ok) continue;
      const report = checkProperties(simulate(parsed.scenario));
      expect(violatedProperties(report)).toEqual(ce.violated);
      for (const p of ce.violated) {
        const v = report[p];
        expect(v.holds ? undefined : v.witness.text).toBe(ce.witnesses[p]);
      }
      expect(parsed.scenario.storage.fencing).toBe(ce.schedule.fencing === 'on' ? 'token' : 'off');
    }
  });

  it('is deterministic', () => {
    expect(explore(seed, space)).toEqual(result);
  });
});

describe('the first-write window (property 3) and the fenced read', () => {
  // Only the old holder pauses: the new holder runs promptly, as the fenced read assumes.
  const spaceFor = (s: Scenario): ScheduleSpace => ({ ...defaultScheduleSpace(s), pauseClients: ['client-1'], fencing: 'on' });

  it('on the seed, every late write with fencing on got in while the new token was in flight; a fenced read cannot help', () => {
    const space = spaceFor(seed);
    expect(countSchedules(space)).toBeGreaterThanOrEqual(1000);
    const plain = explore(seed, space).byFencing.on;
    expect(plain.violations['no-write-after-expiry']).toBeGreaterThan(0);
    expect(plain.writeAfterExpiryCauses['token-in-flight']).toBe(plain.violations['no-write-after-expiry']);
    expect(plain.writeAfterExpiryCauses['first-write-window']).toBe(0); // the seed's client 2 writes at once
    const fenced = explore(withFencedRead(seed), space).byFencing.on;
    expect(fenced.violations['no-write-after-expiry']).toBe(plain.violations['no-write-after-expiry']);
    expect(fenced.violations['no-stale-overwrite'] + fenced.violations['token-order']).toBe(0);
  });

  it('when the new holder works before writing, the window is wide; a fenced read first closes it for the same grid', () => {
    const space = spaceFor(firstWriteWindow);
    expect(countSchedules(space)).toBeGreaterThanOrEqual(1000);
    const plain = explore(firstWriteWindow, space).byFencing.on;
    expect(plain.writeAfterExpiryCauses['first-write-window']).toBeGreaterThan(0);
    const fenced = explore(withFencedRead(firstWriteWindow), space).byFencing.on;
    expect(fenced.writeAfterExpiryCauses['first-write-window']).toBe(0);
    // What is left is the unavoidable gap: the storage decided before the new token could reach it.
    expect(fenced.violations['no-write-after-expiry']).toBe(fenced.writeAfterExpiryCauses['token-in-flight']);
    expect(fenced.violations['no-write-after-expiry']).toBeLessThan(plain.violations['no-write-after-expiry'] / 10);
  });
});

describe('random tokens (Redlock-style values)', () => {
  it('break property 1 even with fencing on, while the storage still keeps property 2', () => {
    const random = parseScenarioOrThrow({ ...toScenarioInput(seed), lease: { ttlMs: 10_000, tokens: 'random', seed: 2 } });
    const r = explore(random, { ...defaultScheduleSpace(random), fencing: 'on' });
    expect(r.byFencing.on.violations['no-stale-overwrite']).toBeGreaterThan(0);
    expect(r.byFencing.on.violations['token-order']).toBe(0);
    expect(r.byFencing.on.writeAfterExpiryCauses['token-not-higher']).toBeGreaterThan(0);
  });
});

describe('fencing beyond the grid (property-based)', () => {
  const pauseOrDelay = (ids: string[]): fc.Arbitrary<Fault> =>
    fc.oneof(
      fc.record({
        kind: fc.constant('pause' as const),
        client: fc.constantFrom(...ids),
        atMs: fc.integer({ min: 0, max: 30_000 }),
        forMs: fc.integer({ min: 1, max: 25_000 }),
      }),
      fc.record({
        kind: fc.constant('delay' as const),
        from: fc.constantFrom(...ids),
        to: fc.constant('storage'),
        nth: fc.integer({ min: 1, max: 2 }),
        extraMs: fc.integer({ min: 1, max: 25_000 }),
      }),
      fc.record({
        kind: fc.constant('delay' as const),
        from: fc.constant('lease-service'),
        to: fc.constantFrom(...ids),
        nth: fc.integer({ min: 1, max: 3 }),
        extraMs: fc.integer({ min: 1, max: 25_000 }),
      }),
    );

  it('properties 1 and 2 hold with fencing on and monotonic tokens for any mix of pauses and delays', () => {
    fc.assert(
      fc.property(fc.constantFrom(seed, firstWriteWindow), fc.array(pauseOrDelay(['client-1', 'client-2']), { maxLength: 4 }), (base, faults) => {
        const report = checkProperties(simulate({ ...base, faults }));
        expect(report['no-stale-overwrite'].holds).toBe(true);
        expect(report['token-order'].holds).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('enumeration', () => {
  const spaceArb: fc.Arbitrary<ScheduleSpace> = fc.record({
    pauseClients: fc.subarray(['client-1', 'client-2']),
    pauseStartsMs: fc.uniqueArray(fc.integer({ min: 0, max: 25_000 }), { minLength: 1, maxLength: 4 }),
    pauseDurationsMs: fc.uniqueArray(fc.integer({ min: 1, max: 25_000 }), { minLength: 1, maxLength: 4 }),
    delay: fc.option(
      fc.record({
        from: fc.constant('client-1'),
        to: fc.constant('storage'),
        nth: fc.integer({ min: 1, max: 2 }),
        extraMs: fc.uniqueArray(fc.integer({ min: 0, max: 12_000 }), { minLength: 1, maxLength: 3 }),
      }),
      { nil: undefined },
    ),
    fencing: fc.constantFrom('on' as const, 'off' as const, 'both' as const),
    baseFaults: fc.constantFrom('keep' as const, 'drop' as const, 'drop-pauses' as const),
  });

  it('yields exactly the product of the dimensions, every schedule distinct', () => {
    fc.assert(
      fc.property(spaceArb, (space) => {
        const d = dimensions(space);
        const product =
          (space.fencing === 'both' ? 2 : 1) *
          (space.pauseClients.length === 0 ? 1 : space.pauseClients.length * space.pauseStartsMs.length * space.pauseDurationsMs.length) *
          (space.delay ? space.delay.extraMs.length : 1);
        expect(countSchedules(space)).toBe(product);
        expect(d.fencing * d.client * d.start * d.duration * d.delay).toBe(product);
        const keys = new Set<string>();
        for (let i = 0; i < product; i++) {
          const sc = scheduleScenario(seed, space, scheduleAt(space, i));
          keys.add(JSON.stringify([sc.storage.fencing, sc.faults]));
        }
        expect(keys.size).toBe(product);
        expect(() => scheduleAt(space, product)).toThrow(RangeError);
        const r = explore(seed, space);
        expect(r.schedules).toBe(product);
        expect(r.byFencing.on.schedules + r.byFencing.off.schedules).toBe(product);
      }),
      { numRuns: 60 },
    );
  });

  it('gives the same result whole or in any chunks, merged', () => {
    const space: ScheduleSpace = { ...defaultScheduleSpace(seed), pauseStartsMs: [1, 201, 1000, 1401, 5025, 10_201], pauseDurationsMs: [5000, 9000, 10_000, 20_000] };
    const whole = explore(seed, space, { counterexamplesPerProperty: 2 });
    const total = countSchedules(space);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: total - 1 }), { maxLength: 6 }), (cuts) => {
        const bounds = [0, ...cuts.sort((a, b) => a - b), total];
        let acc: ExplorationResult | undefined;
        for (let i = 0; i + 1 < bounds.length; i++) {
          const part = exploreRange(seed, space, bounds[i]!, bounds[i + 1]!, { counterexamplesPerProperty: 2 });
          acc = acc ? mergeResults(acc, part, { counterexamplesPerProperty: 2 }) : part;
        }
        expect(acc).toEqual(whole);
      }),
      { numRuns: 25 },
    );
    const chunks = [...exploreChunks(seed, space, 37, { counterexamplesPerProperty: 2 })];
    expect(chunks.map((c) => c.done)).toEqual(Array.from({ length: Math.ceil(total / 37) }, (_, i) => Math.min(total, (i + 1) * 37)));
    expect(chunks.at(-1)?.result).toEqual(whole);
  });

  it('keeps, per fencing mode and property, the first N violators as counterexamples', () => {
    const space = defaultScheduleSpace(seed);
    const r = explore(seed, space, { counterexamplesPerProperty: 1 });
    const expected = new Set<number>();
    for (const mode of ['on', 'off'] as const) {
      for (const p of PROPERTY_IDS) {
        for (let i = 0; i < countSchedules(space); i++) {
          const s = scheduleAt(space, i);
          if (s.fencing !== mode) continue;
          if (!checkProperties(simulate(scheduleScenario(seed, space, s)))[p].holds) {
            expected.add(i);
            break;
          }
        }
      }
    }
    expect(r.counterexamples.map((c) => c.index)).toEqual([...expected].sort((a, b) => a - b));
  });

  it('rejects a space that does not fit the scenario, naming each field', () => {
    const bad = {
      ...defaultScheduleSpace(seed),
      pauseClients: ['client-1', 'client-9'],
      pauseDurationsMs: [0],
      delay: { from: 'storage', to: 'lease-service', nth: 1, extraMs: [100] },
    };
    const r = checkScheduleSpace(seed, bad);
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : r.issues.map((i) => i.path)).toEqual(['pauseDurationsMs[0]']);
    const r2 = checkScheduleSpace(seed, { ...bad, pauseDurationsMs: [10] });
    expect(r2.ok ? [] : r2.issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      'pauseClients[1]: unknown client "client-9"; expected one of client-1, client-2',
      'delay: the lease service and the storage never message each other; expected a client at one end',
    ]);
    expect(() => explore(seed, { ...bad, pauseDurationsMs: [10] })).toThrow(ScheduleSpaceError);
    expect(() => exploreRange(seed, defaultScheduleSpace(seed), 5, 2)).toThrow(RangeError);
    expect(checkScheduleSpace(seed, { ...defaultScheduleSpace(seed), pauseStartsMs: Array.from({ length: 1000 }, (_, i) => i), pauseDurationsMs: Array.from({ length: 1000 }, (_, i) => i + 1) }).ok).toBe(false);
  });
});
