/**
 * The recorder: runs a scenario's clients against a real etcd, one process per client, and
 * returns a {@link Recording} (Node only; `npm run record:etcd`, and the conformance test).
 *
 * - Each client is a forked process (`client-process.ts`) running etcd's lock recipe; a `pause`
 *   fault is SIGSTOP then SIGCONT of that process, a `crash` is SIGKILL, an `expireLease` is a
 *   `LeaseRevoke` of the lock owner's lease. A `delay` fault on a client's nth message to the
 *   storage holds that request in the client. Partitions and random tokens cannot be expressed.
 * - Before the run the recorder clears its keys and writes a scratch key until the cluster's
 *   revision is `firstToken - 1`, so the first lock key gets `firstToken` (a fresh etcd's first write
 *   has revision 2). It then watches the lock prefix and notes every key put and delete.
 * - The run ends when every client process has ended and every lock key is gone (their leases
 *   expired), or at `durationMs`, or after 10 minutes. Every process it started (clients, and etcd
 *   when no endpoint was given) is stopped on every exit path.
 * - Only loopback endpoints are accepted: the recorder is for a throwaway etcd on this machine.
 *
 * @module
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Etcd3 } from 'etcd3';
import { ETCD_EXPIRY_CHECK_MS, MAX_DURATION_MS, effectiveTtlMs, toScenarioInput, type Scenario, type ScenarioInput } from '../model/scenario';
import type { ClientConfig, FromClient, ToClient } from './client-process';
import { prefixEnd } from './client-process';
import { safestExpiryPhase } from './conformance';
import { KEYS, RECORDING_FORMAT, type RecordedEvent, type Recording, type RecordingMeasures } from './recording';
import { startEtcd, type EtcdServer } from './server';

/** Options of {@link recordScenario}. */
export interface RecordOptions {
  /** A running etcd's client URL on loopback; without one a throwaway etcd is started. */
  endpoint?: string | undefined;
  /** Progress lines (default: none). */
  log?: ((line: string) => void) | undefined;
  /**
   * Whether to wait, once every client process has ended, until the leases they left behind have
   * expired and their keys are gone (default true: the recording shows those expiries too). The
   * conformance test stops at once instead, and compares only what happened before.
   */
  waitForLeases?: boolean | undefined;
  /**
   * Whether to start the run so that etcd's 500 ms expiry checks fall where the scenario's outcome
   * is least sensitive to timing ({@link safestExpiryPhase}; default true). It measures the
   * lessor's phase first, which adds one minimum TTL (about 2 s) before the run.
   */
  alignExpiryChecks?: boolean | undefined;
}

/**
 * What in a scenario a real etcd run cannot express, as issues with field paths (empty if none).
 * etcd's TTLs are whole seconds and its tokens revisions; a partition needs more than loopback; a
 * `delay` is expressible only on a client's messages to the storage.
 */
export function etcdInexpressible(s: Scenario): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if (s.lease.tokens === 'random') out.push({ path: 'lease.tokens', message: 'etcd\'s tokens are revisions, never random' });
  if (s.lease.ttlMs % 1000 !== 0) out.push({ path: 'lease.ttlMs', message: 'etcd grants TTLs in whole seconds' });
  // Issue 12's modes are the simulator's teaching variants; the recorder's storage and lock recipe implement none of them.
  if (s.storage.fencing === 'equality') out.push({ path: 'storage.fencing', message: 'the recorder\'s storage checks "token" or "off", not "equality"' });
  if (s.storage.fencePer === 'key') out.push({ path: 'storage.fencePer', message: 'the recorder\'s storage keeps one highest token' });
  if (s.storage.sequence) out.push({ path: 'storage.sequence', message: 'the recorder\'s storage keeps no sequence numbers' });
  if (s.lease.release === 'by-key') out.push({ path: 'lease.release', message: 'the recorder releases with etcd\'s own Unlock; "by-key" is not recorded separately' });
  s.clients.forEach((c, i) => {
    if (c.leaseTimer === 'from-request') out.push({ path: `clients[${i}].leaseTimer`, message: 'the recorder\'s clients do not keep their own lease timer' });
    c.program.forEach((op, j) => {
      if (op.op === 'write' && op.wait === false) out.push({ path: `clients[${i}].program[${j}].wait`, message: 'the recorder\'s clients wait for every write' });
      // Issue 41: the recorder's storage holds one object under one highest token.
      if ((op.op === 'write' || op.op === 'read') && op.key !== undefined) out.push({ path: `clients[${i}].program[${j}].key`, message: 'the recorder\'s storage holds one object' });
    });
  });
  const crashes = new Set(s.faults.filter((f) => f.kind === 'crash').map((f) => (f as { client: string }).client));
  s.faults.forEach((f, i) => {
    if (f.kind === 'delay' && crashes.has(f.from)) {
      out.push({ path: `faults[${i}]`, message: 'the recorder holds a delayed request in its client, so it cannot outlive that client\'s crash' });
    }
    if (f.kind === 'partition') out.push({ path: `faults[${i}]`, message: 'a partition cannot be made on loopback by the recorder' });
    if (f.kind === 'resetStorage') out.push({ path: `faults[${i}]`, message: 'the recorder\'s storage cannot be reset' });
    if (f.kind === 'delay' && !(f.to === 'storage' && s.clients.some((c) => c.id === f.from))) {
      out.push({ path: `faults[${i}]`, message: 'only a delay of a client\'s message to the storage can be recorded' });
    }
  });
  return out;
}

const epochNow = (): number => performance.timeOrigin + performance.now();
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const buf = (s: string): Buffer => Buffer.from(s);

function assertLoopback(endpoint: string): void {
  const host = new URL(endpoint).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(host)) {
    throw new Error(`--endpoint must be on loopback (127.0.0.1), got ${JSON.stringify(endpoint)}: the recorder writes and deletes keys under fl/`);
  }
}

/** One client process and what the recorder knows of it. */
interface Child {
  id: string;
  proc: ChildProcess;
  ended: boolean;
  failed?: string;
}

/**
 * Runs `scenario` on etcd and returns the recording.
 * @throws Error naming what cannot be expressed, an endpoint off loopback, a missing etcd binary
 *   (with the install sentence), or a client process that failed.
 */
export async function recordScenario(scenario: Scenario, opts: RecordOptions = {}): Promise<Recording> {
  const problems = etcdInexpressible(scenario);
  if (problems.length > 0) throw new Error(`cannot run this scenario on etcd:\n${problems.map((p) => `  ${p.path}: ${p.message}`).join('\n')}`);
  const log = opts.log ?? (() => undefined);
  let server: EtcdServer | undefined;
  const children: Child[] = [];
  let admin: Etcd3 | undefined;
  const timers: NodeJS.Timeout[] = [];
  try {
    if (opts.endpoint) assertLoopback(opts.endpoint);
    else {
      server = await startEtcd();
      log(`started etcd ${server.version} at ${server.endpoint}`);
    }
    const endpoint = opts.endpoint ?? server!.endpoint;
    admin = new Etcd3({ hosts: endpoint });
    const version = server?.version ?? (await admin.maintenance.status()).version;
    // The lessor's check phase is measured while the client processes start (it takes one TTL).
    const lessorPhase = opts.alignExpiryChecks === false ? Promise.resolve(undefined) : measureLessorPhase(admin);
    const rtt = await prepare(admin, scenario.lease.firstToken);
    const events: RecordedEvent[] = [];
    let t0 = Number.POSITIVE_INFINITY;
    const at = (): number => Math.round((epochNow() - t0) * 10) / 10;
    const keys = await watchLocks(admin, events, at);

    const ttlS = Math.round(effectiveTtlMs({ ...scenario, leaseService: { flavour: 'etcd', expiryCheckPhaseMs: 0 } }) / 1000);
    const childPath = await clientProgram();
    for (const c of scenario.clients) {
      const storageDelays: Record<number, number> = {};
      for (const f of scenario.faults) if (f.kind === 'delay' && f.from === c.id) storageDelays[f.nth] = (storageDelays[f.nth] ?? 0) + f.extraMs;
      const config: ClientConfig = {
        endpoint,
        client: c,
        ttlS,
        latencyMs: scenario.network.latencyMs,
        fencing: scenario.storage.fencing === 'off' ? 'off' : 'token',
        fenceReads: scenario.storage.fenceReads,
        storageDelays,
      };
      // Plain Node (no TypeScript loader): a client process is ready in a fraction of the time.
      const proc = fork(childPath, [], { execArgv: [], env: { ...process.env, NODE_PATH: NODE_MODULES }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      const child: Child = { id: c.id, proc, ended: false };
      children.push(child);
      proc.on('exit', () => (child.ended = true));
      proc.send({ type: 'config', config } satisfies ToClient);
    }
    const forkedAt = epochNow();
    await Promise.all(children.map((ch) => untilReady(ch)));
    log(`client processes ready in ${Math.round(epochNow() - forkedAt)} ms`);
    for (const ch of children) {
      ch.proc.on('message', (m: FromClient) => {
        if (m.type === 'event') events.push(m.event);
        else if (m.type === 'failed') ch.failed = m.message;
      });
    }
    const checkAtEpochMs = await lessorPhase;
    t0 = epochNow() + 300;
    if (checkAtEpochMs !== undefined) {
      // Start so that the lessor's checks fall at the phase where the outcome is least sensitive.
      const want = safestExpiryPhase(scenario);
      const shift = (((checkAtEpochMs - want - t0) % ETCD_EXPIRY_CHECK_MS) + ETCD_EXPIRY_CHECK_MS) % ETCD_EXPIRY_CHECK_MS;
      t0 += shift;
      log(`lessor checks at run phase ${want} ms (waited ${Math.round(shift)} ms more)`);
    }
    for (const ch of children) ch.proc.send({ type: 'go', t0 } satisfies ToClient);
    log(`running ${scenario.clients.length} client processes`);
    const faultsDone = scheduleFaults(scenario, children, admin, keys, events, at, t0, timers);

    const capMs = scenario.durationMs ?? MAX_DURATION_MS;
    for (;;) {
      await sleep(50);
      const now = at();
      if (now >= capMs) break;
      const failed = children.find((c) => c.failed);
      if (failed) throw new Error(`client process ${failed.id} failed: ${failed.failed}`);
      if (children.every((c) => c.ended) && faultsDone.value && (keys.size === 0 || opts.waitForLeases === false)) break;
    }
    await sleep(100); // the watch's last events
    events.sort((a, b) => a.atMs - b.atMs);
    const measures = measure(events, ttlS * 1000, rtt);
    const replay = replayScenario(scenario, events, measures, version);
    return {
      format: RECORDING_FORMAT,
      etcdVersion: version,
      recordedAt: new Date().toISOString(),
      scenario: toScenarioInput(scenario),
      latencyMs: scenario.network.latencyMs,
      events,
      measures,
      replay,
    };
  } finally {
    for (const t of timers) clearTimeout(t);
    for (const ch of children) {
      if (!ch.ended) {
        ch.proc.kill('SIGCONT');
        ch.proc.kill('SIGKILL');
      }
    }
    admin?.close();
    await server?.stop();
  }
}

const NODE_MODULES = fileURLToPath(new URL('../../node_modules', import.meta.url));
let built: Promise<string> | undefined;

/**
 * `client-process.ts` compiled once per recorder process into one CommonJS file in the temporary
 * directory (esbuild, which tsx brings; `etcd3` stays external and is found through `NODE_PATH`).
 */
function clientProgram(): Promise<string> {
  built ??= (async () => {
    const { build } = await import('esbuild');
    const dir = mkdtempSync(join(tmpdir(), 'fencing-lab-recorder-'));
    const outfile = join(dir, 'client-process.cjs');
    await build({
      entryPoints: [fileURLToPath(new URL('./client-process.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['etcd3'],
      outfile,
      logLevel: 'silent',
    });
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return outfile;
  })();
  return built;
}

function untilReady(ch: Child): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`client process ${ch.id} did not start within 30 s`)), 30_000);
    ch.proc.on('message', (m: FromClient) => {
      if (m.type === 'ready') {
        clearTimeout(timer);
        resolve();
      } else if (m.type === 'failed') {
        clearTimeout(timer);
        reject(new Error(`client process ${ch.id} failed: ${m.message}`));
      }
    });
    ch.proc.once('exit', () => reject(new Error(`client process ${ch.id} exited before it was ready`)));
  });
}

/** Clears the recorder's keys, raises the revision to `firstToken - 1`, and measures the loopback round trip. */
/**
 * The epoch time (ms) of one of the lessor's expiry checks: grants a lease with no keys (which
 * raises no revision), lets it expire, and polls `LeaseTimeToLive` every few ms until etcd answers
 * TTL -1 (revoked). Takes etcd's minimum TTL plus up to one check period; returns undefined if the
 * lease is not gone within 10 s.
 */
async function measureLessorPhase(admin: Etcd3): Promise<number | undefined> {
  const g = await admin.leaseClient.leaseGrant({ TTL: 1, ID: 0 });
  const until = epochNow() + 10_000;
  let before = epochNow();
  while (epochNow() < until) {
    const r = await admin.leaseClient.leaseTimeToLive({ ID: g.ID, keys: false });
    const after = epochNow();
    if (Number(r.TTL) < 0) return (before + after) / 2;
    before = after;
    await sleep(Number(r.TTL) > 1 ? 500 : 2);
  }
  return undefined;
}

async function prepare(admin: Etcd3, firstToken: number): Promise<number> {
  await admin.kv.deleteRange({ key: buf('fl/'), range_end: buf(prefixEnd('fl/')) });
  let rev = Number((await admin.kv.range({ key: buf(KEYS.pad) })).header.revision);
  while (rev < firstToken - 1) rev = Number((await admin.kv.put({ key: buf(KEYS.pad), value: buf(String(rev)) })).header.revision);
  const rtts: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = epochNow();
    await admin.kv.range({ key: buf(KEYS.pad) });
    rtts.push(epochNow() - t);
  }
  rtts.sort((a, b) => a - b);
  return Math.round(rtts[10]! * 100) / 100;
}

/** Watches the lock prefix; returns the live keys (key → lease id), kept up to date. */
async function watchLocks(admin: Etcd3, events: RecordedEvent[], at: () => number): Promise<Map<string, { leaseId: string; rev: number }>> {
  const keys = new Map<string, { leaseId: string; rev: number }>();
  const watcher = await admin.watch().prefix(KEYS.lockPrefix).withPreviousKV().create();
  watcher.on('put', (kv) => {
    const key = kv.key.toString();
    keys.set(key, { leaseId: kv.lease, rev: Number(kv.create_revision) });
    events.push({ atMs: at(), kind: 'key-put', key, token: Number(kv.create_revision), revision: Number(kv.mod_revision), leaseId: kv.lease });
  });
  watcher.on('delete', (kv, prev) => {
    const key = kv.key.toString();
    const was = keys.get(key);
    keys.delete(key);
    events.push({
      atMs: at(),
      kind: 'key-deleted',
      key,
      revision: Number(kv.mod_revision),
      ...(was ? { token: was.rev, leaseId: was.leaseId } : prev ? { token: Number(prev.create_revision), leaseId: prev.lease } : {}),
    });
  });
  return keys;
}

/** Schedules the scenario's pauses, crashes and lease revokes; `value` turns true when the last is done. */
function scheduleFaults(
  s: Scenario,
  children: Child[],
  admin: Etcd3,
  keys: Map<string, { leaseId: string; rev: number }>,
  events: RecordedEvent[],
  at: () => number,
  t0: number,
  timers: NodeJS.Timeout[],
): { value: boolean } {
  const done = { value: false };
  let last = 0;
  const atTime = (ms: number, f: () => void) => {
    last = Math.max(last, ms);
    timers.push(setTimeout(f, t0 + ms - epochNow()));
  };
  const child = (id: string) => children.find((c) => c.id === id)!;
  // Overlapping pauses of one client are one frozen stretch (as in the model).
  const stretches = new Map<string, { start: number; end: number }[]>();
  for (const f of s.faults) {
    if (f.kind !== 'pause') continue;
    const list = stretches.get(f.client) ?? [];
    list.push({ start: f.atMs, end: f.atMs + f.forMs });
    stretches.set(f.client, list);
  }
  const crashAt = new Map<string, number>();
  for (const f of s.faults) if (f.kind === 'crash') crashAt.set(f.client, Math.min(crashAt.get(f.client) ?? Infinity, f.atMs));
  for (const [id, list] of stretches) {
    list.sort((a, b) => a.start - b.start);
    const merged: { start: number; end: number }[] = [];
    for (const p of list) {
      const prev = merged[merged.length - 1];
      if (prev && p.start <= prev.end) prev.end = Math.max(prev.end, p.end);
      else merged.push({ ...p });
    }
    for (const p of merged) {
      if (p.start >= (crashAt.get(id) ?? Infinity)) continue;
      atTime(p.start, () => {
        if (child(id).ended) return;
        child(id).proc.kill('SIGSTOP');
        events.push({ atMs: at(), kind: 'pause-started', client: id, durationMs: p.end - p.start });
      });
      atTime(Math.min(p.end, crashAt.get(id) ?? Infinity), () => {
        if (child(id).ended) return;
        child(id).proc.kill('SIGCONT');
        events.push({ atMs: at(), kind: 'pause-ended', client: id });
      });
    }
  }
  for (const [id, ms] of crashAt) {
    atTime(ms, () => {
      if (child(id).ended) return;
      child(id).proc.kill('SIGKILL');
      events.push({ atMs: at(), kind: 'crashed', client: id });
    });
  }
  for (const f of s.faults) {
    if (f.kind !== 'expireLease') continue;
    atTime(f.atMs, () => {
      const owner = [...keys.values()].sort((a, b) => a.rev - b.rev)[0];
      if (!owner) return;
      events.push({ atMs: at(), kind: 'revoke-fault', leaseId: owner.leaseId, token: owner.rev });
      void admin.leaseClient.leaseRevoke({ ID: owner.leaseId }).catch(() => undefined);
    });
  }
  atTime(last + 1, () => (done.value = true));
  return done;
}

/** Which client a lease id belongs to, from the clients' `lease-grant` events. */
export function leaseOwners(events: readonly RecordedEvent[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const e of events) if (e.kind === 'lease-grant' && e.leaseId && e.client) m.set(e.leaseId, e.client);
  return m;
}

/** Expiry lags and handover times of a run. */
export function measure(events: readonly RecordedEvent[], ttlMs: number, loopbackRttMs: number): RecordingMeasures {
  const owners = leaseOwners(events);
  const expiryLagsMs: RecordingMeasures['expiryLagsMs'] = [];
  const handoversMs: RecordingMeasures['handoversMs'] = [];
  const released = new Set(events.filter((e) => e.kind === 'release-arrived').map((e) => e.revision));
  const revoked = new Set(events.filter((e) => e.kind === 'revoke-fault').map((e) => e.token));
  events.forEach((e, i) => {
    if (e.kind !== 'key-deleted' || released.has(e.revision) || revoked.has(e.token)) return;
    const client = e.leaseId ? owners.get(e.leaseId) : undefined;
    if (!client) return;
    let news: number | undefined;
    for (const x of events.slice(0, i)) {
      if (x.client !== client) continue;
      if (x.kind === 'lease-grant') news = x.atMs;
      if (x.kind === 'keepalive-arrived') news = x.atMs;
    }
    if (news === undefined) return;
    const deadlineMs = news + ttlMs;
    expiryLagsMs.push({ client, token: e.token ?? 0, deadlineMs, deletedMs: e.atMs, lagMs: Math.round((e.atMs - deadlineMs) * 10) / 10 });
  });
  const queued = new Set(events.filter((e) => e.kind === 'lock-put' && e.owner === false).map((e) => `${e.client}:${e.token}`));
  for (const e of events) {
    if (e.kind !== 'lock-acquired' || !queued.has(`${e.client}:${e.token}`)) continue;
    const del = [...events].reverse().find((x) => x.kind === 'key-deleted' && x.atMs <= e.atMs && (x.token ?? 0) < (e.token ?? 0));
    if (del) handoversMs.push({ client: e.client!, token: e.token!, deletedMs: del.atMs, acquiredMs: e.atMs, ms: Math.round((e.atMs - del.atMs) * 10) / 10 });
  }
  return { expiryLagsMs, handoversMs, loopbackRttMs };
}

/**
 * The v1 scenario that replays a run in the etcd-flavoured model: the scenario as run, with the
 * first token etcd really gave and the phase of the lessor's 500 ms check estimated from the first
 * expiry seen (a revoke is seen by the watch within a few ms of the check that found it).
 */
export function replayScenario(s: Scenario, events: readonly RecordedEvent[], m: RecordingMeasures, version: string): ScenarioInput {
  const input = toScenarioInput(s);
  const first = events.find((e) => e.kind === 'lock-put');
  const expiry = m.expiryLagsMs[0];
  const phase = expiry ? ((Math.floor(expiry.deletedMs - 1) % 500) + 500) % 500 : 0;
  return {
    ...input,
    title: `${s.title} (replay of a run on etcd ${version})`.slice(0, 200),
    description: `${s.description ? `${s.description} ` : ''}Replays a run recorded on etcd ${version}: the etcd lease service with the first token etcd gave and the 500 ms expiry check at the phase measured.`.slice(0, 2000),
    lease: { ...input.lease, ...(first?.token !== undefined ? { firstToken: first.token } : {}) },
    leaseService: { flavour: 'etcd', expiryCheckPhaseMs: phase },
  };
}
