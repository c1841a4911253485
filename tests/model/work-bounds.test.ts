/**
 * Work bounds (issue 18, finding 1): a valid 219-character share link (one client renewing its
 * lease every 1 ms for 10 minutes) made 1.8 million events and froze the tab. Now the validator asks
 * for a keepalive period of 0 or at least MIN_RENEW_EVERY_MS, the simulator stops past its event
 * budget with a message naming the cause, and every valid scenario stays within a bound given by
 * its structure (`workBound`), itself under the budget. Time is measured here as event count (the
 * bound on queue jobs), never with a clock.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_CLIENTS,
  MAX_DURATION_MS,
  MAX_FAULTS,
  MAX_PROGRAM_STEPS,
  MAX_SIMULATION_EVENTS,
  MIN_RENEW_EVERY_MS,
  SimulationLimitError,
  normalizeScenario,
  parseScenario,
  parseScenarioOrThrow,
  simulate,
  workBound,
  type Fault,
  type Op,
  type Scenario,
  type ScenarioInput,
} from '../../src/model';
import { BUILT_IN_SCENARIOS } from '../../src/scenarios';
import '../../src/scenarios/all';
import { loadBuiltIn } from '../../src/store/initial-state';
import { largeScenario } from '../bench/model-bench';

/** The scenario of the hostile share link from the issue. */
const hostile: ScenarioInput = {
  format: 'fencing-lab.scenario/v1',
  title: 'x',
  lease: { ttlMs: 600_000 },
  network: { latencyMs: 0 },
  clients: [{ id: 'client-1', renewEveryMs: 1, program: [{ op: 'acquire' }, { op: 'work', ms: 600_000 }] }],
};

/** Does `simulate` finish within `maxEvents` events? */
function within(s: Scenario, maxEvents: number): boolean {
  try {
    simulate(s, { maxEvents });
    return true;
  } catch (e) {
    if (e instanceof SimulationLimitError) return false;
    throw e;
  }
}

const ids = Array.from({ length: MAX_CLIENTS }, (_, i) => `client-${i + 1}`);

describe('the hostile link', { timeout: 120_000 }, () => {
  it('is refused by the validator, naming the field and the minimum', () => {
    const r = parseScenario(hostile);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toEqual([
      { path: 'clients[0].renewEveryMs', message: expect.stringMatching(/expected 0 \(no keepalives\) or at least 100 \(ms\).*got number 1$/) },
    ]);
    for (const renewEveryMs of [0, MIN_RENEW_EVERY_MS, 3000]) {
      expect(parseScenario({ ...hostile, clients: [{ ...hostile.clients[0]!, renewEveryMs }] }).ok).toBe(true);
    }
    expect(parseScenario({ ...hostile, clients: [{ ...hostile.clients[0]!, renewEveryMs: MIN_RENEW_EVERY_MS - 1 }] }).ok).toBe(false);
  });

  it('built without the validator, stops at the event budget with an error naming the client and its keepalive period', () => {
    const s = normalizeScenario(hostile);
    let error: unknown;
    try {
      simulate(s);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SimulationLimitError);
    const e = error as SimulationLimitError;
    expect(e.name).toBe('SimulationLimitError');
    expect(e.limit).toBe(MAX_SIMULATION_EVENTS);
    expect(e.message).toMatch(/^This scenario makes more than 50,000 events by \d+\.\d s, too many to simulate and show: client-1 sends a keepalive every 1 ms \(renewEveryMs\)\. Set its renewEveryMs to 0 \(no keepalives\) or 100 or more, or shorten the run\.$/);
    expect(e.atMs).toBeLessThan(MAX_DURATION_MS);
    expect(e.busiest?.actor).toMatch(/client-1|lease-service/);
  });

  it('a small budget names the most common event when it is not a keepalive', () => {
    const s = parseScenarioOrThrow({
      ...hostile,
      clients: [{ id: 'client-1', renewEveryMs: 0, program: Array.from({ length: 50 }, () => ({ op: 'read' as const })) }],
    });
    expect(() => simulate(s, { maxEvents: 20 })).toThrow(/more than 20 events by .*: most of them are "(read-sent|read-served|read-reply-received)" events of (client-1|storage)/);
  });

  it('a default keepalive period is never below the minimum (a 3 ms TTL would have renewed every 1 ms)', () => {
    const s = parseScenarioOrThrow({ ...hostile, lease: { ttlMs: 3 }, clients: [{ id: 'client-1', program: [{ op: 'acquire' }, { op: 'work', ms: 600_000 }] }] });
    expect(s.clients[0]!.renewEveryMs).toBe(MIN_RENEW_EVERY_MS);
    expect(parseScenarioOrThrow({ ...hostile, lease: { ttlMs: 30_000 }, clients: [{ id: 'c', program: [] }] }).clients[0]!.renewEveryMs).toBe(10_000);
    expect(within(s, workBound(s))).toBe(true);
  });
});

describe('the bound of a valid scenario', { timeout: 120_000 }, () => {
  it('of the largest valid scenario is over the event budget, which then stops the run', () => {
    const program: Op[] = Array.from({ length: MAX_PROGRAM_STEPS }, () => ({ op: 'acquire' }));
    const faults: Fault[] = Array.from({ length: MAX_FAULTS }, () => ({ kind: 'expireLease', atMs: 0 }));
    const largest = parseScenarioOrThrow({
      ...hostile,
      clients: ids.map((id) => ({ id, renewEveryMs: MIN_RENEW_EVERY_MS, program })),
      faults,
    });
    expect(workBound(largest)).toBe(202_448);
    expect(workBound(largest)).toBeGreaterThan(MAX_SIMULATION_EVENTS);
  });

  it('holds for the worst case we could build (8 clients each renewing every 100 ms for 10 minutes, cut off from the lease service), which the budget stops, naming a client', () => {
    // Each client is granted in turn, then partitioned from the lease service until the end: its
    // keepalives (every 100 ms) are all held and arrive at the end, with their rejections.
    const s = parseScenarioOrThrow({
      ...hostile,
      lease: { ttlMs: 200 },
      clients: ids.map((id) => ({ id, renewEveryMs: MIN_RENEW_EVERY_MS, program: [{ op: 'acquire' }, { op: 'work', ms: 600_000 }] })),
      faults: ids.map((id, i) => ({ kind: 'partition', client: id, with: 'lease-service', atMs: 1 + i * 300, forMs: 600_000 - 1 - i * 300 })),
    });
    const trace = simulate(s, { maxEvents: workBound(s) });
    // Near the bound: keepalives dominate, as the bound says.
    expect(trace.events.filter((e) => e.kind === 'keepalive-sent').length).toBeGreaterThan(45_000);
    expect(trace.events.length).toBeLessThanOrEqual(workBound(s));
    expect(() => simulate(s)).toThrow(
      /^This scenario makes more than 50,000 events by \d+\.\d s, too many to simulate and show: client-\d sends a keepalive every 100 ms \(renewEveryMs\)\. Renew less often, or shorten the run \(durationMs\)\.$/,
    );
  });

  it('holds for every built-in and for the benchmark scenario', () => {
    for (const meta of BUILT_IN_SCENARIOS) {
      const s = loadBuiltIn(meta.id);
      expect(parseScenario(s).ok, meta.id).toBe(true);
      expect(within(s, workBound(s)), meta.id).toBe(true);
      expect(within(s, MAX_SIMULATION_EVENTS), meta.id).toBe(true);
    }
    const bench = largeScenario();
    expect(within(bench, workBound(bench))).toBe(true);
    // The largest legitimate scenario we know: more than four times the room.
    expect(simulate(bench).events.length * 4).toBeLessThan(MAX_SIMULATION_EVENTS);
  });
});

// Adversarial valid scenarios: up to 8 clients, keepalives as fast as allowed, long work, long
// partitions and pauses, many faults: what makes work, within what the validator accepts.
const client = (id: string) =>
  fc.record({
    id: fc.constant(id),
    startAtMs: fc.integer({ min: 0, max: 20_000 }),
    renewEveryMs: fc.oneof(fc.constant(0), fc.constant(MIN_RENEW_EVERY_MS), fc.integer({ min: MIN_RENEW_EVERY_MS, max: 2_000 })),
    checkLeaseBeforeWrite: fc.boolean(),
    clockRate: fc.constantFrom(0.1, 1, 10),
    program: fc.array(
      fc.oneof(
        fc.constant({ op: 'acquire' as const }),
        fc.record({ op: fc.constant('write' as const), value: fc.constant('v'), prepareMs: fc.integer({ min: 0, max: 5_000 }) }),
        fc.constant({ op: 'read' as const }),
        fc.record({ op: fc.constant('work' as const), ms: fc.oneof(fc.integer({ min: 0, max: 5_000 }), fc.constant(600_000)) }),
        fc.constant({ op: 'release' as const }),
      ),
      { maxLength: 40 },
    ),
  });

const adversarial: fc.Arbitrary<Scenario> = fc
  .integer({ min: 1, max: MAX_CLIENTS })
  .chain((n) => {
    const cs = ids.slice(0, n);
    const at = fc.integer({ min: 0, max: MAX_DURATION_MS });
    const who = fc.constantFrom(...cs);
    const fault: fc.Arbitrary<Fault> = fc.oneof(
      fc.record({ kind: fc.constant('pause' as const), client: who, atMs: at, forMs: fc.integer({ min: 1, max: MAX_DURATION_MS }) }),
      fc.record({ kind: fc.constant('crash' as const), client: who, atMs: at }),
      fc.record({ kind: fc.constant('expireLease' as const), atMs: at }),
      fc.record({
        kind: fc.constant('partition' as const),
        client: who,
        with: fc.constantFrom('lease-service' as const, 'storage' as const, 'all' as const),
        atMs: at,
        forMs: fc.integer({ min: 1, max: MAX_DURATION_MS }),
      }),
      fc.record({ kind: fc.constant('delay' as const), from: who, to: fc.constant('lease-service'), nth: fc.integer({ min: 1, max: 50 }), extraMs: fc.integer({ min: 1, max: MAX_DURATION_MS }) }),
    );
    return fc.record({
      ttlMs: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 2_000 }), fc.constant(MAX_DURATION_MS)),
      latencyMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 500 })),
      durationMs: fc.option(fc.integer({ min: 1, max: MAX_DURATION_MS }), { nil: undefined }),
      clients: fc.tuple(...cs.map(client)),
      faults: fc.array(fault, { maxLength: 60 }),
    });
  })
  .map((r) =>
    parseScenarioOrThrow({
      format: 'fencing-lab.scenario/v1',
      title: 'adversarial',
      lease: { ttlMs: r.ttlMs },
      network: { latencyMs: r.latencyMs },
      ...(r.durationMs !== undefined ? { durationMs: r.durationMs } : {}),
      clients: r.clients,
      faults: r.faults,
    }),
  );

describe('every scenario the validator accepts', { timeout: 300_000 }, () => {
  it('a client with an empty program: its start and its program\'s end, 2 events, within the bound (a random run found the bound 1)', () => {
    const s = parseScenarioOrThrow({ format: 'fencing-lab.scenario/v1', title: 'empty', durationMs: 374_017, lease: { ttlMs: 600_000 }, network: { latencyMs: 0 }, clients: [{ id: 'client-1', clockRate: 0.1, startAtMs: 11_903, program: [] }] });
    expect(simulate(s).events.map((e) => e.kind)).toEqual(['client-start', 'program-ended']);
    expect(within(s, workBound(s))).toBe(true);
  });

  it('simulates within its structural bound and within the event budget (events and queue jobs): to its end, or stopped by the budget with the error', () => {
    fc.assert(
      fc.property(adversarial, (s) => {
        const bound = workBound(s);
        // `maxEvents` caps both the queue's jobs and the trace's events: neither passes the bound.
        expect(within(s, bound)).toBe(true);
        // With the default budget: the whole run when its bound fits, else the run or the error;
        // either way at most MAX_SIMULATION_EVENTS steps were taken.
        if (bound <= MAX_SIMULATION_EVENTS) expect(simulate(s).events.length).toBeLessThanOrEqual(bound);
        else if (!within(s, MAX_SIMULATION_EVENTS)) expect(() => simulate(s)).toThrow(/^This scenario makes more than 50,000 events by /);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 150) },
    );
  });
});
