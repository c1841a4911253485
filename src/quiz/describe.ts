/**
 * Plain-word descriptions of trace events and moments for the quiz (the moment slider's spoken
 * value, the solution of an order question). Pure functions of a trace.
 * @module
 */
import { LEASE_SERVICE, STORAGE } from '../model/scenario';
import type { Trace, TraceEvent } from '../model/trace';
import { liveLeaseAt } from '../store/derive';
import { believersAt } from '../store/beliefs';
import { clientName, secondsText } from './answers';
import { quizT, type QuizMessageKey } from './messages';

/** The name of an actor: a client's name, "the lease service" or "the storage". */
export function actorText(trace: Trace, id: string | undefined, t: typeof quizT = quizT): string {
  if (id === undefined) return '';
  if (id === LEASE_SERVICE) return t('quiz.actor.leaseService');
  if (id === STORAGE) return t('quiz.actor.storage');
  return clientName(trace, id);
}

/** One event in words, e.g. "Client 2 receives the grant (token 34)". */
export function describeEvent(trace: Trace, e: TraceEvent, t: typeof quizT = quizT): string {
  const text = t(`quiz.event.${e.kind}` as QuizMessageKey, {
    actor: actorText(trace, e.actor, t),
    peer: actorText(trace, e.peer, t),
    token: e.token ?? '—',
  });
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Everything that happens at `ms`, in words, joined with semicolons (keepalive chatter left out when there is more). */
export function describeMoment(trace: Trace, ms: number, t: typeof quizT = quizT): string {
  const at = trace.events.filter((e) => e.atMs === ms);
  const quiet = new Set(['keepalive-sent', 'lease-renewed', 'keepalive-ok-received']);
  const shown = at.some((e) => !quiet.has(e.kind)) ? at.filter((e) => !quiet.has(e.kind)) : at;
  if (shown.length === 0) return t('quiz.event.start');
  return shown.map((e) => describeEvent(trace, e, t)).join('; ');
}

/** Who believes they hold the lock at `ms`, as a sentence. */
export function describeBelievers(trace: Trace, ms: number, t: typeof quizT = quizT): string {
  const time = secondsText(ms);
  const bs = believersAt(trace, ms);
  if (bs.length === 0) return t('quiz.moment.none', { time });
  const first = bs[0]!;
  if (bs.length === 1) return t('quiz.moment.one', { time, name: clientName(trace, first.client), token: first.token });
  const names = bs.map((b) => t('quiz.moment.believes', { name: clientName(trace, b.client), token: b.token }));
  if (bs.length === 2) return t('quiz.moment.two', { time, a: names[0]!, b: names[1]! });
  return t('quiz.moment.many', { time, names: names.join(', ') });
}

/**
 * At `ms`, a client that holds the live lease at the lease service but no longer believes it holds
 * the lock (its belief with that token ended, e.g. its program ended after its write), as a
 * sentence; `undefined` otherwise. The timeline draws that lease on the lease service's lane
 * ("token 34 · Client 2") after the client's belief bar has ended, and a learner may read the
 * lease's bar as a belief.
 */
export function describeLeaseWithoutBelief(trace: Trace, ms: number, t: typeof quizT = quizT): string | undefined {
  const lease = liveLeaseAt(trace, ms);
  if (!lease || believersAt(trace, ms).some((b) => b.client === lease.holder)) return undefined;
  const ended = trace.beliefs.filter((b) => b.client === lease.holder && b.token === lease.token && b.endMs <= ms).at(-1);
  if (!ended) return undefined;
  return t('quiz.moment.leaseOnly', { name: clientName(trace, lease.holder), token: lease.token, since: secondsText(ended.endMs) });
}
