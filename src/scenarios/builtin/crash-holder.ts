import type { BuiltInScenario } from '../types';
import scenario from './crash-holder.json';

/**
 * Why locks are leases at all: a crashed holder never releases.
 * Sources: Kleppmann (2016) ("otherwise a crashed client could end up holding a lock forever");
 * etcd docs, Lease API; ZooKeeper Programmer's Guide, sessions and ephemeral nodes.
 */
export const crashHolder: BuiltInScenario = {
  id: 'crash-holder',
  summary: 'The holder crashes without releasing; the lease frees the lock when no keepalive comes.',
  scenario: scenario as BuiltInScenario['scenario'],
  narration: [
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 1 },
      title: 'Client 1 writes with token 33',
      text: 'Client 1 holds the lock with a 10 s lease, and its write is stored at 0.3 s. Next it has 5 s of work to do.',
    },
    {
      match: { kind: 'crashed', actor: 'client-1' },
      title: 'Client 1 crashes',
      text: 'At 1 s client 1 crashes while holding the lock. It will never release it, and it sends no more keepalives.',
    },
    {
      match: { kind: 'acquire-queued', actor: 'lease-service' },
      title: 'Client 2 waits',
      text: "At 2.1 s client 2's request queues behind a holder that no longer runs.",
    },
    {
      match: { kind: 'lease-expired', actor: 'lease-service', nth: 1 },
      title: 'The lease frees the lock',
      text:
        'No keepalive arrives, so the lease expires at 10.1 s. This is why a lock is a lease at all: without a timeout, a crashed client would hold the lock forever. ' +
        "etcd deletes the keys attached to a lease when it expires; ZooKeeper deletes a session's ephemeral znodes when the session expires.",
      sources: ['kleppmann', 'etcdApi', 'zk'],
    },
    {
      match: { kind: 'lease-granted', actor: 'lease-service', nth: 2 },
      title: 'Client 2 gets token 34',
      text: 'The lease service grants the lock to client 2, next in the queue, with token 34.',
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 2 },
      title: 'Client 2 writes with token 34',
      text:
        'The price of the lease: for 9.1 s after the crash nobody could take the lock. ' +
        'A shorter TTL frees it sooner, but then a shorter pause is enough to make a live holder lose its lease.',
    },
  ],
  tryThis: [
    "In “Scenario settings”, set “Lease TTL (s)” to 3: client 2 gets the lock at 3.1 s instead of 10.1 s.",
    "In “Scenario settings”, untick “Scripted crash of Client 1: on”: client 1 finishes its work, writes again at 5.5 s and ends without releasing. Its last keepalive arrived at 3.3 s, so client 2 waits until 13.3 s.",
  ],
};
