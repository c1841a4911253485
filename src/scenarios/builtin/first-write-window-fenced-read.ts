import type { BuiltInScenario } from '../types';
import scenario from './first-write-window-fenced-read.json';

/**
 * The first-write window narrowed: the new holder shows its token to the storage (a fenced read)
 * before doing anything else. It narrows the window, it does not close it: a stale write that
 * arrives between the new grant and the fenced read still lands. DDIA 2nd ed. ch. 9: "once that
 * write has completed, any zombies are fenced off". The same idea as HDFS QJM: the new writer's
 * newEpoch raises the JournalNodes' promised epoch before it writes; the words "Fence any previous
 * writers by updating the promise" are Journal.java's comment in checkRequest, which raises the
 * promise when a request with a higher epoch arrives (issue 12, corrections 6 and 12).
 */
export const firstWriteWindowFencedRead: BuiltInScenario = {
  id: 'first-write-window-fenced-read',
  summary: 'The new holder reads with its token right after acquiring, so the storage knows token 34 before the late write arrives.',
  scenario: scenario as BuiltInScenario['scenario'],
  narration: [
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 1 },
      title: 'Client 1 writes with token 33',
      text: "Client 1's write is stored at 0.3 s; the storage's highest token is 33.",
    },
    {
      match: { kind: 'pause-started', actor: 'client-1' },
      title: 'Client 1 freezes for 20 s',
      text: 'From 1 s to 21 s client 1 runs nothing, as in the first-write window scenario.',
    },
    {
      match: { kind: 'lease-granted', actor: 'lease-service', nth: 2 },
      title: 'Client 2 gets token 34',
      text: "At 10.1 s client 1's lease expires and client 2 is granted the lock with token 34.",
    },
    {
      match: { kind: 'read-served', actor: 'storage', nth: 1 },
      title: 'A read that fences',
      text:
        'Right after it gets the lock, client 2 reads from the storage and sends token 34 with the read. ' +
        "This storage fences reads too: a read's token raises its highest token, so at 10.3 s it becomes 34, " +
        'long before client 2 writes anything.',
    },
    {
      match: { kind: 'write-rejected', actor: 'storage', nth: 1 },
      title: 'The late write is rejected',
      text:
        "At 21.5 s client 1's write with token 33 arrives; the storage already knows 34, so it rejects it: 33 < 34. " +
        'The read narrowed the window; it did not close it: a stale write arriving before the read, at 10.3 s, would still have landed. ' +
        "HDFS's Quorum Journal Manager works the same way: a new writer first announces a higher epoch to the JournalNodes, " +
        'and from then on they refuse requests that carry a lower one.',
      sources: ['ddia9', 'hdfsJournal'],
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 2 },
      title: 'Client 2 writes with token 34',
      text: "Client 2's write is stored at 25.5 s. Nothing stale got in after the storage learned token 34.",
    },
  ],
  tryThis: [
    "In “Scenario settings”, untick “Reads with a token raise the highest token”: the read no longer raises the highest token, and the late write gets in again.",
    "In “Scenario settings”, untick “Client 2: do step 2 (read)”: the storage first hears of token 34 with client 2's write at 25.3 s, too late.",
  ],
};
