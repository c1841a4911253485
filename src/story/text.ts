/**
 * The story's sentences for any run (English content, like the narration): the predict questions
 * and their answers, and the heading of a key moment when no guide step speaks. Sources: Kleppmann
 * 2016 and DDIA ch. 8 (the storage rejects a token lower than the highest it has accepted; a storage
 * that does not check tokens accepts every write).
 * @module
 */
import type { Trace } from '../model/trace';
import { clientName, type MomentKind, type Prediction } from './moments';

/** The question asked before a storage decision. */
export function predictQuestion(trace: Trace, p: Prediction): string {
  const who = clientName(trace, p.client);
  const token = p.token === undefined ? 'no token' : `token ${p.token}`;
  const check = p.fenced ? 'The storage checks tokens' : 'The storage does not check tokens';
  const late = p.late ? ` ${who}'s lease has already ended.` : '';
  return `${who}'s write carries ${token}; the highest token the storage has accepted so far is ${p.highestBefore}.${late} ${check}. What will the storage do?`;
}

/** Why the storage decided as it did, in one sentence. */
export function predictReason(trace: Trace, p: Prediction): string {
  const who = clientName(trace, p.client);
  if (!p.fenced) return `The storage stores ${who}'s write: it does not check tokens, so it accepts every write${p.late ? ', even a late one' : ''}.`;
  if (p.token === undefined) return p.accepted ? `The storage stores ${who}'s write.` : `The storage rejects ${who}'s write: it carries no token.`;
  return p.accepted
    ? `The storage stores ${who}'s write: token ${p.token} is not lower than ${p.highestBefore}, the highest it had accepted${p.late ? ' (the lease has ended, but the storage only sees the token)' : ''}.`
    : `The storage rejects ${who}'s write: token ${p.token} is lower than ${p.highestBefore}, the highest it has accepted.`;
}

/** A key moment's heading when no guide step speaks. */
export const MOMENT_TITLE: Record<MomentKind, string> = {
  grant: 'Key moment: the lock is granted',
  'new-grant': 'Key moment: the lock is granted again',
  pause: 'Key moment: a client pauses',
  crash: 'Key moment: a client crashes',
  expiry: 'Key moment: a lease ends',
  'late-write': 'Key moment: a late write',
  decision: 'Key moment: the storage decides',
};
