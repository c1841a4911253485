/**
 * Questions on real systems' tokens (each names its entry in the Real systems tab): etcd, ZooKeeper
 * and Chubby.
 * @module
 */
import type { Question } from '../types';
import { kleppmann, ddia, chubby, etcdWhy, etcdApi, zkGuide, zkContainers, etcdRestore, zkRecipes } from './sources';

export const REAL_SYSTEM_QUESTIONS: readonly Question[] = [
  {
    id: 'etcd-token',
    kind: 'choice',
    topic: 'real-systems',
    multiple: false,
    prompt: 'You use etcd as the lease service. What do etcd’s docs suggest using as the fencing token?',
    scenarioId: 'jepsen-three-clients',
    realSystemId: 'etcd',
    options: [
      {
        id: 'revision',
        text: 'A revision number, such as the create revision of the lock’s key',
        correct: true,
        feedback:
          'Right. etcd’s docs read the fencing token as the “revision number in the case of etcd”. Every change to etcd’s key space creates a new, higher revision, and a key’s create_revision is the revision at which it was created, so a lock key created later has a higher one. Except after a restore from a snapshot without --bump-revision (etcd v3.5.10+).',
      },
      {
        id: 'lease-id',
        text: 'The lease ID',
        correct: false,
        feedback:
          'Not on its own: the lease ID names a lease, so that it can be kept alive or revoked. The docs read the fencing token as the revision number; they liken Chubby’s sequencer to the revision number together with the lease ID. Checking only that a lease ID is the same as before (as etcd’s contrib/lock example does) cannot tell an older holder from a newer one.',
      },
      {
        id: 'ttl',
        text: 'The lease’s TTL',
        correct: false,
        feedback: 'No: the TTL is a length of time, the same for every grant that asks for it; it says nothing about which grant came later.',
      },
      {
        id: 'clock',
        text: 'The holder’s wall-clock time when it was granted the lock',
        correct: false,
        feedback:
          'No: clocks on different machines disagree and can jump (DDIA, “Unreliable Clocks”). etcd orders changes by revision, not by time.',
      },
    ],
    sources: [
      etcdWhy,
      etcdApi('“Key-Value API”: create_revision'),
      etcdRestore,
      { title: 'etcd issue 11788', url: 'https://github.com/etcd-io/etcd/issues/11788' },
      ddia('“Unreliable Clocks”'),
    ],
  },
  {
    id: 'zookeeper-token',
    kind: 'choice',
    topic: 'real-systems',
    multiple: true,
    prompt:
      'You use ZooKeeper’s lock recipe: each contender creates a sequential znode under a lock parent, which your lock library creates as a container znode. Which of these is a safe fencing token? Select all that apply.',
    scenarioId: 'seed-gc-pause',
    realSystemId: 'zookeeper',
    options: [
      {
        id: 'zxid',
        text: 'The zxid, for example the czxid of the lock’s znode',
        correct: true,
        feedback:
          'Right. Every change to ZooKeeper gets a unique zxid, and a change with a smaller zxid happened before one with a larger zxid (Programmer’s Guide). A lock znode created later has a higher czxid, whatever happened to its parent.',
      },
      {
        id: 'version',
        text: 'The cversion of the parent lock node (DDIA’s suggestion)',
        correct: false,
        feedback:
          'Not here. The cversion grows while the parent exists, but ZooKeeper deletes an empty container znode, and a recreated parent starts again at 0. It is safe only under a persistent parent that is never deleted.',
      },
      {
        id: 'sequence',
        text: 'The sequence number of the holder’s sequential lock znode',
        correct: false,
        feedback:
          'Not here. The suffix is the parent’s cversion. Curator, for one, creates lock parents as container znodes, deleted once empty; a recreated parent numbers from 0 again. It is safe only under a persistent parent that is never deleted.',
      },
      {
        id: 'session-timeout',
        text: 'The session timeout',
        correct: false,
        feedback: 'No: the session timeout is a length of time the client asks for; it does not grow from one grant to the next.',
      },
    ],
    sources: [
      kleppmann('“Making the lock safe with fencing”'),
      ddia('“Fencing tokens”'),
      zkGuide('“Time in ZooKeeper”, “Sequence Nodes”, “Container Nodes”'),
      zkContainers,
      zkRecipes,
    ],
  },
  {
    id: 'chubby-sequencer',
    kind: 'choice',
    topic: 'real-systems',
    multiple: false,
    prompt:
      'Google’s Chubby lock service has its own form of fencing token. What does a lock holder pass to the servers it sends requests to?',
    scenarioId: 'network-delay',
    realSystemId: 'chubby',
    options: [
      {
        id: 'sequencer',
        text: 'A sequencer: the lock’s name, the mode it was acquired in and the lock generation number',
        correct: true,
        feedback:
          'Right. The server that receives it “is expected to test whether the sequencer is still valid”: against its own Chubby cache or, if it keeps no session with Chubby, against the most recent sequencer it has seen.',
      },
      {
        id: 'time-left',
        text: 'The time left on its session lease',
        correct: false,
        feedback:
          'No: time left is the holder’s own view, and a paused holder’s view is out of date. Chubby passes the sequencer, which the server can check.',
      },
      {
        id: 'mandatory',
        text: 'Nothing: Chubby’s locks are mandatory, so other servers are protected automatically',
        correct: false,
        feedback:
          'No: Chubby’s locks are advisory. For servers that do not check sequencers Chubby offers a lock-delay: after a holder fails, others cannot claim the lock for a while (at most one minute in the paper). The paper calls it imperfect.',
      },
      {
        id: 'contents',
        text: 'A copy of the lock file’s contents',
        correct: false,
        feedback: 'No: the file’s contents do not say under which acquisition of the lock a request was made; the lock generation number in the sequencer does.',
      },
    ],
    sources: [chubby('§2.4 “Locks and sequencers”')],
  },
];
