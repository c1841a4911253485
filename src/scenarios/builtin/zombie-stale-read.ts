import type { BuiltInScenario } from '../types';
import scenario from './zombie-stale-read.json';

/**
 * Zombie stale read (issue 12): a former holder reads and acts on what it read. Fencing tokens are
 * checked where the storage checks them; a read the storage does not check returns data to a client
 * that no longer holds the lock. With `fenceReads` (the storage also checks a read's token, as the
 * first-write-window scenario's fenced read does) the stale read is refused once the storage has
 * seen the newer token. Sources: Kleppmann 2016 (the token must be checked by the resource);
 * Kafka's KIP-320, which adds the leader epoch to fetch requests so that a replica or consumer
 * reading with an old epoch is fenced (FENCED_LEADER_EPOCH).
 */
export const zombieStaleRead: BuiltInScenario = {
  id: 'zombie-stale-read',
  summary: 'A paused former holder reads the job queue with its old token, gets a job the new holder has already taken, and runs it again.',
  scenario: scenario as BuiltInScenario['scenario'],
  narration: [
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 1 },
      title: "Client 1 writes 'next job: 7'",
      text: 'The lock guards a small job queue in the storage. Client 1 writes the number of the next job with token 33, then freezes from 1 s to 21 s.',
    },
    {
      match: { kind: 'read-served', actor: 'storage', nth: 1 },
      title: 'Client 2 takes job 7',
      text:
        "Client 2 gets the lock with token 34 at 10.1 s and reads the queue: 'next job: 7', written with token 33. It starts running job 7, " +
        'and will write the next number when it is done.',
    },
    {
      match: { kind: 'pause-ended', actor: 'client-1' },
      title: 'Client 1 wakes',
      text: 'Client 1 carries on where it stopped, still believing it holds the lock with token 33.',
    },
    {
      match: { kind: 'read-served', actor: 'storage', nth: 2 },
      title: 'A stale read is served',
      text:
        "At 21.5 s client 1 reads with token 33 and the storage answers: 'next job: 7', written with token 33. That is the newest value the storage has; what is stale is client 1's authority: the holder of the lock has already taken that job. " +
        'This storage checks the tokens of writes only, so the read is served, and client 1 runs job 7 a second time.',
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 2 },
      title: "Client 2 writes 'next job: 8'",
      text:
        "Client 2 finishes and writes the next number with token 34; the storage log shows nothing wrong. The harm was done by a read: fencing the writes did not stop a stale client from acting on what it read.",
    },
  ],
  tryThis: [
    "In “Scenario settings”, tick “Reads with a token raise the highest token”: client 2's read at 10.3 s shows the storage token 34, so client 1's read at 21.5 s is refused (token 33 < 34).",
    "Then also untick “Client 2: do step 2 (read)”: the storage first hears of token 34 with client 2's write at 25.3 s, so client 1's read at 21.5 s is served again. A fenced read helps only once the storage has seen the newer token.",
  ],
};
