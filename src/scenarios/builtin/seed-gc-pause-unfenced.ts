import type { BuiltInScenario } from '../types';
import scenario from './seed-gc-pause-unfenced.json';

/**
 * The seed's story with a storage that does not check tokens.
 * Sources: Kleppmann, "How to do distributed locking" (2016), "Unsafe access to a resource protected
 * by a distributed lock"; DDIA ch. 8, Figure 8-4.
 */
export const seedGcPauseUnfenced: BuiltInScenario = {
  id: 'seed-gc-pause-unfenced',
  summary: 'The same pause, but the storage does not check tokens: the late write overwrites client 2.',
  scenario: scenario as BuiltInScenario['scenario'],
  narration: [
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 1 },
      title: 'Client 1 writes with token 33',
      text: 'Client 1 got the lock at 0.2 s with token 33 and a 10 s lease. This storage does not check tokens: it stores every write it receives.',
    },
    {
      match: { kind: 'pause-started', actor: 'client-1' },
      title: 'Client 1 freezes',
      text: 'At 1 s a 20 s garbage-collection pause freezes client 1: no program steps, no keepalives.',
    },
    {
      match: { kind: 'lease-granted', actor: 'lease-service', nth: 2 },
      title: 'The lease expires; client 2 gets token 34',
      text: "No keepalive for 10 s, so at 10.1 s the lease service ends client 1's lease and grants the lock to client 2 with token 34.",
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 2 },
      title: 'Client 2 writes',
      text: 'Client 2, the rightful holder, writes at 10.3 s and the value is stored.',
    },
    {
      match: { kind: 'pause-ended', actor: 'client-1' },
      title: 'Client 1 wakes up',
      text: 'At 21 s client 1 carries on where it stopped, still believing it holds the lock.',
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 3 },
      title: "The late write overwrites client 2's",
      text:
        "At 21.5 s the storage stores client 1's write with token 33 on top of client 2's. No error anywhere: client 2's data is silently lost. " +
        'A perfect lease service could not have prevented this; only a check at the storage can, such as a fencing token check.',
      sources: ['kleppmann'],
    },
  ],
  tryThis: [
    "Switch “Storage checks tokens” on and replay: the late write is rejected (33 < 34).",
    "In “Scenario settings”, tick “Client 1: check lease before write”: it skips the late write here, but only because the pause came before the check; see “Client 1 checks its lease, then pauses before the write leaves”.",
  ],
};
