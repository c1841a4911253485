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
 * - `write`: the client sends (token, value) to the storage and waits for the reply (unless the
 *   step says `wait: false`). With fencing `token` the storage rejects a token lower than the
 *   highest it has accepted (equal is accepted); with `off` it accepts everything; with `equality`
 *   it accepts only the token of the first writer (identity compare-and-set, not fencing). With
 *   `storage.sequence` each write also carries the writer's sequence number under its token and
 *   the storage rejects one not greater than the last it accepted with that token. Decisions are
 *   worded as in the seed.
 * - `read`: the client reads, sending its token; the reply carries the value and the token it was
 *   written with (`Trace.reads`). With `fenceReads` a read's token also raises the storage's highest
 *   token (and a read with a lower token is refused), which narrows the "first-write window".
 * - `resetStorage`: the storage forgets its data, remembered token and sequence numbers.
 * - `release`: with `lease.release: "fenced"` (default) frees the lock only if sender and token
 *   match the live lease; with `"by-key"` frees whatever lock is there.
 * - `leaseTimer: "from-request"`: the client counts its believed deadline from when it sent the
 *   acquire or keepalive the reply answers (Chubby §2.8), not from when the reply arrived.
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
 * Structure: one module per actor, the way RaftScope keeps one handler per message type: the event
 * queue and clock (`sim/queue.ts`), the network (`sim/network.ts`), the lease service
 * (`sim/lease-service.ts`, pluggable flavours), a client (`sim/client.ts`), the storage
 * (`sim/storage.ts`) and the trace recorder (`sim/recorder.ts`). This module only wires them up,
 * schedules what is known up front and hands each job to its actor.
 *
 * Sources: Kleppmann, "How to do distributed locking" (2016); Kleppmann, DDIA ch. 8 "The truth is
 * defined by the majority" (fencing tokens); Burrows, "The Chubby lock service" (2006) §2.4
 * (sequencers); etcd docs, "Lease" and `clientv3/concurrency` (keepalive every TTL/3).
 *
 * @module
 */
import { pyRepr } from './pyrepr';
import { MAX_DURATION_MS, MAX_SIMULATION_EVENTS, LEASE_SERVICE, STORAGE, type Fault, type Scenario } from './scenario';
import type { PartitionInterval, Trace } from './trace';
import { limitError } from './sim/budget';
import { ClientActor } from './sim/client';
import type { SimContext } from './sim/context';
import { createLeaseService, type LeaseService } from './sim/lease-service';
import { Network } from './sim/network';
import { EventQueue, PRIO_FAULT, PRIO_TIMER, type Job } from './sim/queue';
import { Recorder } from './sim/recorder';
import { Storage } from './sim/storage';

export { pyRepr };
export { SimulationLimitError, type LimitCause } from './sim/budget';

/** The actors of one run. */
interface Actors {
  ctx: SimContext;
  leaseService: LeaseService;
  storage: Storage;
  clients: Map<string, ClientActor>;
}

/** Builds the queue, recorder, network and actors of a run. */
function setUp(scenario: Scenario, maxEvents: number): Actors {
  const queue = new EventQueue(maxEvents);
  const partitions: PartitionInterval[] = scenario.faults
    .filter((f): f is Extract<Fault, { kind: 'partition' }> => f.kind === 'partition')
    .map((f) => ({ client: f.client, with: f.with, startMs: f.atMs, endMs: f.atMs + f.forMs }));
  const recorder = new Recorder(queue, partitions);
  const network = new Network(queue, recorder, scenario.network.latencyMs, scenario.faults);
  const etcd = scenario.leaseService.flavour === 'etcd';
  // etcd: the first lock key's create revision is `firstToken` (`sim/etcd-lease-service.ts`).
  const ctx: SimContext = { scenario, queue, recorder, network, ...(etcd ? { revision: { value: scenario.lease.firstToken - 1 } } : {}) };
  const clients = new Map(scenario.clients.map((c) => [c.id, new ClientActor(ctx, c)]));
  return { ctx, leaseService: createLeaseService(ctx, scenario.leaseService.flavour), storage: new Storage(ctx), clients };
}

/** Schedules what is known up front: client starts and the timed faults. */
function scheduleKnown(scenario: Scenario, queue: EventQueue, partitions: PartitionInterval[]): void {
  for (const c of scenario.clients) queue.push(c.startAtMs, PRIO_TIMER, { type: 'start', client: c.id });
  for (const f of scenario.faults) {
    if (f.kind === 'pause') {
      queue.push(f.atMs, PRIO_FAULT, { type: 'pause-start', client: f.client, endMs: f.atMs + f.forMs });
      queue.push(f.atMs + f.forMs, PRIO_FAULT, { type: 'pause-end', client: f.client });
    } else if (f.kind === 'crash') queue.push(f.atMs, PRIO_FAULT, { type: 'crash', client: f.client });
    else if (f.kind === 'expireLease') queue.push(f.atMs, PRIO_FAULT, { type: 'expire-lease' });
    else if (f.kind === 'resetStorage') queue.push(f.atMs, PRIO_FAULT, { type: 'reset-storage' });
  }
  for (const p of partitions) {
    queue.push(p.startMs, PRIO_FAULT, { type: 'partition-start', p });
    queue.push(p.endMs, PRIO_FAULT, { type: 'partition-end', p });
  }
}

/** Hands one job to the actor it concerns. */
function dispatch(job: Job, a: Actors): void {
  const { recorder, queue } = a.ctx;
  const client = (id: string): ClientActor => a.clients.get(id)!;
  switch (job.type) {
    case 'start':
      return client(job.client).start();
    case 'pause-start':
      return client(job.client).pauseStart(job.endMs);
    case 'pause-end':
      return client(job.client).pauseEnd();
    case 'crash':
      return client(job.client).crash();
    case 'busy-done':
      return client(job.client).busyDone(job.gen);
    case 'keepalive':
      return client(job.client).keepaliveDue(job.gen);
    case 'expire-lease':
      return a.leaseService.revoke();
    case 'reset-storage':
      return a.storage.reset();
    case 'lease-expiry':
      return a.leaseService.expiryDue(job.token, job.expiresAtMs);
    case 'service-timer':
      return a.leaseService.timerDue?.(job.client, job.rev);
    case 'partition-start':
      return recorder.emit('partition-started', job.p.client, { peer: job.p.with, durationMs: job.p.endMs - job.p.startMs });
    case 'partition-end':
      return recorder.emit('partition-healed', job.p.client, { peer: job.p.with });
    case 'deliver': {
      const m = recorder.messages[job.messageId]!;
      if (m.to === LEASE_SERVICE) {
        m.handledAtMs = queue.now;
        a.leaseService.receive(m);
      } else if (m.to === STORAGE) {
        m.handledAtMs = queue.now;
        a.storage.receive(m);
      } else client(m.to).deliver(m);
      return;
    }
  }
}

/** Options of {@link simulate}. */
export interface SimulateOptions {
  /** The work budget: the most events (queue jobs) the run may handle. Default {@link MAX_SIMULATION_EVENTS}. */
  maxEvents?: number;
}

/**
 * Runs a scenario to completion and returns everything that happened.
 *
 * Work bound (issue 18): a run handles at most `maxEvents` scheduled jobs (a keepalive timer, a
 * message delivery, a lease expiry, a fault...) and records at most as many trace events (default
 * {@link MAX_SIMULATION_EVENTS}, 50,000: more than four times the largest legitimate scenario we
 * know, `tests/bench/model-bench.ts`, about 10,900 events); past that it stops with a
 * {@link SimulationLimitError} naming the cause. So every run, of any scenario, costs at most that
 * many steps, whatever its fields (also ones added later: the budget sits in the one loop every
 * actor's work goes through). By structure a scenario's work is also at most `workBound(scenario)`
 * (`sim/work-bound.ts`): keepalives are the only self-repeating work, at most one per
 * `renewEveryMs` (at least 100 ms) per client; `tests/model/work-bounds.test.ts` checks both over
 * random valid scenarios and the worst cases by construction.
 *
 * @param scenario A validated scenario (see `parseScenario`); all times in simulated ms.
 * @returns The trace: events in time order, messages, lease intervals as the lease service saw
 *   them, each client's belief, pauses, crashes, partitions and storage decisions.
 * @throws {SimulationLimitError} when the run makes more than `maxEvents` events, with a message
 *   naming the cause (e.g. a client's keepalive period); a scenario that passed `parseScenario`
 *   gets it only if it would make that much work (e.g. several clients renewing every 100 ms for
 *   10 minutes). Otherwise the run stops at `durationMs` or at 10 minutes.
 */
export function simulate(scenario: Scenario, options: SimulateOptions = {}): Trace {
  const maxEvents = options.maxEvents ?? MAX_SIMULATION_EVENTS;
  const capMs = scenario.durationMs ?? MAX_DURATION_MS;
  const actors = setUp(scenario, maxEvents);
  const { queue, recorder } = actors.ctx;
  scheduleKnown(scenario, queue, recorder.partitions);

  for (let job = queue.next(capMs); job !== undefined; job = queue.next(capMs)) {
    dispatch(job, actors);
    // Trace events are what a page draws: they are bounded too, whatever made them.
    if (recorder.events.length > maxEvents) queue.overBudget = true;
    if (queue.overBudget) break;
  }
  if (queue.overBudget) throw limitError(scenario, recorder.events, maxEvents, queue.now);

  const truncated = queue.truncated;
  const endMs = scenario.durationMs ?? (truncated ? capMs : recorder.lastEventMs());
  queue.now = endMs;
  actors.leaseService.finish(endMs);
  for (const c of actors.clients.values()) c.finish();
  return recorder.finish(scenario, endMs, truncated);
}
