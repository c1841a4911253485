/**
 * Real-systems entries for the lessons of issue 12: identity compare-and-set (etcd's contrib/lock
 * storage), releases by key (Redis `DEL`, etcd `Mutex.Unlock`), fenced reads (Kafka's fetch
 * epochs), sequence numbers within an epoch (HDFS QJM, Kafka's idempotent producer) and client lease
 * timers (Chubby, etcd's client). Every claim was checked against the pages in its `sources`.
 * `index.ts` merges them into `REAL_SYSTEMS` in kind order.
 * @module
 */
import type { RealSystem } from './types';

const KLEPPMANN = {
  title: 'Martin Kleppmann, “How to do distributed locking” (2016)',
  url: 'https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html',
};

const REDIS_LOCKS = { title: 'Redis docs: Distributed Locks with Redis (Correct Implementation with a Single Instance)', url: 'https://redis.io/docs/latest/develop/clients/patterns/distributed-locks/' };

/** The entries, in no particular order (`index.ts` sorts every entry by kind). */
export const LESSON_SYSTEMS: readonly RealSystem[] = [
  {
    id: 'lock-release',
    title: 'Releasing a lock: Redis DEL and etcd’s Mutex.Unlock',
    kind: 'lock-service',
    lease: 'Redis: a key set with SET … NX PX, which expires after the given time. etcd: the session’s lease, which holds the mutex’s key.',
    token:
      'Redis: the random value stored in the key. etcd: the create revision of the mutex’s key, which Mutex.IsOwner() compares.',
    enforcement:
      'At the lease service, when the release arrives. The Redis docs delete the key only if it still holds the client’s own value (a Lua script that compares before DEL). ' +
      'etcd’s Mutex.Unlock deletes its own key by name, and that name contains the session’s lease ID, so another session’s late Unlock cannot free the lock; issue 22082 (open) and pull request 22115 propose fencing the delete with Mutex.IsOwner() against the same session’s retried Unlock.',
    explanation:
      'A release is a write to the lease service, and a late one is as dangerous as a late write to the storage. The Redis docs tell the story of the zombie-unlock scenario: a client may “get blocked performing some operation for longer than the lock validity time” and later remove the lock “that was already acquired by some other client”; “using just DEL is not safe”. ' +
      'The zombie-unlock scenario’s release is the Redis DEL of a key with one fixed name. In etcd the key’s name comes from the session’s lease, so the same story needs the same session: a stale Unlock retried after a lost reply can delete a newer lock that session took meanwhile (issue 22082). Checking the holder and the token is what keeps a late release from freeing a newer holder’s lock.',
    snippet: {
      language: 'shell',
      code: [
        '# Release by key: frees whatever lock is there (the lab\'s lease.release: "by-key")',
        'DEL resource_name',
        '# Release only your own lock (the lab\'s default, "fenced"):',
        'EVAL "if redis.call(\'get\',KEYS[1]) == ARGV[1] then return redis.call(\'del\',KEYS[1]) else return 0 end" 1 resource_name my_random_value',
      ].join('\n'),
    },
    sources: [
      REDIS_LOCKS,
      { title: 'etcd issue 22082: stale Mutex.Unlock retry can delete a newer same-session lock', url: 'https://github.com/etcd-io/etcd/issues/22082' },
      { title: 'etcd pull request 22115: fence Mutex.Unlock with IsOwner()', url: 'https://github.com/etcd-io/etcd/pull/22115' },
      { title: 'etcd source: client/v3/concurrency/mutex.go', url: 'https://github.com/etcd-io/etcd/blob/main/client/v3/concurrency/mutex.go' },
    ],
    scenarios: ['zombie-unlock'],
  },
  {
    id: 'client-lease-timers',
    title: 'Client lease timers: Chubby and etcd’s client',
    kind: 'lock-service',
    lease: 'Chubby: the session lease, extended by each KeepAlive reply. etcd: a lease kept alive by the Go client’s KeepAlive.',
    token: 'None: this entry is about the client’s own timer, which tells it when to stop trusting its lease. Fencing still needs a token checked at the resource.',
    enforcement: 'The client itself, and only as a margin of safety: a timer cannot stop a pause that falls between the check and the write.',
    explanation:
      'Chubby §2.8: the client keeps a local lease timeout that is a conservative approximation of the master’s, because it must allow for the time its KeepAlive reply spent in flight and for the rate at which the master’s clock runs. ' +
      'Starting the timer when the request is sent is that conservative rule (the lab’s leaseTimer: "from-request"). etcd’s Go client sets its keepalive deadline when the reply arrives (recvKeepAlive: deadline = now + TTL), the optimistic rule, ' +
      'and uses it to give up on a lease whose keepalives go unanswered; it does not promise that the lease is still held. ' +
      'Before the first reply its deadline is a fixed first-keepalive timeout from the KeepAlive call, not the TTL. The lab’s etcd flavour counts that first deadline from the acquire that creates the session’s lease, and applies leaseTimer from the first keepalive reply on.',
    sources: [
      { title: 'Mike Burrows, “The Chubby lock service for loosely-coupled distributed systems”, OSDI 2006 (§2.8 Sessions and KeepAlives)', url: 'https://www.usenix.org/legacy/events/osdi06/tech/full_papers/burrows/burrows.pdf' },
      { title: 'etcd source: client/v3/lease.go (recvKeepAlive, deadlineLoop)', url: 'https://github.com/etcd-io/etcd/blob/main/client/v3/lease.go' },
    ],
    scenarios: ['lease-timer'],
  },
  {
    id: 'kafka-fenced-fetch',
    title: 'Kafka: fetch requests that carry the leader epoch',
    kind: 'replicated-log',
    lease: 'Leadership of a partition: one broker leads it in each leader epoch.',
    token: 'The leader epoch. Since KIP-320 a fetch request carries the leader epoch the fetcher (a consumer or a follower) knows.',
    enforcement:
      'The broker that receives the fetch: a request whose leader epoch is smaller than the broker’s own fails with FENCED_LEADER_EPOCH (FencedLeaderEpochException).',
    explanation:
      'KIP-359 sums it up: “In KIP-320, we introduced fencing support to the Fetch API, which gives consumers the ability to reason about the fetch state relative to the current leader and detect stale metadata.” ' +
      'It is the read side of fencing, like the lab’s setting “Reads with a token raise the highest token”: a reader with an old number is refused instead of answered, once the server knows the newer number. The epoch here is the partition leader’s, not a lock’s: what it fences is a reader acting on stale metadata.',
    sources: [
      { title: 'KIP-320: Allow fetchers to detect and handle log truncation', url: 'https://cwiki.apache.org/confluence/display/KAFKA/KIP-320%3A+Allow+fetchers+to+detect+and+handle+log+truncation' },
      { title: 'KIP-359: Verify leader epoch in produce requests (Motivation)', url: 'https://cwiki.apache.org/confluence/display/KAFKA/KIP-359%3A+Verify+leader+epoch+in+produce+requests' },
      { title: 'Kafka javadoc: FencedLeaderEpochException', url: 'https://kafka.apache.org/42/javadoc/org/apache/kafka/common/errors/FencedLeaderEpochException.html' },
    ],
    scenarios: ['zombie-stale-read'],
  },
  {
    id: 'sequence-numbers',
    title: 'Sequence numbers within an epoch: HDFS QJM and Kafka’s idempotent producer',
    kind: 'replicated-log',
    lease: 'HDFS: the Active NameNode’s turn as the writer, named by its epoch. Kafka: an idempotent producer’s producer id and epoch.',
    token:
      'A pair: the epoch, plus a number per request within it. HDFS: every JournalNode request carries an IPC serial number. Kafka: each batch an idempotent producer sends to a partition carries a sequence number (KIP-98).',
    enforcement:
      'HDFS: the JournalNode checks the epoch, then that the IPC serial number is higher than the last it accepted (Journal.checkRequest: “Ensure that the IPCs are arriving in-order as expected”), and otherwise fails with “IPC serial … was not higher than prior highest IPC serial …”. ' +
      'Kafka: the broker rejects a sequence number it did not expect (OutOfOrderSequenceException: “the broker received an unexpected sequence number from the producer”).',
    explanation:
      'An epoch or a fencing token says which writer a request comes from, not in what order one writer sent its requests. With several requests in flight, a delayed one can land after a later one, and an equal token lets it in. ' +
      'Kafka’s producer docs warn that allowing retries with idempotence off and more than one request in flight “will potentially change the ordering of records”; the sequence numbers of an idempotent producer are what keep the order. ' +
      'The lab’s storage.sequence rejects a sequence number not greater than the last accepted with the same token, as a JournalNode does; Kafka’s broker is stricter about gaps.',
    sources: [
      { title: 'Hadoop source: qjournal/server/Journal.java (checkRequest)', url: 'https://github.com/apache/hadoop/blob/trunk/hadoop-hdfs-project/hadoop-hdfs/src/main/java/org/apache/hadoop/hdfs/qjournal/server/Journal.java' },
      { title: 'KIP-98: Exactly Once Delivery and Transactional Messaging (idempotent producer, sequence numbers)', url: 'https://cwiki.apache.org/confluence/display/KAFKA/KIP-98+-+Exactly+Once+Delivery+and+Transactional+Messaging' },
      { title: 'Kafka javadoc: OutOfOrderSequenceException', url: 'https://kafka.apache.org/42/javadoc/org/apache/kafka/common/errors/OutOfOrderSequenceException.html' },
      { title: 'Kafka docs: producer configuration, retries', url: 'https://kafka.apache.org/documentation/#producerconfigs_retries' },
    ],
    scenarios: ['same-token-order'],
  },
  {
    id: 'etcd-contrib-lock',
    title: 'etcd’s contrib/lock example: an equality check on lease IDs',
    kind: 'storage',
    lease: 'An etcd lease held through a concurrency.Session, as in the etcd entry.',
    token: 'The client’s lease ID, sent with each write as its “version”.',
    enforcement:
      'The example’s storage (storage.go) keeps, in memory, each key’s value and the version it was first written with, and rejects a write whose version is different: “given version (%x) is different from the existing version (%x)”.',
    explanation:
      'An identity compare-and-set is not fencing. etcd issue 11788 points out that the check only throws out “any writes performed by any client besides the original writer”, so no later holder can ever write; issue 14224 finds that from the second run on the client’s write always fails, because its lease ID is new. ' +
      'And because the version is kept only in memory, a restart lets in whichever client writes first, a paused former holder included. A fencing check compares by order: it rejects a token lower than the highest it has seen, and the token must grow with each holder.',
    sources: [
      { title: 'etcd source: contrib/lock/storage/storage.go', url: 'https://github.com/etcd-io/etcd/blob/main/contrib/lock/storage/storage.go' },
      { title: 'etcd issue 11788: Lease example doesn’t actually do lease version validation', url: 'https://github.com/etcd-io/etcd/issues/11788' },
      { title: 'etcd issue 14224: contrib/lock: Doubtful about the example of distributed locks', url: 'https://github.com/etcd-io/etcd/issues/14224' },
      KLEPPMANN,
    ],
    scenarios: ['identity-cas'],
  },
];
