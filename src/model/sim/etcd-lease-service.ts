/**
 * The etcd flavour of the lease service (`leaseService.flavour: "etcd"`): etcd 3.4's lessor and
 * the lock recipe of its Go client (`clientv3/concurrency`), as a recorder run on a real etcd
 * 3.4.23 sees them (`src/etcd`, README "Recorded on etcd").
 *
 * - Each client has one lease (its session's), granted when its first acquire arrives and kept
 *   alive by its keepalives, while it waits as well as while it holds the lock. Getting the lock
 *   does not renew it. TTLs are whole seconds, at least 2 s (`effectiveTtlMs`).
 * - `acquire` puts the key `lock/<lease>` with the lease: the put is the next revision of the
 *   cluster's one counter, and that create revision is the client's fencing token, fixed now, when
 *   it queues. The owner is the key with the lowest create revision. Every write bumps the
 *   counter: lock keys, their deletion (release, or the revoke of an expired lease), and the
 *   storage's writes (the storage lives in the same etcd), so tokens have gaps (33 → 35).
 * - A waiter watches the deletion of the key just before its own. When it fires, the watch event
 *   reaches the waiter (one latency), which reads the prefix again (a round trip): with no lower
 *   key left it holds the lock and its `Lock()` returns, three latencies after the deletion.
 *   etcd 3.4.23 does not check that the waiter's own key still exists (later versions return
 *   `ErrSessionExpired`), so a waiter whose lease expired while it waited is told it has the lock.
 * - `keepalive`: one that arrives before the lease's deadline renews it to arrival + TTL and is
 *   answered with the TTL; one for a lease that is gone is answered with TTL 0 (`keepalive-lost`).
 *   One that arrives after the deadline but before the revoke waits for the revoke, then gets 0.
 * - Expiry: the lessor checks for expired leases every 500 ms (`runLoop`), so a lease is revoked
 *   at the first check after its deadline (checks at `expiryCheckPhaseMs` + k × 500 ms), deleting
 *   its key (one revision). `expireLease` revokes the lock owner's lease at once.
 * - `release` (`Mutex.Unlock`) deletes the key; the session's lease stays until it expires.
 *
 * Sources: etcd v3.4.23 `clientv3/concurrency/mutex.go` (`Lock`, `Unlock`), `key.go`
 * (`waitDeletes`), `session.go`; `lease/lessor.go` (`Grant` raises TTL to `minLeaseTTL`, `Renew`
 * returns the TTL and waits for a pending revoke, `runLoop` every 500 ms); `etcdserver/server.go`
 * (`minTTL` = 3/2 election timeout, rounded up to seconds = 2 s by default); `etcdserver/api/v3rpc/
 * lease.go` (TTL 0 for a lease not found); `mvcc/kvstore_txn.go` (a write txn with changes is one
 * revision); etcd docs, "Data model" (revisions) and "Interacting with etcd" (`etcdctl lock`).
 *
 * @module
 */
import { ETCD_EXPIRY_CHECK_MS, LEASE_SERVICE, effectiveTtlMs } from '../scenario';
import type { EventKind, LeaseEndReason, LeaseInterval, Message } from '../trace';
import { withToken, type SimContext } from './context';
import type { LeaseService } from './lease-service-types';
import { PRIO_EXPIRY, PRIO_TIMER } from './queue';

/** A client's session lease at the lessor. */
interface SessionLease {
  /** Lease number (for the expiry job). */
  id: number;
  /** Deadline (ms): the last grant or renew + TTL. */
  expiresAtMs: number;
  /** Keepalives that arrived after the deadline and wait for the revoke (their answer is TTL 0). */
  parked: Message[];
}

/** A key under the lock prefix. */
interface LockKey {
  client: string;
  /** Create revision: the fencing token. */
  rev: number;
}

/** The etcd 3.4 lessor and lock recipe, as one lease service actor. */
export class EtcdLeaseService implements LeaseService {
  private readonly ttlMs: number;
  private readonly latencyMs: number;
  private readonly phaseMs: number;
  private readonly sessions = new Map<string, SessionLease>();
  private nextLeaseId = 1;
  /** Keys under the prefix, in create-revision order; the first is the owner. */
  private keys: LockKey[] = [];
  /** The owner's interval in the trace while it holds the lock. */
  private live: { interval: LeaseInterval; key: LockKey } | undefined;
  /** Waiters: client → the create revision of the key it watches (the one just before its own). */
  private readonly watching = new Map<string, { myRev: number; watchRev: number }>();
  private readonly revision: { value: number };

  constructor(private readonly ctx: SimContext) {
    this.ttlMs = effectiveTtlMs(ctx.scenario);
    this.latencyMs = ctx.scenario.network.latencyMs;
    this.phaseMs = ctx.scenario.leaseService.expiryCheckPhaseMs;
    this.revision = ctx.revision ?? { value: ctx.scenario.lease.firstToken - 1 };
  }

  private get now(): number {
    return this.ctx.queue.now;
  }

  receive(m: Message): void {
    if (m.kind === 'acquire') this.onAcquire(m);
    else if (m.kind === 'keepalive') this.onKeepalive(m);
    else if (m.kind === 'release') this.onRelease(m);
  }

  /** The expiry check after lease `id`'s deadline `expiresAtMs` ran. */
  expiryDue(id: number, expiresAtMs: number): void {
    for (const [client, s] of this.sessions) {
      if (s.id === id && s.expiresAtMs === expiresAtMs) this.revokeSession(client, 'expired');
    }
  }

  revoke(): void {
    if (this.live) this.revokeSession(this.live.key.client, 'revoked');
  }

  finish(endMs: number): void {
    if (this.live) {
      this.live.interval.endMs = endMs;
      this.live.interval.endReason = 'run-ended';
    }
  }

  /** A waiter's read of the prefix, after the watch on the key before its own fired. */
  timerDue(client: string, myRev: number): void {
    const w = this.watching.get(client);
    if (!w || w.myRev !== myRev) return;
    const lower = this.keys.filter((k) => k.rev < myRev);
    if (lower.length > 0) {
      this.watching.set(client, { myRev, watchRev: lower[lower.length - 1]!.rev });
      return;
    }
    this.watching.delete(client);
    // `Lock()` returns: the read finds no lower key (etcd 3.4.23 does not look for its own).
    const g = this.ctx.network.send('grant', LEASE_SERVICE, client, { token: myRev });
    this.ctx.recorder.emit('lease-granted', LEASE_SERVICE, { peer: client, token: myRev, messageId: g.id });
  }

  // ----- Handlers.

  private onAcquire(m: Message): void {
    const client = m.from;
    if (!this.sessions.has(client)) this.grantSession(client);
    const own = this.keys.find((k) => k.client === client);
    if (own) {
      // `Lock()` again on a key it already has: the same key and revision (mutex.go's Else branch).
      if (this.keys[0] === own) this.sendGrant(client, own.rev);
      return;
    }
    this.revision.value += 1;
    const key: LockKey = { client, rev: this.revision.value };
    this.keys.push(key);
    if (this.keys[0] === key) {
      this.startInterval(key);
      this.sendGrant(client, key.rev);
    } else {
      const before = this.keys[this.keys.length - 2]!;
      this.watching.set(client, { myRev: key.rev, watchRev: before.rev });
      this.ctx.recorder.emit('acquire-queued', LEASE_SERVICE, { peer: client, token: key.rev, messageId: m.id });
    }
  }

  private onKeepalive(m: Message): void {
    const { network, recorder } = this.ctx;
    const client = m.from;
    const s = this.sessions.get(client);
    const key = this.keys.find((k) => k.client === client);
    const token = key?.rev ?? m.token;
    if (s && this.now < s.expiresAtMs) {
      s.expiresAtMs = this.now + this.ttlMs;
      this.scheduleCheck(s);
      if (this.live && this.live.key.client === client) this.live.interval.renewedAtMs.push(this.now);
      const r = network.send('keepalive-ok', LEASE_SERVICE, client, { ...withToken(token), ok: true });
      recorder.emit('lease-renewed', LEASE_SERVICE, { peer: client, ...withToken(token), messageId: r.id });
    } else if (s) {
      // Past its deadline, not yet revoked: `Renew` waits for the revoke, then answers TTL 0.
      s.parked.push(m);
    } else {
      this.answerLost(m);
    }
  }

  private onRelease(m: Message): void {
    const client = m.from;
    const key = this.keys.find((k) => k.client === client);
    if (key && (m.token === undefined || m.token === key.rev)) {
      this.deleteKey(key, 'released');
    } else {
      this.ctx.recorder.emit('release-ignored', LEASE_SERVICE, { peer: client, ...withToken(m.token), messageId: m.id });
    }
  }

  // ----- Leases, keys and handover.

  private grantSession(client: string): SessionLease {
    const s: SessionLease = { id: this.nextLeaseId++, expiresAtMs: this.now + this.ttlMs, parked: [] };
    this.sessions.set(client, s);
    this.scheduleCheck(s);
    return s;
  }

  /** Schedules the lessor's first 500 ms check at or after the lease's deadline (`findExpiredLeases`). */
  private scheduleCheck(s: SessionLease): void {
    const k = Math.ceil((s.expiresAtMs - this.phaseMs) / ETCD_EXPIRY_CHECK_MS);
    const at = Math.max(this.now, this.phaseMs + k * ETCD_EXPIRY_CHECK_MS);
    this.ctx.queue.push(at, PRIO_EXPIRY, { type: 'lease-expiry', token: s.id, expiresAtMs: s.expiresAtMs });
  }

  private revokeSession(client: string, reason: 'expired' | 'revoked'): void {
    const s = this.sessions.get(client);
    if (!s) return;
    this.sessions.delete(client);
    const key = this.keys.find((k) => k.client === client);
    if (key) this.deleteKey(key, reason);
    for (const m of s.parked) this.answerLost(m);
  }

  private answerLost(m: Message): void {
    const r = this.ctx.network.send('keepalive-lost', LEASE_SERVICE, m.from, { ...withToken(m.token), ok: false });
    this.ctx.recorder.emit('keepalive-rejected', LEASE_SERVICE, { peer: m.from, ...withToken(m.token), messageId: r.id });
  }

  /** Deletes a lock key (one revision); if it was the owner's, the next key owns the lock. */
  private deleteKey(key: LockKey, reason: LeaseEndReason): void {
    this.revision.value += 1;
    const wasOwner = this.keys[0] === key;
    this.keys = this.keys.filter((k) => k !== key);
    if (wasOwner && this.live) this.endInterval(reason);
    else if (reason !== 'released') {
      const kind: EventKind = reason === 'expired' ? 'lease-expired' : 'lease-revoked';
      this.ctx.recorder.emit(kind, LEASE_SERVICE, { peer: key.client, token: key.rev });
    }
    // The owner is now the lowest key; its holder learns it through its watch.
    const owner = this.keys[0];
    if (owner && (!this.live || this.live.key !== owner)) this.startInterval(owner);
    // Every waiter watching the deleted key reads the prefix again: the watch event takes one
    // latency to reach it and its read one more to arrive here.
    for (const [client, w] of this.watching) {
      if (w.watchRev === key.rev) {
        this.ctx.queue.push(this.now + 2 * this.latencyMs, PRIO_TIMER, { type: 'service-timer', client, rev: w.myRev });
      }
    }
  }

  private startInterval(key: LockKey): void {
    const interval: LeaseInterval = { holder: key.client, token: key.rev, startMs: this.now, endMs: this.now, endReason: 'run-ended', renewedAtMs: [] };
    this.ctx.recorder.leases.push(interval);
    this.live = { interval, key };
  }

  private endInterval(reason: LeaseEndReason): void {
    const live = this.live!;
    live.interval.endMs = this.now;
    live.interval.endReason = reason;
    const kind: EventKind = reason === 'expired' ? 'lease-expired' : reason === 'released' ? 'lease-released' : 'lease-revoked';
    this.ctx.recorder.emit(kind, LEASE_SERVICE, { peer: live.key.client, token: live.key.rev });
    this.live = undefined;
  }

  private sendGrant(client: string, token: number): void {
    const g = this.ctx.network.send('grant', LEASE_SERVICE, client, { token });
    this.ctx.recorder.emit('lease-granted', LEASE_SERVICE, { peer: client, token, messageId: g.id });
  }
}
