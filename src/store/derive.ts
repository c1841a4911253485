/**
 * Pure queries of a trace at a simulated time: what the storage holds, who holds the lease, what
 * each client is doing. Views call these with the playhead; all times are simulated ms.
 * @module
 */
import type { BeliefInterval, LeaseInterval, StorageDecision, Trace } from '../model/trace';

/** The storage as it stands at a time. */
export interface StorageState {
  /** Highest token the storage has seen in an accepted write (0 before any, as in the seed). */
  highestToken: number;
  /** Value of the last accepted write, or `undefined` if none yet (the seed's `None`). */
  data: string | undefined;
  /** Decisions made so far, in order. */
  decisions: StorageDecision[];
  /**
   * With fencing `equality` (an identity compare-and-set, issue 12): the one token the storage
   * accepts, that of the first write accepted since the start or the last reset; `undefined`
   * before it (any token is then accepted) and under the other modes.
   */
  acceptsOnly?: number | undefined;
}

/** Number of storage decisions made at or before `ms`. */
export function storageCountAt(trace: Trace, ms: number): number {
  let n = 0;
  for (const d of trace.storage) {
    if (d.atMs > ms) break;
    n += 1;
  }
  return n;
}

/**
 * How many things that change the storage's state (decisions, resets, and reads when `fenceReads`
 * is on) have happened by `ms` (simulated ms): a cheap primitive for a view to re-render on. It
 * changes whenever {@link storageStateAt} does (a test checks it on every built-in run).
 */
export function storageVersionAt(trace: Trace, ms: number): number {
  let n = storageCountAt(trace, ms);
  for (const r of trace.storageResets ?? []) if (r <= ms) n++;
  if (trace.scenario.storage.fenceReads) {
    for (const e of trace.events) {
      if (e.atMs > ms) break;
      if (e.kind === 'read-served') n += 1;
    }
  }
  return n;
}

/**
 * The storage's state at `ms`: highest accepted token (raised also by fenced reads when the
 * scenario has `fenceReads`), current data and the log so far.
 */
export function storageStateAt(trace: Trace, ms: number): StorageState {
  let highestToken = 0;
  let acceptsOnly: number | undefined;
  let data: string | undefined;
  const decisions = trace.storage.slice(0, storageCountAt(trace, ms));
  // A `resetStorage` fault clears what the storage holds (issue 12); resets come before deliveries at the same ms.
  let reset = -1;
  for (const r of trace.storageResets ?? []) if (r <= ms) reset = r;
  for (const d of decisions) {
    if (d.atMs < reset) continue;
    if (d.accepted) {
      data = d.value;
      if (d.token !== undefined) highestToken = Math.max(highestToken, d.token);
      if (d.token !== undefined && acceptsOnly === undefined) acceptsOnly = d.token;
    }
  }
  if (trace.scenario.storage.fenceReads) {
    for (const e of trace.events) {
      if (e.atMs > ms) break;
      if (e.kind === 'read-served' && e.token !== undefined && e.atMs >= reset) highestToken = Math.max(highestToken, e.token);
    }
  }
  if (trace.scenario.storage.fencing !== 'equality') return { highestToken, data, decisions };
  return { highestToken, data, decisions, acceptsOnly };
}

/** The lease live at the lease service at `ms` (granted at or before, ended after), if any. */
export function liveLeaseAt(trace: Trace, ms: number): LeaseInterval | undefined {
  return trace.leases.find((l) => l.startMs <= ms && (ms < l.endMs || (l.endReason === 'run-ended' && ms <= l.endMs)));
}

/** The belief `client` holds at `ms` (it thinks it holds the lock), if any. */
export function beliefAt(trace: Trace, client: string, ms: number): BeliefInterval | undefined {
  return trace.beliefs.find((b) => b.client === client && b.startMs <= ms && (ms < b.endMs || (b.endReason === 'run-ended' && ms <= b.endMs)));
}

/** What a client is doing at a time. */
export type ClientPhase = 'waiting' | 'running' | 'paused' | 'crashed' | 'done';

/** A client's situation at a time. */
export interface ClientStatus {
  phase: ClientPhase;
  /** The token the client believes it holds, if any. */
  believedToken: number | undefined;
  /** True if the lease service agrees (a live lease for this client with that token). */
  leaseValid: boolean;
}

/** The status of `client` at `ms`. */
export function clientStatusAt(trace: Trace, client: string, ms: number): ClientStatus {
  let phase: ClientPhase = 'waiting';
  const crash = trace.crashes.find((c) => c.client === client);
  if (crash && crash.atMs <= ms) phase = 'crashed';
  else if (trace.pauses.some((p) => p.client === client && p.startMs <= ms && ms < p.endMs)) phase = 'paused';
  else {
    for (const e of trace.events) {
      if (e.atMs > ms) break;
      if (e.actor !== client) continue;
      if (e.kind === 'client-start') phase = 'running';
      else if (e.kind === 'program-ended') phase = 'done';
    }
  }
  const belief = phase === 'crashed' ? undefined : beliefAt(trace, client, ms);
  const live = liveLeaseAt(trace, ms);
  return {
    phase,
    believedToken: belief?.token,
    leaseValid: belief !== undefined && live !== undefined && live.holder === client && live.token === belief.token,
  };
}

/** Formats simulated ms as seconds with one decimal ("10.1"), the unit every caption uses. */
export function seconds(ms: number): string {
  return (Math.round(ms / 100) / 10).toFixed(1);
}
