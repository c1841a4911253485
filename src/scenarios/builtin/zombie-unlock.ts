import type { BuiltInScenario } from '../types';
import scenario from './zombie-unlock.json';

/**
 * Zombie unlock (issue 12): a release that deletes the lock by name, whoever holds it. The Redis
 * docs ("Distributed Locks with Redis", "Correct Implementation with a Single Instance") warn of
 * exactly this story: a client blocked past its lock's validity time that then removes the lock,
 * "that was already acquired by some other client"; their fix deletes the key only if its value is
 * still the client's own. Not etcd's `Mutex.Unlock`: its key's name contains the session's lease ID
 * (client/v3/concurrency/mutex.go, `pfx + hex(lease)`), so client 1's late Unlock deletes its own key
 * (already gone with its lease) and cannot free client 2's; the lab's etcd flavour ignores it. etcd
 * issue 22082 (open) is a retried Unlock of the *same session* after it locked again.
 */
export const zombieUnlock: BuiltInScenario = {
  id: 'zombie-unlock',
  summary: "A paused former holder's late release deletes the lock by key: it frees the next holder's lock, and a third client gets in.",
  scenario: scenario as BuiltInScenario['scenario'],
  narration: [
    {
      match: { kind: 'pause-started', actor: 'client-1' },
      title: 'Client 1 freezes holding the lock',
      text: 'Client 1 wrote with token 33 and is working when it freezes, from 1 s to 16 s. Its lease expires at 10.1 s and client 2 gets the lock with token 34.',
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 2 },
      title: 'Client 2 writes with token 34',
      text: 'Client 2 holds the lock and writes. Client 3 is waiting in line behind it.',
    },
    {
      match: { kind: 'release-sent', actor: 'client-1' },
      title: 'Client 1 releases a lock it no longer holds',
      text:
        'Client 1 wakes at 16 s, finishes its work and releases the lock, as its program says. ' +
        "Its keepalive loop has just heard that the lease is gone, but the program does not look.",
    },
    {
      match: { kind: 'lease-released', actor: 'lease-service', nth: 1 },
      title: "The release frees client 2's lock",
      text:
        'This lease service releases by key: it deletes whatever lock is there, without checking who holds it or with which token. ' +
        "So client 1's late release frees the lock client 2 holds. A plain Redis DEL of a lock key with one fixed name does the same. " +
        "etcd's Mutex.Unlock does not: the name of its key contains the session's lease, so client 1's late Unlock deletes only its own key, already gone with its lease. " +
        'In etcd it takes the same session: an Unlock retried after a lost reply can delete a newer lock that session took meanwhile.',
      sources: ['redisLocks', 'etcdMutex', 'etcd22082'],
    },
    {
      match: { kind: 'lease-granted', actor: 'lease-service', nth: 3 },
      title: 'A third client gets in',
      text: 'At 17.5 s client 3 is granted the lock with token 35, while client 2 still believes it holds it: two clients act as owners.',
    },
    {
      match: { kind: 'write-rejected', actor: 'storage', nth: 1 },
      title: 'Fencing catches the write, not the overlap',
      text:
        "At 20.5 s client 2's second write is rejected: 34 < 35, because client 3 wrote first. The fencing token protects the storage's data here; " +
        'it cannot stop two clients from believing they hold the lock at once. A release must check the holder and the token, as this lab’s default lease service does.',
    },
  ],
  tryThis: [
    'In “Scenario settings”, set “A release frees the lock” to “only for its own holder and token”: client 1’s late release is ignored, client 2 keeps the lock until it releases it at 20.7 s, and only then does client 3 get token 35.',
    "Switch “Storage checks tokens” off: client 2's second write is stored over client 3's, and nothing in the storage log shows that two clients held the lock at once.",
  ],
};
