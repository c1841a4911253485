/**
 * The quiz's first questions, mostly on the default scenario (a client paused past its lease): where
 * the token must be checked (the seed's quick check), why locks are leases, what a paused holder's
 * write meets with the check on and off, why checks in the client do not close the gap, the order
 * of events and the moment two clients both believe they hold the lock.
 * @module
 */
import type { Question } from '../types';
import { kleppmann, ddia, etcdWhy } from './sources';

export const BASIC_QUESTIONS: readonly Question[] = [
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
        // The seed's own words (issue 42, item 9); the feedback says that the lock service is the lab's lease service.
        text: 'In the lock service, when the lease expires',
        correct: false,
        feedback:
          'Not there. The lock service is what this lab draws as the lease service: it does know the lease expired, and it gives the next holder a higher token, but the late write goes to the storage, not through the lock service, so it never sees it.',
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
];
