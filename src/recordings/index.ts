/**
 * The recordings of real etcd runs shown in the Library ("Recorded on etcd 3.4.23"): metadata
 * here (small, in the Library's chunk), each recording and the view that draws it loaded only when
 * opened (`RecordingView.tsx`). Made with `npm run record:etcd` (README, "Recorded on etcd").
 * @module
 */
import type { Recording } from '../etcd/recording';

/** One recording in the Library. */
export interface RecordingMeta {
  id: string;
  title: string;
  summary: string;
}

/** The etcd version the recordings were made on. */
export const RECORDED_ETCD_VERSION = '3.4.23';

/** The recordings, in the Library's order. */
export const RECORDINGS: readonly RecordingMeta[] = [
  {
    id: 'seed-gc-pause',
    title: 'The seed on etcd: a 20 s SIGSTOP, twice the TTL',
    summary: 'The seed as written (10 s TTL), client 1 stopped with SIGSTOP for 20 s: tokens 33 and 35, the late write rejected.',
  },
  {
    id: 'keepalive-holds',
    title: 'Keepalives on etcd: the holder renews for 5 s, the waiter queues',
    summary: 'Keepalives hold a 2 s lease through 5 s of work; the waiter keeps its own lease alive and takes over through its watch.',
  },
  {
    id: 'check-then-write',
    title: 'A SIGSTOP longer than the TTL between the check and the write',
    summary: 'Client 1 checks its 10 s lease, is stopped with SIGSTOP for 20 s before its write leaves, and is rejected: the storage has seen 35.',
  },
];

const LOADERS: Readonly<Record<string, () => Promise<Recording>>> = {
  'seed-gc-pause': () => import('./data/seed-gc-pause.recording.json').then((m) => m.default as unknown as Recording),
  'keepalive-holds': () => import('./data/keepalive-holds.recording.json').then((m) => m.default as unknown as Recording),
  'check-then-write': () => import('./data/check-then-write.recording.json').then((m) => m.default as unknown as Recording),
};

/** Loads one recording by id. @throws Error for an unknown id. */
export function loadRecording(id: string): Promise<Recording> {
  const load = LOADERS[id];
  if (!load) return Promise.reject(new Error(`unknown recording "${id}"`));
  return load();
}
