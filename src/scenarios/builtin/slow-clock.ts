import type { BuiltInScenario } from '../types';
import scenario from './slow-clock.json';

/**
 * A client's own lease timer is only as good as its clock. Sources: etcd docs, "Notes on the usage of
 * lock and lease" (server and client measure the TTL with their own clocks); DDIA ch. 8 (clock drift,
 * 200 ppm); Burrows 2006 §2.8 (Chubby requires a bound on how much faster the master's clock runs).
 */
export const slowClock: BuiltInScenario = {
  id: 'slow-clock',
  summary: "Client 1's clock runs at half speed, so its own lease check passes after the lease has expired; fencing still saves the storage.",
  scenario: scenario as BuiltInScenario['scenario'],
  narration: [
    {
      match: { kind: 'grant-received', actor: 'client-1' },
      title: 'A 10 s lease on a slow clock',
      text:
        'Client 1 gets token 33 at 0.2 s. It never renews; instead it checks its own timer before each write. ' +
        'Its clock runs at half speed, so it believes the lease lasts until 20.2 s of true time. ' +
        'That exaggerates real drift to make it visible: Google assumes its servers’ clocks drift by up to 200 parts per million.',
      sources: ['ddia8'],
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 1 },
      title: 'Client 1 writes with token 33',
      text: 'Its first check passes, as it should, and the write is stored at 0.3 s.',
    },
    {
      match: { kind: 'lease-expired', actor: 'lease-service', nth: 1 },
      title: "The lease service's clock decides",
      text:
        'At 10.1 s, 10 s after the grant by its own clock, the lease service ends the lease and grants the lock to client 2 with token 34. ' +
        'Server and client each measure the TTL with their own clocks, so the server can revoke a lease that the client still claims.',
      sources: ['etcdLockNotes'],
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 2 },
      title: 'Client 2 writes with token 34',
      text: "Stored at 10.3 s; the storage's highest token is now 34.",
    },
    {
      match: { kind: 'lease-check-passed', actor: 'client-1', nth: 2 },
      title: 'The check passes on a wrong clock',
      text:
        "At 12.4 s of true time, client 1's clock says only 6.1 s have passed since the grant, so its check passes. " +
        "Chubby's client keeps a conservative local lease timeout, which is safe only if the master's clock advances no faster than a known constant factor faster than the client's. Here that assumption fails.",
      sources: ['chubby'],
    },
    {
      match: { kind: 'write-rejected', actor: 'storage', nth: 1 },
      title: 'Fencing does not need clocks',
      text: 'The storage rejects token 33 (33 < 34). It compares numbers, not times, so its check holds however wrong a client\'s clock is.',
    },
  ],
  tryThis: [
    "In “Scenario settings”, set “Client 1: clock rate (1 = exact)” to 1: its check at 12.4 s sees that its deadline (10.2 s, counted from when the grant reached it: the optimistic rule) has passed and skips the write.",
    "Switch “Storage checks tokens” off: with the slow clock, the late write is stored on top of client 2's.",
  ],
};
