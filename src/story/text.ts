/**
 * The story's sentences for any run (English content, like the narration): the predict questions
 * and their answers, and the heading of a key moment when no guide step speaks. Sources: Kleppmann
 * 2016 and DDIA ch. 8 (the storage rejects a token lower than the highest it has accepted; a storage
 * that does not check tokens accepts every write).
 * @module
 */
import type { Trace } from '../model/trace';
import { clientName, forKey, type MomentKind, type Prediction } from './moments';

/** The question asked before a storage decision. */
export function predictQuestion(trace: Trace, p: Prediction): string {
  const who = clientName(trace, p.client);
  const token = p.token === undefined ? 'no token' : `token ${p.token}`;
  const late = p.late ? ` ${who}'s lease has already ended.` : '';
  if (p.fencing === 'equality') {
    const held =
      p.remembered === undefined
        ? `the storage has accepted no write ${p.afterReset ? 'since it restarted' : 'yet'}; it will remember the token of the first one and accept only that token`
        : `the storage remembers token ${p.remembered} and accepts only a write with that token`;
    return `${who}'s write carries ${token}; ${held}.${late} What will the storage do?`;
  }
  const check = p.fenced ? 'The storage checks tokens' : 'The storage does not check tokens';
  // Issue 41: a storage that keeps a highest token per object compares with the written object's.
  const scope = p.key !== undefined ? `${forKey(p.key)} (it keeps one per object)` : '';
  return `${who}'s write carries ${token}; the highest token the storage has accepted${scope} so far is ${p.highestBefore}.${late} ${check}. What will the storage do?`;
}

/** Why the storage decided as it did, in one sentence. */
export function predictReason(trace: Trace, p: Prediction): string {
  const who = clientName(trace, p.client);
  if (p.fencing === 'equality' && p.token !== undefined) {
    if (p.remembered === undefined) return p.accepted ? `The storage stores ${who}'s write and from now on accepts only token ${p.token}: it had no token to compare with yet.` : `The storage rejects ${who}'s write.`;
    if (p.accepted) return `The storage stores ${who}'s write: token ${p.token} is the one it remembers${p.late ? ' (the lease has ended, but the storage only compares tokens)' : ''}.`;
    return `The storage rejects ${who}'s write: token ${p.token} is not ${p.remembered}, the one token it accepts${p.token > p.remembered ? ', even though it is newer' : ''}.`;
  }
  if (!p.fenced) return `The storage stores ${who}'s write: it does not check tokens, so it accepts every write${p.late ? ', even a late one' : ''}.`;
  if (p.token === undefined) return p.accepted ? `The storage stores ${who}'s write.` : `The storage rejects ${who}'s write: it carries no token.`;
  return p.accepted
    ? `The storage stores ${who}'s write: token ${p.token} is not lower than ${p.highestBefore}, the highest it had accepted${forKey(p.key)}${p.late ? ' (the lease has ended, but the storage only sees the token)' : ''}.`
    : p.lastSeq !== undefined
      ? `The storage rejects ${who}'s write: its sequence number ${p.seq} is not above ${p.lastSeq}, the last it accepted with token ${p.token}.`
      : `The storage rejects ${who}'s write: token ${p.token} is lower than ${p.highestBefore}, the highest it has accepted${forKey(p.key)}.`;
}

/** A key moment's heading when no guide step speaks. */
export const MOMENT_TITLE: Record<MomentKind, string> = {
  grant: 'Key moment: the lock is granted',
  'new-grant': 'Key moment: the lock is granted again',
  pause: 'Key moment: a client pauses',
  crash: 'Key moment: a client crashes',
  check: 'Key moment: a client checks its lease',
  expiry: 'Key moment: a lease ends',
  'late-write': 'Key moment: a late write',
  decision: 'Key moment: the storage decides',
};
