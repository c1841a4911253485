/**
 * Conformance of the etcd-flavoured model with real etcd runs (issue 17): which built-in
 * scenarios etcd can express, how they are scaled to 2 s TTLs, and the comparison of a recording
 * with the model's trace of its replay scenario. Pure; the test is `tests/etcd/conformance.test.ts`.
 *
 * Compared: the order of lock tokens (create revisions: exact), who holds the lock when (the
 * holder and token of each owner interval exactly; its start and end within the tolerance), when
 * each client's `Lock()` returned, and every storage decision (its text exactly, its time within
 * the tolerance).
 *
 * @module
 */
import { ETCD_EXPIRY_CHECK_MS, normalizeScenario, type Scenario, type ScenarioInput } from '../model/scenario';
import { simulate } from '../model/simulate';
import type { Trace } from '../model/trace';
import type { RecordedEvent, Recording } from './recording';

/**
 * Tolerances (ms) of the comparison. Times on a real machine drift from the model's: Node timers
 * fire late, gRPC and etcd's raft apply and watch delivery take a few ms, and on a loaded machine
 * (the CI box runs tests in parallel) a process can be descheduled for tens of ms. A keepalive
 * that arrives that much later can move a lease's deadline past one of the lessor's 500 ms checks,
 * so a time that follows an expiry may be one check period off.
 */
export const TOLERANCE = { ms: 150, afterExpiryMs: 650 } as const;

/** How a built-in is scaled for a conformance run (times × factor so that the TTL is 2 s). */
export function scaleScenario(input: ScenarioInput, ttlMs = 2000): ScenarioInput {
  const f = ttlMs / input.lease.ttlMs;
  const t = (ms: number | undefined) => (ms === undefined ? undefined : Math.round(ms * f));
  return {
    ...input,
    lease: { ...input.lease, ttlMs, firstToken: Math.max(2, input.lease.firstToken ?? 1) },
    network: { latencyMs: t(input.network?.latencyMs ?? 100)! },
    ...(input.durationMs !== undefined ? { durationMs: t(input.durationMs) } : {}),
    leaseService: { flavour: 'etcd' },
    clients: input.clients.map((c) => ({
      ...c,
      ...(c.startAtMs !== undefined ? { startAtMs: t(c.startAtMs) } : {}),
      ...(c.renewEveryMs !== undefined ? { renewEveryMs: t(c.renewEveryMs) } : {}),
      program: c.program.map((op) =>
        op.op === 'work' ? { ...op, ms: t(op.ms)! } : op.op === 'write' && op.prepareMs !== undefined ? { ...op, prepareMs: t(op.prepareMs) } : op,
      ),
    })),
    faults: (input.faults ?? []).map((fl) => {
      if (fl.kind === 'delay') return { ...fl, extraMs: t(fl.extraMs)! };
      if (fl.kind === 'pause' || fl.kind === 'partition') return { ...fl, atMs: t(fl.atMs)!, forMs: t(fl.forMs)! };
      return { ...fl, atMs: t(fl.atMs)! };
    }),
  } as ScenarioInput;
}

/** One owner interval of the lock: from when the key became the oldest until it was deleted. */
export interface OwnerInterval {
  holder: string;
  token: number;
  startMs: number;
  endMs: number | undefined;
  /** True if it ended by expiry (not a release or an `expireLease` revoke). */
  expired: boolean;
}

/** The owner intervals of a real run, from the recorder's watch on the lock prefix. */
export function realOwners(rec: Recording): OwnerInterval[] {
  const owners = new Map<string, string>();
  for (const e of rec.events) if (e.kind === 'lease-grant' && e.leaseId && e.client) owners.set(e.leaseId, e.client);
  const released = new Set(rec.events.filter((e) => e.kind === 'release-arrived').map((e) => e.revision));
  const revoked = new Set(rec.events.filter((e) => e.kind === 'revoke-fault').map((e) => e.token));
  const keys: { token: number; leaseId: string }[] = [];
  const out: OwnerInterval[] = [];
  let current: OwnerInterval | undefined;
  const settle = (e: RecordedEvent) => {
    const first = keys[0];
    if (current && (!first || first.token !== current.token)) {
      current.endMs = e.atMs;
      current.expired = e.kind === 'key-deleted' && !released.has(e.revision) && !revoked.has(e.token);
      current = undefined;
    }
    if (first && !current) {
      current = { holder: owners.get(first.leaseId) ?? '?', token: first.token, startMs: e.atMs, endMs: undefined, expired: false };
      out.push(current);
    }
  };
  for (const e of rec.events) {
    if (e.kind === 'key-put' && e.token !== undefined && e.leaseId) {
      keys.push({ token: e.token, leaseId: e.leaseId });
      keys.sort((a, b) => a.token - b.token);
      settle(e);
    } else if (e.kind === 'key-deleted') {
      const i = keys.findIndex((k) => k.token === e.token);
      if (i >= 0) keys.splice(i, 1);
      settle(e);
    }
  }
  return out;
}

/** The end of a real run: its last recorded event (ms). */
export function realEndMs(rec: Recording): number {
  return rec.events.length > 0 ? rec.events[rec.events.length - 1]!.atMs : 0;
}

/** Formats ms for a difference line. */
const f1 = (ms: number) => `${Math.round(ms)} ms`;

/**
 * Every disagreement between a real run and the model's trace of the same (replay) scenario, as
 * sentences; empty when they agree within {@link TOLERANCE}. What happened after the real run's
 * last event is not compared.
 */
export function compareRun(rec: Recording, trace: Trace): string[] {
  const diffs: string[] = [];
  const endMs = realEndMs(rec);
  // Token order: the create revision each client's lock key got, in the order they were put.
  const realTokens = rec.events.filter((e) => e.kind === 'lock-put').map((e) => `${e.client}:${e.token}`);
  const modelTokens = trace.events
    .filter((e) => e.actor === 'lease-service' && (e.kind === 'acquire-queued' || e.kind === 'lease-granted') && e.atMs <= endMs)
    .map((e) => `${e.peer}:${e.token}`)
    .filter((x, i, all) => all.indexOf(x) === i);
  if (realTokens.join(' ') !== modelTokens.join(' ')) diffs.push(`lock tokens: etcd ${realTokens.join(', ')}; model ${modelTokens.join(', ')}`);

  // Who holds the lock when.
  const real = realOwners(rec);
  const model = trace.leases.filter((l) => l.startMs <= endMs);
  const n = Math.max(real.length, model.length);
  const expiredBefore = (ms: number) => real.some((r) => r.expired && r.endMs !== undefined && r.endMs <= ms + TOLERANCE.ms);
  const tol = (ms: number) => (expiredBefore(ms) ? TOLERANCE.afterExpiryMs : TOLERANCE.ms);
  for (let i = 0; i < n; i++) {
    const r = real[i];
    const m = model[i];
    if (!r || !m || r.holder !== m.holder || r.token !== m.token) {
      diffs.push(`owner ${i + 1}: etcd ${r ? `${r.holder} with ${r.token}` : 'none'}; model ${m ? `${m.holder} with ${m.token}` : 'none'}`);
      continue;
    }
    if (Math.abs(r.startMs - m.startMs) > tol(r.startMs)) diffs.push(`owner ${i + 1} (${r.holder}) from: etcd ${f1(r.startMs)}; model ${f1(m.startMs)}`);
    if (r.endMs !== undefined && m.endReason !== 'run-ended' && Math.abs(r.endMs - m.endMs) > (r.expired ? TOLERANCE.afterExpiryMs : tol(r.endMs))) {
      diffs.push(`owner ${i + 1} (${r.holder}) until: etcd ${f1(r.endMs)}; model ${f1(m.endMs)}`);
    }
  }

  // When each Lock() returned.
  const realAcq = rec.events.filter((e) => e.kind === 'lock-acquired');
  const modelAcq = trace.events.filter((e) => e.kind === 'grant-received' && e.atMs <= endMs + TOLERANCE.afterExpiryMs);
  if (realAcq.map((e) => `${e.client}:${e.token}`).join(' ') !== modelAcq.map((e) => `${e.actor}:${e.token}`).join(' ')) {
    diffs.push(`locks taken: etcd ${realAcq.map((e) => `${e.client} ${e.token}`).join(', ')}; model ${modelAcq.map((e) => `${e.actor} ${e.token}`).join(', ')}`);
  } else {
    realAcq.forEach((e, i) => {
      const m = modelAcq[i]!;
      if (Math.abs(e.atMs - m.atMs) > tol(e.atMs)) diffs.push(`${e.client} took the lock: etcd ${f1(e.atMs)}; model ${f1(m.atMs)}`);
    });
  }

  // Every storage decision.
  const realDec = rec.events.filter((e) => e.kind === 'write-decided');
  const modelDec = trace.storage.filter((d) => d.atMs <= endMs + TOLERANCE.afterExpiryMs);
  if (realDec.map((e) => e.text).join('\n') !== modelDec.map((d) => d.text).join('\n')) {
    diffs.push(`storage log: etcd [${realDec.map((e) => e.text).join(' | ')}]; model [${modelDec.map((d) => d.text).join(' | ')}]`);
  } else {
    realDec.forEach((e, i) => {
      const m = modelDec[i]!;
      if (Math.abs(e.atMs - m.atMs) > tol(e.atMs)) diffs.push(`decision "${e.text}": etcd ${f1(e.atMs)}; model ${f1(m.atMs)}`);
    });
  }
  return diffs;
}

/** The replay scenario of a recording, normalized for `simulate` (recordings are written by the recorder: trusted). */
export function replayOf(rec: Recording): Scenario {
  return normalizeScenario(rec.replay);
}

/**
 * The phase (ms, 0–499, relative to the run's start) of etcd's 500 ms lease expiry check that
 * leaves this scenario's outcome least sensitive to timing: the centre of the widest circular
 * range of phases over which the etcd-flavoured model gives the same sequence of decisive events
 * (grants, expiries, releases, storage decisions: kinds, actors, peers, tokens; times ignored).
 *
 * Why: etcd's lessor revokes an expired lease only at its next check (lessor.go, `runLoop` every
 * 500 ms in etcd 3.4), so a lease deadline a few ms before a check expires at once, one a few ms
 * after it lives 500 ms longer. A real run's keepalives drift by a few ms each (Node timers fire
 * late), so a run whose deadline falls next to a check can take either branch. The recorder
 * starts its run so that the checks fall at this phase (`recordScenario`).
 *
 * @param scenario a normalized scenario whose lease service may be of either flavour (it is run
 *   with `flavour: "etcd"`).
 * @param stepMs the resolution of the search (simulated ms, default 5).
 * @returns the phase in [0, 500); 250 when no phase changes anything.
 */
/**
 * The events whose order {@link safestExpiryPhase} keeps: what the conformance test compares
 * (grants, expiries, releases, the storage's decisions) and the client's own lease checks.
 * Keepalives are left out: how many a lease gets before it expires moves with the check's phase
 * without changing who holds the lock or what the storage decides.
 */
const DECISIVE: ReadonlySet<string> = new Set([
  'lease-granted', 'grant-received', 'lease-expired', 'lease-released', 'lease-revoked', 'release-ignored',
  'write-accepted', 'write-rejected', 'read-served', 'read-rejected', 'lease-check-passed', 'lease-check-failed', 'check-failed',
]);

export function safestExpiryPhase(scenario: Scenario, stepMs = 5): number {
  const period = ETCD_EXPIRY_CHECK_MS;
  const n = Math.floor(period / stepMs);
  const outcome = (phase: number): string =>
    simulate({ ...scenario, leaseService: { flavour: 'etcd', expiryCheckPhaseMs: phase } })
      .events.filter((e) => DECISIVE.has(e.kind))
      .map((e) => `${e.kind}|${e.actor}|${'peer' in e ? String(e.peer) : ''}|${'token' in e ? String(e.token) : ''}`)
      .join(';');
  const outcomes = Array.from({ length: n }, (_, i) => outcome(i * stepMs));
  if (outcomes.every((o) => o === outcomes[0])) return period / 2;
  // Widest circular run of equal outcomes: start from a phase where the outcome changes.
  const start = outcomes.findIndex((o, i) => o !== outcomes[(i + n - 1) % n]);
  let best = { from: start, length: 0 };
  let from = start;
  for (let k = 1; k <= n; k++) {
    const i = (start + k) % n;
    if (k === n || outcomes[i] !== outcomes[from]) {
      const length = (i - from + n) % n || n;
      if (length > best.length) best = { from, length };
      from = i;
    }
  }
  return (((best.from + (best.length - 1) / 2) * stepMs) % period + period) % period;
}
