/**
 * The run before the learner's last change against the run now (issue 14, item 6): whether the
 * change had any effect, what changed, and the two storage logs side by side with the differing
 * lines marked. Pure functions over two traces (no React, no DOM). Times are simulated ms.
 * @module
 */
import type { StorageDecision, Trace } from '../model/trace';
import type { Intervention } from '../store/interventions';
import { clientName, runOutcome } from './moments';

/** One line of the side-by-side storage logs. */
export interface LogRow {
  before: string | undefined;
  now: string | undefined;
  /** The two lines differ (or one is missing). */
  changed: boolean;
}

/** What a change did, compared with the run before it. */
export interface RunComparison {
  /** Nothing the lease service or the storage did changed: same grants, lease ends and decisions. */
  noEffect: boolean;
  /** The storage logs side by side, row by row (same order as decided). */
  rows: LogRow[];
  /** The storage decided differently (a line differs, or there are more or fewer). */
  decisionsChanged: boolean;
  /** The grants changed (holder, token or time) or a lease ended at another time. */
  leasesChanged: boolean;
  /** The ending sentence of each run (`runOutcome`). */
  outcomeBefore: string;
  outcomeNow: string;
}

const leaseKey = (t: Trace) => t.leases.map((l) => `${l.holder}/${l.token}/${l.startMs}/${l.endMs}/${l.endReason}`).join('|');
const decisionKey = (d: StorageDecision) => `${d.atMs}/${d.client}/${d.text}`;

/** Compares two runs of the same scenario (before and after a change). */
export function compareRuns(before: Trace, now: Trace): RunComparison {
  const n = Math.max(before.storage.length, now.storage.length);
  const rows: LogRow[] = [];
  for (let i = 0; i < n; i++) {
    const b = before.storage[i];
    const a = now.storage[i];
    rows.push({ before: b?.text, now: a?.text, changed: b?.text !== a?.text });
  }
  const decisionsChanged = rows.some((r) => r.changed);
  const timingChanged = before.storage.map(decisionKey).join('|') !== now.storage.map(decisionKey).join('|');
  const leasesChanged = leaseKey(before) !== leaseKey(now);
  const crashesChanged = before.crashes.map((c) => `${c.client}/${c.atMs}`).join() !== now.crashes.map((c) => `${c.client}/${c.atMs}`).join();
  const checksChanged =
    before.events.filter((e) => e.kind === 'lease-check-failed').length !== now.events.filter((e) => e.kind === 'lease-check-failed').length;
  return {
    noEffect: !timingChanged && !leasesChanged && !crashesChanged && !checksChanged,
    rows,
    decisionsChanged,
    leasesChanged,
    outcomeBefore: runOutcome(before),
    outcomeNow: runOutcome(now),
  };
}

/** Whether client `id` was paused at `atMs` in `trace` (a pause covering that moment). */
export function pausedAt(trace: Trace, id: string, atMs: number): boolean {
  return trace.pauses.some((p) => p.client === id && p.startMs <= atMs && atMs < p.endMs);
}

/** A write of client `id` that was on its way to the storage at `atMs` (sent, not yet handled). */
export function writeInFlight(trace: Trace, id: string, atMs: number): boolean {
  return trace.messages.some((m) => m.kind === 'write' && m.from === id && m.sentAtMs <= atMs && (m.handledAtMs ?? Infinity) > atMs);
}

/**
 * Why a change had no effect, in one sentence for the learner, or `undefined` if it had one. The
 * reason is looked up in the run before the change: the client was already paused, its write was
 * already on its way, or (otherwise) nothing that followed depended on it.
 * @param change the intervention just made (the last of the new list)
 */
export function noEffectNotice(before: Trace, now: Trace, change: Intervention | undefined): string | undefined {
  if (!compareRuns(before, now).noEffect) return undefined;
  const at = (ms: number) => `${(Math.round(ms / 100) / 10).toFixed(1)} s`;
  if (change?.kind === 'pause') {
    const who = clientName(before, change.client);
    if (pausedAt(before, change.client, change.atMs)) {
      return `${who} was already paused at ${at(change.atMs)}: pausing it again changed nothing the lease service or the storage did.`;
    }
    if (writeInFlight(before, change.client, change.atMs)) {
      return `Pausing ${who} at ${at(change.atMs)} changed nothing the lease service or the storage did: its write was already on its way to the storage, and a pause cannot call it back.`;
    }
    return `Pausing ${who} at ${at(change.atMs)} changed nothing the lease service or the storage did: nothing that followed depended on it.`;
  }
  return 'This change made no difference to what the lease service or the storage did: same grants, same lease ends, same storage decisions.';
}

/**
 * After a change, in one sentence: what is different from the run before it (the first storage line
 * that changed, else the leases), or `undefined` when nothing is ({@link noEffectNotice} speaks then).
 */
export function changeSummary(before: Trace, now: Trace): string | undefined {
  const c = compareRuns(before, now);
  if (c.noEffect) return undefined;
  const first = c.rows.find((r) => r.changed);
  if (first) {
    const was = first.before ? `before: ${first.before}` : 'before: no such write';
    const is = first.now ? `now: ${first.now}` : 'now: that write never reaches the storage';
    const more = c.rows.filter((r) => r.changed).length - 1;
    return `Compared with the run before, the storage decided differently (${is}; ${was})${more > 0 ? `, and ${more} more line${more > 1 ? 's' : ''} changed` : ''}.`;
  }
  if (c.leasesChanged) {
    const grants = (t: Trace) => t.leases.map((l) => `${clientName(t, l.holder)} ${l.token} at ${(l.startMs / 1000).toFixed(1)} s`).join(', ');
    return `Compared with the run before, the storage decided the same, but the grants changed (now: ${grants(now)}; before: ${grants(before)}).`;
  }
  return 'Compared with the run before, the storage decided the same things, at other times.';
}
