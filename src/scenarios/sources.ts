/**
 * The sources the built-in narration cites, shared so each is written once. Titles are short (the
 * caption panel lists them under "Sources"); each was checked against the text it names.
 * @module
 */
import type { NarrationSource } from './types';

/** Martin Kleppmann, "How to do distributed locking" (2016). */
export const KLEPPMANN: NarrationSource = {
  title: 'Kleppmann, “How to do distributed locking” (2016)',
  url: 'https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html',
};

/** DDIA, 1st edition (2017), ch. 8 "The Trouble with Distributed Systems". */
export const DDIA8: NarrationSource = { title: 'Kleppmann, Designing Data-Intensive Applications (2017), ch. 8' };

/**
 * DDIA, 2nd edition, ch. 9, "Fencing off zombies and delayed requests": "A client that has just
 * acquired the lease must immediately make a write to the storage service, and once that write has
 * completed, any zombies are fenced off." (English text checked in github.com/Vonng/ddia, content/en/ch9.md.)
 */
export const DDIA9: NarrationSource = {
  title: 'Kleppmann and Riccomini, Designing Data-Intensive Applications, 2nd ed., ch. 9, “Fencing off zombies and delayed requests”',
};

/** Burrows, the Chubby paper (OSDI 2006). */
export const CHUBBY: NarrationSource = {
  title: 'Burrows, “The Chubby lock service for loosely-coupled distributed systems” (OSDI 2006)',
  url: 'https://www.usenix.org/legacy/events/osdi06/tech/full_papers/burrows/burrows.pdf',
};

/** etcd docs, "Notes on the usage of lock and lease". */
export const ETCD_LOCK_NOTES: NarrationSource = {
  title: 'etcd docs, “Notes on the usage of lock and lease”',
  url: 'https://etcd.io/docs/v3.5/learning/why/#notes-on-the-usage-of-lock-and-lease',
};

/** etcd's Go client: KeepAlive's response channel closes when the keepalive stream ends (client/v3/lease.go). */
export const ETCD_LEASE_GO: NarrationSource = {
  title: 'etcd source, client/v3/lease.go (KeepAlive: the response channel closes)',
  url: 'https://github.com/etcd-io/etcd/blob/main/client/v3/lease.go',
};

/** ZooKeeper Programmer's Guide: sessions, Disconnected, expiry seen only on reconnect. */
export const ZK_SESSIONS: NarrationSource = {
  title: 'ZooKeeper Programmer’s Guide, “ZooKeeper Sessions”',
  url: 'https://zookeeper.apache.org/doc/current/zookeeperProgrammers.html#ch_zkSessions',
};

/** Curator: after SUSPENDED "you cannot be certain that you still hold the lock". */
export const CURATOR_LOCK: NarrationSource = {
  title: 'Apache Curator, Shared Lock recipe (SUSPENDED and LOST)',
  url: 'https://github.com/Netflix/curator/wiki/Shared-lock',
};
