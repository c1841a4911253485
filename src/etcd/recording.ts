/**
 * The recording format `fencing-lab.etcd-recording/v1`: what the recorder (`record.ts`) saw when
 * it ran a scenario's clients against a real etcd, with real times. Pure and browser-safe: the
 * app's "Recorded on etcd" view reads recordings through {@link recordingTrace}.
 *
 * Every time is real ms since the run's start (t0), measured on this machine's clock by the
 * process where it happened (a client process, or the recorder for pauses, crashes and what its
 * watch on the lock prefix saw).
 *
 * @module
 */
import type { ScenarioInput } from '../model/scenario';

/** The value of a recording's `format` field. */
export const RECORDING_FORMAT = 'fencing-lab.etcd-recording/v1';

/** The etcd keys the recorder uses: lock keys `fl/lock/<lease id hex>`, the storage's two keys. */
export const KEYS = { lockPrefix: 'fl/lock/', highest: 'fl/storage/highest', data: 'fl/storage/data', pad: 'fl/pad' } as const;

/** What happened, as one kind of recorded event. */
export type RecordedKind =
  // In a client process.
  | 'client-start'
  | 'lease-grant' // LeaseGrant answered: leaseId, ttlS
  | 'acquire-sent'
  | 'lock-put' // the lock txn reached etcd: token (create revision), revision, owner
  | 'watch-fired' // a waiter's watch on the key before its own saw the delete
  | 'lock-get' // a waiter's read of the prefix reached etcd: owner (no lower key left)
  | 'lock-acquired' // Lock() returned: token
  | 'acquire-failed' // the lock txn failed (its lease had expired before the put): text; the program stops
  | 'keepalive-sent'
  | 'keepalive-arrived' // the keepalive reached etcd
  | 'keepalive-reply' // its answer was heard: ttlS (0 = lease gone)
  | 'write-sent'
  | 'write-decided' // the storage txn reached etcd: accepted, text, highestBefore, revision
  | 'write-reply'
  | 'read-sent'
  | 'read-decided'
  | 'read-reply'
  | 'release-sent'
  | 'release-arrived' // Unlock's delete reached etcd: revision
  | 'work-started'
  | 'lease-check-passed'
  | 'lease-check-failed'
  | 'program-ended'
  // In the recorder.
  | 'pause-started' // SIGSTOP
  | 'pause-ended' // SIGCONT
  | 'crashed' // SIGKILL
  | 'revoke-fault' // an expireLease fault: LeaseRevoke of the owner's lease
  | 'key-put' // its watch saw a lock key created: key, token (create revision), leaseId
  | 'key-deleted'; // its watch saw a lock key deleted: key, revision, leaseId

/** One recorded event. */
export interface RecordedEvent {
  /** Real ms since t0 (0.1 ms resolution). */
  atMs: number;
  kind: RecordedKind;
  /** The client it happened at or to. */
  client?: string;
  token?: number;
  /** etcd's revision in the response header (or of the watch event). */
  revision?: number;
  leaseId?: string;
  /** TTL in seconds, as etcd answered. */
  ttlS?: number;
  key?: string;
  value?: string;
  owner?: boolean;
  accepted?: boolean;
  highestBefore?: number;
  text?: string;
  durationMs?: number;
  deadlineMs?: number;
}

/** Measured figures of one run (ms). */
export interface RecordingMeasures {
  /** Per lease that expired: how long after its deadline (last renewal reaching etcd + TTL) the watch saw its key deleted. */
  expiryLagsMs: { client: string; token: number; deadlineMs: number; deletedMs: number; lagMs: number }[];
  /** Per handover: from the previous owner's key deletion to the waiter's `Lock()` returning. */
  handoversMs: { client: string; token: number; deletedMs: number; acquiredMs: number; ms: number }[];
  /** Round trip of a plain read on loopback, measured before the run (ms, median of 20). */
  loopbackRttMs: number;
}

/** A recording: the scenario as run, what happened, and a scenario that replays it in the model. */
export interface Recording {
  format: typeof RECORDING_FORMAT;
  /** etcd's version (`etcd --version`, or the server's reported version for `--endpoint`). */
  etcdVersion: string;
  /** ISO time of the run. */
  recordedAt: string;
  /** The scenario the clients ran (times as given: real ms). */
  scenario: ScenarioInput;
  /** One-way latency the client processes added to every request and every answer (ms). */
  latencyMs: number;
  events: RecordedEvent[];
  measures: RecordingMeasures;
  /** A v1 scenario for the etcd-flavoured model: the scenario with the measured first token and expiry check phase. */
  replay: ScenarioInput;
}
