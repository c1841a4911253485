/**
 * The guided opening of the seed (issue 14, item 1): one idea at a time — a lock; the holder can
 * crash; so the lock is a lease that expires; the holder can pause; two owners; a number that grows
 * with each grant, checked by the storage. Each step is a short caption tied to a key moment of the
 * trace (`moments.ts`), and names the marks the timeline emphasises then (the rest is dimmed by a
 * class on the timeline's root, see `story.css`). Several steps may share one moment: Continue goes
 * through them before playback moves on. English content, like the scenarios' narration.
 *
 * The guide tells the seed as written. After any intervention the run may differ, so the story
 * falls back to the generic key-moment captions (`StoryBar.tsx`); a test walks the guide in a browser.
 *
 * Sources: Kleppmann, "How to do distributed locking" (2016) — what the lock is for ("Efficiency":
 * a failure costs "a minor increase in cost" or "the same email notification twice", and "a single
 * Redis instance" will do; "Correctness": a failure means "a corrupted file, data loss, permanent
 * inconsistency"), the GC pause, the expired lease, the fencing token checked by the storage; DDIA ch. 8 ("Process Pauses", "Fencing tokens", Figure 8-5);
 * etcd API guide (a lease expires without a keepAlive within its TTL).
 * @module
 */
import type { KeyMoment, MomentKind } from './moments';

/** Mark kinds the timeline can emphasise (their classes: `fl-lease`, `fl-pause`, `fl-msg--grant`...). */
export type FocusMark = 'lease' | 'belief' | 'pause' | 'grant' | 'write' | 'keepalive' | 'decision' | 'stale' | 'crash';

/** One step of the guide. */
export interface GuideStep {
  /** The moment it belongs to: `start` (before playing), the `nth` (from 1) moment of `kind`, or `end`. */
  at: 'start' | 'end' | { kind: MomentKind; nth: number };
  title: string;
  text: string;
  /** The marks emphasised; empty means nothing is dimmed. */
  focus: readonly FocusMark[];
}

/** The scenario the guide tells, as written (no interventions). */
export const GUIDED_SCENARIO = 'seed-gc-pause';

/** Issue 41, item 11: what the lock is for (Kleppmann 2016 opens with it), asked right after the first grant. */
const WHAT_FOR: GuideStep = {
  at: { kind: 'grant', nth: 1 },
  title: 'What is the lock for?',
  text:
    'First ask what the lock is for. If it only saves doing the same work twice, a failure costs little: two clients do the same job, or someone gets the same email twice, and a simple lock is enough. ' +
    'Here it guards the data itself: two clients writing over each other would leave it wrong. That is the case this story is about, and it needs more than a lock.',
  focus: ['grant', 'lease'],
};

/** The seed's guided opening. */
export const SEED_GUIDE: readonly GuideStep[] = [
  {
    at: 'start',
    title: 'Two clients, one storage',
    text:
      'Client 1 and client 2 both want to write to the same storage. So that they do not write over each other, a client must hold the lock before it writes, and a lease service gives the lock to one client at a time. Press Play to begin.',
    focus: [],
  },
  {
    at: { kind: 'grant', nth: 1 },
    title: 'A lock',
    text: 'The lease service grants the lock to client 1; the message reaches it at 0.2 s. As long as the lease service counts client 1 as the holder, it gives the lock to no other client.',
    focus: ['grant', 'lease'],
  },
  // Issue 41, item 11: Kleppmann's opening question, efficiency or correctness.
  WHAT_FOR,
  {
    at: { kind: 'grant', nth: 1 },
    title: 'The holder can crash',
    text: 'But what if client 1 crashed now? If the lock lasted until its holder gave it back, nobody could ever take it again.',
    focus: ['lease'],
  },
  {
    at: { kind: 'grant', nth: 1 },
    title: 'So the lock is a lease that expires',
    text:
      'So the lock is a lease: it lasts for its TTL, 10 s here, unless client 1 renews it with keepalives. The green bar on the lease service is the lease.',
    focus: ['lease'],
  },
  {
    at: { kind: 'decision', nth: 1 },
    title: 'Client 1 writes',
    text: 'Client 1 writes. Its write carries the number 33 that came with its grant, and the storage remembers 33. Keep that number in mind.',
    focus: ['write', 'decision'],
  },
  {
    at: { kind: 'pause', nth: 1 },
    title: 'The holder can pause',
    text:
      'At 1 s client 1 freezes in a 20 s garbage-collection pause. It has not crashed; it runs none of its code, so it sends no keepalives, and it cannot notice that time passes.',
    focus: ['pause'],
  },
  {
    at: { kind: 'expiry', nth: 1 },
    title: 'The lease expires',
    text: "No keepalive has arrived for 10 s, so at 10.1 s the lease service ends client 1's lease. It cannot tell a paused client from a crashed one.",
    focus: ['lease'],
  },
  {
    at: { kind: 'new-grant', nth: 1 },
    title: 'Two owners',
    text:
      'The lease service grants the lock to client 2, which was waiting, with the number 34. Client 1 is still frozen and still believes it holds the lock (the purple bar): two clients now think they own it.',
    focus: ['grant', 'belief', 'lease'],
  },
  {
    at: { kind: 'expiry', nth: 2 },
    title: "Client 2's lease ends too",
    text: "Client 2 has finished its work and renews nothing, so its lease ends at 20.1 s. The storage still remembers 34, the highest number it has accepted.",
    focus: ['lease', 'decision'],
  },
  {
    at: { kind: 'late-write', nth: 1 },
    title: 'The late write',
    text:
      "At 21 s client 1 wakes and carries on where it stopped: it sends its next write, still with 33. Its keepalive is refused, but only its background keepalive loop sees that; the code that writes does not.",
    focus: ['write', 'stale', 'belief'],
  },
  {
    at: 'end',
    title: 'A number that grows with each grant, checked by the storage',
    text:
      'That number is a fencing token: the lease service makes it larger with every grant, and the storage rejects any write whose token is lower than one it has already accepted. The lease service could not stop client 1; the storage did.',
    // Nothing dimmed at the end: the whole run is the picture (and a link to the end opens here too).
    focus: [],
  },
];

/** The guide's steps for `moment` (the `nth` moment of its kind in `moments`), in order. */
export function guideStepsFor(guide: readonly GuideStep[], moments: readonly KeyMoment[], moment: KeyMoment): GuideStep[] {
  const nth = moments.filter((m) => m.kind === moment.kind && m.stopMs <= moment.stopMs).length;
  return guide.filter((s) => typeof s.at === 'object' && s.at.kind === moment.kind && s.at.nth === nth);
}
