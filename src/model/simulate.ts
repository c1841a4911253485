/**
 * The simulation: a deterministic discrete-event run of a scenario, in integer simulated ms.
 *
 * `simulate(scenario)` is pure: no timers, no clock, no randomness but a seeded generator. The same
 * scenario always gives the same trace, and adding a fault at time t leaves every event before t
 * unchanged (both are property-tested).
 *
 * Semantics (the contract in `tests/cases/SEMANTICS.md`, from `shared/cases/README.md`):
 * - Every message takes `network.latencyMs` one way, plus any `delay` fault on it (the nth message
 *   from one actor to another, counted from 1); a message whose arrival falls inside a partition
 *   between its two ends waits until the partition heals, then arrives, late.
 * - `acquire`: the client asks the lease service and blocks until granted. A free lock is granted at
 *   once; otherwise requests queue first come, first served. Each grant carries the next fencing
 *   token: `firstToken`, then +1 per grant (monotonic, like an etcd revision or a ZooKeeper zxid), or
 *   a seeded random number (`tokens: "random"`, like Redlock's random values).
 * - While a client holds a lease and is running, it sends a keepalive every `renewEveryMs`. One that
 *   reaches the lease service while the lease is live extends it to arrival + `ttlMs`; a lease with no
 *   keepalive for `ttlMs` expires and the next queued client is granted. A keepalive that was due
 *   while the client was paused is sent the moment it wakes (as a missed timer fires late).
 * - `write`: the client sends (token, value) to the storage and waits for the reply. With fencing
 *   `token` the storage rejects a token lower than the highest it has accepted (equal is accepted);
 *   with `off` it accepts everything. Decisions are worded as in the seed.
 * - `read`: the client reads, sending its token; with `fenceReads` a read's token also raises the
 *   storage's highest token (and a read with a lower token is refused), which closes the
 *   "first-write window".
 * - `work`: the client spends `ms` of running time; `release` frees the lock at once when it arrives.
 * - `pause`: the client executes nothing for `forMs` (no steps, no keepalives); messages it sent keep
 *   travelling; messages to it wait and are handled when it wakes; it then carries on exactly where it
 *   stopped, still believing it holds its lease.
 * - `crash`: the client stops for good; messages it sent keep travelling, messages to it are dropped.
 * - A client whose program has ended stops sending keepalives (as if its process exited without
 *   releasing), so its lease expires `ttlMs` later.
 * - `checkLeaseBeforeWrite`: at the start of a write the client compares its own clock with the lease
 *   deadline it believes in (when it last heard a grant or keepalive reply, plus `ttlMs` on its own
 *   clock) and skips the write if that has passed; the request then leaves `prepareMs` later, and a
 *   pause inside that gap is exactly the race the seed warns of.
 * - `clockRate` changes only how a client measures its own deadline: with 0.5, 10 s of true time
 *   reads as 5 s, so it believes a 10 s lease for 20 s of true time.
 *
 * Sources: Kleppmann, "How to do distributed locking" (2016); Kleppmann, DDIA ch. 8 "The truth is
 * defined by the majority" (fencing tokens); Burrows, "The Chubby lock service" (2006) §2.4
 * (sequencers); etcd docs, "Lease" and `clientv3/concurrency` (keepalive every TTL/3).
 *
 * @module
 */
import { pyRepr } from './pyrepr';
import { LEASE_SERVICE, MAX_DURATION_MS, STORAGE, type Fault, type Scenario } from './scenario';

export { pyRepr };
import type {
  ActorId,
  BeliefEndReason,
  BeliefInterval,
  EventKind,
  LeaseEndReason,
  LeaseInterval,
  Message,
  MessageKind,
  PartitionInterval,
  PauseInterval,
  StorageDecision,
  Trace,
  TraceEvent,
} from './trace';

// ---------------------------------------------------------------------------------------------
// Event queue: a binary heap ordered by (time, priority, insertion order).

/** Same-time order: faults and wake-ups first, then lease expiry, then deliveries, then client timers. */
const PRIO_FAULT = 0;
const PRIO_EXPIRY = 1;
const PRIO_DELIVER = 2;
const PRIO_TIMER = 3;

type Job =
  | { type: 'pause-start'; client: string; endMs: number }
  | { type: 'pause-end'; client: string }
  | { type: 'crash'; client: string }
  | { type: 'expire-lease' }
  | { type: 'partition-start'; p: PartitionInterval }
  | { type: 'partition-end'; p: PartitionInterval }
  | { type: 'lease-expiry'; token: number; expiresAtMs: number }
  | { type: 'deliver'; messageId: number }
  | { type: 'start'; client: string }
  | { type: 'busy-done'; client: string; gen: number }
  | { type: 'keepalive'; client: string; gen: number };

interface Entry {
  t: number;
  prio: number;
  seq: number;
  job: Job;
}

class Heap {
  private items: Entry[] = [];
  private seq = 0;
  get size(): number {
    return this.items.length;
  }
  push(t: number, prio: number, job: Job): void {
    const e: Entry = { t, prio, seq: this.seq++, job };
    const a = this.items;
    a.push(e);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!less(a[i]!, a[p]!)) break;
      [a[i], a[p]] = [a[p]!, a[i]!];
      i = p;
    }
  }
  peek(): Entry | undefined {
    return this.items[0];
  }
  pop(): Entry | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && less(a[l]!, a[m]!)) m = l;
        if (r < a.length && less(a[r]!, a[m]!)) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m]!, a[i]!];
        i = m;
      }
    }
    return top;
  }
}

function less(a: Entry, b: Entry): boolean {
  if (a.t !== b.t) return a.t < b.t;
  if (a.prio !== b.prio) return a.prio < b.prio;
  return a.seq < b.seq;
}

// ---------------------------------------------------------------------------------------------
// Helpers.

/** Mulberry32: a small seeded generator, so random tokens are reproducible. Returns [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// Actor state.

type Step =
  | { kind: 'idle' }
  | { kind: 'await-grant' }
  | { kind: 'await-write' }
  | { kind: 'await-read' }
  | { kind: 'busy'; purpose: 'work' | 'prepare'; endsAtMs: number | undefined; remainingMs: number };

interface ClientState {
  id: string;
  index: number;
  started: boolean;
  startDue: boolean;
  paused: boolean;
  /** While paused: when the (possibly extended) pause ends, and its interval in `pauses`. */
  pausedUntilMs: number;
  pause: PauseInterval | undefined;
  crashed: boolean;
  done: boolean;
  pc: number;
  step: Step;
  /** The write at `pc` has passed its check and its prepare time. */
  writePrepared: boolean;
  busyGen: number;
  inbox: number[];
  /** Token of the last grant the client acted on. */
  token: number | undefined;
  belief: BeliefInterval | undefined;
  /** Keepalive loop: active while the client holds its lease and has not heard that it is gone. */
  keepaliveOn: boolean;
  keepaliveGen: number;
  nextKeepaliveMs: number;
}

interface LiveLease {
  interval: LeaseInterval;
  expiresAtMs: number;
}

/**
 * Runs a scenario to completion and returns everything that happened.
 *
 * @param scenario A validated scenario (see `parseScenario`); all times in simulated ms.
 * @returns The trace: events in time order, messages, lease intervals as the lease service saw
 *   them, each client's belief, pauses, crashes, partitions and storage decisions.
 * @throws Never for a validated scenario; the run stops at `durationMs` or at 10 minutes.
 */
export function simulate(scenario: Scenario): Trace {
  const { ttlMs } = scenario.lease;
  const latency = scenario.network.latencyMs;
  const capMs = scenario.durationMs ?? MAX_DURATION_MS;
  const clientsById = new Map(scenario.clients.map((c) => [c.id, c]));

  const heap = new Heap();
  const events: TraceEvent[] = [];
  const messages: Message[] = [];
  const leases: LeaseInterval[] = [];
  const beliefs: BeliefInterval[] = [];
  const crashes: { client: string; atMs: number }[] = [];
  const storage: StorageDecision[] = [];
  const pauses: PauseInterval[] = [];
  const partitions: PartitionInterval[] = scenario.faults
    .filter((f): f is Extract<Fault, { kind: 'partition' }> => f.kind === 'partition')
    .map((f) => ({ client: f.client, with: f.with, startMs: f.atMs, endMs: f.atMs + f.forMs }));
  const delays = scenario.faults.filter((f): f is Extract<Fault, { kind: 'delay' }> => f.kind === 'delay');
  const sentCount = new Map<string, number>();

  let now = 0;

  const clients = new Map<string, ClientState>();
  scenario.clients.forEach((c, index) => {
    clients.set(c.id, {
      id: c.id,
      index,
      started: false,
      startDue: false,
      paused: false,
      pausedUntilMs: 0,
      pause: undefined,
      crashed: false,
      done: false,
      pc: 0,
      step: { kind: 'idle' },
      writePrepared: false,
      busyGen: 0,
      inbox: [],
      token: undefined,
      belief: undefined,
      keepaliveOn: false,
      keepaliveGen: 0,
      nextKeepaliveMs: 0,
    });
  });

  // Lease service state.
  let live: LiveLease | undefined;
  const queue: string[] = [];
  let grants = 0;
  const random = mulberry32(scenario.lease.seed);
  const nextToken = (): number => {
    grants += 1;
    if (scenario.lease.tokens === 'random') return 1 + Math.floor(random() * 999);
    return scenario.lease.firstToken + grants - 1;
  };

  // Storage state (as the seed's `Storage`: highest_token starts at 0).
  let highest = 0;

  const emit = (kind: EventKind, actor: ActorId, extra: Partial<TraceEvent> = {}): void => {
    events.push({ id: events.length, atMs: now, kind, actor, ...extra });
  };

  const cutBetween = (p: PartitionInterval, a: ActorId, b: ActorId): boolean => {
    const other = a === p.client ? b : b === p.client ? a : undefined;
    if (other === undefined) return false;
    if (p.with === 'all') return true;
    return other === p.with;
  };

  const send = (kind: MessageKind, from: ActorId, to: ActorId, extra: Partial<Message> = {}): Message => {
    const key = `${from}\u0000${to}`;
    const nth = (sentCount.get(key) ?? 0) + 1;
    sentCount.set(key, nth);
    let delayedMs = 0;
    for (const d of delays) if (d.from === from && d.to === to && d.nth === nth) delayedMs += d.extraMs;
    let arrive = now + latency + delayedMs;
    let heldMs = 0;
    // A message that would arrive while its two ends are cut off waits until the cut heals.
    for (let moved = true; moved; ) {
      moved = false;
      for (const p of partitions) {
        if (cutBetween(p, from, to) && arrive >= p.startMs && arrive < p.endMs) {
          heldMs += p.endMs - arrive;
          arrive = p.endMs;
          moved = true;
        }
      }
    }
    const m: Message = { id: messages.length, kind, from, to, sentAtMs: now, arriveAtMs: arrive, delayedMs, heldMs, dropped: false, ...extra };
    messages.push(m);
    heap.push(arrive, PRIO_DELIVER, { type: 'deliver', messageId: m.id });
    return m;
  };

  // ----- Lease service.

  const endLease = (reason: LeaseEndReason): void => {
    if (!live) return;
    live.interval.endMs = now;
    live.interval.endReason = reason;
    const kind: EventKind = reason === 'expired' ? 'lease-expired' : reason === 'released' ? 'lease-released' : 'lease-revoked';
    emit(kind, LEASE_SERVICE, { peer: live.interval.holder, token: live.interval.token });
    live = undefined;
  };

  const grant = (client: string): void => {
    const token = nextToken();
    const interval: LeaseInterval = { holder: client, token, startMs: now, endMs: now, endReason: 'run-ended', renewedAtMs: [] };
    leases.push(interval);
    live = { interval, expiresAtMs: now + ttlMs };
    heap.push(now + ttlMs, PRIO_EXPIRY, { type: 'lease-expiry', token, expiresAtMs: now + ttlMs });
    const m = send('grant', LEASE_SERVICE, client, { token });
    emit('lease-granted', LEASE_SERVICE, { peer: client, token, messageId: m.id });
  };

  const grantNext = (): void => {
    const next = queue.shift();
    if (next !== undefined) grant(next);
  };

  const leaseServiceReceives = (m: Message): void => {
    const from = m.from;
    switch (m.kind) {
      case 'acquire':
        if (live && live.interval.holder === from) {
          // Asking again for a lock it holds: the same lease, extended (re-entrant acquire).
          live.expiresAtMs = now + ttlMs;
          heap.push(now + ttlMs, PRIO_EXPIRY, { type: 'lease-expiry', token: live.interval.token, expiresAtMs: now + ttlMs });
          const g = send('grant', LEASE_SERVICE, from, { token: live.interval.token });
          emit('lease-granted', LEASE_SERVICE, { peer: from, token: live.interval.token, messageId: g.id });
        } else if (!live) {
          grant(from);
        } else {
          queue.push(from);
          emit('acquire-queued', LEASE_SERVICE, { peer: from, messageId: m.id });
        }
        return;
      case 'keepalive':
        if (live && live.interval.holder === from && live.interval.token === m.token && now < live.expiresAtMs) {
          live.expiresAtMs = now + ttlMs;
          live.interval.renewedAtMs.push(now);
          heap.push(now + ttlMs, PRIO_EXPIRY, { type: 'lease-expiry', token: live.interval.token, expiresAtMs: now + ttlMs });
          const r = send('keepalive-ok', LEASE_SERVICE, from, { token: m.token, ok: true });
          emit('lease-renewed', LEASE_SERVICE, { peer: from, token: m.token, messageId: r.id });
        } else {
          const r = send('keepalive-lost', LEASE_SERVICE, from, { token: m.token, ok: false });
          emit('keepalive-rejected', LEASE_SERVICE, { peer: from, token: m.token, messageId: r.id });
        }
        return;
      case 'release':
        if (live && live.interval.holder === from && live.interval.token === m.token) {
          endLease('released');
          grantNext();
        } else {
          // A release for a lease that already ended (expired or revoked) changes nothing.
          emit('release-ignored', LEASE_SERVICE, { peer: from, ...(m.token !== undefined ? { token: m.token } : {}), messageId: m.id });
        }
        return;
      default:
        return;
    }
  };

  // ----- Storage.

  const storageReceives = (m: Message): void => {
    const fencing = scenario.storage.fencing === 'token';
    if (m.kind === 'write') {
      const value = m.value ?? '';
      const token = m.token;
      const before = highest;
      let accepted: boolean;
      let text: string;
      if (token === undefined) {
        accepted = !fencing;
        text = accepted ? `stored ${pyRepr(value)} without a token` : `rejected ${pyRepr(value)} (no token)`;
      } else if (fencing && token < highest) {
        accepted = false;
        text = `rejected ${pyRepr(value)} (token ${token} < ${highest})`;
      } else {
        accepted = true;
        highest = Math.max(highest, token);
        text = `stored ${pyRepr(value)} with token ${token}`;
      }
      storage.push({ atMs: now, client: m.from, token, value, accepted, highestBefore: before, text, messageId: m.id });
      const r = send('write-reply', STORAGE, m.from, { ok: accepted, ...(token !== undefined ? { token } : {}), value });
      emit(accepted ? 'write-accepted' : 'write-rejected', STORAGE, {
        peer: m.from,
        ...(token !== undefined ? { token } : {}),
        value,
        messageId: r.id,
        highestBefore: before,
      });
    } else if (m.kind === 'read') {
      const token = m.token;
      const before = highest;
      let ok = true;
      if (scenario.storage.fenceReads && token !== undefined) {
        if (fencing && token < highest) ok = false;
        else highest = Math.max(highest, token);
      }
      const r = send('read-reply', STORAGE, m.from, { ok, ...(token !== undefined ? { token } : {}) });
      emit(ok ? 'read-served' : 'read-rejected', STORAGE, {
        peer: m.from,
        ...(token !== undefined ? { token } : {}),
        messageId: r.id,
        highestBefore: before,
      });
    }
  };

  // ----- Clients.

  const endBelief = (c: ClientState, reason: BeliefEndReason): void => {
    if (!c.belief) return;
    c.belief.endMs = now;
    c.belief.endReason = reason;
    c.belief = undefined;
  };

  const stopKeepalive = (c: ClientState): void => {
    c.keepaliveOn = false;
    c.keepaliveGen += 1;
  };

  const scheduleKeepalive = (c: ClientState): void => {
    c.keepaliveGen += 1;
    heap.push(c.nextKeepaliveMs, PRIO_TIMER, { type: 'keepalive', client: c.id, gen: c.keepaliveGen });
  };

  const sendKeepalive = (c: ClientState): void => {
    const m = send('keepalive', c.id, LEASE_SERVICE, { ...(c.token !== undefined ? { token: c.token } : {}) });
    emit('keepalive-sent', c.id, { peer: LEASE_SERVICE, ...(c.token !== undefined ? { token: c.token } : {}), messageId: m.id });
    c.nextKeepaliveMs = now + clientsById.get(c.id)!.renewEveryMs;
    scheduleKeepalive(c);
  };

  const startBusy = (c: ClientState, purpose: 'work' | 'prepare', ms: number): void => {
    c.busyGen += 1;
    c.step = { kind: 'busy', purpose, endsAtMs: now + ms, remainingMs: ms };
    heap.push(now + ms, PRIO_TIMER, { type: 'busy-done', client: c.id, gen: c.busyGen });
  };

  /** Runs the client's program from `pc` until it blocks, pauses, crashes or ends. */
  const advance = (c: ClientState): void => {
    const cfg = clientsById.get(c.id)!;
    while (!c.paused && !c.crashed && !c.done) {
      const op = cfg.program[c.pc];
      if (op === undefined) {
        c.done = true;
        c.step = { kind: 'idle' };
        stopKeepalive(c);
        endBelief(c, 'program-ended');
        emit('program-ended', c.id);
        return;
      }
      switch (op.op) {
        case 'acquire': {
          const m = send('acquire', c.id, LEASE_SERVICE);
          emit('acquire-sent', c.id, { peer: LEASE_SERVICE, messageId: m.id });
          c.step = { kind: 'await-grant' };
          return;
        }
        case 'write': {
          if (!c.writePrepared) {
            if (cfg.checkLeaseBeforeWrite) {
              const last = c.belief?.deadlines[c.belief.deadlines.length - 1];
              const deadlineMs = last?.deadlineMs;
              if (deadlineMs === undefined || now >= deadlineMs) {
                emit('lease-check-failed', c.id, { ...(c.token !== undefined ? { token: c.token } : {}), value: op.value, ...(deadlineMs !== undefined ? { deadlineMs } : {}) });
                endBelief(c, 'check-failed');
                stopKeepalive(c);
                c.pc += 1;
                continue;
              }
              emit('lease-check-passed', c.id, { ...(c.token !== undefined ? { token: c.token } : {}), value: op.value, deadlineMs });
            }
            c.writePrepared = true;
            const prepareMs = op.prepareMs ?? 0;
            if (prepareMs > 0) {
              startBusy(c, 'prepare', prepareMs);
              return;
            }
          }
          const m = send('write', c.id, STORAGE, { value: op.value, ...(c.token !== undefined ? { token: c.token } : {}) });
          emit('write-sent', c.id, { peer: STORAGE, value: op.value, ...(c.token !== undefined ? { token: c.token } : {}), messageId: m.id });
          c.step = { kind: 'await-write' };
          return;
        }
        case 'read': {
          const m = send('read', c.id, STORAGE, { ...(c.token !== undefined ? { token: c.token } : {}) });
          emit('read-sent', c.id, { peer: STORAGE, ...(c.token !== undefined ? { token: c.token } : {}), messageId: m.id });
          c.step = { kind: 'await-read' };
          return;
        }
        case 'work': {
          if (op.ms === 0) {
            c.pc += 1;
            continue;
          }
          emit('work-started', c.id, { durationMs: op.ms });
          startBusy(c, 'work', op.ms);
          return;
        }
        case 'release': {
          const m = send('release', c.id, LEASE_SERVICE, { ...(c.token !== undefined ? { token: c.token } : {}) });
          emit('release-sent', c.id, { peer: LEASE_SERVICE, ...(c.token !== undefined ? { token: c.token } : {}), messageId: m.id });
          stopKeepalive(c);
          endBelief(c, 'released');
          c.pc += 1;
          continue;
        }
      }
    }
  };

  const nextStep = (c: ClientState): void => {
    c.pc += 1;
    c.writePrepared = false;
    c.step = { kind: 'idle' };
    advance(c);
  };

  const clientHandles = (c: ClientState, m: Message): void => {
    m.handledAtMs = now;
    const cfg = clientsById.get(c.id)!;
    switch (m.kind) {
      case 'grant': {
        const token = m.token!;
        endBelief(c, 'released');
        c.token = token;
        const deadlineMs = now + Math.round(ttlMs / cfg.clockRate);
        const belief: BeliefInterval = { client: c.id, token, startMs: now, endMs: now, endReason: 'run-ended', deadlines: [{ atMs: now, deadlineMs }] };
        beliefs.push(belief);
        c.belief = belief;
        emit('grant-received', c.id, { peer: LEASE_SERVICE, token, messageId: m.id, deadlineMs });
        if (cfg.renewEveryMs > 0) {
          c.keepaliveOn = true;
          c.nextKeepaliveMs = now + cfg.renewEveryMs;
          scheduleKeepalive(c);
        } else {
          stopKeepalive(c);
        }
        if (c.step.kind === 'await-grant') nextStep(c);
        return;
      }
      case 'keepalive-ok': {
        const deadlineMs = now + Math.round(ttlMs / cfg.clockRate);
        if (c.belief && c.belief.token === m.token) c.belief.deadlines.push({ atMs: now, deadlineMs });
        emit('keepalive-ok-received', c.id, { peer: LEASE_SERVICE, ...(m.token !== undefined ? { token: m.token } : {}), messageId: m.id, deadlineMs });
        return;
      }
      case 'keepalive-lost': {
        // The keepalive loop learns the lease is gone and stops (etcd's KeepAlive channel closes);
        // the program itself does not look, so it still believes it holds the lock.
        if (c.token === m.token) stopKeepalive(c);
        emit('keepalive-lost-received', c.id, { peer: LEASE_SERVICE, ...(m.token !== undefined ? { token: m.token } : {}), messageId: m.id });
        return;
      }
      case 'write-reply': {
        emit('write-reply-received', c.id, { peer: STORAGE, ...(m.token !== undefined ? { token: m.token } : {}), ...(m.value !== undefined ? { value: m.value } : {}), messageId: m.id });
        if (c.step.kind === 'await-write') nextStep(c);
        return;
      }
      case 'read-reply': {
        emit('read-reply-received', c.id, { peer: STORAGE, ...(m.token !== undefined ? { token: m.token } : {}), messageId: m.id });
        if (c.step.kind === 'await-read') nextStep(c);
        return;
      }
      default:
        return;
    }
  };

  // ----- Schedule what is known up front.

  for (const c of scenario.clients) heap.push(c.startAtMs, PRIO_TIMER, { type: 'start', client: c.id });
  for (const f of scenario.faults) {
    if (f.kind === 'pause') {
      heap.push(f.atMs, PRIO_FAULT, { type: 'pause-start', client: f.client, endMs: f.atMs + f.forMs });
      heap.push(f.atMs + f.forMs, PRIO_FAULT, { type: 'pause-end', client: f.client });
    } else if (f.kind === 'crash') heap.push(f.atMs, PRIO_FAULT, { type: 'crash', client: f.client });
    else if (f.kind === 'expireLease') heap.push(f.atMs, PRIO_FAULT, { type: 'expire-lease' });
  }
  for (const p of partitions) {
    heap.push(p.startMs, PRIO_FAULT, { type: 'partition-start', p });
    heap.push(p.endMs, PRIO_FAULT, { type: 'partition-end', p });
  }

  // ----- Run.

  let truncated = false;
  while (heap.size > 0) {
    const entry = heap.peek()!;
    if (entry.t > capMs) {
      truncated = true;
      break;
    }
    heap.pop();
    now = entry.t;
    const job = entry.job;
    switch (job.type) {
      case 'start': {
        const c = clients.get(job.client)!;
        if (c.crashed) break;
        if (c.paused) {
          c.startDue = true;
          break;
        }
        c.started = true;
        emit('client-start', c.id);
        advance(c);
        break;
      }
      case 'pause-start': {
        const c = clients.get(job.client)!;
        if (c.crashed) break;
        if (c.paused) {
          // A second pause overlapping the first extends the frozen stretch.
          if (job.endMs > c.pausedUntilMs) {
            c.pausedUntilMs = job.endMs;
            c.pause!.endMs = job.endMs;
          }
          break;
        }
        c.paused = true;
        c.pausedUntilMs = job.endMs;
        c.pause = { client: c.id, startMs: now, endMs: job.endMs };
        pauses.push(c.pause);
        emit('pause-started', c.id, { durationMs: job.endMs - now });
        if (c.step.kind === 'busy' && c.step.endsAtMs !== undefined) {
          c.step = { ...c.step, remainingMs: c.step.endsAtMs - now, endsAtMs: undefined };
          c.busyGen += 1;
        }
        if (c.keepaliveOn) c.keepaliveGen += 1; // the timer cannot fire while paused
        break;
      }
      case 'pause-end': {
        const c = clients.get(job.client)!;
        if (c.crashed || !c.paused || now < c.pausedUntilMs) break;
        c.paused = false;
        c.pause = undefined;
        emit('pause-ended', c.id);
        // A keepalive that fell due during the pause fires now, late.
        if (c.keepaliveOn && !c.done) {
          if (c.nextKeepaliveMs <= now) sendKeepalive(c);
          else scheduleKeepalive(c);
        }
        // Messages that arrived while it was frozen are handled now, in arrival order.
        const inbox = c.inbox;
        c.inbox = [];
        for (const id of inbox) {
          if (c.paused || c.crashed) break;
          clientHandles(c, messages[id]!);
        }
        if (c.paused || c.crashed) break;
        if (c.startDue) {
          c.startDue = false;
          c.started = true;
          emit('client-start', c.id);
          advance(c);
        } else if (c.step.kind === 'busy' && c.step.endsAtMs === undefined) {
          const remaining = c.step.remainingMs;
          c.busyGen += 1;
          c.step = { ...c.step, endsAtMs: now + remaining };
          heap.push(now + remaining, PRIO_TIMER, { type: 'busy-done', client: c.id, gen: c.busyGen });
        }
        break;
      }
      case 'crash': {
        const c = clients.get(job.client)!;
        if (c.crashed) break;
        c.crashed = true;
        c.paused = false;
        c.busyGen += 1;
        stopKeepalive(c);
        endBelief(c, 'crashed');
        crashes.push({ client: c.id, atMs: now });
        // A client that crashes while frozen is frozen no longer: its pause ends here.
        if (c.pause) c.pause.endMs = now;
        c.pause = undefined;
        for (const id of c.inbox) {
          messages[id]!.dropped = true;
        }
        c.inbox = [];
        emit('crashed', c.id);
        break;
      }
      case 'expire-lease': {
        if (live) {
          endLease('revoked');
          grantNext();
        }
        break;
      }
      case 'partition-start':
        emit('partition-started', job.p.client, { peer: job.p.with, durationMs: job.p.endMs - job.p.startMs });
        break;
      case 'partition-end':
        emit('partition-healed', job.p.client, { peer: job.p.with });
        break;
      case 'lease-expiry': {
        if (live && live.interval.token === job.token && live.expiresAtMs === job.expiresAtMs) {
          endLease('expired');
          grantNext();
        }
        break;
      }
      case 'deliver': {
        const m = messages[job.messageId]!;
        if (m.to === LEASE_SERVICE) {
          m.handledAtMs = now;
          leaseServiceReceives(m);
        } else if (m.to === STORAGE) {
          m.handledAtMs = now;
          storageReceives(m);
        } else {
          const c = clients.get(m.to)!;
          if (c.crashed) {
            m.dropped = true;
            emit('message-dropped', c.id, { peer: m.from, messageId: m.id });
          } else if (c.paused) {
            c.inbox.push(m.id);
          } else {
            clientHandles(c, m);
          }
        }
        break;
      }
      case 'busy-done': {
        const c = clients.get(job.client)!;
        if (job.gen !== c.busyGen || c.paused || c.crashed || c.step.kind !== 'busy') break;
        if (c.step.purpose === 'work') nextStep(c);
        else {
          c.step = { kind: 'idle' };
          advance(c); // the prepared write now leaves
        }
        break;
      }
      case 'keepalive': {
        const c = clients.get(job.client)!;
        if (job.gen !== c.keepaliveGen || !c.keepaliveOn || c.paused || c.crashed || c.done) break;
        sendKeepalive(c);
        break;
      }
    }
  }

  const lastEvent = events.length > 0 ? events[events.length - 1]!.atMs : 0;
  const endMs = scenario.durationMs ?? (truncated ? capMs : lastEvent);
  now = endMs;
  if (live) {
    live.interval.endMs = endMs;
    live.interval.endReason = 'run-ended';
  }
  for (const c of clients.values()) if (c.belief) endBelief(c, 'run-ended');
  for (const p of pauses) p.endMs = Math.min(p.endMs, Math.max(endMs, p.startMs));
  pauses.sort((a, b) => a.startMs - b.startMs || a.client.localeCompare(b.client));

  return {
    scenario,
    endMs,
    truncated,
    events,
    messages,
    leases,
    beliefs,
    pauses,
    crashes,
    partitions,
    storage,
    storageLog: storage.map((d) => d.text),
  };
}
