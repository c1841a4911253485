import type { BuiltInScenario } from '../types';
import scenario from './network-delay.json';

/**
 * No pause at all: a write delayed in the network arrives after the lease expired.
 * Source: Kleppmann, "How to do distributed locking" (2016): packet networks may delay packets
 * arbitrarily (the GitHub incident, about 90 s).
 */
export const networkDelay: BuiltInScenario = {
  id: 'network-delay',
  summary: "Client 1's write is held up in the network for 20 s while client 1 crashes; no pause is needed.",
  scenario: scenario as BuiltInScenario['scenario'],
  narration: [
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 1 },
      title: 'Client 1 writes with token 33',
      text: 'Client 1 got the lock at 0.2 s with token 33 and a 10 s lease; its first write is stored at 0.3 s.',
    },
    {
      match: { kind: 'write-sent', actor: 'client-1', nth: 2 },
      title: 'A write that gets stuck',
      text:
        'At 1.4 s client 1 sends its second write, well inside its lease. The network will hold this request for 20 s. ' +
        'Packet networks can delay packets arbitrarily: in one incident at GitHub, packets were delayed for about 90 s.',
      sources: ['kleppmann'],
    },
    {
      match: { kind: 'crashed', actor: 'client-1' },
      title: 'Client 1 crashes',
      text: 'At 1.5 s client 1 crashes. No pause is involved, and the write it sent is still on its way.',
    },
    {
      match: { kind: 'lease-granted', actor: 'lease-service', nth: 2 },
      title: 'The lease expires; client 2 gets token 34',
      text: 'The crashed client sends no keepalives, so its lease ends at 10.1 s, 10 s after the grant, and client 2 gets the lock with token 34.',
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 2 },
      title: 'Client 2 writes with token 34',
      text: "Client 2's write is stored at 10.3 s; the storage's highest token is now 34.",
    },
    {
      match: { kind: 'write-rejected', actor: 'storage', nth: 1 },
      title: 'The old request finally arrives',
      text:
        'At 21.5 s the delayed write reaches the storage, sent by a client that has crashed, under a lease that ended 11.4 s ago. ' +
        'Token 33 < 34: rejected. Only a check at the storage sees the request at the moment it takes effect.',
    },
  ],
  tryThis: [
    "Switch “Storage checks tokens” off: the request sent at 1.4 s lands at 21.5 s on top of client 2's write.",
    "In “Scenario settings”, set “Scripted delay of Client 1 → Storage message 2, extra delay (s)” to 5: the write arrives at 6.5 s, while the lease is still live, and is stored before client 2 gets the lock.",
  ],
};
