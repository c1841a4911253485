/**
 * The sources the quiz questions cite (`Question.sources`), shared by the question groups.
 * @module
 */
import type { Source } from '../types';

/** Kleppmann's article that introduced fencing tokens. */
export const kleppmann = (section: string): Source => ({
  title: 'Martin Kleppmann, “How to do distributed locking” (2016)',
  section,
  url: 'https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html',
});

/** Designing Data-Intensive Applications, chapter 8 (“The Trouble with Distributed Systems”). */
export const ddia = (section: string): Source => ({
  title: 'Martin Kleppmann, Designing Data-Intensive Applications (O’Reilly, 2017), ch. 8',
  section,
});

/** The Chubby paper. */
export const chubby = (section: string): Source => ({
  title: 'Mike Burrows, “The Chubby lock service for loosely-coupled distributed systems” (OSDI 2006)',
  section,
  url: 'https://research.google/pubs/pub27897/',
});

export const etcdWhy: Source = {
  title: 'etcd documentation, “etcd versus other key-value stores”',
  section: '“Notes on the usage of lock and lease”',
  url: 'https://etcd.io/docs/v3.5/learning/why/#notes-on-the-usage-of-lock-and-lease',
};

export const etcdApi = (section: string): Source => ({
  title: 'etcd documentation, “etcd API”',
  section,
  url: 'https://etcd.io/docs/v3.5/learning/api/',
});

export const zkGuide = (section: string): Source => ({
  title: 'Apache ZooKeeper, “ZooKeeper Programmer’s Guide”',
  section,
  url: 'https://zookeeper.apache.org/doc/current/zookeeperProgrammers.html',
});

/**
 * ZooKeeper's PrepRequestProcessor (a sequential suffix is the parent's cversion), ContainerManager
 * (deletes empty containers) and Curator's StandardLockInternalsDriver (creatingParentContainersIfNeeded).
 */
export const zkContainers: Source = {
  title: 'ZooKeeper: ContainerManager; PrepRequestProcessor; Curator: StandardLockInternalsDriver',
  url: 'https://zookeeper.apache.org/doc/current/apidocs/zookeeper-server/org/apache/zookeeper/server/ContainerManager.html',
};

/** etcd CHANGELOG-3.5, v3.5.10: "optional --bump-revision and --mark-compacted flag to etcdutl snapshot restore". */
export const etcdRestore: Source = {
  title: 'etcd CHANGELOG-3.5, v3.5.10',
  url: 'https://github.com/etcd-io/etcd/blob/main/CHANGELOG/CHANGELOG-3.5.md',
};

export const zkRecipes: Source = {
  title: 'Apache ZooKeeper, “ZooKeeper Recipes and Solutions”',
  section: '“Locks”',
  url: 'https://zookeeper.apache.org/doc/current/recipes.html#sc_recipes_Locks',
};
