/**
 * The quiz, as data. An instructor can edit this file: add, remove or reorder questions, reword
 * feedback. `tests/model/quiz-data.test.ts` validates it (`schema.ts`) and checks that every
 * predict, order and moment question still matches what `simulate` gives for its scenario.
 *
 * Rules for editors:
 * - Every sentence must be true and sourced; put the sources on the question (`sources`).
 * - Never write the answer of a predict, order or moment question here: it is computed from the
 *   scenario's trace. Prompts may use `{client}`, `{token}`, `{value}`, `{delay}` (seconds a write
 *   was held in the network) and `{ttl}` (seconds); order labels may use `{token}` and `{value}`.
 * - Scenario ids are built-in ids (`src/scenarios`); a question whose scenario is missing is left
 *   out of the quiz (and the data test says so).
 * - The first question is the seed's quick check, word for word.
 * - `scenarioId` is the scenario that teaches the question (the summary's replay link); a question
 *   on a real system's details also names its entry in the Real systems tab (`realSystemId`).
 * - Moment explanations may use `{overlap}`: the stretches when two clients believe they hold the
 *   lock, computed from the trace ("from 10.2 s to 10.4 s").
 *
 * @module
 */
import { WITH_ISSUE12_LESSONS } from '../scenarios/flags';
import type { Question, Source } from './types';

/** Kleppmann's article that introduced fencing tokens. */
const kleppmann = (section: string): Source => ({
  title: 'Martin Kleppmann, “How to do distributed locking” (2016)',
  section,
  url: 'https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html',
});

/** Designing Data-Intensive Applications, chapter 8 (“The Trouble with Distributed Systems”). */
const ddia = (section: string): Source => ({
  title: 'Martin Kleppmann, Designing Data-Intensive Applications (O’Reilly, 2017), ch. 8',
  section,
});

/** The Chubby paper. */
const chubby = (section: string): Source => ({
  title: 'Mike Burrows, “The Chubby lock service for loosely-coupled distributed systems” (OSDI 2006)',
  section,
  url: 'https://research.google/pubs/pub27897/',
});

const etcdWhy: Source = {
  title: 'etcd documentation, “etcd versus other key-value stores”',
  section: '“Notes on the usage of lock and lease”',
  url: 'https://etcd.io/docs/v3.5/learning/why/#notes-on-the-usage-of-lock-and-lease',
};

const etcdApi = (section: string): Source => ({
  title: 'etcd documentation, “etcd API”',
  section,
  url: 'https://etcd.io/docs/v3.5/learning/api/',
});

const zkGuide = (section: string): Source => ({
  title: 'Apache ZooKeeper, “ZooKeeper Programmer’s Guide”',
  section,
  url: 'https://zookeeper.apache.org/doc/current/zookeeperProgrammers.html',
});

/**
 * ZooKeeper's PrepRequestProcessor (a sequential suffix is the parent's cversion), ContainerManager
 * (deletes empty containers) and Curator's StandardLockInternalsDriver (creatingParentContainersIfNeeded).
 */
const zkContainers: Source = {
  title: 'ZooKeeper: ContainerManager; PrepRequestProcessor; Curator: StandardLockInternalsDriver',
  url: 'https://zookeeper.apache.org/doc/current/apidocs/zookeeper-server/org/apache/zookeeper/server/ContainerManager.html',
};

/** etcd CHANGELOG-3.5, v3.5.10: "optional --bump-revision and --mark-compacted flag to etcdutl snapshot restore". */
const etcdRestore: Source = {
  title: 'etcd CHANGELOG-3.5, v3.5.10',
  url: 'https://github.com/etcd-io/etcd/blob/main/CHANGELOG/CHANGELOG-3.5.md',
};

const zkRecipes: Source = {
  title: 'Apache ZooKeeper, “ZooKeeper Recipes and Solutions”',
  section: '“Locks”',
  url: 'https://zookeeper.apache.org/doc/current/recipes.html#sc_recipes_Locks',
};

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
          'No: that is the by-key release that failed here. etcd’s Mutex.Unlock deletes its key by name only, and etcd issue 22082 shows a retried unlock deleting a newer lock taken with the same session.',
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

/** The questions, in the order asked. */
export const QUESTIONS: readonly Question[] = [
  {
    id: 'seed-quick-check',
    kind: 'choice',
    topic: 'where-fencing',
    multiple: false,
    prompt: 'Where must a fencing token be checked to prevent writes from a paused former lock holder?',
    scenarioId: 'seed-gc-pause',
    options: [
      {
        id: 'client',
        text: 'In the client, before every write',
        correct: false,
        feedback:
          'Not there. The paused client is the one that cannot tell it was paused: its check can pass, and the pause can then fall between the check and the write (Kleppmann: “between the last check and the write operation”).',
      },
      {
        id: 'lock-service',
        text: 'In the lease service, when the lease expires',
        correct: false,
        feedback:
          'Not there. The lease service does know the lease expired, and it gives the next holder a higher token, but the late write goes to the storage, not through the lease service, so the lease service never sees it.',
      },
      {
        id: 'load-balancer',
        text: 'In the network load balancer',
        correct: false,
        feedback:
          'Not there. The check belongs to the component that applies the writes and remembers the highest token it has accepted: fencing “requires the resource itself to take an active role in checking tokens” (DDIA).',
      },
      {
        id: 'storage',
        text: 'In the storage or resource that receives the write',
        correct: true,
        feedback:
          'Right. The storage remembers the highest token it has accepted and rejects a lower one, so client 1’s late write with token 33 is rejected once client 2 has written with token 34.',
      },
    ],
    sources: [kleppmann('“Making the lock safe with fencing”'), ddia('“The Truth Is Defined by the Majority”: “Fencing tokens”')],
  },
  {
    id: 'why-leases',
    kind: 'choice',
    topic: 'leases-vs-locks',
    multiple: false,
    prompt:
      'A lock from etcd or ZooKeeper is really a lease: it ends by itself unless its holder keeps renewing it. Why do lease services give locks a timeout at all?',
    scenarioId: 'crash-holder',
    options: [
      {
        id: 'crash',
        text: 'So that a crashed holder cannot keep the lock forever',
        correct: true,
        feedback:
          'Right. A timeout “is always a good idea (otherwise a crashed client could end up holding a lock forever and never releasing it)” (Kleppmann). The price is that a holder that is only slow can lose the lock without noticing.',
      },
      {
        id: 'exclusion',
        text: 'So that two clients can never act as the holder at the same time',
        correct: false,
        feedback:
          'No: a lease cannot promise that. etcd’s own docs say that the lease mechanism “itself doesn’t guarantee mutual exclusion”, because the lease service and the client each measure time on their own clocks.',
      },
      {
        id: 'knows-end',
        text: 'So that the holder always knows the moment its lock ends',
        correct: false,
        feedback:
          'No: the holder may find out late or not at all. etcd’s docs: the lease design “allows a situation that the server revokes the lease but the client still claims it owns the lease”.',
      },
      {
        id: 'storage-ttl',
        text: 'So that the storage can reject writes that arrive after the TTL',
        correct: false,
        feedback:
          'No: the TTL is kept by the lease service, not by the storage. What the storage can check is the fencing token that each write carries.',
      },
    ],
    sources: [kleppmann('“Protecting a resource with a lock”'), etcdWhy],
  },
  {
    id: 'predict-pause',
    kind: 'predict',
    topic: 'process-pauses',
    scenarioId: 'seed-gc-pause',
    decision: { client: 'client-1', nth: 2 },
    ask: 'outcome',
    prompt:
      '{client} took the lock, then froze in a garbage-collection pause longer than its lease. It has woken up and sent its write “{value}” with token {token}. Will the storage accept it or reject it?',
    explanation:
      'During the pause client 1’s lease expired and client 2 was granted the lock with a higher token, then wrote with it. Client 1 woke up still believing it held the lock. The storage compares each write’s token with the highest it has accepted and rejects a lower one.',
    sources: [kleppmann('“Making the lock safe with fencing”'), ddia('“Process Pauses” and “Fencing tokens”')],
  },
  {
    id: 'predict-unfenced',
    kind: 'predict',
    topic: 'where-fencing',
    scenarioId: 'seed-gc-pause-unfenced',
    decision: { client: 'client-1', nth: 2 },
    ask: 'outcome',
    prompt:
      'The same pause, but this storage does not check tokens. {client}’s late write “{value}” arrives with token {token}. Will the storage accept it or reject it?',
    explanation:
      'A storage that does not check tokens accepts every write, so client 1’s stale write overwrites client 2’s newer one, although the lease service handed out increasing tokens. The tokens protect nothing unless the resource itself checks them.',
    sources: [kleppmann('“Making the lock safe with fencing”'), ddia('“Fencing tokens”')],
  },
  {
    id: 'client-checks',
    kind: 'choice',
    topic: 'client-side-checks',
    multiple: true,
    prompt:
      'Client 1 asks itself “do I still hold the lock?” just before each write, and skips the write if not. Which of these can still let a stale write reach the storage? Select all that apply.',
    scenarioId: 'check-then-write',
    options: [
      {
        id: 'pause-gap',
        text: 'A process pause between the check and the moment the write is sent',
        correct: true,
        feedback:
          'Right. A pause can strike at any point, “including the point that is maximally inconvenient for you (between the last check and the write operation)” (Kleppmann).',
      },
      {
        id: 'network',
        text: 'A write held up in the network after it left the client',
        correct: true,
        feedback:
          'Right. The check was made before the request left. Packet networks “may delay packets arbitrarily”; in one incident at GitHub, packets were delayed for about 90 seconds (Kleppmann).',
      },
      {
        id: 'slow-clock',
        text: 'A client clock that runs slow, so the client’s own timer says the lease is still valid',
        correct: true,
        feedback:
          'Right. The client measures the TTL on its own clock; etcd’s docs note that this “allows a situation that the server revokes the lease but the client still claims it owns the lease”.',
      },
      {
        id: 'none',
        text: 'None of these: with the check in place, the write is safe',
        correct: false,
        feedback:
          'No: each of the others gets past a check in the client. That is why the storage must check the token itself: “it is not sufficient to rely on clients checking their lock status themselves” (DDIA).',
      },
    ],
    sources: [kleppmann('“Protecting a resource with a lock”'), etcdWhy, ddia('“Fencing tokens”')],
  },
  {
    id: 'order-seed',
    kind: 'order',
    topic: 'process-pauses',
    scenarioId: 'seed-gc-pause',
    prompt: 'Put these events of the first story, “Client 1 pauses for garbage collection”, in the order they happen.',
    items: [
      { id: 'c2-grant', label: 'Client 2 receives the grant with token {token}', match: { kind: 'grant-received', actor: 'client-2' } },
      { id: 'c1-pause', label: 'Client 1 freezes in a garbage-collection pause', match: { kind: 'pause-started', actor: 'client-1' } },
      { id: 'reject', label: 'The storage rejects client 1’s late write with token {token}', match: { kind: 'write-rejected', actor: 'storage' } },
      { id: 'c1-grant', label: 'Client 1 receives the grant with token {token}', match: { kind: 'grant-received', actor: 'client-1' } },
      { id: 'expire', label: 'The lease service expires client 1’s lease (token {token})', match: { kind: 'lease-expired', actor: 'lease-service', nth: 1 } },
      { id: 'c2-write', label: 'The storage accepts client 2’s write with token {token}', match: { kind: 'write-accepted', actor: 'storage', nth: 2 } },
    ],
    explanation:
      'Client 1’s lease runs out during its pause, so the lease service can grant the lock to client 2 with a higher token, and client 2 writes. Client 1 wakes only after that, and its write with the old token reaches a storage that has already accepted the higher one.',
    sources: [kleppmann('“Making the lock safe with fencing”'), ddia('“The leader and the lock”')],
  },
  {
    id: 'moment-two-holders',
    kind: 'moment',
    topic: 'process-pauses',
    scenarioId: 'seed-gc-pause',
    prompt: 'Move the playhead to a moment when two clients both believe they hold the lock.',
    explanation:
      'A paused client keeps believing it holds the lock: nothing runs in it that could notice its lease expired. When the paused client comes back, “it believes (incorrectly) that it still has a valid lease” (DDIA). So once the grant reaches client 2, both believe they hold the lock, although only client 2’s lease is live: in this run {overlap}, when client 2’s program ends after its write.',
    sources: [ddia('“The leader and the lock”'), kleppmann('“Protecting a resource with a lock”')],
  },
  {
    id: 'equal-tokens',
    kind: 'choice',
    topic: 'equal-tokens',
    multiple: false,
    prompt:
      'The storage’s highest token is 34. The holder of token 34, whose lease is still live, writes again with token 34. What does the storage do?',
    scenarioId: 'partition-lease-service',
    options: [
      {
        id: 'accept',
        text: 'Accepts it: only a token lower than the highest is rejected',
        correct: true,
        feedback:
          'Right. The storage rejects writes “on which the token has gone backwards” (Kleppmann); an equal token has not, and one holder may write many times under one grant.',
      },
      {
        id: 'once',
        text: 'Rejects it: a token may be used only once',
        correct: false,
        feedback:
          'No: a token stands for one grant of the lock, not for one write. The storage rejects only writes “with an older token than one that has already been processed” (DDIA).',
      },
      {
        id: 'same-value',
        text: 'Accepts it only if the value is the same as before',
        correct: false,
        feedback: 'No: the check looks at the token, not at the value written; the holder may write any value under its token.',
      },
      {
        id: 'ask',
        text: 'Asks the lease service whether token 34 is still valid',
        correct: false,
        feedback:
          'No: with fencing tokens the storage decides by itself, by comparing the token with the highest it has accepted; it does not need to ask the lease service.',
      },
    ],
    sources: [kleppmann('“Making the lock safe with fencing”'), ddia('“Fencing tokens”')],
  },
  {
    id: 'random-tokens',
    kind: 'choice',
    topic: 'monotonic-tokens',
    multiple: false,
    prompt:
      'A lease service hands out a random number with each grant (like the unique random value a Redlock lock stores) instead of a number that increases. Why can the storage not use it as a fencing token?',
    scenarioId: 'random-tokens',
    options: [
      {
        id: 'order',
        text: 'A random number says nothing about which grant came later, so the storage cannot tell the current holder from a stale one',
        correct: true,
        feedback:
          'Right. On Redlock: “The unique random value it uses does not provide the required monotonicity” (Kleppmann). The check only works if every new grant gets a higher token.',
      },
      {
        id: 'size',
        text: 'Random numbers are too long for the storage to keep',
        correct: false,
        feedback: 'No: size is not the problem. The storage compares tokens, and random numbers are not ordered by grant.',
      },
      {
        id: 'unique',
        text: 'It can: all that matters is that every token is unique',
        correct: false,
        feedback:
          'No: unique is not enough. If the new holder happens to draw a lower number than the old one, the storage rejects the real holder and accepts the stale one, as the random-tokens scenario shows.',
      },
      {
        id: 'decode',
        text: 'The storage would have to ask the lease service to decode it',
        correct: false,
        feedback: 'No: nothing needs decoding. The storage only compares numbers, and the comparison means something only if the numbers grow with each grant.',
      },
    ],
    sources: [kleppmann('“Making the lock safe with fencing”')],
  },
  {
    id: 'predict-random',
    kind: 'predict',
    topic: 'monotonic-tokens',
    scenarioId: 'random-tokens',
    decision: { client: 'client-2', nth: 1 },
    ask: 'outcome',
    prompt:
      'Here each grant carries a random number instead of an increasing token. {client} now holds the lock and writes “{value}” with its number {token}. Will the storage accept it or reject it?',
    explanation:
      'The storage keeps the highest number it has accepted and rejects lower ones. Random numbers do not grow with each grant, so whether the real holder gets through depends on the draw, not on who holds the lock.',
    sources: [kleppmann('“Making the lock safe with fencing”')],
  },
  {
    id: 'predict-network-delay',
    kind: 'predict',
    topic: 'network-delay',
    scenarioId: 'network-delay',
    decision: { client: 'client-1', nth: 2 },
    ask: 'outcome',
    prompt:
      '{client} sent its write “{value}” with token {token} while its lease was live, then crashed. The network held the write up for {delay} s; it is reaching the storage now. Will the storage accept it or reject it?',
    explanation:
      'While the write was in flight, client 1 sent no more keepalives, its lease expired, and client 2 was granted the lock and wrote with a higher token. The late write carries the older token, so the storage rejects it: to the storage a write delayed in the network looks the same as one from a paused client, and fencing stops both once the storage has seen the newer token.',
    sources: [kleppmann('“Protecting a resource with a lock”'), chubby('§2.4 “Locks and sequencers”')],
  },
  {
    id: 'predict-first-write',
    kind: 'predict',
    topic: 'first-write-window',
    scenarioId: 'first-write-window',
    decision: { client: 'client-1', nth: 2 },
    ask: 'outcome',
    prompt:
      'Client 2 has been granted the lock with a higher token but has not written anything yet. {client} wakes from its pause, and its late write “{value}” with token {token} reaches the storage. Will the storage accept it or reject it?',
    explanation:
      'The storage can only reject a token lower than one it has already accepted: it rejects a write when “it has already processed a write with a higher token number” (Kleppmann). Client 2 holds the higher token but has not used it yet, so the late write still gets in. Client 2’s own write, with its higher token, is accepted later.',
    sources: [kleppmann('“Making the lock safe with fencing”'), ddia('“Fencing tokens”')],
  },
  {
    id: 'predict-keepalive',
    kind: 'predict',
    topic: 'keepalive',
    scenarioId: 'keepalive-holds',
    decision: { client: 'client-1', nth: 1 },
    ask: 'outcome',
    prompt:
      '{client} holds a lease with a {ttl} s TTL and works for longer than that before it writes “{value}” with token {token}. It keeps sending keepalives while it works. Will the storage accept the write or reject it?',
    explanation:
      'A lease expires only if no keepalive reaches the lease service within the TTL. Client 1’s keepalives keep arriving, so its lease never expires and client 2 keeps waiting; no higher token exists yet when client 1 writes.',
    sources: [etcdApi('“Lease API”'), kleppmann('“Protecting a resource with a lock”')],
  },
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
          'No: the lease ID names a lease, so that it can be kept alive or revoked. The docs name the revision, not the lease ID. Checking that a lease ID is the same as before (as etcd’s contrib/lock example does) cannot tell an older holder from a newer one.',
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
  // Issue 12's lessons (left out of the one-file build with their scenarios, see `scenarios/flags.ts`).
  ...(WITH_ISSUE12_LESSONS ? ISSUE12_QUESTIONS : []),
];
