import type { BuiltInScenario } from '../types';

import scenario from './seed-gc-pause.json';

/**
 * The seed's story: a GC pause, tokens 33 and 34, and a storage that checks tokens.
 * Sources: Kleppmann, "How to do distributed locking" (2016); DDIA ch. 8 (fencing tokens, Figure 8-5).
 */
export const seedGcPause: BuiltInScenario = {
  id: 'seed-gc-pause',
  summary: 'Client 1 pauses for garbage collection while holding the lock; the storage checks tokens.',
  scenario: scenario as BuiltInScenario['scenario'],
  narration: [
    {
      match: { kind: 'grant-received', actor: 'client-1' },
      title: 'Client 1 holds the lock',
      text:
        'The lease service granted the lock at 0.1 s with fencing token 33 and a 10 s lease (TTL); the grant reaches client 1 at 0.2 s. ' +
        'The lock is a lease: unless client 1 renews it with keepalives, it expires 10 s after the grant.',
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 1 },
      title: 'The storage stores token 33',
      text: 'Client 1 sends its write with token 33. The storage has seen no token yet, so it stores the value and remembers 33 as the highest token it has accepted.',
    },
    {
      match: { kind: 'pause-started', actor: 'client-1' },
      title: 'Client 1 freezes',
      text:
        'At 1 s a garbage-collection pause freezes client 1 for 20 s: the whole program stops. It runs nothing, not even its keepalives: the first was due at 3.2 s. ' +
        'The lease service cannot tell a paused client from a crashed one.',
      sources: ['kleppmann', 'ddia8'],
    },
    {
      match: { kind: 'acquire-queued', actor: 'lease-service' },
      title: 'Client 2 waits',
      text: "Client 2 asks for the lock at 2 s. Client 1's lease is still live, so the request waits in the queue.",
    },
    {
      match: { kind: 'lease-expired', actor: 'lease-service', nth: 1 },
      title: 'The lease expires',
      text: "No keepalive has arrived for 10 s, so at 10.1 s the lease service ends client 1's lease. Client 1 is still frozen and does not know.",
    },
    {
      match: { kind: 'lease-granted', actor: 'lease-service', nth: 2 },
      title: 'Client 2 gets token 34',
      text:
        'The lease service grants the lock to client 2, next in the queue, with token 34: one more than the last grant. ' +
        'From 10.2 s, when the grant arrives, two clients believe they hold the lock.',
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 2 },
      title: 'Client 2 writes with token 34',
      text: 'The storage accepts token 34 (not lower than 33) and raises its highest token to 34.',
    },
    {
      match: { kind: 'pause-ended', actor: 'client-1' },
      title: 'Client 1 wakes up',
      text:
        'At 21 s the pause ends. Client 1 carries on exactly where it stopped, still believing it holds the lock: ' +
        'nothing tells a thread that it was paused.',
      sources: ['ddia8'],
    },
    {
      match: { kind: 'keepalive-lost-received', actor: 'client-1' },
      title: 'Its keepalive is refused',
      text:
        'The keepalive that fell due during the pause goes out at 21 s and is refused: lease 33 is gone. ' +
        "The reply reaches client 1 at 21.2 s, but only its background keepalive loop sees it; the code doing the write does not look.",
    },
    {
      match: { kind: 'write-rejected', actor: 'storage', nth: 1 },
      title: 'The storage rejects the late write',
      text:
        "Client 1's late write arrives at 21.5 s with token 33. The storage has already accepted 34, so it rejects it: 33 < 34. " +
        'The lease service could not stop client 1; the storage did, because it checks the token itself.',
      sources: ['kleppmann'],
    },
  ],
  tryThis: [
    "Switch “Storage checks tokens” off and replay: the late write is stored and silently replaces client 2's data.",
    "On the timeline, drag the end of client 1's pause back to 6 s (or, in “Scenario settings”, set “Scripted pause of Client 1, for (s)” to 5): client 1 wakes at 6 s while its lease is still live, a keepalive renews it, and its second write is accepted: it is not late, because the lease it carries is still live. Client 2 gets token 34 only at 16.1 s, when the lease client 1 left behind expires.",
    "In “Scenario settings”, tick “Client 1: check lease before write”: when it wakes, its own timer, counted from when the grant reached it (the optimistic rule; the service ended the lease at 10.1 s), says the lease ran out at 10.2 s, so it skips the late write. Then open “Client 1 checks its lease, then pauses before the write leaves” to see why that check is not enough.",
  ],
};
