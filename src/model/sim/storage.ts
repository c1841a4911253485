/**
 * The storage (the shared resource the lock protects), as one actor.
 *
 * - `write` with fencing `token`: the storage rejects a token lower than the highest it has
 *   accepted (equal is accepted); with `off` it accepts everything. Decisions are worded as in the
 *   seed (`stored 'v' with token 34`, `rejected 'v' (token 33 < 34)`).
 * - `write` with fencing `equality` (an identity compare-and-set, NOT fencing): the storage
 *   remembers the token of the first write it accepts and from then on accepts only writes that
 *   carry that same token (`rejected 'v' (token 34 != 33)`). This is what etcd's `contrib/lock`
 *   storage does with lease IDs (`storage.go`: "given version (%x) is different from the existing
 *   version (%x)"; etcd issues 11788 and 14224).
 * - `storage.sequence`: a write also carries the writer's sequence number under its token (1, 2,
 *   3... after each grant); the storage rejects a write whose sequence is not greater than the last
 *   it accepted with the same token (`rejected 'v' (token 34, sequence 1 <= 2)`), as an HDFS
 *   JournalNode rejects an IPC serial number "not higher than prior highest IPC serial" in the same
 *   epoch (`Journal.checkRequest`).
 * - `read`: served with the value the storage holds and the token that value was written with.
 *   With `fenceReads` a read's token also raises the storage's highest token, and a read with a
 *   lower token is refused (under `equality`: a read with a different token than the remembered one).
 * - `key` (issue 41): a write or read may name an object; the storage holds one value per object,
 *   and names the object in its log (`stored 'v' in 'row-2' with token 34`). Its highest token (or
 *   remembered token) is kept for the whole lock (`storage.fencePer: "lock"`, the default) or per
 *   object (`"key"`): then a stale token is rejected only on an object the newer holder has already
 *   written or read with a fenced read, as with a `fence_token` column checked per row.
 * - `resetStorage` fault: the storage forgets its data, the token it remembers (highest or first
 *   writer's) and its sequence numbers, as a storage that keeps them in memory does on a restart
 *   (etcd's `contrib/lock` storage keeps them in a Go map).
 *
 * Sources: Kleppmann, "How to do distributed locking" (2016); Kleppmann, DDIA ch. 8 (fencing
 * tokens); etcd `contrib/lock/storage/storage.go`; Hadoop `qjournal/server/Journal.java`.
 *
 * @module
 */
import { pyRepr } from '../pyrepr';
import { STORAGE } from '../scenario';
import type { Message } from '../trace';
import { withKey, withToken, type SimContext } from './context';

/** The name of the storage's one default object: what a step without a `key` writes and reads. */
const DEFAULT_OBJECT = '';

/** The storage actor; its state starts as the seed's `Storage` (highest token 0). */
export class Storage {
  /**
   * The highest token accepted so far, by scope: one entry for the whole lock (`fencePer: "lock"`,
   * the default, under the default object's name) or one per object (`fencePer: "key"`).
   */
  protected readonly highest = new Map<string, number>();
  /** With fencing `equality`: the token of the first write accepted since the start or the last reset, by scope. */
  protected readonly remembered = new Map<string, number>();
  /** With `storage.sequence`: the last sequence number accepted under each token. */
  protected readonly lastSeq = new Map<number, number>();
  /** The data held, by object, and the token each value was written with. */
  protected readonly data = new Map<string, { value: string; token: number | undefined }>();

  constructor(protected readonly ctx: SimContext) {}

  /** The scope whose highest (or remembered) token a step on `key` is checked against. */
  protected scopeOf(key: string | undefined): string {
    return this.ctx.scenario.storage.fencePer === 'key' ? (key ?? DEFAULT_OBJECT) : DEFAULT_OBJECT;
  }

  /** The highest token accepted in `scope` (0 before any, as in the seed). */
  protected highestIn(scope: string): number {
    return this.highest.get(scope) ?? 0;
  }

  /** A message (`write` or `read`) reached the storage. */
  receive(m: Message): void {
    if (m.kind === 'write') this.onWrite(m);
    else if (m.kind === 'read') this.onRead(m);
  }

  /** A `resetStorage` fault: the storage forgets its data, its remembered token and its sequence numbers. */
  reset(): void {
    this.highest.clear();
    this.remembered.clear();
    this.lastSeq.clear();
    this.data.clear();
    this.ctx.recorder.storageResets.push(this.ctx.queue.now);
    this.ctx.recorder.emit('storage-reset', STORAGE);
  }

  /**
   * Decides on a write: whether it is accepted, and the decision in the seed's words (with the
   * object named, ` in 'row-2'`, when the write names one).
   */
  protected decide(
    token: number | undefined,
    value: string,
    seq: number | undefined,
    key: string | undefined,
  ): { accepted: boolean; text: string; why?: { remembered: number } | { lastSeq: number } } {
    const fencing = this.ctx.scenario.storage.fencing;
    const v = pyRepr(value) + (key !== undefined ? ` in ${pyRepr(key)}` : '');
    const scope = this.scopeOf(key);
    const highest = this.highestIn(scope);
    const remembered = this.remembered.get(scope);
    if (token === undefined) {
      return fencing === 'off' ? { accepted: true, text: `stored ${v} without a token` } : { accepted: false, text: `rejected ${v} (no token)` };
    }
    if (fencing === 'token' && token < highest) return { accepted: false, text: `rejected ${v} (token ${token} < ${highest})` };
    if (fencing === 'equality' && remembered !== undefined && token !== remembered) {
      return { accepted: false, text: `rejected ${v} (token ${token} != ${remembered})`, why: { remembered } };
    }
    if (seq === undefined) return { accepted: true, text: `stored ${v} with token ${token}` };
    const last = this.lastSeq.get(token);
    if (last !== undefined && seq <= last) {
      return { accepted: false, text: `rejected ${v} (token ${token}, sequence ${seq} <= ${last})`, why: { lastSeq: last } };
    }
    return { accepted: true, text: `stored ${v} with token ${token}, sequence ${seq}` };
  }

  protected onWrite(m: Message): void {
    const { network, recorder, queue } = this.ctx;
    const value = m.value ?? '';
    const { token, seq, key } = m;
    const scope = this.scopeOf(key);
    const before = this.highestIn(scope);
    const { accepted, text, why } = this.decide(token, value, seq, key);
    if (accepted) {
      if (token !== undefined) {
        this.highest.set(scope, Math.max(before, token));
        if (!this.remembered.has(scope)) this.remembered.set(scope, token);
        if (seq !== undefined) this.lastSeq.set(token, seq);
      }
      this.data.set(key ?? DEFAULT_OBJECT, { value, token });
    }
    const withSeq = seq !== undefined ? { seq } : {};
    const k = withKey(key);
    if (accepted) this.bumpRevision();
    recorder.storage.push({ atMs: queue.now, client: m.from, token, value, ...k, accepted, highestBefore: before, text, messageId: m.id, ...withSeq, ...why });
    const r = network.send('write-reply', STORAGE, m.from, { ok: accepted, ...withToken(token), value, ...k });
    recorder.replyTo.set(r.id, m.id);
    recorder.emit(accepted ? 'write-accepted' : 'write-rejected', STORAGE, {
      peer: m.from,
      ...withToken(token),
      value,
      ...k,
      messageId: r.id,
      highestBefore: before,
      ...withSeq,
    });
  }

  /** Whether a read with `token` of `key` is served, and the reason in words if not (fenced reads only). */
  protected refuseRead(token: number | undefined, key: string | undefined): string | undefined {
    const { fencing, fenceReads } = this.ctx.scenario.storage;
    if (!fenceReads || token === undefined) return undefined;
    const scope = this.scopeOf(key);
    const highest = this.highestIn(scope);
    const remembered = this.remembered.get(scope);
    if (fencing === 'token' && token < highest) return `token ${token} < ${highest}`;
    if (fencing === 'equality' && remembered !== undefined && token !== remembered) return `token ${token} != ${remembered}`;
    return undefined;
  }

  /** A write to a storage that lives in etcd (the etcd flavour) is one more cluster revision. */
  protected bumpRevision(): void {
    if (this.ctx.revision) this.ctx.revision.value += 1;
  }

  protected onRead(m: Message): void {
    const { network, recorder, scenario, queue } = this.ctx;
    const { token, key } = m;
    const scope = this.scopeOf(key);
    const before = this.highestIn(scope);
    const refused = this.refuseRead(token, key);
    const ok = refused === undefined;
    if (ok && scenario.storage.fenceReads && token !== undefined && scenario.storage.fencing !== 'equality') {
      this.highest.set(scope, Math.max(before, token));
      this.bumpRevision();
    }
    const held = ok ? this.data.get(key ?? DEFAULT_OBJECT) : undefined;
    const value = held?.value;
    const writtenWith = held?.token;
    const k = withKey(key);
    const from = key !== undefined ? ` from ${pyRepr(key)}` : '';
    const text = !ok
      ? `refused read${from} (${refused})`
      : value === undefined
        ? `read nothing${from} (no data yet)`
        : `read ${pyRepr(value)}${from} (${writtenWith !== undefined ? `written with token ${writtenWith}` : 'written without a token'})`;
    recorder.reads.push({ atMs: queue.now, client: m.from, token, ...k, served: ok, value, writtenWith, highestBefore: before, text, messageId: m.id });
    const r = network.send('read-reply', STORAGE, m.from, { ok, ...withToken(token), ...k });
    recorder.replyTo.set(r.id, m.id);
    recorder.emit(ok ? 'read-served' : 'read-rejected', STORAGE, {
      peer: m.from,
      ...withToken(token),
      ...k,
      messageId: r.id,
      highestBefore: before,
    });
  }
}
