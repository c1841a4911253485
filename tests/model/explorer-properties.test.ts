/**
 * The four explorer properties on hand-built tiny traces: each verdict, witness and cause, with
 * the exact sentences a learner will read.
 */
import { describe, expect, it } from 'vitest';
import { parseScenarioOrThrow, type BeliefInterval, type LeaseInterval, type Message, type StorageDecision, type Trace } from '../../src/model';
import {
  checkMutualExclusion,
  checkNoStaleOverwrite,
  checkNoWriteAfterExpiry,
  checkProperties,
  checkTokenOrder,
  isPromised,
  leaseEndedBy,
} from '../../src/explorer';

const scenario = parseScenarioOrThrow({
  format: 'fencing-lab.scenario/v1',
  title: 'tiny',
  lease: { ttlMs: 10_000, firstToken: 33 },
  network: { latencyMs: 100 },
  clients: [
    { id: 'client-1', program: [] },
    { id: 'client-2', program: [] },
  ],
});

const lease = (holder: string, token: number, startMs: number, endMs: number, endReason: LeaseInterval['endReason'] = 'expired'): LeaseInterval => ({
  holder,
  token,
  startMs,
  endMs,
  endReason,
  renewedAtMs: [],
});

/** A storage decision; its write message (same index) is sent `sentBeforeMs` earlier. */
const decision = (atMs: number, client: string, token: number | undefined, value: string, accepted: boolean, highestBefore = 0): Omit<StorageDecision, 'messageId'> => ({
  atMs,
  client,
  token,
  value,
  accepted,
  highestBefore,
  text: accepted ? `stored '${value}' with token ${token}` : `rejected '${value}' (token ${token} < ${highestBefore})`,
});

const belief = (client: string, token: number, startMs: number, endMs: number): BeliefInterval => ({
  client,
  token,
  startMs,
  endMs,
  endReason: 'program-ended',
  deadlines: [{ atMs: startMs, deadlineMs: startMs + 10_000 }],
});

/** Builds a trace: each decision gets a `write` message sent 100 ms before it; grants are added for each lease. */
function trace(parts: { leases?: LeaseInterval[]; beliefs?: BeliefInterval[]; storage?: Omit<StorageDecision, 'messageId'>[]; grantDelayMs?: number }): Trace {
  const messages: Message[] = [];
  const msg = (m: Omit<Message, 'id' | 'delayedMs' | 'heldMs' | 'dropped'>): number => {
    messages.push({ id: messages.length, delayedMs: 0, heldMs: 0, dropped: false, ...m });
    return messages.length - 1;
  };
  for (const l of parts.leases ?? []) {
    msg({ kind: 'grant', from: 'lease-service', to: l.holder, token: l.token, sentAtMs: l.startMs, arriveAtMs: l.startMs + 100 + (parts.grantDelayMs ?? 0) });
  }
  const storage = (parts.storage ?? []).map((d) => ({
    ...d,
    messageId: msg({ kind: 'write', from: d.client, to: 'storage', ...(d.token !== undefined ? { token: d.token } : {}), value: d.value, sentAtMs: d.atMs - 100, arriveAtMs: d.atMs }),
  }));
  return {
    scenario,
    endMs: 60_000,
    truncated: false,
    events: [],
    messages,
    leases: parts.leases ?? [],
    beliefs: parts.beliefs ?? [],
    pauses: [],
    crashes: [],
    partitions: [],
    storage,
    storageLog: storage.map((d) => d.text),
  };
}

// The seed's story: client 1 holds token 33 until 10100 ms, client 2 gets 34.
const seedLeases = [lease('client-1', 33, 100, 10_100), lease('client-2', 34, 10_100, 20_100)];

describe('property 1: no stale overwrite', () => {
  it('flags one accepted stale overwrite, with both writes and a sentence', () => {
    const t = trace({
      leases: seedLeases,
      storage: [
        decision(300, 'client-1', 33, 'from client 1', true),
        decision(10_300, 'client-2', 34, 'from client 2', true, 33),
        decision(21_500, 'client-1', 33, 'late write from client 1', true, 34),
      ],
    });
    const v = checkNoStaleOverwrite(t);
    expect(v.holds).toBe(false);
    if (v.holds) return;
    expect(v.count).toBe(1);
    expect(v.witness.stale.index).toBe(2);
    expect(v.witness.overwritten.index).toBe(1);
    expect(v.witness.stale.lease).toBe(seedLeases[0]);
    expect(v.witness.text).toBe(
      'At 21500 ms the storage accepted "late write from client 1" from client-1 with token 33, whose lease had expired at 10100 ms, ' +
        'after accepting "from client 2" from the later holder client-2 with token 34 at 10300 ms: a stale overwrite.',
    );
  });

  it('holds when the storage rejects the stale write (the seed with fencing)', () => {
    const t = trace({
      leases: seedLeases,
      storage: [
        decision(300, 'client-1', 33, 'from client 1', true),
        decision(10_300, 'client-2', 34, 'from client 2', true, 33),
        decision(21_500, 'client-1', 33, 'late write from client 1', false, 34),
      ],
    });
    expect(checkNoStaleOverwrite(t).holds).toBe(true);
  });

  it('holds when the late write lands before the later holder wrote (that is property 3, not 1)', () => {
    const t = trace({
      leases: seedLeases,
      storage: [decision(10_150, 'client-1', 33, 'late', true, 33), decision(10_300, 'client-2', 34, 'from client 2', true, 33)],
    });
    expect(checkNoStaleOverwrite(t).holds).toBe(true);
    expect(checkNoWriteAfterExpiry(t).holds).toBe(false);
  });

  it('holds when the writer’s lease was still live (two holders never overlap at the lease service)', () => {
    // Client 2's write is accepted, then client 2 writes again while still holding: not stale.
    const t = trace({
      leases: seedLeases,
      storage: [decision(10_300, 'client-2', 34, 'a', true, 0), decision(10_500, 'client-2', 34, 'b', true, 34)],
    });
    expect(checkNoStaleOverwrite(t).holds).toBe(true);
  });

  it('ignores writes without a token and judges a lease still live at the end of the run as not ended', () => {
    const t = trace({
      leases: [lease('client-1', 33, 100, 60_000, 'run-ended'), lease('client-2', 34, 100, 200, 'released')],
      storage: [decision(300, 'client-2', undefined, 'no token', true), decision(500, 'client-1', 33, 'x', true)],
    });
    expect(checkProperties(t)['no-stale-overwrite'].holds).toBe(true);
    expect(leaseEndedBy(lease('c', 1, 0, 60_000, 'run-ended'), 60_000)).toBe(false);
    expect(leaseEndedBy(lease('c', 1, 0, 500, 'released'), 500)).toBe(true);
  });
});

describe('property 2: token order', () => {
  it('flags the first accepted token lower than an earlier accepted one', () => {
    const t = trace({
      leases: seedLeases,
      storage: [
        decision(300, 'client-1', 33, 'from client 1', true),
        decision(10_300, 'client-2', 34, 'from client 2', true, 33),
        decision(10_400, 'client-2', 34, 'again', true, 34),
        decision(21_500, 'client-1', 33, 'late write from client 1', true, 34),
      ],
    });
    const v = checkTokenOrder(t);
    expect(v.holds).toBe(false);
    if (v.holds) return;
    expect(v.count).toBe(1);
    expect(v.witness.lower.index).toBe(3);
    expect(v.witness.higher.index).toBe(1);
    expect(v.witness.text).toBe(
      'At 21500 ms the storage accepted "late write from client 1" with token 33 from client-1, lower than token 34 it had accepted from client-2 at 10300 ms: the tokens went down.',
    );
  });

  it('holds for equal tokens (one holder writing many times) and ignores rejected writes', () => {
    const t = trace({
      leases: seedLeases,
      storage: [
        decision(300, 'client-1', 33, 'a', true),
        decision(400, 'client-1', 33, 'b', true, 33),
        decision(10_300, 'client-2', 34, 'c', true, 33),
        decision(21_500, 'client-1', 33, 'd', false, 34),
      ],
    });
    expect(checkTokenOrder(t).holds).toBe(true);
  });
});

describe('property 3: no write after expiry', () => {
  it('flags a write accepted while the new token was still in flight (before the grant could reach the storage)', () => {
    const t = trace({ leases: seedLeases, storage: [decision(10_250, 'client-1', 33, 'late', true, 33)] });
    const v = checkNoWriteAfterExpiry(t);
    expect(v.holds).toBe(false);
    if (v.holds) return;
    expect(v.witness.cause).toBe('token-in-flight');
    expect(v.witness.lateByMs).toBe(150);
    expect(v.witness.nextLease).toBe(seedLeases[1]);
    expect(v.witness.text).toBe(
      'At 10250 ms the storage accepted "late" from client-1 with token 33, 150 ms after its lease had expired at 10100 ms: ' +
        "client-2's token 34 (granted at 10100 ms) was still in flight.",
    );
  });

  it('uses the grant’s real arrival: a delayed grant widens the in-flight gap', () => {
    const t = trace({ leases: seedLeases, grantDelayMs: 1000, storage: [decision(11_250, 'client-1', 33, 'late', true, 33)] });
    const v = checkNoWriteAfterExpiry(t);
    expect(!v.holds && v.witness.cause).toBe('token-in-flight');
  });

  it('flags a write in the first-write window (the new holder had its token but had not used it)', () => {
    const t = trace({ leases: seedLeases, storage: [decision(15_000, 'client-1', 33, 'late', true, 33), decision(17_000, 'client-2', 34, 'new', true, 33)] });
    const v = checkNoWriteAfterExpiry(t);
    expect(v.holds).toBe(false);
    if (v.holds) return;
    expect(v.count).toBe(1);
    expect(v.witness.cause).toBe('first-write-window');
    expect(v.witness.causes).toEqual(['first-write-window']);
    expect(v.witness.text).toContain('client-2 had held token 34 since 10100 ms but the storage had not seen it yet');
  });

  it('names the other causes: no new holder, an unfenced storage, a token that is not higher', () => {
    const alone = trace({ leases: [lease('client-1', 33, 100, 10_100)], storage: [decision(12_000, 'client-1', 33, 'late', true, 33)] });
    const a = checkNoWriteAfterExpiry(alone);
    expect(!a.holds && a.witness.cause).toBe('no-new-holder');
    expect(!a.holds && a.witness.nextLease).toBeUndefined();

    const unfenced = trace({ leases: seedLeases, storage: [decision(10_300, 'client-2', 34, 'new', true, 33), decision(15_000, 'client-1', 33, 'late', true, 34)] });
    const u = checkNoWriteAfterExpiry(unfenced);
    expect(!u.holds && u.witness.cause).toBe('unfenced');

    const random = trace({ leases: [lease('client-1', 734, 100, 10_100), lease('client-2', 325, 10_100, 20_100)], storage: [decision(15_000, 'client-1', 734, 'late', true, 0)] });
    const r = checkNoWriteAfterExpiry(random);
    expect(!r.holds && r.witness.cause).toBe('token-not-higher');
  });

  it('holds for writes inside the lease, at the very tick of expiry counts as after', () => {
    expect(checkNoWriteAfterExpiry(trace({ leases: seedLeases, storage: [decision(10_099, 'client-1', 33, 'x', true)] })).holds).toBe(true);
    expect(checkNoWriteAfterExpiry(trace({ leases: seedLeases, storage: [decision(10_100, 'client-1', 33, 'x', true)] })).holds).toBe(false);
    expect(checkNoWriteAfterExpiry(trace({ leases: seedLeases, storage: [decision(15_000, 'client-1', 33, 'x', false, 34)] })).holds).toBe(true);
  });
});

describe('property 4: mutual exclusion in real time', () => {
  it('flags two clients believing at once, with the overlap', () => {
    const t = trace({ beliefs: [belief('client-1', 33, 200, 21_600), belief('client-2', 34, 10_200, 10_400)] });
    const v = checkMutualExclusion(t);
    expect(v.holds).toBe(false);
    if (v.holds) return;
    expect(v.count).toBe(1);
    expect([v.witness.fromMs, v.witness.toMs]).toEqual([10_200, 10_400]);
    expect(v.witness.text).toBe('From 10200 ms to 10400 ms both client-1 (token 33) and client-2 (token 34) believed they held the lock (200 ms of overlap).');
  });

  it('holds for back-to-back beliefs (half-open intervals) and for one client’s successive beliefs', () => {
    expect(checkMutualExclusion(trace({ beliefs: [belief('client-1', 33, 200, 10_200), belief('client-2', 34, 10_200, 10_400)] })).holds).toBe(true);
    expect(checkMutualExclusion(trace({ beliefs: [belief('client-1', 33, 200, 10_200), belief('client-1', 35, 10_100, 10_400)] })).holds).toBe(true);
  });
});

describe('what fencing promises', () => {
  it('promises 1 only with fencing and monotonic tokens, 2 with fencing, 3 and 4 never', () => {
    const on = { fencing: 'token', tokens: 'monotonic' } as const;
    expect(isPromised('no-stale-overwrite', on)).toBe(true);
    expect(isPromised('no-stale-overwrite', { ...on, tokens: 'random' })).toBe(false);
    expect(isPromised('token-order', { ...on, tokens: 'random' })).toBe(true);
    expect(isPromised('token-order', { ...on, fencing: 'off' })).toBe(false);
    expect(isPromised('no-write-after-expiry', on)).toBe(false);
    expect(isPromised('mutual-exclusion', on)).toBe(false);
  });
});
