import type { BuiltInScenario } from '../types';
import scenario from './lease-timer.json';

/**
 * The lease timer done right (issue 12, correction 2). Burrows, "The Chubby lock service" (2006)
 * §2.8: the client keeps a local lease timeout that is a conservative approximation of the master's,
 * because it must allow for the time the KeepAlive reply spent in flight (and for the master's clock
 * rate). Starting the timer when the request is sent does that; starting it when the reply arrives
 * (etcd's Go client sets its keepalive `deadline` to now + TTL in `recvKeepAlive`) counts the reply's
 * time in flight as lease time.
 */
export const leaseTimer: BuiltInScenario = {
  id: 'lease-timer',
  summary: "With a delayed grant, a lease timer started when the reply arrives trusts an expired lease; one started when the request was sent does not.",
  scenario: scenario as BuiltInScenario['scenario'],
  narration: [
    {
      match: { kind: 'lease-granted', actor: 'lease-service', nth: 1 },
      title: 'Client 1 is granted the lock',
      text:
        'The lease service grants client 1 a 10 s lease at 0.1 s; its clock for that lease starts now. ' +
        'These clients send no keepalives, so each lease lasts one TTL from its grant (like a Redis key set with an expiry).',
    },
    {
      match: { kind: 'grant-received', actor: 'client-1' },
      title: 'The grant arrives 6 s late',
      text:
        'The grant was held up in the network and reaches client 1 at 6.2 s. Client 1 starts its lease timer when the reply arrives (the optimistic rule), ' +
        'so its own clock says the lease lasts until 16.2 s. The service ends it at 10.1 s.',
    },
    {
      match: { kind: 'lease-check-passed', actor: 'client-1' },
      title: 'The check passes on an expired lease',
      text:
        "At 12.2 s client 1 checks its lease timer before writing: 4 s left, it believes. The lease ended 2.1 s ago and client 2 has held the lock since 11.1 s. " +
        'The optimistic timer counted the grant’s 6 s in the network as lease time.',
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 1 },
      title: 'The storage takes the write',
      text:
        "At 12.3 s the storage stores client 1's write with token 33, 2.2 s after its lease ended. " +
        'Token 34 was granted to client 2 at 11.1 s, but that grant is still held up in the network, so the storage has not seen 34 yet and has nothing to reject 33 by.',
    },
    {
      match: { kind: 'grant-received', actor: 'client-2' },
      title: 'Client 2 counts from its request',
      text:
        'Client 2’s grant is also held up 6 s and arrives at 17.2 s. But client 2 started its timer when it sent the request, at 11.0 s (the conservative rule, as Chubby’s client does), ' +
        "so it believes in the lease until 21.0 s, just before the service's 21.1 s.",
    },
    {
      match: { kind: 'lease-check-failed', actor: 'client-2' },
      title: 'The conservative timer runs out first',
      text:
        'At 22.4 s client 2’s timer says its lease is over, and it skips its second write. The lease did end at 21.1 s. ' +
        'Counted from the request, and with the grant answering that very request, the timer never runs past the service’s own expiry (as long as the two clocks run at the same rate and nothing ends the lease early). (Its bar on the timeline lasts until 22.4 s only because a client learns that its timer ran out when it next looks at it.) The timer still cannot stop a pause between the check and the write: that takes fencing.',
    },
  ],
  tryThis: [
    "In “Scenario settings”, set “Client 1: lease timer starts” to “when the request is sent”: its timer now runs out at 10.0 s, before the service's 10.1 s, so its check at 12.2 s fails and it skips its write.",
    "In “Scenario settings”, set “Client 2: lease timer starts” to “when the reply arrives”: it believes in its lease until 27.2 s, its check at 22.4 s passes and its second write is stored at 22.5 s, 1.4 s after the lease ended.",
  ],
};
