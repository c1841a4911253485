/**
 * The lease service (the lock service: etcd, ZooKeeper, Chubby...), as one pluggable actor.
 *
 * - `acquire`: a free lock is granted at once; otherwise requests queue first come, first served.
 *   Each grant carries the next fencing token: `firstToken`, then +1 per grant (monotonic, like an
 *   etcd revision or a ZooKeeper zxid), or a seeded random number (`tokens: "random"`, like
 *   Redlock's random values). Asking again for a lock it holds extends the same lease (re-entrant).
 * - `keepalive`: one that arrives while the sender's lease is live extends it to arrival + `ttlMs`;
 *   a lease with no keepalive for `ttlMs` expires and the next queued client is granted.
 * - `release`: with `lease.release: "fenced"` (the default) frees the lock at once if holder and
 *   token match the live lease, otherwise it is ignored. With `"by-key"` it frees whatever lock is
 *   there, whoever holds it: as a plain Redis `DEL` of a fixed-name lock key does (the Redis docs
 *   warn it can remove a lock another client acquired after ours expired). Not etcd's
 *   `Mutex.Unlock`: its key's name contains the session's lease ID (`pfx + hex(lease)`, mutex.go),
 *   so a late Unlock from another client deletes only its own key; the etcd flavour ignores it.
 *   etcd issue 22082 is narrower: a retried Unlock of the same session after it locked again.
 *
 * Other flavours plug in through `LEASE_SERVICE_FLAVOURS`: each is a factory returning a
 * `LeaseService` (the interface is in `lease-service-types.ts`, so that a flavour's module need not
 * import this one); subclassing `BasicLeaseService` and overriding one handler is the usual way.
 *
 * Sources: etcd docs, "Lease" (TTL, keepalive); Burrows, "The Chubby lock service" (2006) §2.4
 * (sequencers); Kleppmann, "How to do distributed locking" (2016) (fencing tokens).
 *
 * @module
 */
import { LEASE_SERVICE } from '../scenario';
import type { EventKind, LeaseEndReason, LeaseInterval, Message } from '../trace';
import { withToken, type SimContext } from './context';
import { PRIO_EXPIRY } from './queue';
import { EtcdLeaseService } from './etcd-lease-service';
import type { LeaseService } from './lease-service-types';

export type { LeaseService } from './lease-service-types';

/** Builds a lease service for one run. */
export type LeaseServiceFactory = (ctx: SimContext) => LeaseService;

/** Mulberry32: a small seeded generator, so random tokens are reproducible. Returns [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A lease as the service holds it while live. */
export interface LiveLease {
  interval: LeaseInterval;
  /** When it expires unless renewed (ms). */
  expiresAtMs: number;
}

/** The lease service of the seed and of every scenario today. Subclass it to make a flavour. */
export class BasicLeaseService implements LeaseService {
  protected live: LiveLease | undefined;
  protected readonly waiting: string[] = [];
  protected grants = 0;
  protected readonly random: () => number;
  protected readonly ttlMs: number;

  constructor(protected readonly ctx: SimContext) {
    this.random = mulberry32(ctx.scenario.lease.seed);
    this.ttlMs = ctx.scenario.lease.ttlMs;
  }

  protected get now(): number {
    return this.ctx.queue.now;
  }

  /** The token of the next grant. */
  protected nextToken(): number {
    const lease = this.ctx.scenario.lease;
    this.grants += 1;
    if (lease.tokens === 'random') return 1 + Math.floor(this.random() * 999);
    return lease.firstToken + this.grants - 1;
  }

  receive(m: Message): void {
    if (m.kind === 'acquire') this.onAcquire(m);
    else if (m.kind === 'keepalive') this.onKeepalive(m);
    else if (m.kind === 'release') this.onRelease(m);
  }

  expiryDue(token: number, expiresAtMs: number): void {
    if (this.live && this.live.interval.token === token && this.live.expiresAtMs === expiresAtMs) {
      this.endLease('expired');
      this.grantNext();
    }
  }

  revoke(): void {
    if (this.live) {
      this.endLease('revoked');
      this.grantNext();
    }
  }

  finish(endMs: number): void {
    if (this.live) {
      this.live.interval.endMs = endMs;
      this.live.interval.endReason = 'run-ended';
    }
  }

  protected onAcquire(m: Message): void {
    const { live, now, ttlMs } = this;
    const from = m.from;
    if (live && live.interval.holder === from) {
      // Asking again for a lock it holds: the same lease, extended (re-entrant acquire).
      live.expiresAtMs = now + ttlMs;
      this.scheduleExpiry(live);
      const g = this.ctx.network.send('grant', LEASE_SERVICE, from, { token: live.interval.token });
      this.ctx.recorder.replyTo.set(g.id, m.id);
      this.ctx.recorder.emit('lease-granted', LEASE_SERVICE, { peer: from, token: live.interval.token, messageId: g.id });
    } else if (!live) {
      this.grant(from);
    } else {
      this.waiting.push(from);
      this.ctx.recorder.emit('acquire-queued', LEASE_SERVICE, { peer: from, messageId: m.id });
    }
  }

  protected onKeepalive(m: Message): void {
    const { live, now, ttlMs } = this;
    const { network, recorder } = this.ctx;
    const from = m.from;
    if (live && live.interval.holder === from && live.interval.token === m.token && now < live.expiresAtMs) {
      live.expiresAtMs = now + ttlMs;
      live.interval.renewedAtMs.push(now);
      this.scheduleExpiry(live);
      const r = network.send('keepalive-ok', LEASE_SERVICE, from, { token: m.token, ok: true });
      recorder.replyTo.set(r.id, m.id);
      recorder.emit('lease-renewed', LEASE_SERVICE, { peer: from, token: m.token, messageId: r.id });
    } else {
      const r = network.send('keepalive-lost', LEASE_SERVICE, from, { token: m.token, ok: false });
      recorder.emit('keepalive-rejected', LEASE_SERVICE, { peer: from, token: m.token, messageId: r.id });
    }
  }

  protected onRelease(m: Message): void {
    const live = this.live;
    const byKey = this.ctx.scenario.lease.release === 'by-key';
    if (live && (byKey || (live.interval.holder === m.from && live.interval.token === m.token))) {
      this.endLease('released');
      this.grantNext();
    } else {
      // A fenced release for a lease that already ended (expired or revoked) changes nothing:
      // this check (holder and token) is what makes a late release harmless.
      this.ctx.recorder.emit('release-ignored', LEASE_SERVICE, { peer: m.from, ...withToken(m.token), messageId: m.id });
    }
  }

  protected scheduleExpiry(live: LiveLease): void {
    this.ctx.queue.push(live.expiresAtMs, PRIO_EXPIRY, { type: 'lease-expiry', token: live.interval.token, expiresAtMs: live.expiresAtMs });
  }

  protected endLease(reason: LeaseEndReason): void {
    const live = this.live;
    if (!live) return;
    live.interval.endMs = this.now;
    live.interval.endReason = reason;
    const kind: EventKind = reason === 'expired' ? 'lease-expired' : reason === 'released' ? 'lease-released' : 'lease-revoked';
    this.ctx.recorder.emit(kind, LEASE_SERVICE, { peer: live.interval.holder, token: live.interval.token });
    this.live = undefined;
  }

  protected grant(client: string): void {
    const { now, ttlMs } = this;
    const token = this.nextToken();
    const interval: LeaseInterval = { holder: client, token, startMs: now, endMs: now, endReason: 'run-ended', renewedAtMs: [] };
    this.ctx.recorder.leases.push(interval);
    this.live = { interval, expiresAtMs: now + ttlMs };
    this.scheduleExpiry(this.live);
    const m = this.ctx.network.send('grant', LEASE_SERVICE, client, { token });
    this.ctx.recorder.emit('lease-granted', LEASE_SERVICE, { peer: client, token, messageId: m.id });
  }

  protected grantNext(): void {
    const next = this.waiting.shift();
    if (next !== undefined) this.grant(next);
  }
}

/** The lease service flavours by name; `default` is `BasicLeaseService`. */
export const LEASE_SERVICE_FLAVOURS: Record<string, LeaseServiceFactory> = {
  default: (ctx) => new BasicLeaseService(ctx),
  ideal: (ctx) => new BasicLeaseService(ctx),
  etcd: (ctx) => new EtcdLeaseService(ctx),
};

/**
 * Builds the lease service of the given flavour.
 * @throws Error naming the flavour if no such flavour is registered (a validated scenario never has one).
 */
export function createLeaseService(ctx: SimContext, flavour = 'default'): LeaseService {
  const factory = LEASE_SERVICE_FLAVOURS[flavour];
  if (!factory) throw new Error(`unknown lease service flavour ${JSON.stringify(flavour)}`);
  return factory(ctx);
}
