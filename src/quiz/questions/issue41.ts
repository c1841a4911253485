/**
 * The questions of issue 41's lessons (items 9 to 12): fence granularity, a highest token that
 * survives a restart, locks for efficiency or correctness, and side effects that cannot check a
 * token. Asked after issue 12's.
 * @module
 */
import type { Question, Source } from '../types';
import { ddia, kleppmann } from './sources';

/** DDIA 2nd ed., ch. 9 (the English text in github.com/Vonng/ddia, content/en/ch9.md). */
const ddia9: Source = {
  title: 'Martin Kleppmann and Chris Riccomini, Designing Data-Intensive Applications, 2nd ed., ch. 9',
  section: '“Fencing off zombies and delayed requests”',
  url: 'https://dataintensive.net/',
};

const stripe: Source = { title: 'Stripe API reference, “Idempotent requests”', url: 'https://docs.stripe.com/api/idempotent_requests' };

/** The questions of issue 41's lessons, in teaching order. */
export const ISSUE41_QUESTIONS: readonly Question[] = [
  {
    id: 'lock-for-correctness',
    kind: 'choice',
    topic: 'leases-vs-locks',
    multiple: true,
    scenarioId: 'seed-gc-pause',
    realSystemId: 'efficiency-lock',
    prompt: 'Which of these locks guard correctness, so that the resource itself must check a fencing token? Select all that apply.',
    options: [
      {
        id: 'balance',
        text: 'A lock around reading an account balance, changing it and writing it back',
        correct: true,
        feedback: 'Right: if two clients both hold it, one update overwrites the other and the balance is wrong. A failed lock corrupts data, so the storage must check tokens.',
      },
      {
        id: 'file',
        text: 'A lock around reading a shared file, changing it and writing it back',
        correct: true,
        feedback: 'Right: this is Kleppmann’s own example. If the lock fails, two clients write over each other and the file is corrupted or loses an update.',
      },
      {
        id: 'cache',
        text: 'A lock that keeps two workers from computing the same expensive cache entry at once',
        correct: false,
        feedback: 'Not correctness: if the lock fails, the entry is computed twice and both results are the same. It costs a little more; a simple lock is enough.',
      },
      {
        id: 'newsletter',
        text: 'A lock that keeps two workers from sending the same newsletter email',
        correct: false,
        feedback: 'Not correctness, in Kleppmann’s terms: if the lock fails, a user gets the same email twice, “a minor inconvenience”. A lock for efficiency does not need fencing.',
      },
    ],
    sources: [kleppmann('the opening: “Efficiency” and “Correctness”')],
  },
  {
    id: 'predict-fence-per-row',
    kind: 'predict',
    topic: 'first-write-window',
    scenarioId: 'fence-per-object',
    realSystemId: 'fence-per-lock-row',
    decision: { client: 'client-1', nth: 2 },
    ask: 'outcome',
    prompt:
      'This storage keeps a highest token for each row. Client 2 holds the lock with token 34 and has written row 1, but not yet row 2. {client}, paused past the end of its lease, now writes “{value}” to row 2 with token {token}. Will the storage accept it or reject it?',
    explanation:
      'Row 2 has never seen token 34, so nothing higher than 33 stops the write: it is stored while client 2 holds the lock. Checked per row, a new holder fences off a former holder only on the rows it has already written. ' +
      'Keep one highest token for the whole lock (a row of its own, raised in the same transaction as the data), or have each new holder write every row it guards first.',
    sources: [kleppmann('“Making the lock safe with fencing”'), ddia9],
  },
  {
    id: 'durable-highest-token',
    kind: 'choice',
    topic: 'where-fencing',
    multiple: false,
    scenarioId: 'identity-cas',
    realSystemId: 'durable-highest-token',
    prompt:
      'A storage checks fencing tokens and keeps its highest token only in memory. It restarts while a former holder, with an old token, is paused. What happens when that client wakes up and writes?',
    options: [
      {
        id: 'stored',
        text: 'The write is stored if no newer token has reached the storage since the restart: it has forgotten the higher token. The highest token must be kept on disk with the data.',
        correct: true,
        feedback:
          'Right. After the restart the storage has seen no token, so the first write sets its highest, whoever sends it. An HDFS JournalNode keeps the epoch it has promised in a file on disk for this reason.',
      },
      {
        id: 'lease-service',
        text: 'It is rejected: the lease service still knows the newest token',
        correct: false,
        feedback: 'No: the lease service never sees the write. Only the storage can reject it, and it compares with what it remembers.',
      },
      {
        id: 'expired',
        text: 'It is rejected because the client’s lease has expired',
        correct: false,
        feedback: 'No: the storage knows nothing of leases. It sees a token and compares it with the highest it remembers, which the restart wiped.',
      },
    ],
    sources: [
      kleppmann('“Making the lock safe with fencing”'),
      { title: 'Hadoop source: qjournal/server/Journal.java', section: 'lastPromisedEpoch, a PersistentLongFile', url: 'https://github.com/apache/hadoop/blob/trunk/hadoop-hdfs-project/hadoop-hdfs/src/main/java/org/apache/hadoop/hdfs/qjournal/server/Journal.java' },
    ],
  },
  {
    id: 'side-effect-idempotency',
    kind: 'choice',
    topic: 'where-fencing',
    multiple: false,
    scenarioId: 'check-then-write',
    realSystemId: 'idempotency-keys',
    prompt:
      'Client 1 holds the lock to charge a customer’s card for order 7, through a payment API that knows nothing of fencing tokens. It pauses, its lease expires, and client 2 takes over the order. What keeps the customer from being charged twice?',
    options: [
      {
        id: 'idempotency-key',
        text: 'Both clients send the charge with the same idempotency key, named after the order (for example “order-7”)',
        correct: true,
        feedback:
          'Right. The API saves the result of the first request with that key and returns it to a later request with the same key, so the second attempt does not charge again.',
      },
      {
        id: 'send-token',
        text: 'Send the fencing token with the charge, and the payment API rejects the lower one',
        correct: false,
        feedback: 'No: a token protects only where the receiver checks it, and this API does not. That is why such a side effect needs another guard.',
      },
      {
        id: 'check-lease',
        text: 'Client 1 checks its lease just before it calls the API',
        correct: false,
        feedback: 'No: a pause between the check and the call lets the call go out after the lease has ended, as the write does in “Client 1 checks its lease, then pauses before the write leaves”.',
      },
      {
        id: 'claim-only',
        text: 'Claim the order with a fenced write first; nothing else is needed',
        correct: false,
        feedback:
          'Not quite: the claim helps, since a former holder’s claim after the new holder’s write is rejected. But a pause between an accepted claim and the call is still a window; an idempotency key closes it.',
      },
    ],
    sources: [stripe, kleppmann('“Making the lock safe with fencing”'), ddia('“Fencing tokens”')],
  },
];
