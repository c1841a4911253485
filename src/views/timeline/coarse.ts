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
 *
 * Writes likewise (issue 43): eight clients writing back to back make over a thousand writes, each
 * an arrow, a decision's mark on the storage lane with its label, and a reply, and laying them out
 * took tens of seconds. Where one client's routine writes come closer than {@link WRITE_THIN_PX} px,
 * only one every {@link WRITE_THIN_PX} px is drawn, with its decision and reply. A routine write is
 * one that repeats what the same client's write before it showed: the same token and the same
 * outcome (stored; stored although its writer no longer held the lease, `staleAccepted`; or
 * rejected), decided on time. Always drawn, because they are where the story changes: a client's
 * first write, every write whose token or outcome differs from its write before (the first write
 * with a new token, the first rejection by the fencing token, the first stale write stored), the
 * write before each of those and each client's last (so each stretch shows where it starts and
 * ends), every write a fault delayed or held, and every one the storage never decided. Between
 * them, a run of rejections or of stale writes is drawn one every {@link WRITE_THIN_PX} px like any
 * other repeat: drawn in full at this scale they could not be told apart, and the events table and
 * the storage's log list every one.
 *
 * Reads likewise (issue 43's review: eight clients reading back to back drew 3,200 arrows and froze
 * the page for a minute): where one client's routine reads come closer than {@link WRITE_THIN_PX}
 * px, one every {@link WRITE_THIN_PX} px is drawn with its reply and the storage's mark. A routine
 * read repeats the same client's read before it: the same token, served or refused alike, and (when
 * served) data written with the same token, answered on time. Always drawn: a client's first and last
 * read, every read that differs from its read before (the first refused, the first that returns
 * another writer's data: where a stale read shows) and the read before it, and every read a fault
 * delayed or held or the storage never answered.
 * @module
 */
import type { Message, StorageDecision, Trace } from '../../model/trace';
import type { Translate } from '../../teaching/captions';
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

/**
 * Least distance (px) between two drawn routine writes of one client at the picture's scale: a
 * decision's mark is 20 px wide (`DECISION_R` in mark-spots.ts), so marks this far apart stay on
 * the storage's line without moving aside.
 */
export const WRITE_THIN_PX = 24;

/** The messages a picture draws, and how many routine ones it leaves out. */
export interface CoarseLevel {
  /** The messages drawn, in the trace's order (the trace's own array when none is left out). */
  messages: readonly Message[];
  /** The storage decisions drawn (on the writes drawn), in the trace's order (`trace.storage` when none is left out). */
  decisions: readonly StorageDecision[];
  /** Routine messages in the run (keepalives, their replies, writes), and how many of them are drawn. */
  routine: number;
  drawnRoutine: number;
  /** Keepalives and keepalive replies in the run, and how many of them are drawn. */
  keepalives: number;
  drawnKeepalives: number;
  /** Writes in the run, and how many of them are drawn (each with its decision and reply). */
  writes: number;
  drawnWrites: number;
  /** Reads in the run, and how many of them are drawn (each with its reply and the storage's mark). */
  reads: number;
  drawnReads: number;
  /** The ids of the read replies left out: the storage's read marks (`read-served` / `read-rejected`, whose `messageId` is the reply's) not drawn. */
  thinnedReadReplies: ReadonlySet<number>;
}

const NONE: ReadonlySet<number> = new Set();

const late = (m: Message) => m.delayedMs + m.heldMs > 0;

/**
 * Which messages of `trace` geometry `g` draws (see the module's note). Linear in the messages.
 */
export function coarseMessages(g: Pick<Geometry, 'x'>, trace: Trace): CoarseLevel {
  const all = trace.messages;
  const keep = new Uint8Array(all.length);
  const { thinnedWrites, writes } = thinWrites(g, trace, keep);
  const { reads, thinnedReads } = thinReads(g, trace, keep);
  const thinnedReadReplies = new Set<number>();
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
      // (Writes, reads and their replies are chosen by thinWrites and thinReads.)
      else if (m.kind !== 'write' && m.kind !== 'write-reply' && m.kind !== 'read' && m.kind !== 'read-reply') keep[i] = 1;
    }
  });
  if (thinned === 0 && thinnedWrites.size === 0 && thinnedReads.size === 0)
    return { messages: all, decisions: trace.storage, routine: routine + writes + reads, drawnRoutine: routine + writes + reads, keepalives: routine, drawnKeepalives: routine, writes, drawnWrites: writes, reads, drawnReads: reads, thinnedReadReplies: NONE };
  // The replies in a second pass: the last keepalive of a held stretch is known only once the next is met.
  let drawnRoutine = 0;
  const out: Message[] = [];
  all.forEach((m, i) => {
    countOps();
    if (m.kind === 'keepalive-ok' && thinned > 0) {
      const key = `${m.from}>${m.to}@${m.sentAtMs}`;
      const n = replies.get(key) ?? 0;
      if (n <= 0) return;
      replies.set(key, n - 1);
      drawnRoutine++;
      out.push(m);
      return;
    }
    if (m.kind === 'keepalive-ok') {
      drawnRoutine++;
      out.push(m);
      return;
    }
    // A read's reply leaves as the storage answers it, a write's with its decision: each drawn unless
    // its read or write is left out (counted by client and time in `thinnedReads` / `thinnedWrites`).
    if (m.kind === 'read-reply' || m.kind === 'write-reply') {
      const left = m.kind === 'read-reply' ? thinnedReads : thinnedWrites;
      const key = `${m.to}@${m.sentAtMs}`;
      const n = left.get(key) ?? 0;
      if (n > 0) {
        left.set(key, n - 1);
        if (m.kind === 'read-reply') thinnedReadReplies.add(m.id);
        return;
      }
      out.push(m);
      return;
    }
    if (!keep[i]) return;
    if (m.kind === 'keepalive') drawnRoutine++;
    out.push(m);
  });
  const decisions = trace.storage.filter((d) => keep[d.messageId]);
  const drawnWrites = writes - countThinned(all, keep, 'write');
  const drawnReads = reads - countThinned(all, keep, 'read');
  return {
    messages: out,
    decisions,
    routine: routine + writes + reads,
    drawnRoutine: drawnRoutine + drawnWrites + drawnReads,
    keepalives: routine,
    drawnKeepalives: drawnRoutine,
    writes,
    drawnWrites,
    reads,
    drawnReads,
    thinnedReadReplies,
  };
}

function countThinned(all: readonly Message[], keep: Uint8Array, kind: 'write' | 'read'): number {
  let n = 0;
  for (let i = 0; i < all.length; i++) if (all[i]!.kind === kind && !keep[i]) n++;
  return n;
}

/**
 * Marks in `keep` the messages of `kind` drawn at geometry `g`'s scale, in one pass over `all`: per
 * sender, a routine message (one whose `shown(m)` is defined, equals its message before's, and was
 * neither delayed nor held) is drawn only {@link WRITE_THIN_PX} px after the last drawn; every other
 * one, the one before it, and each sender's last are always drawn. Returns how many of `kind` there are.
 */
function thinRoutine(g: Pick<Geometry, 'x'>, all: readonly Message[], kind: 'write' | 'read', shown: (m: Message) => string | undefined, keep: Uint8Array): number {
  // Per sender: what its message before showed, the x of its last drawn, its last left out.
  const streams = new Map<string, { shown: string | undefined; last: number; prevThinned: number }>();
  let n = 0;
  for (let i = 0; i < all.length; i++) {
    const m = all[i]!;
    if (m.kind !== kind) continue;
    countOps();
    n++;
    const s = streams.get(m.from);
    const x = g.x(m.sentAtMs);
    const now = shown(m);
    const routine = s !== undefined && now !== undefined && m.delayedMs + m.heldMs === 0 && now === s.shown;
    // The last of a stretch (looking back): the one before one that is not routine.
    if (!routine && s && s.prevThinned >= 0) keep[s.prevThinned] = 1;
    if (!routine || x - s!.last >= WRITE_THIN_PX) {
      keep[i] = 1;
      streams.set(m.from, { shown: now, last: x, prevThinned: -1 });
    } else streams.set(m.from, { shown: now, last: s!.last, prevThinned: i });
  }
  // Each sender's last of all.
  for (const s of streams.values()) if (s.prevThinned >= 0) keep[s.prevThinned] = 1;
  return n;
}

/** Adds one to `counts` at `key`. */
function count(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/**
 * Marks in `keep` the writes of `trace` drawn at geometry `g`'s scale (see the module's note): a
 * routine write repeats its write before's token and outcome, decided. Returns the writes in the
 * run, and the writes left out by where their decision's reply leaves (`client@ms`, with a count),
 * for the reply pass.
 */
function thinWrites(g: Pick<Geometry, 'x'>, trace: Trace, keep: Uint8Array): { writes: number; thinnedWrites: Map<string, number> } {
  const decisionOf = new Map<number, StorageDecision>();
  for (const d of trace.storage) decisionOf.set(d.messageId, d);
  const writes = thinRoutine(g, trace.messages, 'write', (m) => {
    const d = decisionOf.get(m.id);
    return d && `${m.token}|${!d.accepted ? 'rejected' : d.staleAccepted ? 'stale' : 'stored'}`;
  }, keep);
  const thinnedWrites = new Map<string, number>();
  for (const d of trace.storage) if (!keep[d.messageId]) count(thinnedWrites, `${d.client}@${d.atMs}`);
  return { writes, thinnedWrites };
}

/**
 * Marks in `keep` the reads of `trace` drawn at geometry `g`'s scale (see the module's note): a
 * routine read repeats its read before's token, served or refused, and the token its data was
 * written with, answered. Returns the reads in the run, and the reads left out by where their reply
 * leaves (`client@ms`, with a count), for the reply pass.
 */
function thinReads(g: Pick<Geometry, 'x'>, trace: Trace, keep: Uint8Array): { reads: number; thinnedReads: Map<string, number> } {
  const answerOf = new Map<number, { served: boolean; writtenWith?: number }>();
  for (const r of trace.reads ?? []) if (r.messageId !== undefined) answerOf.set(r.messageId, r);
  const reads = thinRoutine(g, trace.messages, 'read', (m) => {
    const a = answerOf.get(m.id);
    return a && m.handledAtMs !== undefined ? `${m.token}|${a.served}|${a.writtenWith}` : undefined;
  }, keep);
  const thinnedReads = new Map<string, number>();
  for (let i = 0; i < trace.messages.length; i++) {
    const m = trace.messages[i]!;
    if (m.kind === 'read' && !keep[i] && m.handledAtMs !== undefined) count(thinnedReads, `${m.from}@${m.handledAtMs}`);
  }
  return { reads, thinnedReads };
}

/**
 * The notice under a picture drawn coarser, in `t`'s language: what it leaves out and what it
 * always draws (the keepalives' sentence, then the writes'); empty when it leaves nothing out.
 */
export function coarseNotice(c: CoarseLevel, t: Translate): string {
  return [
    c.drawnKeepalives < c.keepalives && t('timeline.coarse', { total: c.keepalives, shown: c.drawnKeepalives }),
    c.drawnWrites < c.writes && t('timeline.coarse.writes', { writes: c.writes, shown: c.drawnWrites }),
    c.drawnReads < c.reads && t('timeline.coarse.reads', { reads: c.reads, shown: c.drawnReads }),
  ]
    .filter(Boolean)
    .join(' ');
}
