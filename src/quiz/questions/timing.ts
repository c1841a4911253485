/**
 * Questions on late writes and long work: a write held up in the network, a late write before the
 * new holder's first write, and a holder whose keepalives keep its lease.
 * @module
 */
import type { Question } from '../types';
import { kleppmann, ddia, chubby, etcdApi } from './sources';

export const TIMING_QUESTIONS: readonly Question[] = [
  {
    id: 'predict-network-delay',
    kind: 'predict',
    topic: 'network-delay',
    scenarioId: 'network-delay',
    decision: { client: 'client-1', nth: 2 },
    ask: 'outcome',
    prompt:
      '{client} sent its write “{value}” with token {token} while its lease was live, then crashed. The network held the write up for {delay} s; it is reaching the storage now. Will the storage accept it or reject it?',
    explanation:
      'While the write was in flight, client 1 sent no more keepalives, its lease expired, and client 2 was granted the lock and wrote with a higher token. The late write carries the older token, so the storage rejects it: to the storage a write delayed in the network looks the same as one from a paused client, and fencing stops both once the storage has seen the newer token.',
    sources: [kleppmann('“Protecting a resource with a lock”'), chubby('§2.4 “Locks and sequencers”')],
  },
  {
    id: 'predict-first-write',
    kind: 'predict',
    topic: 'first-write-window',
    scenarioId: 'first-write-window',
    decision: { client: 'client-1', nth: 2 },
    ask: 'outcome',
    prompt:
      'Client 2 has been granted the lock with a higher token but has not written anything yet. {client} wakes from its pause, and its late write “{value}” with token {token} reaches the storage. Will the storage accept it or reject it?',
    explanation:
      'The storage can only reject a token lower than one it has already accepted: it rejects a write when “it has already processed a write with a higher token number” (Kleppmann). Client 2 holds the higher token but has not used it yet, so the late write still gets in. Client 2’s own write, with its higher token, is accepted later.',
    sources: [kleppmann('“Making the lock safe with fencing”'), ddia('“Fencing tokens”')],
  },
  {
    id: 'predict-keepalive',
    kind: 'predict',
    topic: 'keepalive',
    scenarioId: 'keepalive-holds',
    decision: { client: 'client-1', nth: 1 },
    ask: 'outcome',
    prompt:
      '{client} holds a lease with a {ttl} s TTL and works for longer than that before it writes “{value}” with token {token}. It keeps sending keepalives while it works. Will the storage accept the write or reject it?',
    explanation:
      'A lease expires only if no keepalive reaches the lease service within the TTL. Client 1’s keepalives keep arriving, so its lease never expires and client 2 keeps waiting; no higher token exists yet when client 1 writes.',
    sources: [etcdApi('“Lease API”'), kleppmann('“Protecting a resource with a lock”')],
  },
];
