/**
 * A client, as one actor: runs its program (acquire, write, read, work, release), keeps its lease
 * alive, and suffers the pauses and crashes of the scenario.
 *
 * - `acquire` blocks until the grant arrives. While the client holds a lease and is running it
 *   sends a keepalive every `renewEveryMs`; one that fell due during a pause is sent the moment it
 *   wakes (as a missed timer fires late).
 * - `write` sends (token, value) and waits for the reply (with `wait: false` it carries on at once,
 *   so several writes can be in flight); with `storage.sequence` it also sends its sequence number
 *   under its token, counted from 1 after each grant. `read` sends the token and waits.
 *   `work` spends `ms` of running time; `release` sends a release and carries on at once.
 * - `pause`: the client executes nothing for `forMs`; messages to it wait and are handled when it
 *   wakes, in arrival order; it then carries on where it stopped, still believing it holds its lease.
 * - `crash`: the client stops for good; messages to it are dropped.
 * - A client whose program has ended stops sending keepalives, so its lease expires `ttlMs` later.
 * - `checkLeaseBeforeWrite`: at the start of a write the client compares its own clock with the
 *   deadline it believes in and skips the write if that has passed; the request then leaves
 *   `prepareMs` later. `clockRate` changes only how the client measures that deadline.
 * - `leaseTimer`: `from-reply` (default) counts the believed deadline from when the grant or
 *   keepalive reply arrives; `from-request` from when the acquire or keepalive it answers was sent,
 *   which never counts the reply's time in flight as lease time (Burrows 2006, §2.8: the client's
 *   lease timeout is a conservative approximation of the master's, allowing for the time the
 *   KeepAlive reply spent in flight). For an acquire that waited in the queue this is very
 *   conservative: the client cannot know when the service granted it.
 *   In the etcd flavour the first deadline, before any keepalive reply, counts from when the first
 *   acquire was sent, whatever `leaseTimer` says: that acquire also creates the session's lease and
 *   no reply tells the client of it (the lock grant does not touch the lease). `leaseTimer` applies
 *   from the first keepalive reply on. etcd's Go client starts its first deadline when `KeepAlive`
 *   is called, after the `LeaseGrant` reply, with a fixed `firstKeepAliveTimeout` rather than the
 *   TTL, and moves it to reply arrival + TTL on every reply (client/v3/lease.go, `KeepAlive`,
 *   `recvKeepAlive`); the flavour's first deadline is the conservative side of that.
 *
 * Sources: Kleppmann, "How to do distributed locking" (2016) (process pauses); etcd
 * `clientv3/concurrency` (keepalive every TTL/3).
 *
 * @module
 */
import { LEASE_SERVICE, STORAGE, effectiveTtlMs, type Client } from '../scenario';
import type { BeliefEndReason, BeliefInterval, Message, PauseInterval } from '../trace';
import { withKey, withToken, type SimContext } from './context';
import { PRIO_TIMER } from './queue';

/** What the client is doing between two program steps. */
type Step =
  | { kind: 'idle' }
  | { kind: 'await-grant' }
  | { kind: 'await-write' }
  | { kind: 'await-read' }
  | { kind: 'busy'; purpose: 'work' | 'prepare'; endsAtMs: number | undefined; remainingMs: number };

/** One client actor and its state. */
export class ClientActor {
  readonly id: string;
  private startDue = false;
  private paused = false;
  /** While paused: when the (possibly extended) pause ends, and its interval in the trace. */
  private pausedUntilMs = 0;
  private pause: PauseInterval | undefined;
  private crashed = false;
  private done = false;
  private pc = 0;
  private step: Step = { kind: 'idle' };
  /** The write at `pc` has passed its check and its prepare time. */
  private writePrepared = false;
  private busyGen = 0;
  private inbox: number[] = [];
  /** Token of the last grant the client acted on. */
  private token: number | undefined;
  private belief: BeliefInterval | undefined;
  /** Keepalive loop: active while the client holds its lease and has not heard that it is gone. */
  private keepaliveOn = false;
  private keepaliveGen = 0;
  private nextKeepaliveMs = 0;
  /** When the client sent its last acquire (ms): the start of a `from-request` lease timer. */
  private acquireSentAtMs = 0;
  /** With `storage.sequence`: the sequence number of the last write sent under the current token. */
  private writeSeq = 0;
  /** The write request whose reply the program waits for. */
  private awaitedWrite: number | undefined;
  /**
   * etcd flavour: the client's lease is its session's, granted just before it queues, kept alive
   * from then on and not renewed by getting the lock (etcd 3.4 `clientv3/concurrency` `session.go`,
   * `mutex.go`). When it last heard of that lease (ms): its acquire, then each keepalive reply.
   */
  private readonly sessionLease: boolean;
  private leaseHeardMs = 0;

  constructor(
    private readonly ctx: SimContext,
    private readonly cfg: Client,
  ) {
    this.id = cfg.id;
    this.sessionLease = ctx.scenario.leaseService.flavour === 'etcd';
  }

  private get now(): number {
    return this.ctx.queue.now;
  }

  // ----- Jobs from the driver.

  /** The client's start time came. */
  start(): void {
    if (this.crashed) return;
    if (this.paused) {
      this.startDue = true;
      return;
    }
    this.ctx.recorder.emit('client-start', this.id);
    this.advance();
  }

  /** A pause fault begins; it lasts until `endMs` (ms). */
  pauseStart(endMs: number): void {
    if (this.crashed) return;
    if (this.paused) {
      // A second pause overlapping the first extends the frozen stretch.
      if (endMs > this.pausedUntilMs) {
        this.pausedUntilMs = endMs;
        this.pause!.endMs = endMs;
      }
      return;
    }
    const now = this.now;
    this.paused = true;
    this.pausedUntilMs = endMs;
    this.pause = { client: this.id, startMs: now, endMs };
    this.ctx.recorder.pauses.push(this.pause);
    this.ctx.recorder.emit('pause-started', this.id, { durationMs: endMs - now });
    if (this.step.kind === 'busy' && this.step.endsAtMs !== undefined) {
      this.step = { ...this.step, remainingMs: this.step.endsAtMs - now, endsAtMs: undefined };
      this.busyGen += 1;
    }
    if (this.keepaliveOn) this.keepaliveGen += 1; // the timer cannot fire while paused
  }

  /** A pause fault's end time came (the pause may have been extended since). */
  pauseEnd(): void {
    const now = this.now;
    if (this.crashed || !this.paused || now < this.pausedUntilMs) return;
    this.paused = false;
    this.pause = undefined;
    this.ctx.recorder.emit('pause-ended', this.id);
    // A keepalive that fell due during the pause fires now, late.
    if (this.keepaliveOn && !this.done) {
      if (this.nextKeepaliveMs <= now) this.sendKeepalive();
      else this.scheduleKeepalive();
    }
    // Messages that arrived while it was frozen are handled now, in arrival order.
    const inbox = this.inbox;
    this.inbox = [];
    for (const id of inbox) {
      if (this.paused || this.crashed) break;
      this.handle(this.ctx.recorder.messages[id]!);
    }
    if (this.paused || this.crashed) return;
    if (this.startDue) {
      this.startDue = false;
      this.ctx.recorder.emit('client-start', this.id);
      this.advance();
    } else if (this.step.kind === 'busy' && this.step.endsAtMs === undefined) {
      const remaining = this.step.remainingMs;
      this.busyGen += 1;
      this.step = { ...this.step, endsAtMs: now + remaining };
      this.ctx.queue.push(now + remaining, PRIO_TIMER, { type: 'busy-done', client: this.id, gen: this.busyGen });
    }
  }

  /** A crash fault: the client stops for good. */
  crash(): void {
    if (this.crashed) return;
    const { recorder } = this.ctx;
    this.crashed = true;
    this.paused = false;
    this.busyGen += 1;
    this.stopKeepalive();
    this.endBelief('crashed');
    recorder.crashes.push({ client: this.id, atMs: this.now });
    // A client that crashes while frozen is frozen no longer: its pause ends here.
    if (this.pause) this.pause.endMs = this.now;
    this.pause = undefined;
    for (const id of this.inbox) recorder.messages[id]!.dropped = true;
    this.inbox = [];
    recorder.emit('crashed', this.id);
  }

  /** A message reached the client's host: dropped if crashed, queued if paused, else handled. */
  deliver(m: Message): void {
    if (this.crashed) {
      m.dropped = true;
      this.ctx.recorder.emit('message-dropped', this.id, { peer: m.from, messageId: m.id });
    } else if (this.paused) {
      this.inbox.push(m.id);
    } else {
      this.handle(m);
    }
  }

  /** The local work (or write preparation) timer of generation `gen` fired. */
  busyDone(gen: number): void {
    if (gen !== this.busyGen || this.paused || this.crashed || this.step.kind !== 'busy') return;
    if (this.step.purpose === 'work') this.nextStep();
    else {
      this.step = { kind: 'idle' };
      this.advance(); // the prepared write now leaves
    }
  }

  /** The keepalive timer of generation `gen` fired. */
  keepaliveDue(gen: number): void {
    if (gen !== this.keepaliveGen || !this.keepaliveOn || this.paused || this.crashed || this.done) return;
    this.sendKeepalive();
  }

  /** The run ended: close the belief still open. */
  finish(): void {
    if (this.belief) this.endBelief('run-ended');
  }

  // ----- Keepalive and belief.

  private endBelief(reason: BeliefEndReason): void {
    if (!this.belief) return;
    this.belief.endMs = this.now;
    this.belief.endReason = reason;
    this.belief = undefined;
  }

  private stopKeepalive(): void {
    this.keepaliveOn = false;
    this.keepaliveGen += 1;
  }

  private scheduleKeepalive(): void {
    this.keepaliveGen += 1;
    this.ctx.queue.push(this.nextKeepaliveMs, PRIO_TIMER, { type: 'keepalive', client: this.id, gen: this.keepaliveGen });
  }

  private sendKeepalive(): void {
    const m = this.ctx.network.send('keepalive', this.id, LEASE_SERVICE, { ...withToken(this.token) });
    this.ctx.recorder.emit('keepalive-sent', this.id, { peer: LEASE_SERVICE, ...withToken(this.token), messageId: m.id });
    this.nextKeepaliveMs = this.now + this.cfg.renewEveryMs;
    this.scheduleKeepalive();
  }

  /** etcd flavour: the session's lease is kept alive from the acquire on, queued or not. */
  private startSessionKeepalive(): void {
    this.leaseHeardMs = this.now;
    if (this.keepaliveOn || this.cfg.renewEveryMs <= 0) return;
    this.keepaliveOn = true;
    this.nextKeepaliveMs = this.now + this.cfg.renewEveryMs;
    this.scheduleKeepalive();
  }

  private startBusy(purpose: 'work' | 'prepare', ms: number): void {
    this.busyGen += 1;
    this.step = { kind: 'busy', purpose, endsAtMs: this.now + ms, remainingMs: ms };
    this.ctx.queue.push(this.now + ms, PRIO_TIMER, { type: 'busy-done', client: this.id, gen: this.busyGen });
  }

  // ----- The program.

  /** Runs the program from `pc` until it blocks, pauses, crashes or ends. */
  private advance(): void {
    const { network, recorder } = this.ctx;
    while (!this.paused && !this.crashed && !this.done) {
      const op = this.cfg.program[this.pc];
      if (op === undefined) {
        this.done = true;
        this.step = { kind: 'idle' };
        this.stopKeepalive();
        this.endBelief('program-ended');
        recorder.emit('program-ended', this.id);
        return;
      }
      switch (op.op) {
        case 'acquire': {
          const m = network.send('acquire', this.id, LEASE_SERVICE);
          this.acquireSentAtMs = this.now;
          recorder.emit('acquire-sent', this.id, { peer: LEASE_SERVICE, messageId: m.id });
          this.step = { kind: 'await-grant' };
          if (this.sessionLease) this.startSessionKeepalive();
          return;
        }
        case 'write':
          if (this.stepWrite(op.value, op.prepareMs ?? 0, op.wait ?? true, op.key)) continue;
          return;
        case 'read': {
          const k = withKey(op.key);
          const m = network.send('read', this.id, STORAGE, { ...withToken(this.token), ...k });
          recorder.emit('read-sent', this.id, { peer: STORAGE, ...withToken(this.token), messageId: m.id, ...k });
          this.step = { kind: 'await-read' };
          return;
        }
        case 'work': {
          if (op.ms === 0) {
            this.pc += 1;
            continue;
          }
          recorder.emit('work-started', this.id, { durationMs: op.ms });
          this.startBusy('work', op.ms);
          return;
        }
        case 'release': {
          const m = network.send('release', this.id, LEASE_SERVICE, { ...withToken(this.token) });
          recorder.emit('release-sent', this.id, { peer: LEASE_SERVICE, ...withToken(this.token), messageId: m.id });
          this.stopKeepalive();
          this.endBelief('released');
          this.pc += 1;
          continue;
        }
      }
    }
  }

  /**
   * The write step: the optional lease check, the prepare time, then the request.
   * @returns true if the program moves on at once (the check failed and the write was skipped, or
   *   the write does not wait for its reply).
   */
  private stepWrite(value: string, prepareMs: number, wait: boolean, key: string | undefined): boolean {
    const { network, recorder } = this.ctx;
    if (!this.writePrepared) {
      if (this.cfg.checkLeaseBeforeWrite) {
        const last = this.belief?.deadlines[this.belief.deadlines.length - 1];
        const deadlineMs = last?.deadlineMs;
        if (deadlineMs === undefined || this.now >= deadlineMs) {
          recorder.emit('lease-check-failed', this.id, { ...withToken(this.token), value, ...(deadlineMs !== undefined ? { deadlineMs } : {}) });
          this.endBelief('check-failed');
          this.stopKeepalive();
          this.pc += 1;
          return true;
        }
        recorder.emit('lease-check-passed', this.id, { ...withToken(this.token), value, deadlineMs });
      }
      this.writePrepared = true;
      if (prepareMs > 0) {
        this.startBusy('prepare', prepareMs);
        return false;
      }
    }
    const seq = this.ctx.scenario.storage.sequence && this.token !== undefined ? { seq: ++this.writeSeq } : {};
    const k = withKey(key);
    const m = network.send('write', this.id, STORAGE, { value, ...withToken(this.token), ...seq, ...k });
    recorder.emit('write-sent', this.id, { peer: STORAGE, value, ...withToken(this.token), messageId: m.id, ...seq, ...k });
    if (!wait) {
      // Pipelined: the program carries on without waiting for the reply.
      this.pc += 1;
      this.writePrepared = false;
      this.step = { kind: 'idle' };
      return true;
    }
    this.awaitedWrite = m.id;
    this.step = { kind: 'await-write' };
    return false;
  }

  private nextStep(): void {
    this.pc += 1;
    this.writePrepared = false;
    this.step = { kind: 'idle' };
    this.advance();
  }

  /** Acts on a message (now, or on waking from a pause). */
  private handle(m: Message): void {
    const { recorder } = this.ctx;
    m.handledAtMs = this.now;
    switch (m.kind) {
      case 'grant':
        this.onGrant(m);
        return;
      case 'keepalive-ok': {
        const heardMs = this.timerStart(this.requestSentAtMs(m));
        this.leaseHeardMs = heardMs;
        const deadlineMs = this.believedDeadline(heardMs);
        if (this.belief && this.belief.token === m.token) this.belief.deadlines.push({ atMs: this.now, deadlineMs });
        recorder.emit('keepalive-ok-received', this.id, { peer: LEASE_SERVICE, ...withToken(m.token), messageId: m.id, deadlineMs });
        return;
      }
      case 'keepalive-lost':
        // The keepalive loop learns the lease is gone and stops (etcd's KeepAlive channel closes);
        // the program itself does not look, so it still believes it holds the lock.
        if (this.sessionLease || this.token === m.token) this.stopKeepalive();
        recorder.emit('keepalive-lost-received', this.id, { peer: LEASE_SERVICE, ...withToken(m.token), messageId: m.id });
        return;
      case 'write-reply':
        recorder.emit('write-reply-received', this.id, { peer: STORAGE, ...withToken(m.token), ...(m.value !== undefined ? { value: m.value } : {}), messageId: m.id });
        if (this.step.kind === 'await-write' && this.ctx.recorder.replyTo.get(m.id) === this.awaitedWrite) this.nextStep();
        return;
      case 'read-reply':
        recorder.emit('read-reply-received', this.id, { peer: STORAGE, ...withToken(m.token), messageId: m.id });
        if (this.step.kind === 'await-read') this.nextStep();
        return;
      default:
        return;
    }
  }

  /**
   * When the client's own lease timer starts for a lease heard of now: at `requestSentAtMs` with
   * `leaseTimer: "from-request"` (Chubby §2.8, conservative), now otherwise (ms).
   */
  private timerStart(requestSentAtMs: number): number {
    return this.cfg.leaseTimer === 'from-request' ? requestSentAtMs : this.now;
  }

  /** The deadline (true ms) the client's own clock will call the end of a lease whose timer started at `fromMs`. */
  private believedDeadline(fromMs: number): number {
    return fromMs + Math.round(effectiveTtlMs(this.ctx.scenario) / this.cfg.clockRate);
  }

  /** When the keepalive that reply `m` answers was sent (ms); now if it cannot be told. */
  private requestSentAtMs(m: Message): number {
    const request = this.ctx.recorder.replyTo.get(m.id);
    return request !== undefined ? this.ctx.recorder.messages[request]!.sentAtMs : this.now;
  }

  private onGrant(m: Message): void {
    const now = this.now;
    const token = m.token!;
    this.endBelief('released');
    if (token !== this.token) this.writeSeq = 0;
    this.token = token;
    // etcd: getting the lock does not renew the session's lease; the deadline is the last one heard.
    const deadlineMs = this.believedDeadline(this.sessionLease ? this.leaseHeardMs : this.timerStart(this.acquireSentAtMs));
    const belief: BeliefInterval = { client: this.id, token, startMs: now, endMs: now, endReason: 'run-ended', deadlines: [{ atMs: now, deadlineMs }] };
    this.ctx.recorder.beliefs.push(belief);
    this.belief = belief;
    this.ctx.recorder.emit('grant-received', this.id, { peer: LEASE_SERVICE, token, messageId: m.id, deadlineMs });
    if (this.sessionLease) {
      // The session's keepalive loop runs on (or has stopped, its lease gone) whatever the lock does.
    } else if (this.cfg.renewEveryMs > 0) {
      this.keepaliveOn = true;
      this.nextKeepaliveMs = now + this.cfg.renewEveryMs;
      this.scheduleKeepalive();
    } else {
      this.stopKeepalive();
    }
    if (this.step.kind === 'await-grant') this.nextStep();
  }
}
