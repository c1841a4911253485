import type { BuiltInScenario } from '../types';
import scenario from './fence-per-object.json';

/**
 * Fence granularity (issue 41, item 9): a storage with two objects (rows) that keeps its highest
 * token per object, as a `fence_token` column checked row by row or a DynamoDB condition on each
 * item's own attribute does. The new holder writes row 1 at once and row 2 only after 15 s of work;
 * the paused former holder wakes and writes row 2, which has never seen the newer token, so the
 * stale write is stored. Kept per lock (`storage.fencePer: "lock"`, one hint), the same write is
 * rejected.
 *
 * Sources: Kleppmann 2016 (the storage "remembers that it has already processed a write with a
 * higher token number (34), and so it rejects the request with token 33"); DDIA 2nd ed. ch. 9,
 * "Fencing off zombies and delayed requests": "A client that has just acquired the lease must
 * immediately make a write to the storage service, and once that write has completed, any zombies
 * are fenced off" (a write to one row fences that row only, when the check is per row).
 */
export const fencePerObject: BuiltInScenario = {
  id: 'fence-per-object',
  summary: 'The storage keeps a highest token per row: the late write goes to a row the new holder has not written yet, and gets in.',
  scenario: scenario as BuiltInScenario['scenario'],
  narration: [
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 1 },
      title: 'One lock, two rows',
      text:
        'Client 1 holds the lock with token 33 and writes row 1 at 0.3 s. This storage keeps a highest token for each row, not one for the whole lock: ' +
        "row 1's highest is now 33, and row 2 has seen no token at all.",
      sources: ['kleppmann'],
    },
    {
      match: { kind: 'pause-started', actor: 'client-1' },
      title: 'Client 1 freezes for 20 s',
      text: 'The same garbage-collection pause as in the seed: from 1 s to 21 s client 1 runs nothing and sends no keepalives. Its lease ends at 10.1 s.',
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 2 },
      title: 'Client 2 writes row 1 with token 34',
      text:
        'Client 2 gets the lock with token 34 and writes row 1 at once: row 1 now rejects any token lower than 34. ' +
        'Then client 2 works for 15 s before it writes row 2, so row 2 has still never seen 34.',
      sources: ['ddia9'],
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 3 },
      title: 'The late write goes to row 2, and gets in',
      text:
        "At 21.5 s client 1's write with token 33 reaches row 2. Row 2 has seen no token at all (the 34 the storage panel shows is row 1's), so the write is stored, while client 2 holds the lock. " +
        'Checked per row, a new holder fences off a former holder only on the rows it has already written: the first-write window opens again on every row it has not touched.',
      sources: ['kleppmann', 'ddia9'],
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 4 },
      title: 'Client 2 writes row 2',
      text:
        "At 25.5 s client 2's write with token 34 replaces the stale value in row 2. Two ways to close the gap: keep one highest token for the whole lock " +
        '(a row of its own, updated in the same transaction as the data), so that 34 on row 1 also fences row 2; or have each new holder write every row it guards before anything else.',
    },
  ],
  tryThis: [
    'In “Scenario settings”, set “The storage keeps its highest token” to “once for the whole lock”: the storage has seen 34 on row 1, so the late write to row 2 is rejected (token 33 < 34).',
    'In “Scenario settings”, set “Client 2: work step 3 (s)” to 5: client 2 writes row 2 at 15.5 s, before client 1 wakes, and the late write is rejected even with a highest token per row.',
  ],
};
