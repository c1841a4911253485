/**
 * What the screen-reader announcer says, as pure functions of the trace: which event of a stretch
 * matters most (so a summary while playing names the decision, not a keepalive), and the sentence
 * for it. The timing (at most one summary per {@link ANNOUNCE_EVERY_MS} while playing) lives in
 * `LiveAnnouncer.tsx`.
 * @module
 */
import type { EventKind, Trace } from '../../model/trace';
import { seconds } from '../../store/derive';
import { captionAt, captionForEvent, type Translate } from '../../teaching/captions';
import '../tools-messages'; // its text (catalogue loaded with the secondary controls, issue 7)

/** Least wall time (ms) between two announcements while playing. */
export const ANNOUNCE_EVERY_MS = 1500;

/**
 * Events too routine to interrupt a listener while playing: keepalive traffic and bookkeeping.
 * They are still announced when stepped to, and listed in the events table.
 */
export const ROUTINE_EVENTS: ReadonlySet<EventKind> = new Set<EventKind>([
  'keepalive-sent',
  'lease-renewed',
  'keepalive-ok-received',
  'client-start',
  'work-started',
  'read-reply-received',
  'write-reply-received',
  'program-ended',
]);

/** The turning points of a story: a summary names one of these if the stretch has one. */
export const KEY_EVENTS: ReadonlySet<EventKind> = new Set<EventKind>([
  'write-rejected',
  'write-accepted',
  'lease-expired',
  'lease-revoked',
  'crashed',
  'pause-started',
  'pause-ended',
  'lease-check-failed',
  'keepalive-rejected',
  'lease-granted',
  'read-rejected',
  'message-dropped',
  'partition-started',
  'partition-healed',
]);

/** 2 for a key event, 1 for an ordinary one, 0 for a routine one. */
function weight(kind: EventKind): number {
  return KEY_EVENTS.has(kind) ? 2 : ROUTINE_EVENTS.has(kind) ? 0 : 1;
}

/**
 * Which event to announce for the stretch of events `(from, to]` (indices into `trace.events`): the
 * latest key event (a storage decision, a lease ending, a pause...), else the latest ordinary one,
 * else `to` itself. `-1` if the stretch is empty.
 */
export function pickAnnouncement(trace: Trace, from: number, to: number): number {
  if (to <= from || to < 0) return -1;
  let best = to;
  for (let i = to; i > from && i >= 0; i--) {
    if (weight(trace.events[i]!.kind) > weight(trace.events[best]!.kind)) best = i;
  }
  return best;
}

/**
 * The sentence announced for the event at `index`: "10.1 s: Lease 33 expired." (the event's own
 * title) or, when `full` (stepping, not playing), the caption of that instant, title and text.
 */
export function announcementFor(trace: Trace, index: number, t: Translate, full: boolean): string {
  const e = trace.events[index];
  if (!e) return '';
  if (!full) return t('announce.at', { at: seconds(e.atMs), title: captionForEvent(trace, e, t).title });
  // In full: the caption of the whole instant, as the caption panel shows it.
  const c = captionAt(trace, e.atMs, t);
  return c ? `${t('announce.at', { at: seconds(e.atMs), title: c.title })} ${c.text}` : '';
}
