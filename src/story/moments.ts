/**
 * The story's key moments, read off a trace: where playback stops and waits for Continue (issue 14).
 * Pure functions over trace events, so they work for every scenario and after any intervention: no
 * React, no DOM, no clock. All times are simulated ms.
 *
 * A moment is one of:
 * - `grant`: a client hears that it holds the lock (its first grant in the run);
 * - `new-grant`: a later grant (to another client, or again to the same one);
 * - `pause`: a client's process pause starts (a GC pause, a VM freeze);
 * - `crash`: a client crashes;
 * - `check`: a client checks its own lease before a write (passed, or failed and skips the write): the
 *   check that a pause right after it makes stale (Kleppmann 2016: "between the last check and the
 *   write operation");
 * - `expiry`: the lease service ends a lease because no keepalive arrived in time, or an operator
 *   revoked it;
 * - `late-write`: a client sends a write although the lease its token came with has already ended at
 *   the lease service (the stale write of Kleppmann 2016, "How to do distributed locking");
 * - `decision`: the storage accepts or rejects a write.
 *
 * At some decisions the story asks the learner first what the storage will do
 * ({@link KeyMoment.predict}): the stop is then 1 ms before the decision, so the storage has not
 * decided yet on screen. {@link runOutcome} says in one sentence what happened at the end, and why.
 * @module
 */
import { pyRepr } from '../model/pyrepr';
import { type LeaseInterval, type StorageDecision, type Trace, type TraceEvent } from '../model/trace';

/** The kinds of key moment. */
export type MomentKind = 'grant' | 'new-grant' | 'pause' | 'crash' | 'check' | 'expiry' | 'late-write' | 'decision';

/** A question to put before a storage decision: what will the storage do with this write? */
export interface Prediction {
  /** The writer (client id). */
  client: string;
  /** The token the write carries (undefined for a client that never held a lease). */
  token: number | undefined;
  /** The highest token the storage had accepted before it. */
  highestBefore: number;
  /** Whether the storage checks tokens in this run (fencing `token`). */
  fenced: boolean;
  /** The storage's check in this run: `token` (fencing), `equality` (an identity check) or `off`. */
  fencing: Trace['scenario']['storage']['fencing'];
  /** Under `equality`: the one token the storage accepted before this write (undefined: none yet, any is taken). */
  remembered: number | undefined;
  /** The storage restarted (a `resetStorage` fault) before this write and forgot what it held. */
  afterReset?: boolean | undefined;
  /** With `storage.sequence`: the write's sequence number, and the last accepted with its token if that refused it. */
  seq?: number | undefined;
  lastSeq?: number | undefined;
  /** The true answer: whether the storage accepts the write. */
  accepted: boolean;
  /** Under `storage.fencePer: "key"`: the object written, whose own highest token `highestBefore` is (issue 41). */
  key?: string | undefined;
  /** The writer's lease had ended at the lease service when the storage decided. */
  late: boolean;
}

/** One key moment of a run. */
export interface KeyMoment {
  kind: MomentKind;
  /** Where playback stops (ms): the event's time, or 1 ms before a decision to be predicted. */
  stopMs: number;
  /** The event (index in `trace.events`). */
  eventId: number;
  /** The client concerned (for a decision: the writer). */
  client: string | undefined;
  /** The token concerned, if any. */
  token: number | undefined;
  /** The storage decision, for `decision` moments. */
  decision?: StorageDecision;
  /** For some decisions: the question asked before it is shown. */
  predict?: Prediction;
}

/** Most predictions asked in one run (the issue asks for two or three). */
export const MAX_PREDICTIONS = 3;

/** The lease a client held with `token`, if any. */
function leaseOf(trace: Trace, client: string, token: number | undefined): LeaseInterval | undefined {
  if (token === undefined) return undefined;
  return trace.leases.find((l) => l.holder === client && l.token === token);
}

/**
 * Whether a write (or its decision) at `atMs` by `client` with `token` comes after the end of that
 * lease at the lease service: a late write. A lease that ended only because the run ended is not over.
 */
export function isLate(trace: Trace, client: string, token: number | undefined, atMs: number): boolean {
  const lease = leaseOf(trace, client, token);
  return lease !== undefined && lease.endReason !== 'run-ended' && lease.endMs <= atMs;
}

/**
 * Under fencing `equality`: the token the storage remembers just before decision `index` (that of
 * the first write it accepted since the start or its last reset), or undefined if none yet.
 */
export function rememberedBefore(trace: Trace, index: number): number | undefined {
  const d = trace.storage[index];
  if (!d) return undefined;
  let reset = -1;
  for (const r of trace.storageResets ?? []) if (r <= d.atMs) reset = r;
  for (let k = 0; k < index; k++) {
    const x = trace.storage[k]!;
    if (x.atMs >= reset && x.accepted && x.token !== undefined) return x.token;
  }
  return undefined;
}

function decisionFor(trace: Trace, e: TraceEvent): StorageDecision | undefined {
  // The event names the writer as its peer (its `messageId` is the reply's).
  return trace.storage.find((d) => d.atMs === e.atMs && d.client === e.peer && d.value === e.value);
}

/**
 * The key moments of a run, in time order (one per event; events at the same ms keep trace order).
 *
 * Predictions: the story asks before the first {@link MAX_PREDICTIONS} decisions that come after a
 * lease has ended (expired or revoked) — the moments where the answer is not obvious — and never
 * before the very first write. The stop of such a decision is 1 ms before it (never before the
 * previous moment's stop).
 */
export function keyMoments(trace: Trace): KeyMoment[] {
  const out: KeyMoment[] = [];
  const granted = new Set<string>();
  let anyGrant = false;
  let leaseEnded = false;
  let predictions = 0;
  const fenced = trace.scenario.storage.fencing === 'token';
  for (const e of trace.events) {
    const base = { stopMs: e.atMs, eventId: e.id, client: e.actor, token: e.token };
    switch (e.kind) {
      case 'grant-received':
        out.push({ ...base, kind: anyGrant ? 'new-grant' : 'grant' });
        anyGrant = true;
        granted.add(e.actor);
        break;
      case 'pause-started':
        out.push({ ...base, kind: 'pause' });
        break;
      case 'crashed':
        out.push({ ...base, kind: 'crash' });
        break;
      case 'lease-check-passed':
      case 'lease-check-failed':
        out.push({ ...base, kind: 'check' });
        break;
      case 'lease-expired':
      case 'lease-revoked':
        out.push({ ...base, kind: 'expiry', client: e.peer });
        leaseEnded = true;
        break;
      case 'write-sent':
        if (isLate(trace, e.actor, e.token, e.atMs)) out.push({ ...base, kind: 'late-write' });
        break;
      case 'write-accepted':
      case 'write-rejected': {
        const d = decisionFor(trace, e);
        if (!d) break;
        const moment: KeyMoment = { ...base, kind: 'decision', client: d.client, token: d.token, decision: d };
        if (leaseEnded && predictions < MAX_PREDICTIONS) {
          predictions++;
          const prev = out[out.length - 1]?.stopMs ?? 0;
          moment.stopMs = Math.max(prev, e.atMs - 1);
          moment.predict = {
            client: d.client,
            token: d.token,
            highestBefore: d.highestBefore,
            fenced,
            fencing: trace.scenario.storage.fencing,
            remembered: trace.scenario.storage.fencing === 'equality' ? rememberedBefore(trace, trace.storage.indexOf(d)) : undefined,
            ...((trace.storageResets ?? []).some((r) => r <= d.atMs) ? { afterReset: true } : {}),
            ...(d.seq !== undefined ? { seq: d.seq } : {}),
            ...(d.lastSeq !== undefined ? { lastSeq: d.lastSeq } : {}),
            accepted: d.accepted,
            late: isLate(trace, d.client, d.token, d.atMs),
            ...perKey(trace, d),
          };
        }
        out.push(moment);
        break;
      }
      default:
        break;
    }
  }
  return out;
}

/**
 * The first stop strictly after `fromMs` and at or before `toMs`, if any: where a playhead moving
 * from `fromMs` to `toMs` must stop.
 */
export function stopBetween(moments: readonly KeyMoment[], fromMs: number, toMs: number): KeyMoment | undefined {
  return moments.find((m) => m.stopMs > fromMs && m.stopMs <= toMs);
}

/** The moment whose stop is exactly at `ms` (within 0.5 ms), if any. */
export function momentAt(moments: readonly KeyMoment[], ms: number): KeyMoment | undefined {
  return moments.find((m) => Math.abs(m.stopMs - ms) < 0.5);
}

/** How a run ended, as data (the sentence is {@link runOutcome}). */
export type Outcome =
  /**
   * A late write was stored over another client's data (the storage checks no tokens, the token was
   * still the highest, or an equality check took it); `afterReset`: the storage had restarted
   * since its previous write.
   */
  | {
      kind: 'overwritten';
      late: string;
      victim: string | undefined;
      token: number | undefined;
      highestBefore: number;
      fenced: boolean;
      fencing?: Trace['scenario']['storage']['fencing'];
      afterReset?: boolean;
      /** Under `storage.fencePer: "key"`: the object written (issue 41). */
      key?: string;
      /**
       * Later late writes the storage stored over another client's data, in order: each with the
       * client whose data it overwrote (empty when the first was the only one).
       */
      then?: { late: string; victim: string | undefined }[];
    }
  /** One client's two writes with the same token were stored in the reverse of the order it sent them. */
  | { kind: 'reordered'; client: string; token: number | undefined; newer: string; older: string }
  /** A client read from the storage after its lease had ended, and the storage served the read. */
  | { kind: 'stale-read'; client: string; value: string | undefined; writtenWith: number | undefined }
  /**
   * The storage rejected a late (or lower-token) write; under `equality` `remembered` is the token
   * it accepts, with `storage.sequence` `seq`/`lastSeq` say why.
   */
  | {
      kind: 'rejected';
      client: string;
      token: number | undefined;
      highestBefore: number;
      /** Under `storage.fencePer: "key"`: the object written (issue 41). */
      key?: string;
      remembered?: number;
      seq?: number;
      lastSeq?: number;
    }
  /** The storage refused a late read (fenced reads): its token was lower than one it had seen. */
  | { kind: 'read-refused'; client: string; token: number | undefined; highestBefore: number }
  /** A client's own lease check failed, so it did not write. */
  | { kind: 'skipped'; client: string }
  /** Every write came from the holder of a live lease. */
  | { kind: 'clean'; writes: number };

/**
 * A write stored although its writer no longer held the lease: its lease had ended at the lease
 * service, a newer one had gone to another client, or (tokens that grow with each grant) its token
 * is lower than one the storage had accepted. The simulator judges it once (`StorageDecision.staleAccepted`).
 */
function isStoredLate(d: StorageDecision): boolean {
  return d.accepted && d.staleAccepted === true;
}

/**
 * What happened in the run, judged from the trace at its end: the first late write the storage
 * stored, else the first write it rejected, else a client's failed lease check, else a clean run.
 */
export function outcomeOf(trace: Trace): Outcome {
  let o = outcomes.get(trace);
  if (!o) outcomes.set(trace, (o = judge(trace)));
  return o;
}

/** Each trace's outcome, judged once: the story bar asks on every render at the run's end. */
const outcomes = new WeakMap<Trace, Outcome>();

/** {@link outcomeOf}, in time linear in the storage's decisions (issue 43: a search back, or ahead, for each write was quadratic on a run of thousands). */
function judge(trace: Trace): Outcome {
  const fencing = trace.scenario.storage.fencing;
  const fenced = fencing === 'token';
  const storage = trace.storage;
  // Whose value each object (`key`) held just before each decision: the last accepted write to it.
  const holder = new Map<string | undefined, string>();
  let prev: StorageDecision | undefined;
  for (let i = 0; i < storage.length; i++) {
    const d = storage[i]!;
    if (d.accepted && isStoredLate(d)) {
      const afterReset = (trace.storageResets ?? []).some((r) => r <= d.atMs && (prev === undefined || r > prev.atMs));
      const victimOfFirst = holder.get(d.key);
      // What came after it: a later late write over another client's data changes who the storage
      // ends with (the newcomer saw an ending that named only the first).
      const then: { late: string; victim: string | undefined }[] = [];
      holder.set(d.key, d.client);
      for (let k = i + 1; k < storage.length; k++) {
        const x = storage[k]!;
        const victim = holder.get(x.key);
        if (x.accepted && isStoredLate(x) && victim !== x.client) then.push({ late: x.client, victim });
        if (x.accepted) holder.set(x.key, x.client);
      }
      return { kind: 'overwritten', late: d.client, victim: victimOfFirst, token: d.token, highestBefore: d.highestBefore, fenced, fencing, afterReset, then, ...perKey(trace, d) };
    }
    if (d.accepted) {
      holder.set(d.key, d.client);
      prev = d;
    }
  }
  // The same client's writes under one token, stored out of the order it sent them (write messages
  // are numbered as they are sent): the first accepted write with a later one of the same client
  // and token sent before it, found from the end with the least message id after each write.
  const groupOf = (d: StorageDecision) => `${d.client}|${d.token}`;
  const leastAfter = new Map<string, number>();
  let first = -1;
  for (let i = storage.length - 1; i >= 0; i--) {
    const a = storage[i]!;
    if (!a.accepted) continue;
    const g = groupOf(a);
    const least = leastAfter.get(g);
    if (least !== undefined && least < a.messageId) first = i;
    if (least === undefined || a.messageId < least) leastAfter.set(g, a.messageId);
  }
  if (first >= 0) {
    const a = storage[first]!;
    const b = storage.slice(first + 1).find((x) => x.accepted && x.client === a.client && x.token === a.token && x.messageId < a.messageId)!;
    return { kind: 'reordered', client: a.client, token: a.token, newer: a.value, older: b.value };
  }
  const lateRead = (trace.reads ?? []).find((r) => r.served && isLate(trace, r.client, r.token, r.atMs));
  if (lateRead) return { kind: 'stale-read', client: lateRead.client, value: lateRead.value, writtenWith: lateRead.writtenWith };
  const rejected = storage.find((d) => !d.accepted);
  if (rejected) {
    return {
      kind: 'rejected',
      client: rejected.client,
      token: rejected.token,
      highestBefore: rejected.highestBefore,
      ...perKey(trace, rejected),
      ...(rejected.remembered !== undefined ? { remembered: rejected.remembered } : {}),
      ...(rejected.seq !== undefined ? { seq: rejected.seq } : {}),
      ...(rejected.lastSeq !== undefined ? { lastSeq: rejected.lastSeq } : {}),
    };
  }
  const refusedRead = (trace.reads ?? []).find((r) => !r.served);
  if (refusedRead) return { kind: 'read-refused', client: refusedRead.client, token: refusedRead.token, highestBefore: refusedRead.highestBefore };
  const check = trace.events.find((e) => e.kind === 'lease-check-failed');
  if (check) return { kind: 'skipped', client: check.actor };
  return { kind: 'clean', writes: storage.length };
}

/**
 * `{ key }` when the storage keeps its highest token per object and the write named one (issue 41),
 * so that a sentence about `highestBefore` can say whose highest it is; else nothing.
 */
function perKey(trace: Trace, d: StorageDecision): { key?: string } {
  return trace.scenario.storage.fencePer === 'key' && d.key !== undefined ? { key: d.key } : {};
}

/** ` for 'row-2'` when a highest token is one object's (issue 41), else nothing. */
export function forKey(key: string | undefined): string {
  return key === undefined ? '' : ` for ${pyRepr(key)}`;
}

/** A client's display name in a trace (its id if unknown). */
export function clientName(trace: Trace, id: string | undefined): string {
  return trace.scenario.clients.find((c) => c.id === id)?.name ?? id ?? '';
}

/**
 * The end of a run in one sentence: what happened and why, e.g. "The storage rejected Client 1's
 * late write: its token 33 is lower than 34, the highest it had accepted." (English content, like the
 * narration.) Sources: Kleppmann 2016 (the storage rejects a token lower than one it has seen);
 * DDIA ch. 8, Figure 8-5.
 */
export function runOutcome(trace: Trace): string {
  const o = outcomeOf(trace);
  const name = (id: string | undefined) => clientName(trace, id);
  switch (o.kind) {
    case 'overwritten': {
      const what = o.victim && o.victim !== o.late ? `${name(o.victim)}'s data was silently overwritten by ${name(o.late)}'s late write` : `the storage stored ${name(o.late)}'s late write`;
      const why =
        o.fencing === 'equality'
          ? `the storage checks only that a write's token equals the one it remembers, not that it is the newest${o.afterReset && o.token !== undefined ? `, and after its restart it took token ${o.token} as that one` : ''}`
          : !o.fenced
        ? 'the storage does not check tokens, so it accepts any write'
        : o.afterReset && o.token !== undefined
          ? `the storage had restarted and forgotten the tokens it had accepted, so token ${o.token} was not lower than any it knew`
          : o.key !== undefined && o.token !== undefined
          ? `the storage keeps a highest token per object, and for ${pyRepr(o.key)} it had accepted ${o.highestBefore === 0 ? 'none yet' : `nothing higher than ${o.highestBefore}`}: no newer holder had written that object yet`
          : o.token !== undefined && o.token >= o.highestBefore && trace.scenario.lease.tokens === 'random'
          ? `its random token ${o.token} was not lower than ${o.highestBefore}, the highest the storage had accepted: random values do not grow with each grant, so an older holder's can be the larger one`
          : o.token !== undefined && o.token >= o.highestBefore
          ? `its token ${o.token} was still the highest the storage had seen, because the new holder had not written yet`
          : 'the storage accepted it';
      const after = (o.then ?? []).map((t) => ` Then ${name(t.late)}'s late write overwrote ${t.victim === undefined ? 'the storage\'s data' : `${name(t.victim)}'s data`} in turn.`);
      return `${capitalise(what)}: ${why}.${after.join('')}`;
    }
    case 'reordered':
      return `${name(o.client)}'s two writes with token ${o.token} arrived out of order, so its older value ${pyRepr(o.older)} overwrote its newer ${pyRepr(o.newer)}: a token orders holders, not one holder's own writes.`;
    case 'stale-read':
      return `${name(o.client)} read ${o.value === undefined ? 'from the storage' : pyRepr(o.value)} after its lease had ended, and the storage served it: this storage checks the tokens of writes, not of reads.`;
    case 'rejected':
      if (o.token === undefined) return `The storage rejected ${name(o.client)}'s write: it carried no token.`;
      if (o.remembered !== undefined) return `The storage rejected ${name(o.client)}'s write: its token ${o.token} is not ${o.remembered}, the one token it accepts.`;
      if (o.lastSeq !== undefined) return `The storage rejected ${name(o.client)}'s write: its sequence number ${o.seq} is not above ${o.lastSeq}, the last it accepted with token ${o.token}.`;
      return `The storage rejected ${name(o.client)}'s late write: its token ${o.token} is lower than ${o.highestBefore}, the highest it had accepted${forKey(o.key)}.`;
    case 'read-refused':
      return `The storage refused ${name(o.client)}'s late read: its token ${o.token} is lower than ${o.highestBefore}, the highest it had seen.`;
    case 'skipped':
      return `${name(o.client)} checked its own lease timer before writing, saw the lease had run out and did not write.`;
    case 'clean':
      return o.writes === 0
        ? 'Nothing was written: no client reached its write.'
        : `Every write came from a client whose lease was still live, so the storage accepted ${o.writes === 1 ? 'it' : 'them all'} and nothing was overwritten.`;
  }
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
