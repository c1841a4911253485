/**
 * Real-systems entries for the lessons of issue 41: fence granularity (one highest token per lock
 * in SQL), a highest token that survives a restart (HDFS JournalNodes), locks for efficiency or for
 * correctness (Kleppmann 2016, a single Redis instance), and side effects that cannot check a token
 * (idempotency keys, Stripe). Every claim was checked against the pages in its `sources`.
 * `index.ts` merges them into `REAL_SYSTEMS` in kind order.
 * @module
 */
import type { RealSystem } from './types';

const KLEPPMANN = {
  title: 'Martin Kleppmann, “How to do distributed locking” (2016)',
  url: 'https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html',
};

const DDIA9 = {
  title: 'Martin Kleppmann and Chris Riccomini, Designing Data-Intensive Applications, 2nd ed., ch. 9 (“Fencing off zombies and delayed requests”)',
  url: 'https://dataintensive.net/',
};

/** The entries, in no particular order (`index.ts` sorts every entry by kind). */
export const LESSON41_SYSTEMS: readonly RealSystem[] = [
  {
    id: 'fence-per-lock-row',
    title: 'Fencing every row of a lock: one highest-token row in SQL',
    kind: 'storage',
    lease: 'None: the lock comes from a lock service; the database only checks the token.',
    token: 'The fencing token the client got with its lock, written with every change.',
    enforcement:
      'One row per lock holds the highest token seen for everything the lock guards. Each transaction first raises it with a conditional UPDATE (it matches only if the stored token is not higher), then changes the data; if it matched no row, the transaction rolls back.',
    explanation:
      'A fence_token column on each data row, compared row by row, fences per object: a new holder that has written row 1 has fenced row 1 only, and a former holder can still write row 2 until the new holder writes it too. ' +
      'DDIA’s rule is that a new holder “must immediately make a write to the storage service, and once that write has completed, any zombies are fenced off”: that holds when the storage keeps one highest token for the lock. ' +
      'Either keep it in a row of its own, raised in the same transaction as the data, or have each new holder write every object it guards before anything else. ' +
      'In PostgreSQL at Read Committed, a second UPDATE of the same row waits for the first transaction and re-evaluates its WHERE clause on the updated row, so two holders cannot both raise it past each other.',
    snippet: {
      language: 'sql',
      code: [
        'BEGIN;',
        '-- the lock\'s highest token (the lab\'s storage.fencePer: "lock")',
        'UPDATE lock_fences SET fence_token = :token',
        ' WHERE lock_name = \'orders\' AND fence_token <= :token;',
        '-- 0 rows updated: a newer holder has written. ROLLBACK.',
        'UPDATE orders SET status = :status WHERE id = 2;',
        'COMMIT;',
      ].join('\n'),
    },
    sources: [
      KLEPPMANN,
      DDIA9,
      { title: 'PostgreSQL docs: Transaction Isolation, Read Committed', url: 'https://www.postgresql.org/docs/current/transaction-iso.html' },
    ],
    scenarios: ['fence-per-object'],
  },
  {
    id: 'durable-highest-token',
    title: 'A highest token that survives a restart: HDFS JournalNodes',
    kind: 'replicated-log',
    lease: 'None at the JournalNode: the NameNode that becomes active gets a new epoch from a quorum of JournalNodes.',
    token: 'The writer epoch: each new writer’s is higher than any the JournalNodes have promised before.',
    enforcement:
      'Each JournalNode rejects a request whose epoch is lower than the epoch it has promised, and keeps that promise in a file on disk (last-promised-epoch).',
    explanation:
      'A storage that keeps its highest token only in memory forgets it when it restarts, and the first stale write after the restart gets in: the lab’s “storage restart” fault. ' +
      'The JournalNode keeps its promised epoch in a persistent file, so after a restart it still refuses the older writer. The same holds for any storage that checks fencing tokens: the highest token belongs on disk, written with the data.',
    sources: [
      {
        title: 'Hadoop source: Journal.java (lastPromisedEpoch, a PersistentLongFile)',
        url: 'https://github.com/apache/hadoop/blob/trunk/hadoop-hdfs-project/hadoop-hdfs/src/main/java/org/apache/hadoop/hdfs/qjournal/server/Journal.java',
      },
      KLEPPMANN,
    ],
    scenarios: ['identity-cas'],
  },
  {
    id: 'efficiency-lock',
    title: 'A lock for efficiency: one Redis instance',
    kind: 'lock-service',
    lease: 'A Redis key set with SET … NX PX: it expires after the given time.',
    token: 'None needed: a random value only, so that a client deletes its own key.',
    enforcement: 'None at the resource: if the lock fails, two clients do the same work.',
    explanation:
      'Kleppmann’s article starts by asking what the lock is for. For efficiency, it saves doing the same work twice, and if it fails the result is “a minor increase in cost” or “a minor inconvenience (e.g. a user ends up getting the same email notification twice)”. ' +
      'For correctness, a failure means “a corrupted file, data loss, permanent inconsistency”. ' +
      'For efficiency alone he argues that “a single Redis instance” is enough, and that it will sometimes drop a lock; for correctness, the resource must check a fencing token, as the storage does in this lab whenever it checks tokens by order.',
    sources: [
      KLEPPMANN,
      { title: 'Redis docs: Distributed Locks with Redis', url: 'https://redis.io/docs/latest/develop/clients/patterns/distributed-locks/' },
    ],
    scenarios: ['seed-gc-pause', 'seed-gc-pause-unfenced'],
  },
  {
    id: 'idempotency-keys',
    title: 'Side effects that cannot check a token: idempotency keys (Stripe)',
    kind: 'storage',
    lease: 'None: the payment API knows nothing of the lock.',
    token: 'None: an idempotency key instead, one per operation (for example the job’s id), sent with every attempt.',
    enforcement:
      'Stripe saves the status code and body of the first request made with a given idempotency key, and returns the same result to a later request with that key.',
    explanation:
      'An email, a payment or a call to another service does not check a fencing token, so a former holder that wakes up can still send it. Two ways to guard it: ' +
      'first claim the work with a fenced write (record “job 7: sending” with your token, and go on only if the storage stored it: a former holder’s claim after a newer holder’s write is rejected); ' +
      'and send the side effect with an idempotency key derived from the work, so that a second attempt, by a retry or by a former holder, returns the first result instead of paying twice. ' +
      'A pause between the claim and the call is still a window, which the idempotency key closes where the receiver supports one (Stripe may remove a key once it is at least 24 hours old).',
    snippet: {
      language: 'shell',
      code: [
        '# The same key for every attempt at job 7: a second request returns the first result',
        'curl https://api.stripe.com/v1/payment_intents \\',
        '  -u "$STRIPE_KEY:" -H "Idempotency-Key: job-7" \\',
        '  -d amount=2000 -d currency=usd',
      ].join('\n'),
    },
    sources: [
      { title: 'Stripe API reference: Idempotent requests', url: 'https://docs.stripe.com/api/idempotent_requests' },
      KLEPPMANN,
    ],
    scenarios: ['check-then-write'],
  },
];
