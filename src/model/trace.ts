/**
 * The trace: everything `simulate` computed for one scenario, as plain data.
 *
 * Views render a trace up to the playhead; tests and the explorer check properties of it. All
 * times are integer simulated milliseconds from the start of the run (true time, not any client's
 * clock). A trace is never mutated after `simulate` returns it.
 *
 * @module
 */
import type { Scenario } from './scenario';

/** An actor id: a client id, `lease-service` or `storage`. */
export type ActorId = string;

/** What a message carries. */
export type MessageKind =
  | 'acquire' // client → lease service: please grant me the lock
  | 'grant' // lease service → client: you hold the lock with this token
  | 'keepalive' // client → lease service: extend my lease
  | 'keepalive-ok' // lease service → client: lease extended
  | 'keepalive-lost' // lease service → client: no such lease (it expired or was revoked)
  | 'release' // client → lease service: I am done with the lock
  | 'write' // client → storage: write (token, value)
  | 'write-reply' // storage → client: stored or rejected
  | 'read' // client → storage: read (with token, if the client holds one)
  | 'read-reply'; // storage → client: the data

/** One message between two actors. */
export interface Message {
  /** Index in `Trace.messages` (send order). */
  id: number;
  kind: MessageKind;
  from: ActorId;
  to: ActorId;
  /** The fencing token carried, if any. */
  token?: number;
  /** The value written (for `write`). */
  value?: string;
  /** The object written or read (for `write` and `read`), when the step names one (issue 41). */
  key?: string;
  /** The writer's sequence number under its token (for `write`, only with `storage.sequence`). */
  seq?: number;
  /** For replies: whether the storage accepted the write or read / the keepalive succeeded. */
  ok?: boolean;
  /** When it left its sender (ms). */
  sentAtMs: number;
  /** When it reached the receiver's host (ms), after latency, any `delay` fault and any partition. */
  arriveAtMs: number;
  /** When the receiver acted on it (ms): later than `arriveAtMs` if the receiver was paused. Undefined if never (receiver crashed, or the run ended first). */
  handledAtMs?: number;
  /** Extra ms a `delay` fault added. */
  delayedMs: number;
  /** Extra ms a partition held it. */
  heldMs: number;
  /** True if the receiver had crashed, so the message was dropped. */
  dropped: boolean;
}

/** Why the lease service ended a lease. */
export type LeaseEndReason = 'expired' | 'released' | 'revoked' | 'run-ended';

/** A lease as the lease service saw it: the truth about who holds the lock. */
export interface LeaseInterval {
  holder: string;
  token: number;
  /** Grant time at the lease service (ms). */
  startMs: number;
  /** When the lease service ended it (ms). */
  endMs: number;
  endReason: LeaseEndReason;
  /** Times (ms) keepalives from the holder extended it. */
  renewedAtMs: number[];
}

/** Why a client stopped believing it holds the lock. */
export type BeliefEndReason = 'released' | 'program-ended' | 'crashed' | 'check-failed' | 'run-ended';

/**
 * A client's own belief that it holds the lock: from the moment it acts on a grant until it
 * releases, its program ends, it crashes, or its own lease check fails. A paused client keeps
 * believing; that gap between belief and the lease service's truth is the lesson
 * (Kleppmann 2016, "How to do distributed locking").
 */
export interface BeliefInterval {
  client: string;
  token: number;
  startMs: number;
  endMs: number;
  endReason: BeliefEndReason;
  /**
   * The client's believed lease deadline over time, in true ms: after each grant or keepalive
   * reply, `atMs` is when it was heard and `deadlineMs` when the client's own clock will say
   * the lease ran out (heard + ttl / clockRate).
   */
  deadlines: { atMs: number; deadlineMs: number }[];
}

/** A stretch when a client executed nothing (GC pause, VM freeze). */
export interface PauseInterval {
  client: string;
  startMs: number;
  endMs: number;
}

/** A time a client was partitioned from another actor. */
export interface PartitionInterval {
  client: string;
  with: 'lease-service' | 'storage' | 'all';
  startMs: number;
  endMs: number;
}

/** One decision of the storage on a write. */
export interface StorageDecision {
  atMs: number;
  client: string;
  /** Token sent with the write; undefined if the client never held a lease. */
  token: number | undefined;
  value: string;
  /** The object written, when the write named one (issue 41); the storage log then names it too. */
  key?: string;
  accepted: boolean;
  /**
   * Highest token the storage had accepted before this write (0 at the start, as in the seed): for
   * the whole lock, or for the write's object alone under `storage.fencePer: "key"`.
   */
  highestBefore: number;
  /** The decision in the seed's words: `stored 'v' with token 33` or `rejected 'v' (token 33 < 34)`. */
  text: string;
  /** Index of the write message in `Trace.messages`. */
  messageId: number;
  /** The write's sequence number under its token (only with `storage.sequence`). */
  seq?: number;
  /** Set when fencing `equality` rejected the write: the token the storage remembers. */
  remembered?: number;
  /** Set when `storage.sequence` rejected the write: the last sequence accepted with its token. */
  lastSeq?: number;
  /**
   * Set (to `true`) when the storage accepted a write from a client that no longer held the lock at
   * the moment of the decision: a stale write that got through. It is set, in every fencing mode and
   * for monotonic and random tokens alike, when
   * - the writer's lease (the one granted to it with this token) had already ended at the lease
   *   service (expired, released or revoked; a lease that ended only because the run ended has not);
   * - or the lease service had already granted a newer lease (granted later, whatever its number:
   *   random tokens do not grow) to another client;
   * - or, with monotonic tokens, the token is lower than one the storage had accepted before
   *   ({@link isLowerTokenStored}).
   * Never set on a rejected write, nor on one sent without a token (its writer never held a lease).
   * See `staleAcceptedOf` (`stale.ts`).
   *
   * Sources: Kleppmann 2016, "How to do distributed locking": a client whose process pauses can
   * write after its lease expired and another client acquired the lock, and fencing works because
   * "the storage server remembers that it has already processed a write with a higher token number
   * (34), and so it rejects the request with token 33"; a write the storage accepts in that case has
   * not been fenced. Token fencing alone misses a stale write that arrives before the new holder's
   * first write (nothing higher has been seen yet), as this flag shows for "first-write-window".
   * DDIA (Kleppmann 2017), ch. 8, "Process Pauses" and "The leader and the lock".
   */
  staleAccepted?: true;
}

/**
 * True when the storage stored a write whose token is lower than one it had accepted before: with
 * tokens that grow with each grant (etcd revisions, ZooKeeper zxids) that token is an older
 * holder's, a stale write. Random tokens do not grow with each grant, so a lower one says nothing
 * about its age (a live holder's can be the lower one) and this is false for them.
 * Source: Kleppmann 2016 ("the storage server remembers that it has already processed a write
 * with a higher token number").
 */
export function isLowerTokenStored(d: StorageDecision, tokens: 'monotonic' | 'random'): boolean {
  return tokens !== 'random' && d.accepted && d.token !== undefined && d.token < d.highestBefore;
}

/**
 * One decision of the storage on a read: served (with the value it holds and the token that value
 * was written with) or refused (a fenced read with a stale token).
 */
export interface ReadDecision {
  atMs: number;
  client: string;
  /** Token sent with the read; undefined if the client never held a lease. */
  token: number | undefined;
  /** The object read, when the read named one (issue 41). */
  key?: string;
  /** Whether the storage served the read. */
  served: boolean;
  /** The value returned: the storage's data when served (undefined if it holds none yet or refused). */
  value: string | undefined;
  /** The token the returned value was written with (undefined with no value). */
  writtenWith: number | undefined;
  /** Highest token the storage had accepted before this read. */
  highestBefore: number;
  /** The decision in words: `read 'v' (written with token 33)`, `refused read (token 33 < 34)`. */
  text: string;
  /** Index of the read message in `Trace.messages`. */
  messageId: number;
}

/** Kinds of trace event. */
export type EventKind =
  | 'client-start'
  | 'acquire-sent'
  | 'acquire-queued'
  | 'lease-granted'
  | 'grant-received'
  | 'keepalive-sent'
  | 'lease-renewed'
  | 'keepalive-rejected'
  | 'keepalive-ok-received'
  | 'keepalive-lost-received'
  | 'lease-expired'
  | 'lease-revoked'
  | 'release-sent'
  | 'lease-released'
  | 'release-ignored'
  | 'lease-check-passed'
  | 'lease-check-failed'
  | 'write-sent'
  | 'write-accepted'
  | 'write-rejected'
  | 'write-reply-received'
  | 'read-sent'
  | 'read-served'
  | 'read-rejected'
  | 'read-reply-received'
  | 'storage-reset'
  | 'work-started'
  | 'pause-started'
  | 'pause-ended'
  | 'crashed'
  | 'partition-started'
  | 'partition-healed'
  | 'program-ended'
  | 'message-dropped';

/** One thing that happened. */
export interface TraceEvent {
  /** Index in `Trace.events` (time order). */
  id: number;
  atMs: number;
  kind: EventKind;
  /** The actor it happened at. */
  actor: ActorId;
  /** The other actor involved, if any (sender or receiver). */
  peer?: ActorId;
  token?: number;
  value?: string;
  /** For writes and reads that name an object (issue 41): its key. */
  key?: string;
  /** Related message, if any. */
  messageId?: number;
  /** For `work-started`, `pause-started`, `partition-started`: how long (ms). */
  durationMs?: number;
  /** For storage decisions: the highest token before it. */
  highestBefore?: number;
  /** For `lease-check-*`: the deadline the client believed in (true ms). */
  deadlineMs?: number;
  /** For writes with `storage.sequence`: the write's sequence number under its token. */
  seq?: number;
}

/** Everything that happened in one run. */
export interface Trace {
  /** The scenario that produced it (with defaults filled in). */
  scenario: Scenario;
  /** The time of the last event (ms), or `durationMs` if set. */
  endMs: number;
  /** True if the run stopped at the 10-minute cap or at `durationMs` with work left. */
  truncated: boolean;
  events: TraceEvent[];
  messages: Message[];
  leases: LeaseInterval[];
  beliefs: BeliefInterval[];
  pauses: PauseInterval[];
  crashes: { client: string; atMs: number }[];
  partitions: PartitionInterval[];
  storage: StorageDecision[];
  /** The storage log in the seed's words, one decision a line. */
  storageLog: string[];
  /** Every read the storage decided on, in order (reads are not in `storageLog`); absent if none. */
  reads?: ReadDecision[];
  /** When the storage was reset (a `resetStorage` fault), in ms, in order; absent if never. */
  storageResets?: number[];
}
