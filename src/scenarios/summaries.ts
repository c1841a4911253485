/**
 * The one-line summary of every built-in scenario (the same text as each module's `summary`), for
 * lists that show them all (the Library). Not part of the first render (issue 7): the picker shows
 * the open scenario's own summary, whose module is loaded. `tests/model/scenarios.test.ts` checks
 * them against the modules.
 * @module
 */


/** Summaries by scenario id, in the picker's order (issue 12's lessons not in the one-file build). */
export const BUILT_IN_SUMMARIES: Readonly<Record<string, string>> = {
  'seed-gc-pause':
    'Client 1 pauses for garbage collection while holding the lock; the storage checks tokens.',
  'seed-gc-pause-unfenced':
    'The same pause, but the storage does not check tokens: the late write overwrites client 2.',
  'check-then-write':
    'Client 1 checks its lease right before writing, then pauses before the request leaves.',
  'network-delay':
    "Client 1's write is held up in the network for 20 s while client 1 crashes; no pause is needed.",
  'first-write-window':
    'The new holder has not written yet, so the storage has not seen token 34 and the late write gets in.',
  'first-write-window-fenced-read':
    'The new holder reads with its token right after acquiring, so the storage knows token 34 before the late write arrives.',
  'keepalive-holds':
    'A healthy holder renews its lease through 25 s of work; the waiting client queues until the release.',
  'crash-holder':
    'The holder crashes without releasing; the lease frees the lock when no keepalive comes.',
  'slow-clock':
    "Client 1's clock runs at half speed, so its own lease check passes after the lease has expired; fencing still saves the storage.",
  'partition-lease-service':
    'Client 1 loses contact with the lease service but not with the storage, and keeps writing after its lease is gone.',
  'random-tokens':
    'Each grant carries a random value instead of a growing token: the storage rejects the real holder and accepts the stale one.',
  'jepsen-three-clients':
    'Three clients, a 2 s lease and two pauses: all three believe they hold the lock, and updates are lost.',
  'identity-cas':
    'The storage accepts only the token it saw first: it rejects every new holder, and after a restart it lets a paused former holder in.',
  'zombie-unlock':
    "A paused former holder's late release deletes the lock by key: it frees the next holder's lock, and a third client gets in.",
  'zombie-stale-read':
    'A paused former holder reads the job queue with its old token, gets a job the new holder has already taken, and runs it again.',
  'same-token-order':
    "One holder sends two writes with the same token; the first is delayed and lands last, so the older value wins. Sequence numbers fix the order.",
  'lease-timer':
    "With a delayed grant, a lease timer started when the reply arrives trusts an expired lease; one started when the request was sent does not.",
  'fence-per-object':
    'The storage keeps a highest token per row: the late write goes to a row the new holder has not written yet, and gets in.',
};
