import type { BuiltInScenario } from '../types';
import scenario from './jepsen-three-clients.json';

/**
 * In the spirit of Jepsen's etcd 3.4.3 analysis (Kingsbury, 2020). Sources: jepsen.io/blog/2020-01-30-etcd-3.4.3
 * (locks "did not, and can not, guarantee mutual exclusion in asynchronous networks"); jepsen-io/etcd
 * README and src/jepsen/etcd/lock.clj (lock-set workload, 2 s lease); etcd issues #11456 and #11457;
 * etcd blog "Latest Jepsen Results against etcd 3.4.3" (2020).
 */
export const jepsenThreeClients: BuiltInScenario = {
  id: 'jepsen-three-clients',
  summary: 'Three clients, a 2 s lease and two pauses: all three believe they hold the lock, and updates are lost.',
  scenario: scenario as BuiltInScenario['scenario'],
  narration: [
    {
      match: { kind: 'grant-received', actor: 'client-1' },
      title: 'Client 1 holds the lock, for 2 s',
      text:
        "Three clients share one lock to make read-modify-write updates to a value in the storage, as Jepsen's etcd lock test did with a shared set. " +
        'The lease is 2 s, as in that test, and each client renews it about every 0.7 s (a third of the TTL) while it runs. Client 1 gets token 1.',
    },
    {
      match: { kind: 'read-served', actor: 'storage', nth: 1 },
      title: 'Client 1 reads',
      text: 'At 0.3 s client 1 reads the current value. It will write back an updated one after 1 s of work.',
    },
    {
      match: { kind: 'pause-started', actor: 'client-1' },
      title: 'Client 1 pauses',
      text: 'At 0.5 s client 1 pauses for 5 s, more than twice the TTL, in the middle of its update.',
    },
    {
      match: { kind: 'lease-granted', actor: 'lease-service', nth: 2 },
      title: 'Client 2 takes over',
      text: "No keepalive from client 1 for 2 s: at 2.1 s its lease expires and client 2 is granted the lock with token 2. Client 2 will read the value at 2.3 s.",
    },
    {
      match: { kind: 'pause-started', actor: 'client-2' },
      title: 'Client 2 pauses too',
      text: 'At 2.5 s client 2 pauses for 5 s in the middle of its own update.',
    },
    {
      match: { kind: 'grant-received', actor: 'client-3' },
      title: 'Three holders at once',
      text:
        "Client 2's lease expired at 4.1 s as well, and client 3 got token 3. From 4.2 s three clients believe they hold the lock: " +
        'client 3, and the paused clients 1 and 2, which run nothing and so cannot notice that their leases are gone.',
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 1 },
      title: "Client 3's update lands",
      text: "At 5.5 s client 3's write, based on what it read at 4.3 s, is stored. Client 3 will release the lock next.",
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 2 },
      title: 'A stale update overwrites it',
      text:
        "Client 1 woke at 5.5 s and finished its update. At 6.5 s its write, based on what it read at 0.3 s, replaces client 3's: client 3's update is lost. " +
        'This storage does not check tokens, so nothing stops it.',
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 3 },
      title: 'And again',
      text:
        "At 8.5 s client 2's write, based on its read at 2.3 s, replaces that one too. Jepsen saw the same in etcd 3.4.3: updates to a set guarded by an etcd lock were lost, " +
        'and it concluded that the locks “did not, and can not, guarantee mutual exclusion in asynchronous networks”. ' +
        "Jepsen's pause nemesis paused etcd's processes, not the clients, but the effect on a lease is the same: it can expire while its holder is still mid-update.",
      sources: ['jepsen'],
    },
    {
      match: { kind: 'release-sent', actor: 'client-2' },
      title: 'What etcd said in reply',
      text:
        'A bug in etcd 3.4.3 made things worse: a client waiting for the lock could be told it held it after its own lease had expired (since fixed). ' +
        "But the lasting lesson is in etcd's reply: an etcd lock “only safely guarantees mutual exclusion inside etcd's own keyspace and transactions with revision checking”. " +
        'To protect anything else, send the lock key\'s revision as a fencing token and let the resource check it.',
      sources: ['etcdJepsen'],
    },
  ],
  tryThis: [
    "Switch “Storage checks tokens” on: client 3's write with token 3 stands, and the late writes with tokens 1 and 2 are rejected.",
    "In “Scenario settings”, set “Lease TTL (s)” to 10: the 5 s pauses no longer outlast the lease, and the three updates happen one after another, each after the previous client releases.",
  ],
};
