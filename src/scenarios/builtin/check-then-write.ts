import type { BuiltInScenario, NarrationStep } from '../types';
import scenario from './check-then-write.json';

/**
 * Checking the lease just before writing does not help: the pause can fall between the check and the
 * write. Sources: Kleppmann, "How to do distributed locking" (2016); DDIA ch. 8, "Process Pauses".
 * The client's deadline here is this simulator's optimistic rule (TTL counted from when the grant
 * arrives); Chubby §2.8 makes the client's local lease timeout conservative instead, allowing for
 * the time the reply spent in flight (issue 12, correction 2).
 */
export const checkThenWrite: BuiltInScenario = {
  id: 'check-then-write',
  summary: 'Client 1 checks its lease right before writing, then pauses before the request leaves.',
  scenario: scenario as BuiltInScenario['scenario'],
  narration: [
    {
      match: { kind: 'lease-check-passed', actor: 'client-1', nth: 1 },
      title: 'Client 1 checks before writing',
      text:
        'Client 1 got token 33 at 0.2 s. Before each write it checks its own timer against the lease deadline it counts: ' +
        '10 s after the grant reached it, so 10.2 s. At 0.2 s the check passes, so the write leaves for the storage.',
    },
    {
      match: { kind: 'lease-check-passed', actor: 'client-1', nth: 2 },
      title: 'The check passes again',
      text: 'At 1.4 s client 1 checks before its second write: 8.8 s left. Preparing the request takes another 0.5 s before it can leave.',
    },
    {
      match: { kind: 'pause-started', actor: 'client-1' },
      title: 'A pause between the check and the write',
      text:
        'At 1.6 s, inside that gap, a 20 s pause freezes client 1. The check is already done and will not run again. ' +
        'A pause can strike at any point, “including the point that is maximally inconvenient for you (between the last check and the write operation)”.',
      sources: ['kleppmann'],
    },
    {
      match: { kind: 'lease-granted', actor: 'lease-service', nth: 2 },
      title: 'The lease expires; client 2 gets token 34',
      text:
        "No keepalive arrived, so at 10.1 s the lease service ends client 1's lease and grants the lock to client 2 with token 34. " +
        'Client 1’s own deadline, 10.2 s, is 0.1 s later: it counts from when the grant reached it, this simulator’s optimistic rule. ' +
        'Chubby’s client counts conservatively instead, allowing for the time the reply spent in flight, as if from before it sent its request.',
      sources: ['chubby'],
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 2 },
      title: 'Client 2 writes with token 34',
      text: "The write is stored at 10.3 s and the storage's highest token becomes 34.",
    },
    {
      match: { kind: 'pause-ended', actor: 'client-1' },
      title: 'Client 1 wakes up',
      text: 'At 21.6 s client 1 resumes in the middle of preparing its write, 0.3 s before sending it. Its check passed long ago, so it does not check again.',
    },
    {
      match: { kind: 'write-sent', actor: 'client-1', nth: 2 },
      title: 'The stale write leaves',
      text: 'At 21.9 s the request goes out with token 33, 11.8 s after the lease expired.',
    },
    {
      match: { kind: 'write-rejected', actor: 'storage', nth: 1 },
      title: 'Only the storage can catch it',
      text:
        'The storage rejects it: 33 < 34. It is not enough for clients to check their own lock status: ' +
        'the resource itself has to check the token.',
      sources: ['ddia8', 'kleppmann'],
    },
    // Issue 41, item 12: side effects that cannot check a token.
    {
      match: { kind: 'write-reply-received', actor: 'client-1', nth: 2 },
      title: 'What if it had been an email?',
      text:
        'Here the stale request went to a storage that checks tokens. An email, a payment or a call to another service checks none: ' +
        'sent after the same check and the same pause, it would have gone out. Two things narrow that gap: first claim the work with a fenced write ' +
        '(store “sending job 7” with your token, and go on only if it is stored), so that a holder already overtaken finds out before it acts; ' +
        'a pause between the stored claim and the call still leaves a window, so also send the call with an idempotency key that names the work, ' +
        'and a second attempt gets the first answer instead of acting twice.',
      sources: ['stripeIdempotency'],
    },
  ],
  tryThis: [
    "Switch “Storage checks tokens” off: the check passed, and the write is stored with token 33 on top of client 2's.",
    "In “Scenario settings”, set “Scripted pause of Client 1, at (s)” to 1.3 (before the check): client 1 wakes at 21.3 s, the check runs late, sees that the deadline (10.2 s) has passed and skips the write.",
  ],
};
