/**
 * The trace recorder: collects everything that happens in a run (events, messages, leases,
 * beliefs, pauses, crashes, partitions, storage decisions) and assembles the `Trace`.
 *
 * @module
 */
import type { Scenario } from '../scenario';
import type {
  ActorId,
  BeliefInterval,
  EventKind,
  LeaseInterval,
  Message,
  PartitionInterval,
  PauseInterval,
  ReadDecision,
  StorageDecision,
  Trace,
  TraceEvent,
} from '../trace';
import { staleAcceptedOf } from '../stale';
import type { EventQueue } from './queue';

/** Collects what happens in one run; every record is stamped with the queue's clock. */
export class Recorder {
  readonly events: TraceEvent[] = [];
  readonly messages: Message[] = [];
  readonly leases: LeaseInterval[] = [];
  readonly beliefs: BeliefInterval[] = [];
  readonly crashes: { client: string; atMs: number }[] = [];
  readonly storage: StorageDecision[] = [];
  readonly pauses: PauseInterval[] = [];
  readonly reads: ReadDecision[] = [];
  readonly storageResets: number[] = [];
  /**
   * Which request each reply answers (reply message id → request message id). Not part of the
   * trace: the actors use it to match a reply to their own request.
   */
  readonly replyTo = new Map<number, number>();

  constructor(
    private readonly queue: EventQueue,
    /** The partitions of the scenario, as intervals (known up front). */
    readonly partitions: PartitionInterval[],
  ) {}

  /** Records one event at the current time. */
  emit(kind: EventKind, actor: ActorId, extra: Partial<TraceEvent> = {}): void {
    this.events.push({ id: this.events.length, atMs: this.queue.now, kind, actor, ...extra });
  }

  /** The time of the last event recorded (ms), or 0. */
  lastEventMs(): number {
    return this.events.length > 0 ? this.events[this.events.length - 1]!.atMs : 0;
  }

  /** Closes the pauses at `endMs`, sorts them, and returns the finished trace. */
  finish(scenario: Scenario, endMs: number, truncated: boolean): Trace {
    const pauses = this.pauses;
    for (const p of pauses) p.endMs = Math.min(p.endMs, Math.max(endMs, p.startMs));
    pauses.sort((a, b) => a.startMs - b.startMs || a.client.localeCompare(b.client));
    // Judged once every lease is closed: a write accepted from a client that no longer held the lock.
    for (const d of this.storage) if (staleAcceptedOf(d, this.leases, scenario.lease.tokens)) d.staleAccepted = true;
    return {
      scenario,
      endMs,
      truncated,
      events: this.events,
      messages: this.messages,
      leases: this.leases,
      beliefs: this.beliefs,
      pauses,
      crashes: this.crashes,
      partitions: this.partitions,
      storage: this.storage,
      storageLog: this.storage.map((d) => d.text),
      // Present only when there are some, so the traces of older scenarios stay as they were.
      ...(this.reads.length > 0 ? { reads: this.reads } : {}),
      ...(this.storageResets.length > 0 ? { storageResets: this.storageResets } : {}),
    };
  }
}
