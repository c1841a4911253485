import type { BuiltInScenario } from '../types';
import scenario from './partition-lease-service.json';

/** Burrows, the Chubby paper (OSDI 2006). */

/**
 * A client cut off from the lease service but not from the storage keeps writing. Sources: ZooKeeper
 * Programmer's Guide, "ZooKeeper Sessions" (an expired client is not told until it reconnects, but
 * the client sees Disconnected); Curator's SUSPENDED state ("you cannot be certain that you still
 * hold the lock"); etcd's client/v3/lease.go (the KeepAlive channel closes); Burrows 2006 §2.8
 * (Chubby's local lease timeout and jeopardy). The libraries can notice; this program does not look
 * (issue 12, correction 8).
 */
export const partitionLeaseService: BuiltInScenario = {
  id: 'partition-lease-service',
  summary: 'Client 1 loses contact with the lease service but not with the storage, and keeps writing after its lease is gone.',
  scenario: scenario as BuiltInScenario['scenario'],
  narration: [
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 1 },
      title: 'Client 1 writes with token 33',
      text: 'Client 1 holds the lock (granted at 0.1 s, 10 s lease) and writes about every 5 s.',
    },
    {
      match: { kind: 'partition-started', actor: 'client-1' },
      title: 'Cut off from the lease service',
      text:
        'At 1 s the network between client 1 and the lease service fails for 20 s. Client 1 can still reach the storage. ' +
        'Messages across the cut are not lost, only held until it heals. ' +
        'A lock library could notice the lost connection (ZooKeeper’s and etcd’s do), but this program never asks.',
      sources: ['zk', 'curator', 'etcdLease'],
    },
    {
      match: { kind: 'keepalive-sent', actor: 'client-1', nth: 1 },
      title: 'Keepalives go nowhere',
      text: "Client 1 sends a keepalive at 3.2 s and every 3 s after, until its program ends at 16 s. None reaches the lease service before 21 s, and no reply comes back, but client 1's program does not look.",
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 2 },
      title: 'Still a legitimate write',
      text: "At 5.5 s client 1's second write is stored with token 33, the same token as its first: its lease is live until 10.1 s. An equal token is accepted: one holder may write many times.",
    },
    {
      match: { kind: 'lease-expired', actor: 'lease-service', nth: 1 },
      title: 'The lease expires',
      text:
        "No keepalive has arrived for 10 s, so at 10.1 s the lease service ends client 1's lease and grants the lock to client 2 with token 34. " +
        'It cannot tell client 1: its messages cannot cross the cut either.',
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 3 },
      title: 'Client 2 writes with token 34',
      text: "Stored at 10.3 s; the storage's highest token is now 34.",
    },
    {
      match: { kind: 'write-rejected', actor: 'storage', nth: 1 },
      title: 'Client 1 keeps writing',
      text:
        "At 10.7 s client 1's third write arrives with token 33 and is rejected (33 < 34). " +
        'ZooKeeper documents this state: a client whose session expired while it was disconnected “will not be notified of the session expiration until/unless it is able to re-establish a connection”.',
      sources: ['zk', 'curator'],
    },
    {
      match: { kind: 'write-rejected', actor: 'storage', nth: 2 },
      title: 'And again',
      text: "At 15.9 s client 1's fourth write is rejected as well (33 < 34). No keepalive has crossed the cut, and this program does not look.",
    },
    {
      match: { kind: 'partition-healed', actor: 'client-1' },
      title: 'The network heals',
      text: 'At 21 s the held keepalives finally arrive and are all refused. The refusals are on their way back; they will reach client 1 at 21.1 s, 11 s after its lease expired and after all four of its writes.',
    },
  ],
  tryThis: [
    "In “Scenario settings”, tick “Client 1: check lease before write”: with no keepalive reply since the grant, its own timer, counted from when the grant reached it (the optimistic rule), says the lease ran out at 10.2 s, so it skips writes 3 and 4. Chubby's client library does something similar: when its local lease timeout passes, it blocks the application's calls on its API until it learns that the session survived or a grace period (45 s by default) runs out.",
    "Switch “Storage checks tokens” off: writes 3 and 4 land on top of client 2's write.",
  ],
};
