/**
 * The coarser level of a dense run (issue 43): a client renewing its lease every 100 ms for ten
 * minutes sends 6,000 keepalives, and their replies as many, into a picture a few hundred px wide,
 * dozens of arrows on every pixel. Drawn in full they could not be told apart, and drawing them
 * (and placing everything else clear of them) froze the page. Where a client's keepalives come
 * closer than {@link THIN_PX} px at the picture's scale, only one every {@link THIN_PX} px (and at most {@link MAX_DRAWN} in all) is drawn,
 * with its reply; the first and last of each stretch held up by a partition or a delay are always
 * drawn (the first carries the stretch's label), and every other message (grants, writes, reads,
 * "lease gone" replies) always. The timeline says so in a notice; the events table lists every
 * event. A story frame's larger scale draws more of them, up to all.
 * @module
 */
import type { Message, Trace } from '../../model/trace';
import type { Geometry } from './geometry';
import { countOps } from './spatial';

/** Least distance (px) between two drawn keepalives of one client at the picture's scale, in a run too dense to draw each. */
export const THIN_PX = 6;

/**
 * The most keepalives of one client drawn in the whole picture: a story frame's larger scale draws a
 * long run many thousands of px wide, and thousands of arrows took seconds to draw (the spacing then
 * grows beyond {@link THIN_PX}).
 */
export const MAX_DRAWN = 400;

/** The messages a picture draws, and how many routine ones it leaves out. */
export interface CoarseLevel {
  /** The messages drawn, in the trace's order (the trace's own array when none is left out). */
  messages: readonly Message[];
  /** Keepalives and keepalive replies in the run, and how many of them are drawn. */
  routine: number;
  drawnRoutine: number;
}

const late = (m: Message) => m.delayedMs + m.heldMs > 0;

/**
 * Which messages of `trace` geometry `g` draws (see the module's note). Linear in the messages.
 */
export function coarseMessages(g: Pick<Geometry, 'x'>, trace: Trace): CoarseLevel {
  const all = trace.messages;
  const keep = new Uint8Array(all.length);
  // Keepalives, per client: the previous one and the x of the last drawn.
  const streams = new Map<string, { last: number; prev: Message | undefined; prevIndex: number }>();
  // Drawn keepalives by where their reply comes from, when it is sent: the reply to each is drawn.
  const replies = new Map<string, number>();
  let routine = 0;
  let thinned = 0;
  const spacing = Math.max(THIN_PX, (g.x(trace.endMs) - g.x(0)) / MAX_DRAWN);
  all.forEach((m, i) => {
    countOps();
    if (m.kind === 'keepalive') {
      routine++;
      const key = `${m.from}>${m.to}`;
      const s = streams.get(key) ?? { last: -Infinity, prev: undefined, prevIndex: -1 };
      const x = g.x(m.sentAtMs);
      // The first of a held-up stretch, and (looking back) the last one before it ends.
      const first = late(m) && !(s.prev && late(s.prev));
      if (s.prev && late(s.prev) && !late(m) && !keep[s.prevIndex]) {
        keep[s.prevIndex] = 1;
        thinned--;
        if (s.prev.handledAtMs !== undefined) replies.set(`${s.prev.to}>${s.prev.from}@${s.prev.handledAtMs}`, (replies.get(`${s.prev.to}>${s.prev.from}@${s.prev.handledAtMs}`) ?? 0) + 1);
      }
      if (first || x - s.last >= spacing) {
        keep[i] = 1;
        s.last = x;
        if (m.handledAtMs !== undefined) replies.set(`${m.to}>${m.from}@${m.handledAtMs}`, (replies.get(`${m.to}>${m.from}@${m.handledAtMs}`) ?? 0) + 1);
      } else thinned++;
      s.prev = m;
      s.prevIndex = i;
      streams.set(key, s);
    } else {
      if (m.kind === 'keepalive-ok') routine++;
      keep[i] = 1;
    }
  });
  if (thinned === 0) return { messages: all, routine, drawnRoutine: routine };
  // The replies in a second pass: the last keepalive of a held stretch is known only once the next is met.
  let drawnRoutine = 0;
  const out: Message[] = [];
  all.forEach((m, i) => {
    countOps();
    if (m.kind === 'keepalive-ok') {
      const key = `${m.from}>${m.to}@${m.sentAtMs}`;
      const n = replies.get(key) ?? 0;
      if (n <= 0) return;
      replies.set(key, n - 1);
      drawnRoutine++;
      out.push(m);
      return;
    }
    if (!keep[i]) return;
    if (m.kind === 'keepalive') drawnRoutine++;
    out.push(m);
  });
  return { messages: out, routine, drawnRoutine };
}
