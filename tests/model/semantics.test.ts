/**
 * The semantics of tests/cases/SEMANTICS.md, checked on the details of traces (not only the
 * storage log): lease intervals, beliefs, keepalives, pauses, partitions and revocation.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenarioOrThrow, simulate, type Trace } from '../../src/model';

function load(name: string): ReturnType<typeof parseScenarioOrThrow> {
  return parseScenarioOrThrow(JSON.parse(readFileSync(join(import.meta.dirname, '..', 'cases', `${name}.json`), 'utf8')));
}

const at = (trace: Trace, kind: string, actor?: string) =>
  trace.events.filter((e) => e.kind === kind && (actor === undefined || e.actor === actor)).map((e) => e.atMs);

describe('the seed trace, in detail', () => {
  const trace = simulate(load('seed-gc-pause'));

  it('grants token 33 at 100 ms; it expires 10 s later with no keepalive; token 34 follows at once', () => {
    expect(trace.leases.map(({ holder, token, startMs, endMs, endReason }) => ({ holder, token, startMs, endMs, endReason }))).toEqual([
      { holder: 'client-1', token: 33, startMs: 100, endMs: 10_100, endReason: 'expired' },
      { holder: 'client-2', token: 34, startMs: 10_100, endMs: 20_100, endReason: 'expired' },
    ]);
  });

  it('client 1 is frozen from 1.0 s to 21.0 s and keeps believing it holds 33 until its program ends', () => {
    expect(trace.pauses).toEqual([{ client: 'client-1', startMs: 1000, endMs: 21_000 }]);
    const b1 = trace.beliefs.find((b) => b.client === 'client-1')!;
    expect(b1).toMatchObject({ token: 33, startMs: 200, endReason: 'program-ended' });
    expect(b1.endMs).toBe(21_600);
  });

  it('on waking, client 1 sends the keepalive that fell due while it was frozen, and it is refused', () => {
    expect(at(trace, 'keepalive-sent', 'client-1')).toEqual([21_000]);
    expect(at(trace, 'keepalive-rejected')).toEqual([21_100]);
    expect(at(trace, 'keepalive-lost-received', 'client-1')).toEqual([21_200]);
  });

  it('the late write leaves at 21.4 s (the rest of its work) and is rejected at 21.5 s', () => {
    expect(at(trace, 'write-sent', 'client-1')).toEqual([200, 21_400]);
    expect(trace.storage.map((d) => [d.atMs, d.accepted, d.highestBefore])).toEqual([
      [300, true, 0],
      [10_300, true, 33],
      [21_500, false, 34],
    ]);
  });
});

describe('semantics beyond the shared cases', () => {
  const base = {
    format: 'fencing-lab.scenario/v1',
    title: 't',
    lease: { ttlMs: 10_000, firstToken: 33 },
    network: { latencyMs: 100 },
    clients: [
      { id: 'client-1', renewEveryMs: 3000, program: [{ op: 'acquire' }, { op: 'work', ms: 20_000 }, { op: 'write', value: 'x' }] },
      { id: 'client-2', startAtMs: 2000, renewEveryMs: 3000, program: [{ op: 'acquire' }, { op: 'write', value: 'y' }] },
    ],
  };

  it('keepalives keep a healthy lease alive (each renewal extends it to arrival + ttl)', () => {
    const trace = simulate(parseScenarioOrThrow(base));
    const first = trace.leases[0]!;
    expect(first.renewedAtMs.slice(0, 3)).toEqual([3300, 6300, 9300]);
    expect(first.endReason).toBe('expired');
    expect(first.endMs).toBe(first.renewedAtMs[first.renewedAtMs.length - 1]! + 10_000);
  });

  it('a partition from the lease service holds keepalives until it heals; the lease expires meanwhile', () => {
    const trace = simulate(
      parseScenarioOrThrow({ ...base, faults: [{ kind: 'partition', client: 'client-1', with: 'lease-service', atMs: 1000, forMs: 15_000 }] }),
    );
    expect(trace.leases[0]).toMatchObject({ token: 33, endMs: 10_100, endReason: 'expired' });
    const held = trace.messages.filter((m) => m.kind === 'keepalive');
    expect(held.length).toBeGreaterThan(0);
    for (const m of held) expect(m.arriveAtMs).toBe(16_000);
    expect(trace.storageLog).toEqual(["stored 'y' with token 34", "rejected 'x' (token 33 < 34)"]);
  });

  it('expireLease revokes the live lease and grants the next queued client', () => {
    const trace = simulate(parseScenarioOrThrow({ ...base, faults: [{ kind: 'expireLease', atMs: 5000 }] }));
    expect(trace.leases.slice(0, 2).map((l) => [l.holder, l.token, l.startMs, l.endReason])).toEqual([
      ['client-1', 33, 100, 'revoked'],
      ['client-2', 34, 5000, 'expired'],
    ]);
  });

  it('a slow clock makes a client trust its lease for ttl / clockRate of true time', () => {
    const slow = parseScenarioOrThrow({
      ...base,
      clients: [{ ...base.clients[0]!, clockRate: 0.5, renewEveryMs: 0, checkLeaseBeforeWrite: true, program: [{ op: 'acquire' }, { op: 'work', ms: 15_000 }, { op: 'write', value: 'x' }] }],
    });
    const trace = simulate(slow);
    expect(trace.beliefs[0]!.deadlines[0]).toEqual({ atMs: 200, deadlineMs: 20_200 });
    expect(at(trace, 'lease-check-passed', 'client-1')).toEqual([15_200]);
    expect(trace.leases[0]).toMatchObject({ endMs: 10_100, endReason: 'expired' });
  });

  it('the same check with a true clock skips the write', () => {
    const exact = parseScenarioOrThrow({
      ...base,
      clients: [{ ...base.clients[0]!, renewEveryMs: 0, checkLeaseBeforeWrite: true, program: [{ op: 'acquire' }, { op: 'work', ms: 15_000 }, { op: 'write', value: 'x' }] }],
    });
    const trace = simulate(exact);
    expect(at(trace, 'lease-check-failed', 'client-1')).toEqual([15_200]);
    expect(trace.storageLog).toEqual([]);
  });

  it('random tokens come from the seed: same seed, same tokens; another seed, others', () => {
    const rnd = (seed: number) =>
      simulate(parseScenarioOrThrow({ ...base, lease: { ttlMs: 10_000, tokens: 'random', seed } })).leases.map((l) => l.token);
    expect(rnd(7)).toEqual(rnd(7));
    expect(rnd(7)).not.toEqual(rnd(8));
    for (const t of rnd(7)) expect(t).toBeGreaterThanOrEqual(1);
  });

  it('a fenced read by the new holder raises the storage\'s highest token', () => {
    const s = parseScenarioOrThrow({
      ...base,
      storage: { fencing: 'token', fenceReads: true },
      clients: [
        { id: 'client-1', renewEveryMs: 3000, program: [{ op: 'acquire' }, { op: 'work', ms: 1000 }, { op: 'write', value: 'late' }] },
        { id: 'client-2', startAtMs: 2000, renewEveryMs: 3000, program: [{ op: 'acquire' }, { op: 'read' }, { op: 'work', ms: 15_000 }, { op: 'write', value: 'y' }] },
      ],
      faults: [{ kind: 'pause', client: 'client-1', atMs: 500, forMs: 20_000 }],
    });
    expect(simulate(s).storageLog).toEqual(["rejected 'late' (token 33 < 34)", "stored 'y' with token 34"]);
    const open = simulate({ ...s, storage: { fencing: 'token', fenceReads: false } });
    expect(open.storageLog).toEqual(["stored 'late' with token 33", "stored 'y' with token 34"]);
  });
});
