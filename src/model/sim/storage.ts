/**
 * The storage (the shared resource the lock protects), as one actor.
 *
 * - `write`: with fencing `token` the storage rejects a token lower than the highest it has
 *   accepted (equal is accepted); with `off` it accepts everything. Decisions are worded as in the
 *   seed (`stored 'v' with token 34`, `rejected 'v' (token 33 < 34)`).
 * - `read`: with `fenceReads` a read's token also raises the storage's highest token, and a read
 *   with a lower token is refused.
 *
 * Sources: Kleppmann, "How to do distributed locking" (2016); Kleppmann, DDIA ch. 8 (fencing tokens).
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

  constructor(protected readonly ctx: SimContext) {}

  /** A message (`write` or `read`) reached the storage. */
  receive(m: Message): void {
    if (m.kind === 'write') this.onWrite(m);
    else if (m.kind === 'read') this.onRead(m);
  }

  protected onWrite(m: Message): void {
    const { network, recorder, queue } = this.ctx;
    const fencing = this.ctx.scenario.storage.fencing === 'token';
    const value = m.value ?? '';
    const token = m.token;
    const before = this.highest;
    let accepted: boolean;
    let text: string;
    if (token === undefined) {
      accepted = !fencing;
      text = accepted ? `stored ${pyRepr(value)} without a token` : `rejected ${pyRepr(value)} (no token)`;
    } else if (fencing && token < this.highest) {
      accepted = false;
      text = `rejected ${pyRepr(value)} (token ${token} < ${this.highest})`;
    } else {
      accepted = true;
      this.highest = Math.max(this.highest, token);
      text = `stored ${pyRepr(value)} with token ${token}`;
    }
    if (accepted) this.bumpRevision();
    recorder.storage.push({ atMs: queue.now, client: m.from, token, value, accepted, highestBefore: before, text, messageId: m.id });
    const r = network.send('write-reply', STORAGE, m.from, { ok: accepted, ...withToken(token), value });
    recorder.emit(accepted ? 'write-accepted' : 'write-rejected', STORAGE, {
      peer: m.from,
      ...withToken(token),
      value,
      messageId: r.id,
      highestBefore: before,
    });
  }

  /** A write to a storage that lives in etcd (the etcd flavour) is one more cluster revision. */
  protected bumpRevision(): void {
    if (this.ctx.revision) this.ctx.revision.value += 1;
  }

  protected onRead(m: Message): void {
    const { network, recorder, scenario } = this.ctx;
    const fencing = scenario.storage.fencing === 'token';
    const token = m.token;
    const before = this.highest;
    let ok = true;
    if (scenario.storage.fenceReads && token !== undefined) {
      if (fencing && token < this.highest) ok = false;
      else {
        this.highest = Math.max(this.highest, token);
        this.bumpRevision();
      }
    }
    const r = network.send('read-reply', STORAGE, m.from, { ok, ...withToken(token) });
    recorder.emit(ok ? 'read-served' : 'read-rejected', STORAGE, {
      peer: m.from,
      ...withToken(token),
      messageId: r.id,
      highestBefore: before,
    });
  }
}
