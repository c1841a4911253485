import type { BuiltInScenario } from '../types';
import scenario from './keepalive-holds.json';

/**
 * The healthy case: keepalives hold a lease through work longer than its TTL.
 * Sources: etcd docs, Lease API ("A lease expires if the etcd cluster does not receive a keepAlive
 * within a given TTL period"); etcd clientv3 lease.go (next keepalive at TTL/3).
 */
export const keepaliveHolds: BuiltInScenario = {
  id: 'keepalive-holds',
  summary: 'A healthy holder renews its lease through 25 s of work; the waiting client queues until the release.',
  scenario: scenario as BuiltInScenario['scenario'],
  narration: [
    {
      match: { kind: 'grant-received', actor: 'client-1' },
      title: 'Client 1 holds the lock',
      text: 'Token 33 and a 10 s lease. Client 1 has 25 s of work ahead, far longer than the TTL.',
    },
    {
      match: { kind: 'acquire-queued', actor: 'lease-service' },
      title: 'Client 2 waits its turn',
      text: "At 2.1 s client 2's request reaches the lease service. The lease is live, so the request queues.",
    },
    {
      match: { kind: 'lease-renewed', actor: 'lease-service', nth: 1 },
      title: 'A keepalive renews the lease',
      text:
        'While it runs, client 1 sends a keepalive every 3 s; each one that arrives while the lease is live extends it to 10 s after its arrival. ' +
        "etcd's Go client also renews in the background: it sends the next keepalive a third of the TTL after each reply.",
      sources: ['etcdLease'],
    },
    {
      match: { kind: 'lease-renewed', actor: 'lease-service', nth: 4 },
      title: 'Past the original TTL',
      text: 'Without renewals the lease would have ended at 10.1 s. At 12.3 s the fourth keepalive extends it to 22.3 s; it will be renewed 8 times in all.',
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 1 },
      title: 'Client 1 writes with token 33',
      text: 'At 25.3 s, after its 25 s of work, client 1 writes while its lease is still live.',
    },
    {
      match: { kind: 'lease-released', actor: 'lease-service' },
      title: 'Client 1 releases the lock',
      text: 'Client 1 sends a release after its write. At 25.5 s the lease service frees the lock at once and grants it to client 2 with token 34.',
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 2 },
      title: 'Client 2 writes with token 34',
      text: 'No overlap and nothing rejected: while the holder is healthy, the lease is renewed for as long as it needs and the next client waits.',
    },
  ],
  tryThis: [
    "Put the playhead at about 5 s, set “Length of a new pause (s)” to 15 and press “Pause Client 1”: its keepalives stop, the lease expires at 13.3 s and client 2 gets token 34; client 1's write, when it finally comes at 40.3 s, is rejected.",
    "In “Scenario settings”, set “Client 1: keepalive every (s, 0 = never)” to 0 (no keepalives): the lease expires at 10.1 s in the middle of its work, and its write with token 33 is rejected.",
  ],
};
