/**
 * fast-check generators of valid scenarios, shared by the property tests.
 */
import fc from 'fast-check';
import { MIN_RENEW_EVERY_MS, parseScenarioOrThrow, type Fault, type ScenarioInput, type Scenario } from '../../src/model';

const opArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ op: 'acquire' as const }) },
  {
    weight: 4,
    arbitrary: fc.record(
      {
        op: fc.constant('write' as const),
        value: fc.constantFrom('a', 'b', 'c', "it's"),
        prepareMs: fc.integer({ min: 0, max: 2000 }),
        // Issue 12: pipelined writes (the client does not wait for the reply).
        wait: fc.boolean(),
      },
      { requiredKeys: ['op', 'value'] },
    ),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'read' as const }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('work' as const), ms: fc.integer({ min: 0, max: 15_000 }) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'release' as const }) },
);

/** A program that usually starts by acquiring the lock. */
const programArb = fc
  .tuple(fc.boolean(), fc.array(opArb, { maxLength: 8 }))
  .map(([acquireFirst, rest]) => (acquireFirst ? [{ op: 'acquire' as const }, ...rest] : rest));

/** Generates the faults for clients `ids`, all at times below `horizon` ms. */
export function faultArb(ids: string[], horizon = 40_000): fc.Arbitrary<Fault> {
  const client = fc.constantFrom(...ids);
  const at = fc.integer({ min: 0, max: horizon });
  return fc.oneof(
    fc.record({ kind: fc.constant('pause' as const), client, atMs: at, forMs: fc.integer({ min: 1, max: 25_000 }) }),
    fc.record({ kind: fc.constant('crash' as const), client, atMs: at }),
    fc.record({ kind: fc.constant('expireLease' as const), atMs: at }),
    fc.record({
      kind: fc.constant('partition' as const),
      client,
      with: fc.constantFrom('lease-service' as const, 'storage' as const, 'all' as const),
      atMs: at,
      forMs: fc.integer({ min: 1, max: 20_000 }),
    }),
    fc
      .record({
        toStorage: fc.boolean(),
        client,
        outbound: fc.boolean(),
        nth: fc.integer({ min: 1, max: 4 }),
        extraMs: fc.integer({ min: 1, max: 20_000 }),
      })
      .map(({ toStorage, client: c, outbound, nth, extraMs }) => {
        const other = toStorage ? 'storage' : 'lease-service';
        return { kind: 'delay' as const, from: outbound ? c : other, to: outbound ? other : c, nth, extraMs };
      }),
    // Issue 12: the storage forgets its token and data (a restart).
    fc.record({ kind: fc.constant('resetStorage' as const), atMs: at }),
  );
}

/** Generates a valid scenario input: 1–4 clients, random programs, faults and settings. */
export const scenarioInputArb: fc.Arbitrary<ScenarioInput> = fc
  .record({
    ttlMs: fc.integer({ min: 500, max: 12_000 }),
    firstToken: fc.integer({ min: 0, max: 100 }),
    latencyMs: fc.integer({ min: 0, max: 400 }),
    fencing: fc.constantFrom('token' as const, 'off' as const, 'equality' as const),
    fenceReads: fc.boolean(),
    sequence: fc.boolean(),
    release: fc.constantFrom('fenced' as const, 'by-key' as const),
    clients: fc.array(
      fc.record({
        startAtMs: fc.integer({ min: 0, max: 8000 }),
        // 0 (no keepalives) or at least MIN_RENEW_EVERY_MS (100 ms), as the validator asks (issue 18).
        renewEveryMs: fc.oneof(fc.constant(0), fc.integer({ min: MIN_RENEW_EVERY_MS, max: 5000 })),
        checkLeaseBeforeWrite: fc.boolean(),
        clockRate: fc.constantFrom(0.5, 1, 1, 1, 2),
        leaseTimer: fc.constantFrom('from-reply' as const, 'from-request' as const),
        program: programArb,
      }),
      { minLength: 1, maxLength: 4 },
    ),
  })
  .chain((base) => {
    const ids = base.clients.map((_, i) => `client-${i + 1}`);
    return fc.array(faultArb(ids), { maxLength: 5 }).map(
      (faults): ScenarioInput => ({
        format: 'fencing-lab.scenario/v1',
        title: 'generated',
        lease: { ttlMs: base.ttlMs, firstToken: base.firstToken, release: base.release },
        network: { latencyMs: base.latencyMs },
        storage: { fencing: base.fencing, fenceReads: base.fenceReads, sequence: base.sequence },
        clients: base.clients.map((c, i) => ({ id: ids[i]!, name: `Client ${i + 1}`, ...c })),
        faults,
      }),
    );
  });

/** Generates a validated scenario. */
export const scenarioArb: fc.Arbitrary<Scenario> = scenarioInputArb.map((s) => parseScenarioOrThrow(s));

/**
 * Generates a validated scenario for the etcd lease service (`leaseService.flavour: "etcd"`):
 * the same generator with whole-second TTLs (1 s to 12 s; etcd raises 1 s to its 2 s minimum) and
 * a random phase of the lessor's 500 ms expiry check.
 */
export const etcdScenarioArb: fc.Arbitrary<Scenario> = fc
  .tuple(scenarioInputArb, fc.integer({ min: 0, max: 499 }))
  .map(([s, phase]) =>
    parseScenarioOrThrow({
      ...s,
      lease: { ...s.lease, ttlMs: Math.max(1000, Math.round(s.lease.ttlMs / 1000) * 1000) },
      leaseService: { flavour: 'etcd', expiryCheckPhaseMs: phase },
    }),
  );
