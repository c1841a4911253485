import type { BuiltInScenario } from '../types';
import scenario from './random-tokens.json';

/**
 * Why a fencing token compared by size must grow with every grant. Sources: Kleppmann (2016) ("The
 * unique random value it uses does not provide the required monotonicity"); redis.io, "Distributed
 * Locks with Redis" (the random value is there to release the lock safely); antirez, "Is Redlock
 * safe?" (2016): check-and-set on the random value (set the resource's state to the value when
 * starting, write only if it is still the same); DDIA 2nd ed. ch. 9, "Fencing off zombies and
 * delayed requests": a write that succeeds only if the object has not been written by another
 * client since this one read it (compare-and-set, S3 conditional writes) is sufficient. Only an
 * equality check against one remembered value (identity-cas) cannot order holders.
 */
export const randomTokens: BuiltInScenario = {
  id: 'random-tokens',
  summary: 'Each grant carries a random value instead of a growing token: the storage rejects the real holder and accepts the stale one.',
  scenario: scenario as BuiltInScenario['scenario'],
  narration: [
    {
      match: { kind: 'grant-received', actor: 'client-1' },
      title: 'Client 1 gets the value 734',
      text:
        'This lease service hands out a random value with each grant, like the random value a Redis lock stores so that only its owner can release it, instead of a counter. ' +
        "Client 1's lease comes with 734.",
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 1 },
      title: 'The storage remembers 734',
      text: 'The storage checks tokens as in the seed: it rejects any token lower than the highest it has accepted, now 734.',
    },
    {
      match: { kind: 'pause-started', actor: 'client-1' },
      title: 'Client 1 freezes for 20 s',
      text: 'The same garbage-collection pause as in the seed.',
    },
    {
      match: { kind: 'lease-granted', actor: 'lease-service', nth: 2 },
      title: 'Client 2 draws 325',
      text: 'At 10.1 s the lease expires and client 2 is granted the lock with the value 325. It is the newer holder, but its number is smaller.',
    },
    {
      match: { kind: 'write-rejected', actor: 'storage', nth: 1 },
      title: 'The rightful holder is rejected',
      text: 'The storage compares numbers, as a fencing check must: 325 < 734, so it rejects client 2, the only client that actually holds the lock.',
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 2 },
      title: 'The stale holder is accepted',
      text:
        'At 21.5 s the late write from client 1, which woke at 21 s, arrives with 734. That is not lower than 734, so the storage stores it. Both failures in one run. ' +
        'Of Redlock’s random value: “The unique random value it uses does not provide the required monotonicity.” A fencing token compared by size must grow with every grant, as an etcd revision or a ZooKeeper zxid does. ' +
        'Nor does an equality check against one remembered value help: it cannot tell an older holder from a newer one. ' +
        'A random value can still fence through a check-and-set the storage runs: each new holder first marks the object with its own value, and a write goes through only if the mark is still the writer’s. ' +
        'That needs a storage that checks and writes in one step; a stale write that arrives before the new holder’s mark still lands, and so does a former holder’s own mark if it arrives late, which takes the object back (a growing token would refuse it). ' +
        'A compare-and-set on the object’s version, as a conditional write offers, checks every write against what the writer last read, with no unchecked mark.',
      sources: ['kleppmann', 'antirez', 'ddia9'],
    },
  ],
  tryThis: [
    "In “Scenario settings”, set “Random seed” to 5: client 1 draws 690 and client 2 draws 772, and the storage happens to behave. That is luck, not safety.",
    "In “Scenario settings”, set “Tokens” to “increasing”: the grants carry 1 and 2, and the late write is rejected.",
  ],
};
