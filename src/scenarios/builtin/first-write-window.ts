import type { BuiltInScenario } from '../types';
import scenario from './first-write-window.json';

/**
 * A storage can only reject tokens lower than one it has seen: until the new holder writes, a stale
 * token still passes. The fix is in `first-write-window-fenced-read`.
 */
export const firstWriteWindow: BuiltInScenario = {
  id: 'first-write-window',
  summary: 'The new holder has not written yet, so the storage has not seen token 34 and the late write gets in.',
  scenario: scenario as BuiltInScenario['scenario'],
  narration: [
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 1 },
      title: 'Client 1 writes with token 33',
      text: "Client 1 got the lock with token 33; its write is stored at 0.3 s and the storage's highest token becomes 33.",
    },
    {
      match: { kind: 'pause-started', actor: 'client-1' },
      title: 'Client 1 freezes for 20 s',
      text: 'The same garbage-collection pause as in the seed: from 1 s to 21 s client 1 runs nothing and sends no keepalives.',
    },
    {
      match: { kind: 'lease-granted', actor: 'lease-service', nth: 2 },
      title: 'The lease expires; client 2 gets token 34',
      text: "At 10.1 s client 1's lease expires and the lease service grants the lock to client 2 with token 34.",
    },
    {
      match: { kind: 'work-started', actor: 'client-2', nth: 1 },
      title: 'Client 2 has not written yet',
      text:
        'Client 2 starts 15 s of work before its first write, renewing its lease as it goes. ' +
        'The storage has never seen token 34: its highest is still 33. Only the lease service knows about 34.',
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 2 },
      title: 'The late write gets in',
      text:
        "At 21.5 s client 1's write with token 33 arrives. 33 is not lower than 33, the highest token the storage has seen, so it is stored, " +
        'while client 2 holds the lock. A token check can only reject what the storage has been told about.',
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 3 },
      title: 'Client 2 writes',
      text:
        "At 25.3 s client 2's write with token 34 is stored and replaces the stale one. " +
        'For 3.8 s the storage held data written by a client that no longer held the lock, and anyone reading in that time would have seen it.',
    },
  ],
  tryThis: [
    'Open “The new holder reads with its token first, which narrows the window”: client 2 reads with token 34 right after it gets the lock, and the late write is rejected.',
    "In “Scenario settings”, set “Client 2: work step 2 (s)” to 5: it writes at 15.3 s, before client 1 wakes, and the late write is rejected.",
  ],
};
