/**
 * The questions of issue 12's lessons, asked after the real-systems questions.
 * @module
 */
import type { Question } from '../types';
import { kleppmann, chubby } from './sources';

/** The questions of issue 12's lessons: identity compare-and-set, zombie unlock, stale reads, one holder's own order, the lease timer. */
export const ISSUE12_QUESTIONS: readonly Question[] = [
  {
    id: 'predict-equality-check',
    kind: 'predict',
    topic: 'monotonic-tokens',
    scenarioId: 'identity-cas',
    decision: { client: 'client-2', nth: 2 },
    ask: 'outcome',
    prompt:
      'This storage accepts only writes with the same token as the first write it saw (an equality check), and it has just restarted and forgotten that token. {client}, paused long past the end of its lease, now sends “{value}” with token {token}, while client 3 holds the lock with token 35. Will the storage accept it or reject it?',
    explanation:
      'After the restart the storage remembers no token, so the first write to arrive sets it: the paused client’s write is stored, and client 3’s next write is rejected because 35 is not 34. An equality check cannot tell a newer holder from an older one; etcd issue 11788 makes this point about the storage in etcd’s contrib/lock example, which compares lease IDs for equality.',
    sources: [
      { title: 'etcd issue 11788: Lease example doesn’t actually do lease version validation', url: 'https://github.com/etcd-io/etcd/issues/11788' },
      { title: 'etcd source: contrib/lock/storage/storage.go', url: 'https://github.com/etcd-io/etcd/blob/main/contrib/lock/storage/storage.go' },
      kleppmann('“Making the lock safe with fencing”'),
    ],
  },
  {
    id: 'zombie-unlock',
    kind: 'choice',
    topic: 'real-systems',
    multiple: false,
    prompt:
      'Client 1 froze while holding the lock, its lease expired and client 2 took the lock. When client 1 woke up it released the lock, and client 2’s lock was freed. What should the lease service have checked?',
    scenarioId: 'zombie-unlock',
    options: [
      {
        id: 'holder',
        text: 'That the release comes from the current holder, with the token of the live lease',
        correct: true,
        feedback:
          'Right. A release that only names the lock deletes whatever lock is there. The Redis docs delete the key only if it still holds the client’s own random value, because “using just DEL is not safe as a client may remove another client’s lock”.',
      },
      {
        id: 'storage',
        text: 'Nothing: the storage’s fencing check takes care of a late release',
        correct: false,
        feedback:
          'No. The storage sees writes, not releases. Here fencing did reject client 2’s later write, but only because client 3 wrote first, and it could not stop two clients from believing they held the lock at once.',
      },
      {
        id: 'timer',
        text: 'That client 1’s own lease timer has not run out',
        correct: false,
        feedback:
          'No: the lease service cannot see the client’s timer, and a paused client’s timer is exactly what cannot be trusted. The check belongs where the release arrives.',
      },
      {
        id: 'name',
        text: 'That the lock’s key name matches',
        correct: false,
        feedback:
          'No: that is the by-key release that failed here, as a plain Redis DEL of one fixed key name does. A name identifies the holder only if it contains something of the holder’s own: the name of etcd’s mutex key contains the session’s lease, so a late Unlock from another session cannot free this lock, though a retried Unlock of the same session can free a newer lock it took meanwhile (etcd issue 22082).',
      },
    ],
    sources: [
      { title: 'Redis documentation, “Distributed Locks with Redis”', section: '“Correct Implementation with a Single Instance”', url: 'https://redis.io/docs/latest/develop/clients/patterns/distributed-locks/' },
      { title: 'etcd issue 22082: stale Mutex.Unlock retry can delete a newer same-session lock', url: 'https://github.com/etcd-io/etcd/issues/22082' },
    ],
  },
  {
    id: 'zombie-stale-read',
    kind: 'choice',
    topic: 'where-fencing',
    multiple: false,
    prompt:
      'A client that froze past the end of its lease wakes up and reads the job queue with its old token 33. The new holder, with token 34, has already read the same job and is running it. What can keep the old client from acting on its read?',
    scenarioId: 'zombie-stale-read',
    options: [
      {
        id: 'fenced-read',
        text: 'The storage checks the token of reads too, and the new holder showed it token 34 first',
        correct: true,
        feedback:
          'Right. With fenced reads, the new holder’s read raises the storage’s highest token to 34, and the old client’s read with 33 is refused. It works only once the storage has seen the newer token: had the new holder not read or written yet, the stale read would still be served.',
      },
      {
        id: 'fenced-writes',
        text: 'The storage’s fencing check on writes',
        correct: false,
        feedback:
          'No: a read changes nothing in the storage, so a check on writes never sees it. The old client gets its answer and acts on it.',
      },
      {
        id: 'reply-token',
        text: 'Nothing can: a read returns the current data, so it cannot be stale',
        correct: false,
        feedback:
          'No: the data is current, but the decision is not the old client’s to make any more. The reply even carries token 33, the token the data was written with, so it does not show that a newer holder has already taken the job.',
      },
    ],
    sources: [
      kleppmann('“Making the lock safe with fencing”'),
      { title: 'KIP-359: Verify leader epoch in produce requests', section: 'Motivation (fencing of fetch requests, KIP-320)', url: 'https://cwiki.apache.org/confluence/display/KAFKA/KIP-359%3A+Verify+leader+epoch+in+produce+requests' },
    ],
  },
  {
    id: 'predict-same-token-order',
    kind: 'predict',
    topic: 'equal-tokens',
    scenarioId: 'same-token-order',
    decision: { client: 'client-1', nth: 2 },
    ask: 'outcome',
    prompt:
      '{client} holds the lock with token 33. It sent “balance: 50”, then “balance: 80” without waiting; the first was held up in the network and arrives only now, after “balance: 80” was stored. It carries token {token}. Will the storage accept “{value}” or reject it?',
    explanation:
      'The storage rejects only a token lower than the highest it has seen, and equal tokens are accepted so that one holder can write many times. So the older value lands last and wins. A token orders holders, not one holder’s own writes: that takes a sequence number per write, as HDFS JournalNodes check IPC serial numbers and Kafka numbers an idempotent producer’s batches.',
    sources: [
      { title: 'Hadoop source: qjournal/server/Journal.java', section: 'checkRequest', url: 'https://github.com/apache/hadoop/blob/trunk/hadoop-hdfs-project/hadoop-hdfs/src/main/java/org/apache/hadoop/hdfs/qjournal/server/Journal.java' },
      { title: 'KIP-98: Exactly Once Delivery and Transactional Messaging', section: 'idempotent producer', url: 'https://cwiki.apache.org/confluence/display/KAFKA/KIP-98+-+Exactly+Once+Delivery+and+Transactional+Messaging' },
    ],
  },
  {
    id: 'lease-timer-start',
    kind: 'choice',
    topic: 'keepalive',
    multiple: false,
    prompt:
      'A client asks for a 10 s lease. The grant is held up in the network and arrives 6 s after the client sent its request. From when should the client count its 10 s, to be sure it never believes in the lease after the lease service has ended it?',
    scenarioId: 'lease-timer',
    options: [
      {
        id: 'request',
        text: 'From when it sent the request',
        correct: true,
        feedback:
          'Right. The service starts the lease no earlier than when the request arrives, which is after it was sent, so this timer never runs past the service’s own (as long as the two clocks run at the same rate: a client clock that runs slow, or a service clock that runs fast, breaks it). Chubby’s client keeps this kind of conservative lease timeout, allowing for the reply’s time in flight (§2.8).',
      },
      {
        id: 'reply',
        text: 'From when the grant arrived',
        correct: false,
        feedback:
          'No: that counts the grant’s 6 s in the network as lease time. In the lease-timer scenario, a client counting this way trusts its lease for 6.1 s after the service ended it.',
      },
      {
        id: 'grant',
        text: 'From the moment the lease service granted it',
        correct: false,
        feedback:
          'That is when the lease really started, but the client cannot know when that was: the grant tells it only when it arrives. It does know that the lease cannot have started before it sent the request, so a timer counted from then does not run past the service’s (while the two clocks keep the same rate).',
      },
    ],
    sources: [chubby('§2.8 “Sessions and KeepAlives”')],
  },
];
