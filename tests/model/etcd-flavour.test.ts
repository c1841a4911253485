/**
 * The etcd-flavoured lease service (`leaseService.flavour: "etcd"`, `src/model/sim/etcd-lease-service.ts`):
 * its validation, its defaults, the seed on it, and properties over random scenarios (fast-check).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScenario, simulate, type Scenario, type ScenarioInput } from '../../src/model';
import { ETCD_EXPIRY_CHECK_MS, effectiveTtlMs, normalizeScenario, toScenarioInput } from '../../src/model/scenario';
import seed from '../../src/scenarios/builtin/seed-gc-pause.json';
import { etcdScenarioArb } from './arbitraries';

const RUNS = { numRuns: Number(process.env.FC_RUNS ?? 120) };
const seedInput = seed as unknown as ScenarioInput;
const etcdSeed = (): Scenario => normalizeScenario({ ...seedInput, leaseService: { flavour: 'etcd' } });

describe('leaseService: validation and defaults', () => {
  it('defaults to the ideal lease service and leaves old files unchanged in the file form', () => {
    const r = parseScenario(seedInput);
    expect(r.ok && r.scenario.leaseService).toEqual({ flavour: 'ideal', expiryCheckPhaseMs: 0 });
    expect(r.ok && 'leaseService' in toScenarioInput(r.scenario)).toBe(false);
  });

  it('round-trips the etcd flavour through the file form', () => {
    const s = normalizeScenario({ ...seedInput, leaseService: { flavour: 'etcd', expiryCheckPhaseMs: 120 } });
    const again = parseScenario(toScenarioInput(s));
    expect(again.ok && again.scenario.leaseService).toEqual({ flavour: 'etcd', expiryCheckPhaseMs: 120 });
  });

  it('names the path of a bad flavour, a bad phase and an unknown field', () => {
    const bad = parseScenario({ ...seedInput, leaseService: { flavour: 'zookeeper', expiryCheckPhaseMs: 500, ttl: 1 } });
    expect(bad.ok).toBe(false);
    const text = bad.ok ? [] : bad.issues.map((i) => `${i.path}: ${i.message}`);
    expect(text).toContain('leaseService.flavour: expected one of ideal, etcd, got "zookeeper"');
    expect(text.some((t) => t.startsWith('leaseService.expiryCheckPhaseMs: expected 0 to 499'))).toBe(true);
    expect(text.some((t) => t.startsWith('leaseService.ttl: unknown field'))).toBe(true);
  });

  it('refuses what etcd cannot express: random tokens and TTLs that are not whole seconds', () => {
    const bad = parseScenario({ ...seedInput, lease: { ttlMs: 2500, tokens: 'random' }, leaseService: { flavour: 'etcd' } });
    expect(bad.ok ? [] : bad.issues.map((i) => i.path).sort()).toEqual(['lease.tokens', 'lease.ttlMs']);
    // The same lease is fine for the ideal service.
    expect(parseScenario({ ...seedInput, lease: { ttlMs: 2500, tokens: 'random' } }).ok).toBe(true);
  });

  it('raises a TTL under 2 s to etcd\'s minimum, as etcd\'s lessor does', () => {
    const s = normalizeScenario({ ...seedInput, lease: { ttlMs: 1000 }, leaseService: { flavour: 'etcd' } });
    expect(effectiveTtlMs(s)).toBe(2000);
    expect(effectiveTtlMs({ ...s, leaseService: { flavour: 'ideal', expiryCheckPhaseMs: 0 } })).toBe(1000);
  });
});

describe('the seed on the etcd lease service', () => {
  it('gives the same decisions with revision tokens 33 and 35 (client 1\'s write took revision 34)', () => {
    const t = simulate(etcdSeed());
    expect(t.storageLog).toEqual([
      "stored 'from client 1' with token 33",
      "stored 'from client 2' with token 35",
      "rejected 'late write from client 1' (token 33 < 35)",
    ]);
    // Token fixed when client 2 queues (at 2.1 s), not when it is granted.
    const queued = t.events.find((e) => e.kind === 'acquire-queued');
    expect(queued).toMatchObject({ atMs: 2100, token: 35 });
    // The lease ends at the first 500 ms check after its deadline 10.1 s, and client 2 hears of it
    // through its watch and a read: three latencies later.
    expect(t.leases.map((l) => [l.holder, l.token, l.startMs, l.endMs])).toEqual([
      ['client-1', 33, 100, 10_500],
      ['client-2', 35, 10_500, 18_500],
    ]);
    expect(t.events.find((e) => e.kind === 'grant-received' && e.actor === 'client-2')?.atMs).toBe(10_800);
  });

  it('keeps a waiter\'s lease alive while it queues: client 2 renews from 5 s on, before it holds the lock', () => {
    const t = simulate(etcdSeed());
    const renewed = t.events.filter((e) => e.kind === 'lease-renewed' && e.peer === 'client-2').map((e) => e.atMs);
    expect(renewed.filter((at) => at < 10_500)).toEqual([5100, 8100]);
  });
});

/** When the lease service last heard from `client` before `beforeMs`: an acquire or a renewal. */
function lastNews(t: ReturnType<typeof simulate>, client: string, beforeMs: number, kinds: ('acquire' | 'renew')[]): number | undefined {
  let last: number | undefined;
  const see = (at: number | undefined) => {
    if (at !== undefined && at <= beforeMs) last = Math.max(last ?? at, at);
  };
  if (kinds.includes('acquire')) for (const m of t.messages) if (m.from === client && m.kind === 'acquire') see(m.handledAtMs);
  if (kinds.includes('renew')) for (const e of t.events) if (e.kind === 'lease-renewed' && e.peer === client) see(e.atMs);
  return last;
}

describe('the etcd lease service: properties over random scenarios', { timeout: 120_000 }, () => {
  it('tokens are create revisions: they only grow, start at firstToken and are fixed at queue time', () => {
    fc.assert(
      fc.property(etcdScenarioArb, (s) => {
        const t = simulate(s);
        for (let i = 1; i < t.leases.length; i++) expect(t.leases[i]!.token).toBeGreaterThan(t.leases[i - 1]!.token);
        for (const l of t.leases) expect(l.token).toBeGreaterThanOrEqual(s.lease.firstToken);
        const queuedToken = new Map<string, number>();
        for (const e of t.events) {
          if (e.kind === 'acquire-queued') queuedToken.set(e.peer!, e.token!);
          if (e.kind === 'lease-granted' && queuedToken.has(e.peer!)) {
            expect(e.token).toBe(queuedToken.get(e.peer!));
            queuedToken.delete(e.peer!);
          }
        }
      }),
      RUNS,
    );
  });

  it('the lock has one owner at a time', () => {
    fc.assert(
      fc.property(etcdScenarioArb, (s) => {
        const leases = simulate(s).leases;
        for (let i = 1; i < leases.length; i++) expect(leases[i]!.startMs).toBeGreaterThanOrEqual(leases[i - 1]!.endMs);
      }),
      RUNS,
    );
  });

  it('a lease expires only at a 500 ms check, within 500 ms of TTL after the last news of it', () => {
    fc.assert(
      fc.property(etcdScenarioArb, (s) => {
        const t = simulate(s);
        const ttl = effectiveTtlMs(s);
        for (const e of t.events.filter((x) => x.kind === 'lease-expired')) {
          expect((e.atMs - s.leaseService.expiryCheckPhaseMs) % ETCD_EXPIRY_CHECK_MS).toBe(0);
          // Not renewed within the TTL before it ended...
          const renewed = lastNews(t, e.peer!, e.atMs, ['renew']);
          if (renewed !== undefined) expect(e.atMs).toBeGreaterThanOrEqual(renewed + ttl);
          // ...and ended less than 500 ms after a TTL had passed since it was last granted or renewed.
          const news = lastNews(t, e.peer!, e.atMs, ['acquire', 'renew']);
          expect(news).toBeDefined();
          expect(e.atMs - (news! + ttl)).toBeLessThan(ETCD_EXPIRY_CHECK_MS);
        }
      }),
      RUNS,
    );
  });

  it('a waiter is told it holds the lock three latencies after the key before it is deleted', () => {
    fc.assert(
      fc.property(etcdScenarioArb, (s) => {
        const t = simulate(s);
        const L = s.network.latencyMs;
        const queued = new Set(t.events.filter((e) => e.kind === 'acquire-queued').map((e) => `${e.peer}:${e.token}`));
        // When each key was deleted (its lease expired, was revoked or released), by token.
        const deletedAt = new Map<number, number>();
        for (const e of t.events) {
          if ((e.kind === 'lease-expired' || e.kind === 'lease-revoked' || e.kind === 'lease-released') && e.token !== undefined && !deletedAt.has(e.token)) {
            deletedAt.set(e.token, e.atMs);
          }
        }
        const keys = [...new Set([...t.leases.map((l) => l.token), ...[...queued].map((q) => Number(q.split(':')[1]))])].sort((a, b) => a - b);
        for (const l of t.leases) {
          if (!queued.has(`${l.holder}:${l.token}`)) continue;
          // The waiter watches the key just before its own (etcd's waitDeletes); when that one goes,
          // the watch fires and a read follows. An older key deleted at the very ms that read
          // arrives (an expiry check) is already gone for it, so the reference is the watched key's
          // deletion, which can be earlier than the moment the waiter's key became the oldest.
          const before = keys.filter((k) => k < l.token).at(-1);
          const ref = before !== undefined && deletedAt.has(before) ? Math.min(deletedAt.get(before)!, l.startMs) : l.startMs;
          const grant = t.messages.find((m) => m.kind === 'grant' && m.to === l.holder && m.token === l.token);
          // The owner may lose its key before the watch fires (then no grant for it is sent).
          if (grant) expect(grant.sentAtMs).toBeGreaterThanOrEqual(Math.max(l.startMs, ref + 2 * L));
          if (grant && grant.delayedMs === 0 && grant.heldMs === 0) expect(grant.arriveAtMs).toBeGreaterThanOrEqual(ref + 3 * L);
        }
      }),
      RUNS,
    );
  });

  it('the tie found by fast-check (seed 89965338): an older key expiring as the read arrives does not add a handover', () => {
    const s = normalizeScenario({
      format: 'fencing-lab.scenario/v1',
      title: 'tie',
      lease: { ttlMs: 1000, firstToken: 0 },
      network: { latencyMs: 250 },
      leaseService: { flavour: 'etcd', expiryCheckPhaseMs: 0 },
      clients: [
        { id: 'client-1', startAtMs: 2756, renewEveryMs: 0, program: [{ op: 'acquire' }] },
        { id: 'client-2', startAtMs: 606, renewEveryMs: 100, program: [{ op: 'write', value: 'a', prepareMs: 190 }, { op: 'write', value: 'a', prepareMs: 961 }, { op: 'acquire' }] },
        { id: 'client-3', startAtMs: 2356, renewEveryMs: 100, program: [{ op: 'acquire' }, { op: 'write', value: 'a' }] },
      ],
    } as ScenarioInput);
    const t = simulate(s);
    const expiry = (token: number) => t.events.find((e) => e.kind === 'lease-expired' && e.token === token)!.atMs;
    // Client 2 (token 2) watches client 1's key (token 1), which expires at 5.5 s; its read arrives
    // at 6.0 s, the very check at which client 3's key (token 0) expires: the lock is client 2's then.
    expect(expiry(1)).toBe(5500);
    expect(expiry(0)).toBe(6000);
    const grant = t.messages.find((m) => m.kind === 'grant' && m.to === 'client-2')!;
    expect(grant.sentAtMs).toBe(expiry(1) + 2 * 250);
    expect(grant.arriveAtMs).toBe(expiry(1) + 3 * 250);
  });

  it('with fencing "token", accepted tokens never go down between storage resets; and it is deterministic', () => {
    fc.assert(
      fc.property(etcdScenarioArb, (s) => {
        const fenced: Scenario = { ...s, storage: { ...s.storage, fencing: 'token' } };
        const t = simulate(fenced);
        const accepted = t.storage.filter((d) => d.accepted && d.token !== undefined);
        // A `resetStorage` fault (issue 12) makes the storage forget its highest token: compare within one stretch.
        const stretch = (ms: number) => (t.storageResets ?? []).filter((r) => r <= ms).length;
        for (let i = 1; i < accepted.length; i++) {
          if (stretch(accepted[i]!.atMs) === stretch(accepted[i - 1]!.atMs)) expect(accepted[i]!.token!).toBeGreaterThanOrEqual(accepted[i - 1]!.token!);
        }
        expect(JSON.stringify(simulate(structuredClone(fenced)))).toBe(JSON.stringify(t));
      }),
      RUNS,
    );
  });

  it('the ideal service is untouched: the same scenario with flavour "ideal" gives tokens +1 per grant', () => {
    fc.assert(
      fc.property(etcdScenarioArb, (s) => {
        const ideal: Scenario = { ...s, leaseService: { flavour: 'ideal', expiryCheckPhaseMs: 0 } };
        simulate(ideal).leases.forEach((l, i) => expect(l.token).toBe(s.lease.firstToken + i));
      }),
      RUNS,
    );
  });
});
