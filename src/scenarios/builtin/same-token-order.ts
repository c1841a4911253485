import type { BuiltInScenario } from '../types';
import scenario from './same-token-order.json';

/**
 * Equal tokens do not order one holder's own writes (issue 12). With `storage.sequence` each write
 * carries (token, sequence number) and the storage rejects a sequence not greater than the last it
 * accepted with that token, as an HDFS JournalNode rejects an IPC serial number that is "not higher
 * than prior highest IPC serial" (`Journal.checkRequest`: "Ensure that the IPCs are arriving in-order
 * as expected"). Kafka's idempotent producer (KIP-98) numbers its batches per partition and the broker
 * rejects an unexpected sequence number (`OutOfOrderSequenceException`); Kafka's producer docs
 * (`retries`) warn that with idempotence off and more than one request in flight, a retried batch can
 * land after a later one.
 */
export const sameTokenOrder: BuiltInScenario = {
  id: 'same-token-order',
  summary: "One holder sends two writes with the same token; the first is delayed and lands last, so the older value wins. Sequence numbers fix the order.",
  scenario: scenario as BuiltInScenario['scenario'],
  narration: [
    {
      match: { kind: 'write-sent', actor: 'client-1', nth: 1 },
      title: "Client 1 sends 'balance: 50'",
      text: 'Client 1 holds the lock with token 33 and sends a write without waiting for its reply, as a client with several requests in flight does. The network holds this one up for 3 s.',
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 1 },
      title: "'balance: 80' arrives first",
      text: "Half a second later client 1 sends 'balance: 80', the newer value. It arrives at once and is stored with token 33.",
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 2 },
      title: 'The older write lands last',
      text:
        "At 3.3 s the delayed 'balance: 50' arrives. It carries token 33 too, and an equal token is accepted (one holder writes many times), so it is stored: the older value has overwritten the newer one. " +
        "A fencing token orders holders; it does not order one holder's own writes.",
    },
    {
      match: { kind: 'lease-released', actor: 'lease-service' },
      title: 'Nothing looked wrong',
      text:
        'Client 1 releases the lock. Every write carried the right token, and the storage holds the wrong value. ' +
        'The fix is to number the writes too: a (token, sequence number) pair, as HDFS JournalNodes require an IPC serial number higher than the last and Kafka numbers an idempotent producer’s batches.',
    },
  ],
  tryThis: [
    "In “Scenario settings”, tick “Writes also carry a sequence number”: each write also carries client 1's sequence number (1, then 2), and the late 'balance: 50' is rejected (token 33, sequence 1 <= 2).",
    "In “Scenario settings”, tick “Client 1: step 2 (write) waits for its reply”: client 1 waits for its reply at 3.4 s before sending the second, and the writes land in order.",
  ],
};
