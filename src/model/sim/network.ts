/**
 * The network: every message takes `network.latencyMs` one way, plus any `delay` fault on it (the
 * nth message from one actor to another, counted from 1); a message whose arrival falls inside a
 * partition between its two ends waits until the partition heals, then arrives, late.
 *
 * @module
 */
import type { Fault } from '../scenario';
import type { ActorId, Message, MessageKind, PartitionInterval } from '../trace';
import { PRIO_DELIVER, type EventQueue } from './queue';
import type { Recorder } from './recorder';

function cutBetween(p: PartitionInterval, a: ActorId, b: ActorId): boolean {
  const other = a === p.client ? b : b === p.client ? a : undefined;
  if (other === undefined) return false;
  if (p.with === 'all') return true;
  return other === p.with;
}

/** Sends messages: records each one and schedules its delivery. */
export class Network {
  private readonly sentCount = new Map<string, number>();
  private readonly delays: Extract<Fault, { kind: 'delay' }>[];

  constructor(
    private readonly queue: EventQueue,
    private readonly recorder: Recorder,
    private readonly latencyMs: number,
    faults: Fault[],
  ) {
    this.delays = faults.filter((f): f is Extract<Fault, { kind: 'delay' }> => f.kind === 'delay');
  }

  /** Sends a message now; returns it (its `id` indexes `Trace.messages`). */
  send(kind: MessageKind, from: ActorId, to: ActorId, extra: Partial<Message> = {}): Message {
    const now = this.queue.now;
    const key = `${from}\u0000${to}`;
    const nth = (this.sentCount.get(key) ?? 0) + 1;
    this.sentCount.set(key, nth);
    let delayedMs = 0;
    for (const d of this.delays) if (d.from === from && d.to === to && d.nth === nth) delayedMs += d.extraMs;
    let arrive = now + this.latencyMs + delayedMs;
    let heldMs = 0;
    // A message that would arrive while its two ends are cut off waits until the cut heals.
    for (let moved = true; moved; ) {
      moved = false;
      for (const p of this.recorder.partitions) {
        if (cutBetween(p, from, to) && arrive >= p.startMs && arrive < p.endMs) {
          heldMs += p.endMs - arrive;
          arrive = p.endMs;
          moved = true;
        }
      }
    }
    const messages = this.recorder.messages;
    const m: Message = { id: messages.length, kind, from, to, sentAtMs: now, arriveAtMs: arrive, delayedMs, heldMs, dropped: false, ...extra };
    messages.push(m);
    this.queue.push(arrive, PRIO_DELIVER, { type: 'deliver', messageId: m.id });
    return m;
  }
}
