import type { BuiltInScenario } from '../types';
import scenario from './identity-cas.json';

/**
 * Identity compare-and-set is not fencing (issue 12). The storage remembers the token of the first
 * write and accepts only that token, as the storage in etcd's `contrib/lock` example does with lease
 * IDs (`contrib/lock/storage/storage.go`: a write whose version differs from the stored one fails
 * with "given version (%x) is different from the existing version (%x)"; the map lives in memory).
 * etcd issue 11788: the check only throws out "any writes performed by any client besides the
 * original writer"; issue 14224: from the second run on, the client's write always fails because its
 * lease ID differs. An equality check cannot tell a newer holder from an older one (Kleppmann 2016:
 * a fencing token must increase).
 */
export const identityCas: BuiltInScenario = {
  id: 'identity-cas',
  summary: 'The storage accepts only the token it saw first: it rejects every new holder, and after a restart it lets a paused former holder in.',
  scenario: scenario as BuiltInScenario['scenario'],
  narration: [
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 1 },
      title: 'The storage remembers token 33',
      text:
        "Client 1 writes with token 33. This storage does not keep the highest token: it keeps the token of the first write and from now on accepts only writes that carry that same token. " +
        "It is an identity check (compare-and-set on the token), the check etcd's contrib/lock example storage makes with lease IDs.",
    },
    {
      match: { kind: 'write-rejected', actor: 'storage', nth: 1 },
      title: 'The new holder is rejected',
      text:
        'Client 1 released the lock and client 2 holds it now, with token 34. Its write is rejected: 34 is not 33. ' +
        'The equality check cannot tell a newer holder from an older one, so it turns away the one client that holds the lock.',
    },
    {
      match: { kind: 'pause-started', actor: 'client-2' },
      title: 'Client 2 freezes',
      text: 'From 2 s to 25 s client 2 runs nothing. Its lease expires at 11.1 s.',
    },
    {
      match: { kind: 'write-rejected', actor: 'storage', nth: 2 },
      title: 'Client 3 is rejected too',
      text: 'Client 3 gets the lock with token 35 and writes at once. Rejected again: 35 is not 33. Every holder after the first is locked out.',
    },
    {
      match: { kind: 'storage-reset', actor: 'storage' },
      title: 'The storage restarts',
      text:
        'At 20 s the storage restarts and forgets the token it remembered (a storage that keeps it only in memory, as the contrib/lock example does in a Go map, loses it this way). ' +
        'Whichever write comes next will set the token it accepts. A storage that checks tokens by order loses its highest token the same way, ' +
        'and then lets in stale writes after the restart, until a newer token arrives: the highest token must be kept on disk with the data, as an HDFS JournalNode keeps its promised epoch in a file.',
      sources: ['hdfsPromisedEpoch'],
    },
    {
      match: { kind: 'write-accepted', actor: 'storage', nth: 2 },
      title: 'The paused former holder gets in',
      text:
        "Client 2 wakes at 25 s and sends its late write with token 34. It is the first write since the restart, so the storage stores it and now remembers 34, " +
        'although client 3 holds the lock.',
    },
    {
      match: { kind: 'write-rejected', actor: 'storage', nth: 3 },
      title: 'And the real holder is rejected',
      text:
        "At 31.5 s client 3's second write is rejected: 35 is not 34. The storage has locked out the holder and let the stale client in. " +
        'A fencing token must be compared by order (reject a lower one), not for equality.',
    },
  ],
  tryThis: [
    'Switch “Storage checks tokens” on: the storage compares tokens by order, so every holder’s write is stored. But the restart at 20 s makes it forget that it has seen 35, and the late write from client 2 gets in anyway.',
    'Switch “Storage checks tokens” on, and in “Scenario settings” untick “Scripted storage restart: on”: the late write from client 2 is rejected (token 34 < 35).',
  ],
};
