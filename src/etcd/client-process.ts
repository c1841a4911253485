/**
 * One client of a recorded run, as its own process (forked by `record.ts`, so that a process
 * pause is a real SIGSTOP/SIGCONT of it). It runs the client's program against etcd with the lock
 * recipe of etcd's Go client and reports every step to the recorder over IPC with its real time.
 *
 * - `acquire`: a lease (`LeaseGrant`, the session's, kept for the whole run) and the lock txn of
 *   `clientv3/concurrency/mutex.go` v3.4.23: if `fl/lock/<lease hex>` does not exist, put it with the
 *   lease, and read the oldest key of the prefix. The key's create revision is the fencing token.
 *   If an older key exists, wait as `waitDeletes` does (`key.go`): read the newest key older than
 *   ours, watch it from the read's revision until it is deleted, read again; when none is left,
 *   `Lock()` returns (3.4.23 does not check that our own key still exists).
 * - keepalives: every `renewEveryMs` from the acquire on (waiting or holding), one
 *   `LeaseKeepAlive` request; an answer with TTL 0 (lease gone) stops them.
 * - `write`: one txn on the storage keys: with fencing "token", if the stored highest token is
 *   greater than ours, read it (rejected), else store our token and the value (accepted); with
 *   fencing "off", store the value. Tokens are stored zero-padded, as etcd compares values as bytes.
 * - `read`: with `fenceReads` the same comparison, raising the highest token; else a plain read.
 * - `work` and a write's `prepareMs`: time that does not pass while the process is stopped (see `work`).
 * - `release`: `Unlock()`: delete our key (the program carries on at once). The lease is left to
 *   expire, as the model's client stops its keepalives.
 * - Every request waits `latencyMs` before it leaves and every answer `latencyMs` before it is
 *   acted on: the scenario's network latency, emulated on loopback.
 *
 * @module
 */
import { Etcd3 } from 'etcd3';
import { pyRepr } from '../model/pyrepr';
import type { Client } from '../model/scenario';
import { KEYS, type RecordedEvent } from './recording';

/** What the recorder tells the client process before it starts. */
export interface ClientConfig {
  endpoint: string;
  client: Client;
  ttlS: number;
  latencyMs: number;
  fencing: 'token' | 'off';
  fenceReads: boolean;
  /** `delay` faults on messages from this client to the storage: nth → extra ms. */
  storageDelays: Record<number, number>;
}

/** Messages from the recorder. */
export type ToClient = { type: 'config'; config: ClientConfig } | { type: 'go'; t0: number };
/** Messages to the recorder. */
export type FromClient = { type: 'ready' } | { type: 'event'; event: RecordedEvent } | { type: 'done' } | { type: 'failed'; message: string };

const epochNow = (): number => performance.timeOrigin + performance.now();
const sleep = (ms: number): Promise<void> => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());
const buf = (s: string): Buffer => Buffer.from(s);

/** A gap between two ticks of {@link work} longer than this (ms) is taken as the process stopped. */
const STOPPED_GAP_MS = 250;
const WORK_TICK_MS = 10;

/**
 * `ms` of the client's own work (a `work` step, a write's `prepareMs`) that, like computation,
 * makes no progress while the process is stopped (SIGSTOP: the scenario's process pause), as the
 * model's client does: the work resumes where it was when the pause ends. A plain timer would
 * fire at once on SIGCONT, as if the work had gone on during the pause. It ticks every 10 ms and
 * counts a gap longer than `STOPPED_GAP_MS` as one tick (a stop), any shorter gap in full (a late
 * timer on a loaded machine). Error: at most one tick per pause.
 */
async function work(ms: number): Promise<void> {
  let done = 0;
  let last = epochNow();
  while (done < ms) {
    await sleep(Math.min(WORK_TICK_MS, ms - done));
    const now = epochNow();
    const gap = now - last;
    done += gap > STOPPED_GAP_MS ? WORK_TICK_MS : gap;
    last = now;
  }
}
/** Tokens as 20-digit strings, so that etcd's byte comparison of values orders them as numbers. */
export const padToken = (n: number): string => String(n).padStart(20, '0');

function send(m: FromClient, then?: () => void): void {
  if (process.connected) process.send?.(m, undefined, {}, () => then?.());
  else then?.();
}

class ClientRun {
  private t0 = 0;
  private readonly etcd: Etcd3;
  private leaseId: string | undefined;
  private token: number | undefined;
  private keepaliveTimer: NodeJS.Timeout | undefined;
  private keepaliveOn = false;
  private keepaliveStream: Awaited<ReturnType<Etcd3['leaseClient']['leaseKeepAlive']>> | undefined;
  private leaseHeardMs = 0;
  private storageMessages = 0;
  private readonly background: Promise<unknown>[] = [];

  constructor(private readonly cfg: ClientConfig) {
    this.etcd = new Etcd3({ hosts: cfg.endpoint });
  }

  private get now(): number {
    return Math.round((epochNow() - this.t0) * 10) / 10;
  }

  private emit(e: Omit<RecordedEvent, 'atMs' | 'client'>): void {
    send({ type: 'event', event: { atMs: this.now, client: this.cfg.client.id, ...e } });
  }

  /**
   * Connects and runs every kind of request once (a read-only txn, a lease grant, keepalive and
   * revoke, a watch), none of which raises the cluster's revision, so that the run's first requests
   * do not pay for the connection or for code run the first time.
   */
  async warmUp(): Promise<void> {
    await this.etcd.get(KEYS.pad).string();
    await this.etcd.kv.txn({ success: [{ request_range: { key: buf(KEYS.pad) } }] });
    this.keepaliveStream = await this.etcd.leaseClient.leaseKeepAlive();
    this.keepaliveStream.on('error', () => undefined);
    let warmReply: (() => void) | undefined;
    this.keepaliveStream.on('data', (r: { TTL: string }) => {
      if (warmReply) warmReply();
      else void this.onKeepaliveReply(Number(r.TTL));
    });
    const g = await this.etcd.leaseClient.leaseGrant({ TTL: this.cfg.ttlS, ID: 0 });
    await new Promise<void>((resolve) => {
      warmReply = resolve;
      this.keepaliveStream!.write({ ID: g.ID });
    });
    warmReply = undefined;
    await this.etcd.leaseClient.leaseRevoke({ ID: g.ID });
    const w = await this.etcd.watch().key(KEYS.pad).create();
    await w.cancel();
  }

  async run(t0: number): Promise<void> {
    this.t0 = t0;
    const c = this.cfg.client;
    await sleep(t0 + c.startAtMs - epochNow());
    this.emit({ kind: 'client-start' });
    for (const op of c.program) {
      if (op.op === 'acquire') {
        if (!(await this.acquire())) break;
      }
      else if (op.op === 'write') await this.write(op.value, op.prepareMs ?? 0);
      else if (op.op === 'read') await this.read();
      else if (op.op === 'work') {
        if (op.ms > 0) this.emit({ kind: 'work-started', durationMs: op.ms });
        await work(op.ms);
      } else if (op.op === 'release') this.release();
    }
    this.stopKeepalive();
    this.emit({ kind: 'program-ended' });
    await Promise.allSettled(this.background);
  }

  // ----- The lock.

  /**
   * `Lock()`. Returns false if it failed: a lease that expired between its grant and the put makes
   * etcd refuse the put ("requested lease not found"), and `Lock()` returns that error; the
   * program stops there, as a Go program would on the error.
   */
  private async acquire(): Promise<boolean> {
    try {
      await this.lock();
      return true;
    } catch (e) {
      const text = (e as Error).message;
      if (!/lease not found/i.test(text)) throw e;
      this.emit({ kind: 'acquire-failed', text });
      return false;
    }
  }

  private async lock(): Promise<void> {
    const L = this.cfg.latencyMs;
    this.emit({ kind: 'acquire-sent' });
    if (this.leaseId === undefined) {
      const g = await this.etcd.leaseClient.leaseGrant({ TTL: this.cfg.ttlS, ID: 0 });
      this.leaseId = g.ID;
      this.emit({ kind: 'lease-grant', leaseId: g.ID, ttlS: Number(g.TTL) });
    }
    this.leaseHeardMs = this.now;
    this.startKeepalive();
    const myKey = KEYS.lockPrefix + BigInt(this.leaseId).toString(16);
    await sleep(L);
    const owner = { request_range: { key: buf(KEYS.lockPrefix), range_end: buf(prefixEnd(KEYS.lockPrefix)), sort_target: 'Create' as const, sort_order: 'Ascend' as const, limit: 1 } };
    const r = await this.etcd.kv.txn({
      compare: [{ key: buf(myKey), target: 'Create', result: 'Equal', create_revision: 0 }],
      success: [{ request_put: { key: buf(myKey), value: buf(''), lease: this.leaseId } }, owner],
      failure: [{ request_range: { key: buf(myKey) } }, owner],
    });
    const revision = Number(r.header.revision);
    const myRev = r.succeeded ? revision : Number(r.responses[0]!.response_range.kvs[0]!.create_revision);
    const first = r.responses[1]!.response_range.kvs[0];
    const isOwner = !first || Number(first.create_revision) === myRev;
    this.emit({ kind: 'lock-put', token: myRev, revision, owner: isOwner });
    await sleep(L);
    if (!isOwner) await this.waitDeletes(myRev - 1);
    this.token = myRev;
    this.emit({ kind: 'lock-acquired', token: myRev });
  }

  /** `waitDeletes` of etcd 3.4.23 `concurrency/key.go`, with the emulated latency on each message. */
  private async waitDeletes(maxCreateRev: number): Promise<void> {
    const L = this.cfg.latencyMs;
    for (;;) {
      await sleep(L);
      const r = await this.etcd.kv.range({
        key: buf(KEYS.lockPrefix),
        range_end: buf(prefixEnd(KEYS.lockPrefix)),
        sort_target: 'Create',
        sort_order: 'Descend',
        limit: 1,
        max_create_revision: maxCreateRev,
      });
      const last = r.kvs[0];
      this.emit({ kind: 'lock-get', revision: Number(r.header.revision), owner: !last });
      await sleep(L);
      if (!last) return;
      await this.waitDelete(last.key.toString(), Number(r.header.revision));
      this.emit({ kind: 'watch-fired' });
      await sleep(L);
    }
  }

  private async waitDelete(key: string, rev: number): Promise<void> {
    const watcher = await this.etcd.watch().key(key).startRevision(String(rev)).create();
    await new Promise<void>((resolve) => watcher.once('delete', () => resolve()));
    await watcher.cancel();
  }

  private release(): void {
    const L = this.cfg.latencyMs;
    this.emit({ kind: 'release-sent', ...(this.token !== undefined ? { token: this.token } : {}) });
    this.stopKeepalive();
    const key = this.leaseId !== undefined ? KEYS.lockPrefix + BigInt(this.leaseId).toString(16) : undefined;
    this.token = undefined;
    if (!key) return;
    this.background.push(
      sleep(L)
        .then(() => this.etcd.kv.deleteRange({ key: buf(key) }))
        .then((d) => this.emit({ kind: 'release-arrived', revision: Number(d.header.revision) })),
    );
  }

  // ----- Keepalives.

  private startKeepalive(): void {
    if (this.keepaliveOn || this.cfg.client.renewEveryMs <= 0) return;
    this.keepaliveOn = true;
    this.scheduleKeepalive(this.cfg.client.renewEveryMs);
  }

  private scheduleKeepalive(inMs: number): void {
    this.keepaliveTimer = setTimeout(() => void this.sendKeepalive(), inMs);
  }

  private async sendKeepalive(): Promise<void> {
    if (!this.keepaliveOn || this.leaseId === undefined) return;
    this.emit({ kind: 'keepalive-sent', ...(this.token !== undefined ? { token: this.token } : {}) });
    this.scheduleKeepalive(this.cfg.client.renewEveryMs);
    await sleep(this.cfg.latencyMs);
    this.keepaliveStream?.write({ ID: this.leaseId });
    this.emit({ kind: 'keepalive-arrived' });
  }

  private async onKeepaliveReply(ttlS: number): Promise<void> {
    await sleep(this.cfg.latencyMs);
    this.emit({ kind: 'keepalive-reply', ttlS });
    if (ttlS > 0) this.leaseHeardMs = this.now;
    else this.stopKeepalive();
  }

  private stopKeepalive(): void {
    this.keepaliveOn = false;
    if (this.keepaliveTimer) clearTimeout(this.keepaliveTimer);
  }

  // ----- The storage (in the same etcd).

  private async storageDelay(): Promise<void> {
    this.storageMessages += 1;
    await sleep(this.cfg.latencyMs + (this.cfg.storageDelays[this.storageMessages] ?? 0));
  }

  private async write(value: string, prepareMs: number): Promise<void> {
    const c = this.cfg.client;
    if (c.checkLeaseBeforeWrite) {
      // The client's own clock runs at `clockRate`: its TTL of ttlS seconds lasts ttl / rate of true time.
      const deadlineMs = this.leaseHeardMs + Math.round((this.cfg.ttlS * 1000) / c.clockRate);
      const tok = this.token !== undefined ? { token: this.token } : {};
      if (this.token === undefined || this.now >= deadlineMs) {
        this.emit({ kind: 'lease-check-failed', value, deadlineMs, ...tok });
        this.stopKeepalive();
        this.token = undefined;
        return;
      }
      this.emit({ kind: 'lease-check-passed', value, deadlineMs, ...tok });
    }
    await work(prepareMs);
    const token = this.token;
    this.emit({ kind: 'write-sent', value, ...(token !== undefined ? { token } : {}) });
    await this.storageDelay();
    const decided = await this.storageTxn(value, token, true);
    this.emit({ kind: 'write-decided', value, ...(token !== undefined ? { token } : {}), ...decided });
    await sleep(this.cfg.latencyMs);
    this.emit({ kind: 'write-reply', value, ...(token !== undefined ? { token } : {}), accepted: decided.accepted });
  }

  private async read(): Promise<void> {
    const token = this.token;
    this.emit({ kind: 'read-sent', ...(token !== undefined ? { token } : {}) });
    await this.storageDelay();
    const fenced = this.cfg.fenceReads && token !== undefined;
    const decided = fenced ? await this.storageTxn(undefined, token, false) : await this.plainRead();
    this.emit({ kind: 'read-decided', ...(token !== undefined ? { token } : {}), ...decided });
    await sleep(this.cfg.latencyMs);
    this.emit({ kind: 'read-reply', ...(token !== undefined ? { token } : {}), accepted: decided.accepted });
  }

  private async plainRead(): Promise<{ accepted: boolean; highestBefore: number; revision: number }> {
    const r = await this.etcd.kv.range({ key: buf(KEYS.highest) });
    return { accepted: true, highestBefore: Number(r.kvs[0]?.value.toString() ?? 0), revision: Number(r.header.revision) };
  }

  /**
   * The storage's decision as one etcd txn. `value` undefined: a fenced read (raises the highest token only).
   * The decision's text is the seed's.
   */
  private async storageTxn(value: string | undefined, token: number | undefined, isWrite: boolean) {
    const highestGet = { request_range: { key: buf(KEYS.highest) } };
    const puts = (tok: number | undefined) => [
      ...(tok !== undefined ? [{ request_put: { key: buf(KEYS.highest), value: buf(padToken(tok)) } }] : []),
      ...(value !== undefined ? [{ request_put: { key: buf(KEYS.data), value: buf(value) } }] : []),
    ];
    const fencing = this.cfg.fencing === 'token';
    const before = (r: { responses: { response_range?: { kvs: { value: Buffer }[] } }[] }, i: number): number =>
      Number(r.responses[i]?.response_range?.kvs[0]?.value.toString() ?? 0);
    const repr = value === undefined ? '' : pyRepr(value);
    if (token === undefined) {
      if (fencing || value === undefined) {
        const r = await this.etcd.kv.range({ key: buf(KEYS.highest) });
        return { accepted: false, highestBefore: Number(r.kvs[0]?.value.toString() ?? 0), revision: Number(r.header.revision), text: `rejected ${repr} (no token)` };
      }
      const r = await this.etcd.kv.txn({ success: [highestGet, ...puts(undefined)] });
      return { accepted: true, highestBefore: before(r, 0), revision: Number(r.header.revision), text: `stored ${repr} without a token` };
    }
    if (!fencing) {
      // Unfenced: store the value; the highest token is kept only to show it.
      const r = await this.etcd.kv.txn({ success: [highestGet, ...puts(undefined)] });
      return { accepted: true, highestBefore: before(r, 0), revision: Number(r.header.revision), text: `stored ${repr} with token ${token}` };
    }
    const r = await this.etcd.kv.txn({
      compare: [{ key: buf(KEYS.highest), target: 'Value', result: 'Greater', value: buf(padToken(token)) }],
      success: [highestGet],
      failure: [highestGet, ...puts(token)],
    });
    const highestBefore = before(r, 0);
    const revision = Number(r.header.revision);
    if (r.succeeded) return { accepted: false, highestBefore, revision, text: isWrite ? `rejected ${repr} (token ${token} < ${highestBefore})` : undefined };
    return { accepted: true, highestBefore, revision, text: isWrite ? `stored ${repr} with token ${token}` : undefined };
  }

}

/** The end of the key range of a prefix (etcd's `GetPrefixRangeEnd`). */
export function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}


if (process.send) {
  let run: ClientRun | undefined;
  process.on('message', (m: ToClient) => {
    if (m.type === 'config') {
      run = new ClientRun(m.config);
      run.warmUp().then(
        () => send({ type: 'ready' }),
        (e: Error) => send({ type: 'failed', message: e.message }),
      );
    } else if (m.type === 'go' && run) {
      const r = run;
      // The process ends with its program, as the model's client does (its lease is left to expire).
      r.run(m.t0).then(
        () => send({ type: 'done' }, () => process.exit(0)),
        (e: Error) => send({ type: 'failed', message: e.message }, () => process.exit(1)),
      );
    }
  });
}
