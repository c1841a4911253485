/**
 * The real-systems reference data. Every claim in an entry was checked against the pages in its
 * `sources` (official documentation, the original paper, or the project's own source code).
 * @module
 */
import type { RealSystem } from './types';

const KLEPPMANN = {
  title: 'Martin Kleppmann, “How to do distributed locking” (2016)',
  url: 'https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html',
};

const CHUBBY_PAPER = {
  title: 'Mike Burrows, “The Chubby lock service for loosely-coupled distributed systems”, OSDI 2006 (§2.4 Locks and sequencers, §2.6 API, §2.8 Sessions and KeepAlives, §2.9 Fail-overs)',
  url: 'https://www.usenix.org/legacy/events/osdi06/tech/full_papers/burrows/burrows.pdf',
};

const DDIA = {
  title: 'Martin Kleppmann, Designing Data-Intensive Applications, ch. 8 (fencing tokens)',
  url: 'https://dataintensive.net/',
};

/** Every entry, lock services first, then systems that fence with epochs, then storage. */
export const REAL_SYSTEMS: readonly RealSystem[] = [
  {
    id: 'etcd',
    title: 'etcd',
    kind: 'lock-service',
    lease:
      'An etcd lease: granted with a TTL, it expires if the cluster receives no keepalive within the TTL, and the keys attached to it are deleted. ' +
      'A concurrency.Session keeps one alive with the client’s KeepAlive, which sends the next keepalive a third of the TTL after each reply.',
    token:
      'The revision of the lock key. concurrency.Mutex puts a key under the lock’s prefix; the key with the lowest create revision holds the lock. ' +
      'Revisions come from one cluster-wide counter, so each new holder’s key has a higher create revision, except after a restore from a snapshot: that goes back to the snapshot’s revision unless the restore uses --bump-revision (etcdutl snapshot restore, since etcd v3.5.10).',
    enforcement:
      'Inside etcd, a transaction guarded by the mutex’s IsOwner() comparison. Anything outside etcd must check the revision itself.',
    explanation:
      'etcd’s own documentation says its lock APIs “cannot be used as mutual exclusion mechanism by themselves”: the TTL is a physical time interval that server and client each measure with their own clocks, ' +
      'so the server can revoke a lease while the client still claims it. It maps Kleppmann’s fencing token to etcd’s revision number, and says a resource outside etcd must provide that validation itself. ' +
      'Jepsen’s analysis of etcd 3.4.3 (2020) found the locks could not guarantee mutual exclusion, and etcd’s reply says a lock only safely guarantees it “inside etcd’s own keyspace and transactions with revision checking”. ' +
      'Not fencing: etcd’s contrib/lock example, whose storage accepts only the lease ID of its first write (an equality check, which cannot tell an older holder from a newer one). ' +
      'Mutex.Unlock deletes the mutex’s own key, whose name contains the session’s lease ID, so a late Unlock from a former holder cannot free another session’s lock. ' +
      'A retried Unlock of the same session can: if that session locked again after a lost Unlock reply, the retry deletes the newer lock (issue 22082).',
    snippet: {
      language: 'go',
      code: [
        's, _ := concurrency.NewSession(cli, concurrency.WithTTL(10)) // lease, kept alive',
        'm := concurrency.NewMutex(s, "/locks/report")',
        'if err := m.Lock(ctx); err != nil { return err }',
        '',
        '// Inside etcd: write only while still the owner.',
        'cli.Txn(ctx).If(m.IsOwner()).Then(clientv3.OpPut("/report", data)).Commit()',
        '',
        '// Outside etcd: send the lock key\'s create revision as the fencing token.',
        'resp, _ := cli.Get(ctx, m.Key())',
        'token := resp.Kvs[0].CreateRevision',
        'storage.Write(data, token) // the storage must reject a lower token',
      ].join('\n'),
    },
    sources: [
      { title: 'etcd docs: Notes on the usage of lock and lease', url: 'https://etcd.io/docs/v3.5/learning/why/#notes-on-the-usage-of-lock-and-lease' },
      { title: 'etcd docs: API (Lease API; key-value create_revision; revisions)', url: 'https://etcd.io/docs/v3.5/learning/api/' },
      { title: 'etcd source: client/v3/concurrency/mutex.go', url: 'https://github.com/etcd-io/etcd/blob/main/client/v3/concurrency/mutex.go' },
      { title: 'etcd source: client/v3/concurrency/session.go', url: 'https://github.com/etcd-io/etcd/blob/main/client/v3/concurrency/session.go' },
      { title: 'etcd source: client/v3/lease.go (KeepAlive; next keepalive at TTL/3)', url: 'https://github.com/etcd-io/etcd/blob/main/client/v3/lease.go' },
      { title: 'etcd source: contrib/lock/storage/storage.go', url: 'https://github.com/etcd-io/etcd/blob/main/contrib/lock/storage/storage.go' },
      { title: 'etcd issue 11788 (contrib/lock)', url: 'https://github.com/etcd-io/etcd/issues/11788' },
      { title: 'etcd issue 14224', url: 'https://github.com/etcd-io/etcd/issues/14224' },
      { title: 'etcd issue 22082 (Mutex.Unlock)', url: 'https://github.com/etcd-io/etcd/issues/22082' },
      { title: 'etcd CHANGELOG-3.5, v3.5.10 (--bump-revision)', url: 'https://github.com/etcd-io/etcd/blob/main/CHANGELOG/CHANGELOG-3.5.md' },
      { title: 'etcd blog: Latest Jepsen Results against etcd 3.4.3 (2020)', url: 'https://etcd.io/blog/2020/jepsen-343-results/' },
      { title: 'Jepsen: etcd 3.4.3 analysis (Kyle Kingsbury, 2020), §3.2 “Locks Aren’t Real”', url: 'https://jepsen.io/analyses/etcd-3.4.3' },
    ],
    scenarios: ['seed-gc-pause', 'seed-gc-pause-unfenced', 'keepalive-holds', 'crash-holder', 'partition-lease-service', 'random-tokens', 'jepsen-three-clients'],
  },
  {
    id: 'zookeeper',
    title: 'ZooKeeper',
    kind: 'lock-service',
    lease:
      'The client’s session. The cluster expires it when it does not hear from the client within the session timeout, and then deletes every ephemeral znode the session owned, lock nodes included. ' +
      'A client cut off then is not told until it reconnects, though its library sees the connection drop (Disconnected).',
    token:
      'The zxid of the lock znode’s creation (its czxid). Every change to ZooKeeper gets a zxid, and a smaller zxid happened before a larger one. ' +
      '(Not the lock znode’s data version, 0 for every new znode, nor its sequence number: see below.)',
    enforcement: 'The resource, which must remember the highest token it has accepted. ZooKeeper does not check tokens for you.',
    explanation:
      'The lock recipe: each client creates a znode under the lock node with the sequence and ephemeral flags, and the one with the lowest sequence number holds the lock; the others each watch the next lower node. ' +
      'Because the node is ephemeral, the lock frees itself when the holder’s session expires, which is also how a paused or partitioned holder loses it without knowing. ' +
      'Kleppmann names the zxid or the znode version, DDIA the zxid or the cversion; only the zxid is safe in general. ' +
      'A sequence number is the parent’s cversion, and lock parents are often container znodes (Curator’s are), deleted once empty: a recreated parent counts from 0 again. ' +
      'Sequence numbers and cversions are safe only under a parent that is never deleted.',
    snippet: {
      language: 'java',
      code: [
        'String me = zk.create("/locks/report/guid-lock-", new byte[0],',
        '    ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL_SEQUENTIAL);',
        '// ... once `me` has the lowest sequence number under /locks/report, we hold the lock.',
        'long token = zk.exists(me, false).getCzxid(); // creation zxid: the fencing token',
        'storage.write(data, token);                   // the storage must reject a lower token',
      ].join('\n'),
    },
    sources: [
      { title: 'ZooKeeper Recipes: Locks', url: 'https://zookeeper.apache.org/doc/current/recipes.html#sc_recipes_Locks' },
      { title: 'ZooKeeper Programmer’s Guide (ephemeral and container nodes; Time in ZooKeeper; Stat structure; sessions)', url: 'https://zookeeper.apache.org/doc/current/zookeeperProgrammers.html' },
      { title: 'ZooKeeper source: PrepRequestProcessor', url: 'https://github.com/apache/zookeeper/blob/master/zookeeper-server/src/main/java/org/apache/zookeeper/server/PrepRequestProcessor.java' },
      { title: 'ZooKeeper: ContainerManager', url: 'https://zookeeper.apache.org/doc/current/apidocs/zookeeper-server/org/apache/zookeeper/server/ContainerManager.html' },
      { title: 'Curator source: StandardLockInternalsDriver', url: 'https://github.com/apache/curator/blob/master/curator-recipes/src/main/java/org/apache/curator/framework/recipes/locks/StandardLockInternalsDriver.java' },
      KLEPPMANN,
      DDIA,
    ],
    scenarios: ['seed-gc-pause', 'keepalive-holds', 'crash-holder', 'partition-lease-service', 'random-tokens'],
  },
  {
    id: 'chubby',
    title: 'Chubby',
    kind: 'lock-service',
    lease:
      'The session lease, extended by KeepAlive RPCs (12 s by default). The client keeps a conservative local lease timeout; when it passes, the session is “in jeopardy” and the library blocks the application’s calls for a grace period (45 s by default). ' +
      'A short master failover does not end leases: the new master extends them, and clients ride it out in the grace period. A failover that outlasts the grace period ends the session: the library tells the application that the session expired (§2.9).',
    token:
      'A sequencer: an opaque byte-string describing the lock right after it was acquired, holding the lock’s name, its mode (exclusive or shared) and the lock generation number.',
    enforcement:
      'The server that receives the request (a file server, say) tests whether the sequencer is still valid, by CheckSequencer() or against the most recent sequencer it has seen, and rejects the request if not. ' +
      'For servers that cannot check sequencers, Chubby offers lock-delay: if a holder fails or becomes unreachable, nobody else may take the lock for a while (clients may choose up to a bound, one minute in the paper).',
    explanation:
      'Burrows describes exactly the lab’s problem: a process holding a lock may send a request and fail; another process takes the lock and acts before the request arrives; the late request may then be acted on without the lock’s protection. ' +
      'Sequencers are Chubby’s fencing tokens. The paper calls lock-delay “imperfect but easier”: a waiting period that protects unmodified servers from everyday message delays and restarts, not a guarantee.',
    sources: [CHUBBY_PAPER],
    scenarios: ['seed-gc-pause', 'check-then-write', 'network-delay', 'keepalive-holds', 'crash-holder', 'slow-clock', 'partition-lease-service'],
  },
  {
    id: 'kafka',
    title: 'Apache Kafka',
    kind: 'replicated-log',
    lease:
      'Ownership of a transactional.id: the latest producer instance to call initTransactions() owns it. The transaction coordinator also times out a transaction that stays open too long.',
    token:
      'Epochs. A transactional producer’s epoch is bumped when a new instance initializes the same transactional.id (or when the coordinator times out its transaction). ' +
      'Brokers also track the controller epoch and, per partition, the leader epoch.',
    enforcement:
      'The broker side: a producer fenced by a newer instance with the same transactional.id gets ProducerFencedException and can make no more transactional requests; brokers reject control requests from a controller with an older controller epoch (as KIP-380 describes for ZooKeeper-based clusters); ' +
      'a request carrying a leader epoch smaller than the broker’s fails with FENCED_LEADER_EPOCH.',
    explanation:
      'Kafka fences “zombies” with numbers that grow, checked by the brokers themselves. KIP-588 notes that a producer’s epoch can be bumped when a transaction times out, which “could be caused by a short period of inactivity of the client due to network partition or long GC”: ' +
      'the same pause as in the lab’s seed, and the same remedy: requests carrying the old epoch are rejected. ' +
      'That does not catch every late write: KIP-890 describes a delayed produce request arriving after its transaction aborted, which can leave a transaction hanging or become part of the producer’s next one (KAFKA-14053).',
    snippet: {
      language: 'java',
      code: [
        'props.put("transactional.id", "report-writer");',
        'KafkaProducer<String, String> p = new KafkaProducer<>(props);',
        'p.initTransactions(); // gets a new producer epoch: older instances with this id are fenced',
        'p.beginTransaction();',
        'p.send(record);',
        'p.commitTransaction(); // a fenced zombie gets ProducerFencedException instead',
      ].join('\n'),
    },
    sources: [
      { title: 'Kafka javadoc: KafkaProducer.initTransactions()', url: 'https://kafka.apache.org/42/javadoc/org/apache/kafka/clients/producer/KafkaProducer.html#initTransactions()' },
      { title: 'Kafka javadoc: ProducerFencedException', url: 'https://kafka.apache.org/42/javadoc/org/apache/kafka/common/errors/ProducerFencedException.html' },
      { title: 'KIP-588: Allow producers to recover gracefully from transaction timeouts', url: 'https://cwiki.apache.org/confluence/display/KAFKA/KIP-588:+Allow+producers+to+recover+gracefully+from+transaction+timeouts' },
      { title: 'KIP-380: Detect outdated control requests and bounced brokers using broker generation', url: 'https://cwiki.apache.org/confluence/display/KAFKA/KIP-380%3A+Detect+outdated+control+requests+and+bounced+brokers+using+broker+generation' },
      { title: 'Kafka javadoc: FencedLeaderEpochException', url: 'https://kafka.apache.org/42/javadoc/org/apache/kafka/common/errors/FencedLeaderEpochException.html' },
      { title: 'KIP-359: Verify leader epoch in produce requests', url: 'https://cwiki.apache.org/confluence/display/KAFKA/KIP-359%3A+Verify+leader+epoch+in+produce+requests' },
      { title: 'KIP-890: Transactions Server-Side Defense', url: 'https://cwiki.apache.org/confluence/display/KAFKA/KIP-890:+Transactions+Server-Side+Defense' },
      { title: 'KAFKA-14053 (apache/kafka pull request 12392)', url: 'https://github.com/apache/kafka/pull/12392' },
    ],
    scenarios: ['seed-gc-pause', 'network-delay', 'first-write-window-fenced-read'],
  },
  {
    id: 'hdfs-qjm',
    title: 'HDFS Quorum Journal Manager',
    kind: 'replicated-log',
    lease: 'The Active NameNode role, handed over at failover. Only the Active NameNode may write edits to the JournalNodes.',
    token: 'The writer’s epoch, a number that grows: a NameNode becoming active proposes a higher epoch than any the JournalNodes have promised.',
    enforcement:
      'Each JournalNode. newEpoch refuses an epoch not above its promise; checkRequest refuses, on every request, an epoch below it (“IPC’s epoch … is less than the last promised epoch …”) and raises it for a higher one (“Fence any previous writers by updating the promise”).',
    explanation:
      'The HDFS docs put it simply: “the JournalNodes will only ever allow a single NameNode to be a writer at a time”, so during a failover the new Active NameNode takes over writing and the old one cannot continue. ' +
      'The new writer fences before it writes anything: announcing its epoch (newEpoch) to a majority of JournalNodes raises their promise, and from then on they refuse the old writer’s requests, so it can no longer get a majority to accept an edit. ' +
      'That is the fenced read of the lab’s first-write-window scenario: make the resource learn the new number before a stale request can land.',
    sources: [
      { title: 'HDFS High Availability Using the Quorum Journal Manager', url: 'https://hadoop.apache.org/docs/stable/hadoop-project-dist/hadoop-hdfs/HDFSHighAvailabilityWithQJM.html' },
      { title: 'Hadoop source: qjournal/server/Journal.java (newEpoch, checkRequest)', url: 'https://github.com/apache/hadoop/blob/trunk/hadoop-hdfs-project/hadoop-hdfs/src/main/java/org/apache/hadoop/hdfs/qjournal/server/Journal.java' },
    ],
    scenarios: ['first-write-window', 'first-write-window-fenced-read'],
  },
  {
    id: 'sql-conditional-update',
    title: 'SQL: a conditional UPDATE on a token column',
    kind: 'storage',
    lease: 'None: the database is the resource. The lease comes from whichever lock service the clients use.',
    token: 'A fence_token column on the row, holding the highest token that has written it. Start it at 0 (NOT NULL): a comparison with NULL is never true, so no write would pass.',
    enforcement:
      'The WHERE clause. The check and the write are one statement, so no pause can fall between them, and the row count says whether the write happened.',
    explanation:
      'A write succeeds only if its token is at least the one stored; otherwise it updates no rows, which PostgreSQL reports as “UPDATE 0” and does not treat as an error, so the client must look at the count. ' +
      'Under PostgreSQL’s default Read Committed level, if another transaction updates the row first, the WHERE clause is re-evaluated against the updated row. ' +
      'Accepting an equal token (<=) lets one holder write many times, as the lab’s storage does. ' +
      'A fence_token column fences each row on its own: a row the new holder has not written yet still holds an older token, so a zombie’s write to that row gets through, the first-write window once per row. ' +
      'To fence the whole lock, keep one row per lock with its highest token and update it, with the same check, in the same transaction as the data (on “UPDATE 0” the client rolls back, so no data changes); or have the new holder write every row it guards before anything else.',
    snippet: {
      language: 'sql',
      code: [
        'UPDATE reports',
        '   SET body = $3, fence_token = $1',
        ' WHERE id = $2 AND fence_token <= $1;',
        '-- "UPDATE 0": a newer token has written this row; this writer is fenced.',
        '-- That fences this row only. To fence every row the lock guards, in one transaction:',
        'BEGIN;',
        'UPDATE locks SET fence_token = $1 WHERE name = \'reports\' AND fence_token <= $1;',
        '-- "UPDATE 0": a newer holder has the lock; ROLLBACK. Else write the rows, then COMMIT.',
      ].join('\n'),
    },
    sources: [
      { title: 'PostgreSQL docs: UPDATE (Outputs)', url: 'https://www.postgresql.org/docs/current/sql-update.html' },
      { title: 'PostgreSQL docs: Transaction Isolation (Read Committed)', url: 'https://www.postgresql.org/docs/current/transaction-iso.html' },
      { title: 'PostgreSQL docs: Transactions (all or nothing)', url: 'https://www.postgresql.org/docs/current/tutorial-transactions.html' },
      KLEPPMANN,
    ],
    scenarios: ['seed-gc-pause', 'seed-gc-pause-unfenced', 'check-then-write', 'network-delay', 'slow-clock', 'jepsen-three-clients'],
  },
  {
    id: 'dynamodb-conditions',
    title: 'Amazon DynamoDB: condition expressions',
    kind: 'storage',
    lease: 'None: the table is the resource.',
    token: 'A number attribute on the item, holding the highest token that has written it.',
    enforcement:
      'A condition expression on PutItem, UpdateItem or DeleteItem: if it evaluates to true the operation succeeds, otherwise it fails with ConditionalCheckFailedException and the item is left as it was.',
    explanation:
      'The same pattern as the SQL conditional update: the comparison and the write happen as one operation on the item, so a stale holder’s write fails at the storage instead of landing. ' +
      'And the same limit: the attribute fences each item on its own, so a zombie can still write an item the new holder has not written yet. ' +
      'To fence the whole lock, keep one item per lock with its highest token, and update it under the same condition in one TransactWriteItems call with the data’s write (all the actions succeed or none do); or have the new holder write every item it guards first.',
    snippet: {
      language: 'shell',
      code: [
        'aws dynamodb update-item --table-name Reports \\',
        '  --key \'{"Id": {"S": "r1"}}\' \\',
        '  --update-expression "SET Body = :body, FenceToken = :t" \\',
        '  --condition-expression "attribute_not_exists(FenceToken) OR FenceToken <= :t" \\',
        '  --expression-attribute-values \'{":body": {"S": "..."}, ":t": {"N": "34"}}\'',
      ].join('\n'),
    },
    sources: [
      { title: 'Amazon DynamoDB Developer Guide: Condition expressions (CLI examples)', url: 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.ConditionExpressions.html' },
      { title: 'AWS SDK reference: ConditionalCheckFailedException', url: 'https://docs.aws.amazon.com/botocore/latest/reference/services/dynamodb/client/exceptions/ConditionalCheckFailedException.html' },
      { title: 'Amazon DynamoDB API Reference: TransactWriteItems', url: 'https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html' },
    ],
    scenarios: ['seed-gc-pause', 'seed-gc-pause-unfenced', 'network-delay'],
  },
  {
    id: 's3-conditional-writes',
    title: 'Amazon S3: conditional writes',
    kind: 'storage',
    lease: 'None: the bucket is the resource.',
    token:
      'S3 compares ETags, not numbers, so it cannot order tokens for you. Keep the highest token in the object (or, as DDIA suggests for file storage, put the token in the file name).',
    enforcement:
      'If-Match on PutObject (since November 2024): the write happens only if the object’s ETag still matches the one you read; otherwise S3 answers 412 Precondition Failed, or 409 ConditionalRequestConflict if a conflicting operation happens during the upload (read again and retry). ' +
      'If-None-Match: * (since August 2024) writes only if no object has that key.',
    explanation:
      'To fence with S3, read the object and its ETag, check that your token is not lower than the one stored in it, and write back with If-Match set to that ETag. ' +
      'If anyone wrote in between, the write fails and you read again. The check that matters, “is my token still the highest?”, is then always made against the current object.',
    snippet: {
      language: 'shell',
      code: [
        '# after reading report.json (which records the highest token) and its ETag:',
        'aws s3api put-object --bucket reports --key report.json --body report.json \\',
        '  --if-match \'"<ETag you read>"\'   # 412 Precondition Failed if it changed',
      ].join('\n'),
    },
    sources: [
      { title: 'Amazon S3 User Guide: How to prevent object overwrites with conditional writes', url: 'https://docs.aws.amazon.com/AmazonS3/latest/userguide/conditional-writes.html' },
      { title: 'AWS SDK for Kotlin reference: PutObjectRequest.ifMatch (412 and 409 responses)', url: 'https://docs.aws.amazon.com/sdk-for-kotlin/api/latest/s3/aws.sdk.kotlin.services.s3.model/-put-object-request/if-match.html' },
      { title: 'AWS What’s New: S3 conditional writes with If-None-Match (August 2024)', url: 'https://aws.amazon.com/about-aws/whats-new/2024/08/amazon-s3-conditional-writes/' },
      { title: 'AWS What’s New: Amazon S3 adds new functionality for conditional writes (If-Match, 25 November 2024)', url: 'https://aws.amazon.com/about-aws/whats-new/2024/11/amazon-s3-functionality-conditional-writes/' },
      DDIA,
    ],
    scenarios: ['seed-gc-pause-unfenced', 'first-write-window'],
  },
  {
    id: 'redis-lock',
    title: 'Redis locks and Redlock',
    kind: 'lock-service',
    lease:
      'A key set with SET … NX PX: it is created only if absent and expires after the given number of milliseconds. ' +
      'Redis replicates asynchronously, so a failover can lose a lock: the master crashes before the key reaches the replica, which then grants it again.',
    token:
      'None that grows. The key holds a random value, unique per lock request, so that a client deletes the key only if it still holds that value.',
    enforcement:
      'Nothing by itself: the random value protects the release. antirez proposes that the resource can check-and-set on it: a new holder first sets the resource’s state to its own value, and writes only if the state still holds that value, so a holder that has been overtaken finds another value and its write fails. ' +
      'That needs a resource that checks and writes atomically; a stale write that comes before the new holder has set its value still lands, and so does a former holder’s own mark if it arrives late, which takes the resource back (a growing token would refuse it). An equality check against one remembered value (etcd’s contrib/lock storage) cannot tell an older holder from a newer one.',
    explanation:
      'Kleppmann’s critique: Redlock “does not have any facility for generating fencing tokens”, and “the unique random value it uses does not provide the required monotonicity”. ' +
      'A storage that compares random values can reject the real holder and accept a stale one, as the random-tokens scenario shows.',
    snippet: {
      language: 'shell',
      code: 'SET resource_name my_random_value NX PX 30000   # lock for 30 s; the value is random, not a token',
    },
    sources: [
      { title: 'Redis docs: Distributed Locks with Redis', url: 'https://redis.io/docs/latest/develop/clients/patterns/distributed-locks/' },
      { title: 'antirez, “Is Redlock safe?” (2016)', url: 'https://antirez.com/news/101' },
      KLEPPMANN,
    ],
    scenarios: ['random-tokens'],
  },
];
