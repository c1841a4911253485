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
import { withToken, type SimContext } from './context';

/** The storage actor; its state starts as the seed's `Storage` (highest token 0). */
export class Storage {
  /** The highest token accepted so far. */
  protected highest = 0;
  /** With fencing `equality`: the token of the first write accepted since the start or the last reset. */
  protected remembered: number | undefined;
  /** With `storage.sequence`: the last sequence number accepted under each token. */
  protected readonly lastSeq = new Map<number, number>();
  /** The data held and the token it was written with. */
  protected data: string | undefined;
  protected dataToken: number | undefined;

  constructor(protected readonly ctx: SimContext) {}

  /** A message (`write` or `read`) reached the storage. */
  receive(m: Message): void {
    if (m.kind === 'write') this.onWrite(m);
    else if (m.kind === 'read') this.onRead(m);
  }

  /** A `resetStorage` fault: the storage forgets its data, its remembered token and its sequence numbers. */
  reset(): void {
    this.highest = 0;
    this.remembered = undefined;
    this.lastSeq.clear();
    this.data = undefined;
    this.dataToken = undefined;
    this.ctx.recorder.storageResets.push(this.ctx.queue.now);
    this.ctx.recorder.emit('storage-reset', STORAGE);
  }

  /** Decides on a write: whether it is accepted, and the decision in the seed's words. */
  protected decide(
    token: number | undefined,
    value: string,
    seq: number | undefined,
  ): { accepted: boolean; text: string; why?: { remembered: number } | { lastSeq: number } } {
    const fencing = this.ctx.scenario.storage.fencing;
    const v = pyRepr(value);
    if (token === undefined) {
      return fencing === 'off' ? { accepted: true, text: `stored ${v} without a token` } : { accepted: false, text: `rejected ${v} (no token)` };
    }
    if (fencing === 'token' && token < this.highest) return { accepted: false, text: `rejected ${v} (token ${token} < ${this.highest})` };
    if (fencing === 'equality' && this.remembered !== undefined && token !== this.remembered) {
      return { accepted: false, text: `rejected ${v} (token ${token} != ${this.remembered})`, why: { remembered: this.remembered } };
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
    const { token, seq } = m;
    const before = this.highest;
    const { accepted, text, why } = this.decide(token, value, seq);
    if (accepted) {
      if (token !== undefined) {
        this.highest = Math.max(this.highest, token);
        if (this.remembered === undefined) this.remembered = token;
        if (seq !== undefined) this.lastSeq.set(token, seq);
      }
      this.data = value;
      this.dataToken = token;
    }
    const withSeq = seq !== undefined ? { seq } : {};
    if (accepted) this.bumpRevision();
    recorder.storage.push({ atMs: queue.now, client: m.from, token, value, accepted, highestBefore: before, text, messageId: m.id, ...withSeq, ...why });
    const r = network.send('write-reply', STORAGE, m.from, { ok: accepted, ...withToken(token), value });
    recorder.replyTo.set(r.id, m.id);
    recorder.emit(accepted ? 'write-accepted' : 'write-rejected', STORAGE, {
      peer: m.from,
      ...withToken(token),
      value,
      messageId: r.id,
      highestBefore: before,
      ...withSeq,
    });
  }

  /** Whether a read with `token` is served, and the reason in words if not (fenced reads only). */
  protected refuseRead(token: number | undefined): string | undefined {
    const { fencing, fenceReads } = this.ctx.scenario.storage;
    if (!fenceReads || token === undefined) return undefined;
    if (fencing === 'token' && token < this.highest) return `token ${token} < ${this.highest}`;
    if (fencing === 'equality' && this.remembered !== undefined && token !== this.remembered) return `token ${token} != ${this.remembered}`;
    return undefined;
  }

  /** A write to a storage that lives in etcd (the etcd flavour) is one more cluster revision. */
  protected bumpRevision(): void {
    if (this.ctx.revision) this.ctx.revision.value += 1;
  }

  protected onRead(m: Message): void {
    const { network, recorder, scenario, queue } = this.ctx;
    const token = m.token;
    const before = this.highest;
    const refused = this.refuseRead(token);
    const ok = refused === undefined;
    if (ok && scenario.storage.fenceReads && token !== undefined && scenario.storage.fencing !== 'equality') {
      this.highest = Math.max(this.highest, token);
      this.bumpRevision();
    }
    const value = ok ? this.data : undefined;
    const writtenWith = ok && value !== undefined ? this.dataToken : undefined;
    const text = !ok
      ? `refused read (${refused})`
      : value === undefined
        ? 'read nothing (no data yet)'
        : `read ${pyRepr(value)} (${writtenWith !== undefined ? `written with token ${writtenWith}` : 'written without a token'})`;
    recorder.reads.push({ atMs: queue.now, client: m.from, token, served: ok, value, writtenWith, highestBefore: before, text, messageId: m.id });
    const r = network.send('read-reply', STORAGE, m.from, { ok, ...withToken(token) });
    recorder.replyTo.set(r.id, m.id);
    recorder.emit(ok ? 'read-served' : 'read-rejected', STORAGE, {
      peer: m.from,
      ...withToken(token),
      messageId: r.id,
      highestBefore: before,
    });
  }
}
