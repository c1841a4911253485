/**
 * The sources the built-in narration cites, by id. Narration steps name them (`sources: ['kleppmann']`)
 * and the caption panel looks them up here; this table loads with the caption generator, not with
 * the first render (issue 7), and each source is written once for every scenario. Titles are short
 * (the panel lists them under "Sources"); each was checked against the text it names.
 * @module
 */

/** A source of a narration step: what it is (author, title, section) and, if public, its address. */
export interface NarrationSource {
  /** E.g. `Kleppmann, “How to do distributed locking” (2016)`. */
  title: string;
  /** Absolute https URL. */
  url?: string;
}

/** Every narration source, by id. */
export const NARRATION_SOURCES = {
  /** Martin Kleppmann, "How to do distributed locking" (2016). */
  kleppmann: {
    title: 'Kleppmann, “How to do distributed locking” (2016)',
    url: 'https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html',
  },
  /** DDIA, 1st edition (2017), ch. 8 "The Trouble with Distributed Systems". */
  ddia8: { title: 'Kleppmann, Designing Data-Intensive Applications, ch. 8' },
  /**
   * DDIA, 2nd edition, ch. 9, "Fencing off zombies and delayed requests": "A client that has just
   * acquired the lease must immediately make a write to the storage service, and once that write has
   * completed, any zombies are fenced off." (English text checked in github.com/Vonng/ddia, content/en/ch9.md.)
   */
  ddia9: { title: 'Designing Data-Intensive Applications, 2nd ed., ch. 9' },
  /**
   * Burrows, the Chubby paper (OSDI 2006). §2.8: "the client must make conservative assumptions both
   * of the time its KeepAlive reply spent in flight, and the rate at which the master's clock is advancing".
   */
  chubby: {
    title: 'Burrows, “The Chubby lock service” (2006)',
    url: 'https://www.usenix.org/legacy/events/osdi06/tech/full_papers/burrows/burrows.pdf',
  },
  /** etcd docs, "Notes on the usage of lock and lease". */
  etcdLockNotes: {
    title: 'etcd docs, “Notes on the usage of lock and lease”',
    url: 'https://etcd.io/docs/v3.5/learning/why/#notes-on-the-usage-of-lock-and-lease',
  },
  /** etcd's Go client, client/v3/lease.go: next keepalive at TTL/3; the KeepAlive channel closes when the stream ends. */
  etcdLease: { title: 'etcd source, client/v3/lease.go', url: 'https://github.com/etcd-io/etcd/blob/main/client/v3/lease.go' },
  /** etcd docs, Lease API: keys attached to a lease are deleted when it expires. */
  etcdApi: { title: 'etcd docs: Lease API', url: 'https://etcd.io/docs/v3.5/learning/api/' },
  /** ZooKeeper Programmer's Guide: sessions (Disconnected; expiry seen only on reconnect), ephemeral nodes. */
  zk: { title: 'ZooKeeper Programmer’s Guide', url: 'https://zookeeper.apache.org/doc/current/zookeeperProgrammers.html' },
  /**
   * Apache Curator docs, "Recipe: Shared Lock", Error Handling: after SUSPENDED "you cannot be
   * certain that you still hold the lock" (checked in apache/curator-site, docs/recipes-shared-lock.md).
   */
  curator: { title: 'Apache Curator docs, “Recipe: Shared Lock”', url: 'https://curator.apache.org/docs/recipes-shared-lock' },
  /** Hadoop's Journal.java: newEpoch, and checkRequest ("Fence any previous writers by updating the promise"). */
  hdfsJournal: {
    title: 'Hadoop source, Journal.java',
    url: 'https://github.com/apache/hadoop/blob/trunk/hadoop-hdfs-project/hadoop-hdfs/src/main/java/org/apache/hadoop/hdfs/qjournal/server/Journal.java',
  },
  /** Salvatore Sanfilippo (antirez), "Is Redlock safe?" (2016): the random value used for check-and-set. */
  antirez: { title: 'antirez, “Is Redlock safe?” (2016)', url: 'https://antirez.com/news/101' },
  /**
   * Stripe API reference, "Idempotent requests": Stripe saves the result of the first request made
   * with an idempotency key and returns it to later requests with the same key (issue 41, item 12).
   */
  stripeIdempotency: { title: 'Stripe API reference, “Idempotent requests”', url: 'https://docs.stripe.com/api/idempotent_requests' },
  /**
   * Hadoop's Journal.java keeps the promised epoch in a file on disk (`lastPromisedEpoch`, a
   * PersistentLongFile named "last-promised-epoch"), so a JournalNode remembers it across a restart.
   */
  hdfsPromisedEpoch: {
    title: 'Hadoop source, Journal.java (last-promised-epoch)',
    url: 'https://github.com/apache/hadoop/blob/trunk/hadoop-hdfs-project/hadoop-hdfs/src/main/java/org/apache/hadoop/hdfs/qjournal/server/Journal.java',
  },
  /** Redis docs, "Distributed Locks with Redis": a plain DEL may remove another client's lock. */
  redisLocks: {
    title: 'Redis docs, “Distributed Locks with Redis”',
    url: 'https://redis.io/docs/latest/develop/clients/patterns/distributed-locks/',
  },
  /** etcd's client/v3/concurrency/mutex.go: the key is `pfx + hex(session lease)`; Unlock deletes that key. */
  etcdMutex: { title: 'etcd source, client/v3/concurrency/mutex.go', url: 'https://github.com/etcd-io/etcd/blob/main/client/v3/concurrency/mutex.go' },
  /** etcd issue 22082: a stale Mutex.Unlock retry can delete a newer lock of the same session. */
  etcd22082: { title: 'etcd issue 22082', url: 'https://github.com/etcd-io/etcd/issues/22082' },
  /** Kyle Kingsbury, Jepsen: etcd 3.4.3 (2020). */
  jepsen: { title: 'Kingsbury, Jepsen: etcd 3.4.3 (2020)', url: 'https://jepsen.io/analyses/etcd-3.4.3' },
  /** etcd's reply to the Jepsen analysis (2020). */
  etcdJepsen: { title: 'etcd blog, “Latest Jepsen Results against etcd 3.4.3”', url: 'https://etcd.io/blog/2020/jepsen-343-results/' },
} as const satisfies Record<string, NarrationSource>;

/** The id of a narration source. */
export type NarrationSourceId = keyof typeof NARRATION_SOURCES;
