/**
 * The four safety properties the explorer checks, as pure functions over a {@link Trace}.
 *
 * Two of them are what fencing tokens promise; two are what no lease can promise, and the explorer
 * exists to show the difference by finding schedules that break them:
 *
 * | # | id                       | promised by fencing?                                            |
 * |---|--------------------------|-----------------------------------------------------------------|
 * | 1 | `no-stale-overwrite`     | yes, with `storage.fencing: "token"` and monotonic tokens        |
 * | 2 | `token-order`            | yes, with `storage.fencing: "token"` (the storage enforces it)   |
 *
 * Both promises hold only if the storage keeps its highest token: a `resetStorage` fault (a storage
 * that keeps the token in memory and restarts) forgets it, and a violation that follows such a
 * restart is counted in the verdict's `afterRestart`, not as a broken promise (issue 41, item 4).
 * | 3 | `no-write-after-expiry`  | no: the first-write window and the token still in flight         |
 * | 4 | `mutual-exclusion`       | no: a paused process cannot know its lease expired               |
 *
 * Every check returns a {@link PropertyVerdict}: `holds`, and when it does not, a witness naming
 * the storage decisions or belief intervals involved and one sentence with times (simulated ms,
 * true time) and tokens. Checks never throw and never mutate the trace.
 *
 * Terms: the *lease service* grants a lease (the lock) with a *fencing token*; the holder renews
 * it with *keepalives*; it expires `ttlMs` after the last grant or keepalive that reached the lease
 * service. The *storage* is the resource the lock protects. Whether a lease had "ended" is always
 * judged at the lease service (the truth), at the moment the storage made its decision.
 *
 * Sources: Kleppmann, "How to do distributed locking" (2016); Kleppmann, *Designing Data-Intensive
 * Applications* ch. 8, "The truth is defined by the majority" (fencing tokens); Burrows, "The
 * Chubby lock service for loosely-coupled distributed systems" (OSDI 2006) §2.4 (sequencers, and
 * why a lock holder can be delayed past its lease).
 *
 * @module
 */
import type { BeliefInterval, LeaseInterval, StorageDecision, Trace } from '../model';

/** The ids of the four properties, in their documented order (1 to 4). */
export const PROPERTY_IDS = ['no-stale-overwrite', 'token-order', 'no-write-after-expiry', 'mutual-exclusion'] as const;

/** One of the four properties: see {@link PROPERTY_IDS} and the module table. */
export type PropertyId = (typeof PROPERTY_IDS)[number];

/** Short English labels for reports and the CLI (the UI should use its own i18n catalogue). */
export const PROPERTY_LABELS: Readonly<Record<PropertyId, string>> = {
  'no-stale-overwrite': '1. no stale overwrite',
  'token-order': '2. token order',
  'no-write-after-expiry': '3. no write after expiry',
  'mutual-exclusion': '4. mutual exclusion in real time',
};

/**
 * Why a write was accepted after its writer's lease had ended (property 3), judged from the trace,
 * checked in this order:
 *
 * - `no-new-holder`: no lease had been granted to anyone since the writer's lease ended, so no
 *   higher token existed anywhere; fencing has nothing to compare against.
 * - `token-not-higher`: the next holder's token was not higher than the writer's (only with
 *   `tokens: "random"`, Redlock-style values), so fencing cannot tell them apart.
 * - `storage-restarted`: the storage had accepted a higher token, then restarted (a `resetStorage`
 *   fault) and forgot it, so it had nothing left to compare against.
 * - `unfenced`: the storage had already accepted a higher token and still took this write: it does
 *   not check tokens (`storage.fencing: "off"`).
 * - `token-in-flight`: a new lease had been granted, but the storage decided before the new holder
 *   could possibly have told it (earlier than the grant's arrival at the new holder plus one network
 *   latency). No check at the storage can close this gap.
 * - `first-write-window`: the new holder had had its token long enough to reach the storage but the
 *   storage had not seen it yet (the new holder was working, paused, or its message was delayed).
 *   A fenced read (`storage.fenceReads` and a `read` as the new holder's first step) or an
 *   immediate write narrows this window when the new holder runs promptly.
 */
export type WriteAfterExpiryCause = 'no-new-holder' | 'token-not-higher' | 'storage-restarted' | 'unfenced' | 'token-in-flight' | 'first-write-window';

/** All causes, in a fixed order (for tallies). */
export const WRITE_AFTER_EXPIRY_CAUSES: readonly WriteAfterExpiryCause[] = [
  'no-new-holder',
  'token-not-higher',
  'storage-restarted',
  'unfenced',
  'token-in-flight',
  'first-write-window',
];

/** A storage decision together with the lease it was made under (undefined for a write without a token). */
export interface DecisionRef {
  /** Index of the decision in `trace.storage`. */
  index: number;
  decision: StorageDecision;
  /** The writer's lease at the lease service (matched by holder, token and the write's send time). */
  lease: LeaseInterval | undefined;
}

/** Evidence that a property was broken in one trace. */
export type Witness =
  | {
      property: 'no-stale-overwrite';
      /** The accepted write from a holder whose lease had already ended. */
      stale: DecisionRef;
      /** The earlier accepted write from a later holder that it overwrote. */
      overwritten: DecisionRef;
      /** When the storage restarted between the two decisions and forgot the higher token, if it did. */
      restartAtMs: number | undefined;
      text: string;
    }
  | {
      property: 'token-order';
      /** The accepted write whose token is lower than an earlier accepted one. */
      lower: DecisionRef;
      /** The earlier accepted write with the highest token so far. */
      higher: DecisionRef;
      /** When the storage restarted between the two decisions and forgot the higher token, if it did. */
      restartAtMs: number | undefined;
      text: string;
    }
  | {
      property: 'no-write-after-expiry';
      /** The accepted write whose writer's lease had ended at the lease service. */
      write: DecisionRef;
      /** How long (ms) after the lease ended the storage accepted it. */
      lateByMs: number;
      /** Why fencing let this (the first) late write in. */
      cause: WriteAfterExpiryCause;
      /** The distinct causes over every late write in the trace, in {@link WRITE_AFTER_EXPIRY_CAUSES} order. */
      causes: WriteAfterExpiryCause[];
      /** The next lease granted after the writer's ended, if any was granted before the decision. */
      nextLease: LeaseInterval | undefined;
      text: string;
    }
  | {
      property: 'mutual-exclusion';
      first: BeliefInterval;
      second: BeliefInterval;
      /** The overlap, in true ms: [fromMs, toMs). */
      fromMs: number;
      toMs: number;
      text: string;
    };

/** The witness type for one property. */
export type WitnessOf<P extends PropertyId> = Extract<Witness, { property: P }>;

/**
 * A property's verdict on one trace: `holds`, or the first violation found (in storage order, or
 * in belief start order for property 4) and how many distinct violations the trace has.
 */
export type PropertyVerdict<P extends PropertyId = PropertyId> =
  | { property: P; holds: true }
  | {
      property: P;
      holds: false;
      count: number;
      /**
       * Of the `count` violations, how many came after the storage restarted (a `resetStorage`
       * fault) and forgot the higher token it had accepted. Fencing promises properties 1 and 2 only
       * if the storage keeps its highest token, so these are explained, not broken promises. Always
       * 0 for properties 3 and 4 (property 3 names the restart as a cause instead).
       */
      afterRestart: number;
      witness: WitnessOf<P>;
    };

// ---------------------------------------------------------------------------------------------
// Helpers.

const fmtToken = (t: number | undefined): string => (t === undefined ? 'no token' : `token ${t}`);

function quote(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

/**
 * The lease a storage decision was made under: the lease granted to the writer with the write's
 * token, the latest one granted no later than the write left the client. Undefined for a write
 * sent without a token (the client never held a lease).
 */
export function leaseOfDecision(trace: Trace, decision: StorageDecision): LeaseInterval | undefined {
  if (decision.token === undefined) return undefined;
  const sentAtMs = trace.messages[decision.messageId]?.sentAtMs ?? decision.atMs;
  let found: LeaseInterval | undefined;
  for (const l of trace.leases) {
    if (l.holder === decision.client && l.token === decision.token && l.startMs <= sentAtMs) found = l;
  }
  return found;
}

/**
 * Whether a lease had ended at the lease service by `atMs` (expired, released or revoked at or
 * before it). A lease still live when the run stopped (`run-ended`) had not ended.
 * Same-time order follows the simulator: a lease expiry at t is handled before a delivery at t.
 */
export function leaseEndedBy(lease: LeaseInterval, atMs: number): boolean {
  return lease.endReason !== 'run-ended' && lease.endMs <= atMs;
}

/**
 * When the storage restarted (a `resetStorage` fault) after a decision at `afterMs` and no later
 * than a decision at `byMs`, forgetting what it had accepted; undefined if it did not.
 */
export function storageRestartBetween(trace: Trace, afterMs: number, byMs: number): number | undefined {
  return (trace.storageResets ?? []).find((r) => r >= afterMs && r <= byMs);
}

const restartText = (atMs: number | undefined): string =>
  atMs === undefined ? '' : ` The storage had restarted at ${atMs} ms and forgotten its highest token.`;

function endWord(lease: LeaseInterval): string {
  return lease.endReason === 'expired' ? 'expired' : lease.endReason === 'released' ? 'been released' : 'been revoked';
}

/** Accepted decisions with their leases, in storage order (computed once per check). */
function acceptedRefs(trace: Trace): DecisionRef[] {
  const out: DecisionRef[] = [];
  trace.storage.forEach((decision, index) => {
    if (decision.accepted) out.push({ index, decision, lease: leaseOfDecision(trace, decision) });
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// 1. No stale overwrite.

/**
 * Property 1, **no stale overwrite**: the storage never accepts a write from a holder whose lease
 * had already ended (at the lease service, when the storage decided) after it accepted a write from
 * a later holder (one granted the lock after it, in grant order).
 *
 * This is what fencing tokens promise (Kleppmann 2016, "How to do distributed locking"; DDIA ch. 8):
 * with `storage.fencing: "token"` and monotonic tokens the later holder's token is higher, so the
 * storage rejects the stale one. It fails with fencing `off`, and can fail with `tokens: "random"`
 * (Kleppmann's objection to Redlock: random values are not ordered).
 *
 * Writes without a token (from a client that never held a lease) are outside this property.
 *
 * @returns `holds`, or the first stale overwrite in storage order and the number of stale writes
 *   that overwrote a later holder's write.
 */
/**
 * The object a decision's token is compared within: the write's key under `storage.fencePer: "key"`
 * (the storage keeps a highest token per object, so properties 1 and 2 hold per object: a write to
 * an object a later holder has not written overwrites nothing of theirs), else one object for all.
 */
function fenceScope(trace: Trace, decision: StorageDecision): string {
  return trace.scenario.storage.fencePer === 'key' ? (decision.key ?? '') : '';
}

export function checkNoStaleOverwrite(trace: Trace): PropertyVerdict<'no-stale-overwrite'> {
  const refs = acceptedRefs(trace);
  const leaseOrder = new Map<LeaseInterval, number>();
  trace.leases.forEach((l, i) => leaseOrder.set(l, i));
  let count = 0;
  let afterRestart = 0;
  let witness: WitnessOf<'no-stale-overwrite'> | undefined;
  // The accepted write from the latest-granted lease seen so far, in storage order (per object
  // under per-object fencing: `fenceScope`).
  const latestOf = new Map<string, { ref: DecisionRef; order: number }>();
  for (const ref of refs) {
    const order = ref.lease ? (leaseOrder.get(ref.lease) ?? -1) : -1;
    const scope = fenceScope(trace, ref.decision);
    const latest = latestOf.get(scope)?.ref;
    const latestOrder = latestOf.get(scope)?.order ?? -1;
    if (ref.lease && leaseEndedBy(ref.lease, ref.decision.atMs) && latest && latestOrder > order) {
      count += 1;
      const restartAtMs = storageRestartBetween(trace, latest.decision.atMs, ref.decision.atMs);
      if (restartAtMs !== undefined) afterRestart += 1;
      if (!witness) {
        const d = ref.decision;
        const o = latest.decision;
        witness = {
          property: 'no-stale-overwrite',
          stale: ref,
          overwritten: latest,
          restartAtMs,
          text:
            `At ${d.atMs} ms the storage accepted ${quote(d.value)} from ${d.client} with ${fmtToken(d.token)}, ` +
            `whose lease had ${endWord(ref.lease)} at ${ref.lease.endMs} ms, after accepting ${quote(o.value)} ` +
            `from the later holder ${o.client} with ${fmtToken(o.token)} at ${o.atMs} ms: a stale overwrite.${restartText(restartAtMs)}`,
        };
      }
    }
    if (order > latestOrder) latestOf.set(scope, { ref, order });
  }
  return witness ? { property: 'no-stale-overwrite', holds: false, count, afterRestart, witness } : { property: 'no-stale-overwrite', holds: true };
}

// ---------------------------------------------------------------------------------------------
// 2. Token order.

/**
 * Property 2, **token order**: the tokens of accepted writes never go down, in the order the
 * storage accepted them (the storage's own view of property 1).
 *
 * Promised by fencing (Kleppmann 2016; DDIA ch. 8): with `storage.fencing: "token"` the storage
 * itself rejects any token lower than the highest it accepted, so this holds whatever the
 * schedule and even with random tokens. It fails with fencing `off` as soon as a lower token lands
 * after a higher one. Writes without a token are skipped.
 *
 * @returns `holds`, or the first accepted write whose token is lower than an earlier accepted one,
 *   and how many such writes there are.
 */
export function checkTokenOrder(trace: Trace): PropertyVerdict<'token-order'> {
  let count = 0;
  let afterRestart = 0;
  let witness: WitnessOf<'token-order'> | undefined;
  // The highest accepted so far, per object under per-object fencing (`fenceScope`).
  const highestOf = new Map<string, DecisionRef>();
  trace.storage.forEach((decision, index) => {
    if (!decision.accepted || decision.token === undefined) return;
    const scope = fenceScope(trace, decision);
    const higher = highestOf.get(scope);
    if (higher && decision.token < higher.decision.token!) {
      count += 1;
      const restartAtMs = storageRestartBetween(trace, higher.decision.atMs, decision.atMs);
      if (restartAtMs !== undefined) afterRestart += 1;
      if (!witness) {
        const lower: DecisionRef = { index, decision, lease: leaseOfDecision(trace, decision) };
        const h = higher.decision;
        witness = {
          property: 'token-order',
          lower,
          higher,
          restartAtMs,
          text:
            `At ${decision.atMs} ms the storage accepted ${quote(decision.value)} with token ${decision.token} from ${decision.client}, ` +
            `lower than token ${h.token} it had accepted from ${h.client} at ${h.atMs} ms: the tokens went down.${restartText(restartAtMs)}`,
        };
      }
      return;
    }
    if (!higher || decision.token > higher.decision.token!) highestOf.set(scope, { index, decision, lease: leaseOfDecision(trace, decision) });
  });
  return witness ? { property: 'token-order', holds: false, count, afterRestart, witness } : { property: 'token-order', holds: true };
}

// ---------------------------------------------------------------------------------------------
// 3. No write after expiry.

/**
 * Classifies why a write got in after its writer's lease ended (see {@link WriteAfterExpiryCause}).
 * `lease` must have ended by `decision.atMs`.
 */
export function writeAfterExpiryCause(
  trace: Trace,
  lease: LeaseInterval,
  decision: StorageDecision,
): { cause: WriteAfterExpiryCause; nextLease: LeaseInterval | undefined } {
  const i = trace.leases.indexOf(lease);
  const next = i >= 0 ? trace.leases[i + 1] : undefined;
  if (!next || next.startMs > decision.atMs) return { cause: 'no-new-holder', nextLease: undefined };
  if (decision.token !== undefined && next.token <= decision.token) return { cause: 'token-not-higher', nextLease: next };
  if (decision.token !== undefined && decision.highestBefore <= decision.token) {
    const at = trace.storage.indexOf(decision);
    const forgot = trace.storage
      .slice(0, at < 0 ? trace.storage.length : at)
      .some((d) => d.accepted && d.token !== undefined && d.token > decision.token! && storageRestartBetween(trace, d.atMs, decision.atMs) !== undefined);
    if (forgot) return { cause: 'storage-restarted', nextLease: next };
  }
  if (decision.token !== undefined && decision.highestBefore > decision.token) return { cause: 'unfenced', nextLease: next };
  let grantArriveMs = next.startMs + trace.scenario.network.latencyMs;
  for (const m of trace.messages) {
    if (m.kind === 'grant' && m.to === next.holder && m.token === next.token && m.sentAtMs === next.startMs) {
      grantArriveMs = m.arriveAtMs;
      break;
    }
  }
  const earliestContactMs = grantArriveMs + trace.scenario.network.latencyMs;
  return { cause: decision.atMs < earliestContactMs ? 'token-in-flight' : 'first-write-window', nextLease: next };
}

/**
 * Property 3, **no write after expiry**: the storage never accepts a write from a client whose
 * lease had ended at the lease service when the storage decided.
 *
 * Fencing does NOT promise this. The storage only learns of a higher token when the new holder
 * sends it, so a stale write that arrives before that is accepted: the "first-write window"
 * (Kleppmann 2016 notes the storage must see the new token; DDIA ch. 8). A fenced read
 * (`storage.fenceReads` and a `read` as the new holder's first step) or an immediate write by the
 * new holder narrows the window to the time the new token is in flight, which nothing at the
 * storage can close; see {@link WriteAfterExpiryCause}. Violations are expected with fencing on.
 *
 * @returns `holds`, or the first accepted write after its writer's lease ended (with how late it
 *   was and why fencing let it in) and how many such writes there are.
 */
export function checkNoWriteAfterExpiry(trace: Trace): PropertyVerdict<'no-write-after-expiry'> {
  let count = 0;
  let first: { ref: DecisionRef; lease: LeaseInterval; cause: WriteAfterExpiryCause; nextLease: LeaseInterval | undefined } | undefined;
  const seen = new Set<WriteAfterExpiryCause>();
  trace.storage.forEach((decision, index) => {
    if (!decision.accepted || decision.token === undefined) return;
    const lease = leaseOfDecision(trace, decision);
    if (!lease || !leaseEndedBy(lease, decision.atMs)) return;
    count += 1;
    const { cause, nextLease } = writeAfterExpiryCause(trace, lease, decision);
    seen.add(cause);
    if (!first) first = { ref: { index, decision, lease }, lease, cause, nextLease };
  });
  if (!first) return { property: 'no-write-after-expiry', holds: true };
  const { ref, lease, cause, nextLease } = first;
  const decision = ref.decision;
  const lateByMs = decision.atMs - lease.endMs;
  const next = nextLease!;
  const why =
    cause === 'no-new-holder'
      ? 'no one else had been granted the lock yet, so the storage knew no higher token'
      : cause === 'token-not-higher'
        ? `the next holder ${next.holder}'s token ${next.token} is not higher, so fencing cannot tell them apart`
        : cause === 'storage-restarted'
          ? 'the storage had accepted a higher token but restarted and forgot its highest token'
          : cause === 'unfenced'
          ? `the storage had already accepted token ${decision.highestBefore} but does not check tokens`
          : cause === 'token-in-flight'
            ? `${next.holder}'s token ${next.token} (granted at ${next.startMs} ms) was still in flight`
            : `${next.holder} had held token ${next.token} since ${next.startMs} ms but the storage had not seen it yet`;
  return {
    property: 'no-write-after-expiry',
    holds: false,
    count,
    afterRestart: 0,
    witness: {
      property: 'no-write-after-expiry',
      write: ref,
      lateByMs,
      cause,
      causes: WRITE_AFTER_EXPIRY_CAUSES.filter((c) => seen.has(c)),
      nextLease,
      text:
        `At ${decision.atMs} ms the storage accepted ${quote(decision.value)} from ${decision.client} with token ${decision.token}, ` +
        `${lateByMs} ms after its lease had ${endWord(lease)} at ${lease.endMs} ms: ${why}.`,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// 4. Mutual exclusion in real time.

/**
 * Property 4, **mutual exclusion in real time**: no two clients believe they hold the lock at the
 * same moment (their belief intervals, half-open [startMs, endMs), never overlap).
 *
 * No lease can promise this, with or without fencing: a process paused by a GC or a VM freeze
 * cannot notice that its lease expired, and wakes still believing it holds the lock
 * (Kleppmann 2016; Burrows, Chubby §2.4). Fencing does not remove the overlap. It stops the old
 * holder's writes only once the storage has seen the newer token; it does not stop stale reads or a
 * stale write that arrives before the new holder's first write (DDIA 2nd ed. ch. 9: "once that
 * write has completed, any zombies are fenced off"). Violations are expected with fencing on.
 *
 * @returns `holds`, or the first overlapping pair (by start time) and the number of overlapping pairs.
 */
export function checkMutualExclusion(trace: Trace): PropertyVerdict<'mutual-exclusion'> {
  const bs = trace.beliefs;
  let count = 0;
  let witness: WitnessOf<'mutual-exclusion'> | undefined;
  let best: [BeliefInterval, BeliefInterval] | undefined;
  for (let i = 0; i < bs.length; i++) {
    const a = bs[i]!;
    for (let j = i + 1; j < bs.length; j++) {
      const b = bs[j]!;
      if (a.client === b.client) continue;
      if (a.startMs < b.endMs && b.startMs < a.endMs) {
        count += 1;
        const [x, y] = a.startMs <= b.startMs ? [a, b] : [b, a];
        if (!best || y.startMs < best[1].startMs || (y.startMs === best[1].startMs && x.startMs < best[0].startMs)) best = [x, y];
      }
    }
  }
  if (best) {
    const [x, y] = best;
    const fromMs = y.startMs;
    const toMs = Math.min(x.endMs, y.endMs);
    witness = {
      property: 'mutual-exclusion',
      first: x,
      second: y,
      fromMs,
      toMs,
      text:
        `From ${fromMs} ms to ${toMs} ms both ${x.client} (token ${x.token}) and ${y.client} (token ${y.token}) ` +
        `believed they held the lock (${toMs - fromMs} ms of overlap).`,
    };
  }
  return witness ? { property: 'mutual-exclusion', holds: false, count, afterRestart: 0, witness } : { property: 'mutual-exclusion', holds: true };
}

// ---------------------------------------------------------------------------------------------
// All four.

/** The verdicts of all four properties on one trace, keyed by property id. */
export type PropertyReport = { [P in PropertyId]: PropertyVerdict<P> };

/** Runs the four checks on one trace. Pure; never throws. */
export function checkProperties(trace: Trace): PropertyReport {
  return {
    'no-stale-overwrite': checkNoStaleOverwrite(trace),
    'token-order': checkTokenOrder(trace),
    'no-write-after-expiry': checkNoWriteAfterExpiry(trace),
    'mutual-exclusion': checkMutualExclusion(trace),
  };
}

/**
 * Whether fencing promises a property for a scenario's settings: property 1 with
 * `storage.fencing: "token"` and monotonic tokens, property 2 with `storage.fencing: "token"`,
 * properties 3 and 4 never. Both promises hold only if the storage keeps its highest token (a
 * restart that forgets it is outside them: see `afterRestart`). A promised property that fails
 * other than after a restart is a bug (the CLI exits 1).
 */
export function isPromised(property: PropertyId, settings: { fencing: 'token' | 'off'; tokens: 'monotonic' | 'random' }): boolean {
  if (property === 'no-stale-overwrite') return settings.fencing === 'token' && settings.tokens === 'monotonic';
  if (property === 'token-order') return settings.fencing === 'token';
  return false;
}
