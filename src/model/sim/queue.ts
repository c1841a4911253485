/**
 * The event queue and the simulated clock: a binary heap of jobs ordered by (time, priority,
 * insertion order). Popping a job moves the clock (`now`, integer simulated ms) to its time.
 *
 * Same-time order: faults and wake-ups first, then lease expiry, then deliveries, then client timers.
 * Insertion order breaks the remaining ties, so a run is deterministic.
 *
 * @module
 */
import type { PartitionInterval } from '../trace';

/** Same-time priority of faults and wake-ups (handled first). */
export const PRIO_FAULT = 0;
/** Same-time priority of lease expiry. */
export const PRIO_EXPIRY = 1;
/** Same-time priority of message deliveries. */
export const PRIO_DELIVER = 2;
/** Same-time priority of client timers (start, end of local work, keepalive). */
export const PRIO_TIMER = 3;

/** One thing scheduled to happen: a fault, a timer, a lease expiry or a message delivery. */
export type Job =
  | { type: 'pause-start'; client: string; endMs: number }
  | { type: 'pause-end'; client: string }
  | { type: 'crash'; client: string }
  | { type: 'expire-lease' }
  | { type: 'reset-storage' }
  | { type: 'partition-start'; p: PartitionInterval }
  | { type: 'partition-end'; p: PartitionInterval }
  | { type: 'lease-expiry'; token: number; expiresAtMs: number }
  | { type: 'deliver'; messageId: number }
  | { type: 'start'; client: string }
  | { type: 'busy-done'; client: string; gen: number }
  | { type: 'keepalive'; client: string; gen: number }
  /** A lease service's own timer (the etcd flavour: a waiter's read after its watch fired). */
  | { type: 'service-timer'; client: string; rev: number };

/** A job with its time (ms), priority and insertion sequence number. */
export interface Entry {
  t: number;
  prio: number;
  seq: number;
  job: Job;
}

function less(a: Entry, b: Entry): boolean {
  if (a.t !== b.t) return a.t < b.t;
  if (a.prio !== b.prio) return a.prio < b.prio;
  return a.seq < b.seq;
}

/**
 * The event queue and the clock of one run, with a work budget: at most `budget` jobs are handed
 * out (issue 18). The budget lives here, in the one loop every actor's work goes through, so it
 * bounds any scenario field or actor, present or future, not only the ones the validator knows.
 */
export class EventQueue {
  private items: Entry[] = [];
  private seq = 0;
  /** The simulated clock (ms): the time of the job being handled. */
  now = 0;
  /** Set by `next` when the run stopped with jobs still scheduled after the cap. */
  truncated = false;
  /** How many jobs `next` has handed out. */
  handled = 0;
  /** Set by `next` when the budget ran out with jobs still scheduled: the run is unfinished. */
  overBudget = false;

  /** @param budget the most jobs `next` hands out (default: no limit) */
  constructor(readonly budget: number = Number.POSITIVE_INFINITY) {}

  /** How many jobs are scheduled. */
  get size(): number {
    return this.items.length;
  }

  /** Schedules `job` at time `t` (ms) with same-time priority `prio` (one of the `PRIO_*`). */
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

  /**
   * Takes the next job and moves the clock to its time; undefined when nothing is left, when the
   * next job lies after `capMs` (then `truncated` is set and the job stays queued), or when
   * `budget` jobs have been handed out already (then `overBudget` is set).
   */
  next(capMs: number): Job | undefined {
    const entry = this.items[0];
    if (entry === undefined) return undefined;
    if (entry.t > capMs) {
      this.truncated = true;
      return undefined;
    }
    if (this.handled >= this.budget) {
      this.overBudget = true;
      return undefined;
    }
    this.handled += 1;
    this.pop();
    this.now = entry.t;
    return entry.job;
  }

  private pop(): Entry | undefined {
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
