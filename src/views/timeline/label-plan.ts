/**
 * Where every text label of the timeline goes, for one trace at one layout (issue 13): one request
 * per label of the whole run (as it stands at the end, so a label never moves while playing, and
 * the labels shown at any moment are a subset of a set that does not collide), placed by
 * `label-layout.ts`. The marks (`Lanes.tsx`, `Messages.tsx`) look their label up by key
 * ({@link labelKey}) and draw it there, or leave it out when it found no place (their accessible
 * names and tooltips still say everything).
 *
 * One file, over 450 lines: most of it is {@link planLabels}, one pass that gathers every label's
 * places and every obstacle of the run so that they are placed together; cut by lane, its parts
 * would pass that state (the requests, the obstacles, its measuring helpers) between files.
 * @module
 */
import { type ReadDecision, type StorageDecision, type Trace, type TraceEvent } from '../../model/trace';
import { seconds } from '../../store/derive';
import { localiseNumber } from '../../i18n';
import { actorName, type Translate } from '../../teaching/names';
import { AXIS_H, leaseEndLabelKey, staleStretches } from './geometry';
import { drawnHead } from './arrows';
import { DECISION_R, MARKER_DY } from './mark-spots';
import { REPLY_SEP, type MarkGeometry as Geometry } from './message-geometry';
import { placeLabelsSteps, pointCandidates, SegmentGrid, segmentHits, textBox, type Box, type Candidate, type LabelRequest, type Measure, type Obstacle, type Placement, type Segment } from './label-layout';
import { countOps, XIndex } from './spatial';
import { drain, type Steps } from './slices';

/** The messages of a geometry indexed by their x extent (once per geometry), for {@link beliefStartX} and {@link beliefEndX}. */
const messageIndexes = new WeakMap<readonly Geometry['messages'][number][], XIndex<Geometry['messages'][number]>>();

/** `g`'s messages whose x extent may meet x0..x1, in their order (all of them without an index). */
function messagesNear(messages: Geometry['messages'], x0: number, x1: number): readonly Geometry['messages'][number][] {
  let index = messageIndexes.get(messages);
  if (!index) {
    index = new XIndex(32);
    for (const m of messages) index.add(m, m.x1, m.x2);
    messageIndexes.set(messages, index);
  }
  return index.near(x0, x1);
}

/**
 * The least width (px) a client's belief bar is drawn with (`Lanes.tsx`): a belief that lasts only
 * a moment (a client that writes once and ends) still reads as a bar, not a sliver under its arrows.
 */
export const BELIEF_MIN_W = 14;

/** The top (px) of a client's belief bars, below its lane's line, and their height (`Lanes.tsx`). */
export const BELIEF_DY = 48;
export const BELIEF_H = 20;
/**
 * Least space between a label and a message arrow (px): the 1.5 px stroke's half, its arrowhead's half
 * (about 2.5 px wider than the stroke) and 1 px of air, so no label touches an arrow (a fresh
 * reviewer found labels 1–2 px from arrows with 1.5).
 */
export const LINE_SPARE = 3.5;

/**
 * Least space (px) between two labels side by side on one row: a fresh reviewer read "write 33" and
 * "write 33" 3 px apart, and "stored 34" and "rejected 33 < 34" 5 px apart, as one phrase each.
 */
export const ROW_GAP = 9;
/**
 * Least space (px) above and below between two storage decisions' labels of one kind (stored,
 * stored stale, rejected): a fresh reviewer read "stored 1, stale" 2 px over "stored 2, stale" as
 * one two-line label. Two of different kinds differ in colour and keep only the usual gap.
 */
export const DECISION_APART = 8;

/** Room (px) kept around an arrowhead's box: the "read" labels sat 2–3 px from their arrows' heads. */
export const HEAD_SPARE = 3;

/**
 * The grip of the handle on a pause's end (`PauseHandles.tsx`), a box in px: 8 px wide, centred on
 * the end's x, between the lane's line and its belief bars with 3 px to each (so it covers neither the
 * dot of a message sent at the pause's end nor the top of the bar below).
 * @param lane the client's lane: its top and its line's y (`base`), px
 */
export function pauseGrip(lane: { top: number; base: number }, endX: number): { x: number; y: number; w: number; h: number } {
  const y = lane.base + 3;
  return { x: endX - 4, y, w: 8, h: lane.top + BELIEF_DY - 3 - y };
}

/**
 * Where a belief's bar starts (px): at its start, or, where an arrow of its own client passes the
 * bar's rows within 3 px of that (a write sent as the grant arrives), 3 px right of that arrow, so
 * the arrow runs beside the bar, not along its edge (at most 8 px later).
 * @param laneTop the top (px) of the client's lane
 */
export function beliefStartX(g: Pick<Geometry, 'x'> & { messages?: Geometry['messages'] }, b: { client: string; startMs: number }, laneTop: number): number {
  const x1 = g.x(b.startMs);
  let out = x1;
  const top = laneTop + BELIEF_DY;
  // (Only an arrow whose extent meets x1 - 3 .. x1 + 5 can: its x at the bar's rows lies in it.)
  for (const m of g.messages ? messagesNear(g.messages, x1 - 3, x1 + 5) : []) {
    // Its line's x where it crosses the bar's rows (it reaches both), near the bar's start.
    const xs = [top, top + BELIEF_H].map((y) => m.x1 + ((m.x2 - m.x1) * (y - m.y1)) / (m.y2 - m.y1));
    const hi = Math.max(...xs);
    if ((m.from === b.client || m.to === b.client) && Math.min(m.y1, m.y2) <= top && Math.max(m.y1, m.y2) >= top + BELIEF_H && hi > x1 - 3 && Math.min(...xs) < x1 + 3 && hi < x1 + 5) out = Math.max(out, hi + 3);
  }
  return out;
}

/**
 * Where a finished belief's bar ends (px): at its end, or {@link BELIEF_MIN_W} px after its start
 * when it lasted only a moment, but then never over an arrow of its own client that crosses the
 * bar's height after its end (the reply that ended it, drawn a few px to the right): it stops 3 px
 * short of that arrow, so the arrow passes beside the bar, not through it. A bar that lasted longer
 * reaches on to 3 px short of the reply that ended it where that is drawn to the right of its end.
 * @param laneTop the top (px) of the client's lane
 */
export function beliefEndX(g: Pick<Geometry, 'x'> & { messages?: Geometry['messages'] }, b: { client: string; startMs: number; endMs: number }, laneTop: number): number {
  const x1 = beliefStartX(g, b, laneTop);
  const end = g.x(b.endMs);
  let x2 = Math.max(end, x1 + BELIEF_MIN_W);
  if (!g.messages) return x2;
  const [top, bottom] = [laneTop + BELIEF_DY, laneTop + BELIEF_DY + BELIEF_H];
  // The client's arrows over the bar's rows: the leftmost x where each line reaches them.
  const crossings: { m: Geometry['messages'][number]; lo: number }[] = [];
  // (Only those whose crossing may count below: between the bar's end and a little past its drawn end.)
  for (const m of messagesNear(g.messages, Math.min(end, x1) - 1, Math.max(end, x2) + REPLY_SEP + 4)) {
    if ((m.from !== b.client && m.to !== b.client) || m.y1 === m.y2) continue;
    const xs = [top, bottom]
      .map((y) => (y - m.y1) / (m.y2 - m.y1))
      .filter((f) => f >= 0 && f <= 1)
      .map((f) => m.x1 + (m.x2 - m.x1) * f);
    if (xs.length > 0) crossings.push({ m, lo: Math.min(...xs) });
  }
  if (x2 > end) {
    for (const { lo } of crossings) if (lo > end + 0.5 && lo < x2 + 3) x2 = Math.max(end, lo - 3);
    return x2;
  }
  // The reply that ended it arrives at its end but is drawn up to REPLY_SEP px to the right: the bar
  // reaches to 3 px short of it, so it does not stop a few px past an arrow sent just before its end.
  for (const { m, lo } of crossings) if (m.to === b.client && m.arriveAtMs === b.endMs && lo > end + 3 && lo <= end + REPLY_SEP + 3) x2 = Math.max(x2, lo - 3);
  return x2;
}

/** Keys of the labels, by mark. */
export const labelKey = {
  partition: (client: string, i: number) => `part:${client}:${i}`,
  pause: (client: string, startMs: number) => `pause:${client}:${startMs}`,
  belief: (client: string, token: number, startMs: number) => `belief:${client}:${token}:${startMs}`,
  stale: (client: string, token: number, startMs: number) => `stale:${client}:${token}:${startMs}`,
  check: (eventId: number) => `check:${eventId}`,
  crash: (client: string) => `crash:${client}`,
  lease: (token: number, startMs: number) => `lease:${token}:${startMs}`,
  leaseEnd: (token: number, startMs: number) => `leaseend:${token}:${startMs}`,
  marker: (eventId: number) => `marker:${eventId}`,
  decision: (messageId: number) => `dec:${messageId}`,
  read: (eventId: number) => `read:${eventId}`,
  reset: (atMs: number) => `reset:${atMs}`,
  message: (id: number) => `msg:${id}`,
  wait: (id: number) => `wait:${id}`,
  lost: (id: number) => `lost:${id}`,
};

/** The storage's record of the read that event `e` (read-served / read-rejected) stands for, if the trace has one. */
export function readOf(trace: Trace, e: TraceEvent): ReadDecision | undefined {
  let byKey = readIndexes.get(trace);
  if (!byKey) {
    byKey = new Map();
    for (const r of trace.reads ?? []) if (!byKey.has(`${r.atMs}|${r.client}`)) byKey.set(`${r.atMs}|${r.client}`, r);
    readIndexes.set(trace, byKey);
  }
  return byKey.get(`${e.atMs}|${e.peer}`);
}
/** Each trace's reads by time and client (the first of each), for {@link readOf}. */
const readIndexes = new WeakMap<Trace, Map<string, ReadDecision>>();

/**
 * The text under (or over) a storage decision's mark: `stored 33`, `stored 33, stale` for a write
 * stored although its writer no longer held the lock (`StorageDecision.staleAccepted`, in any fencing
 * mode), `rejected 33 < 34`, ...
 */
export function decisionLabel(d: StorageDecision, t: Translate): string {
  if (!d.accepted && d.token !== undefined && d.remembered !== undefined) return t('timeline.rejectedEquality', { token: d.token, remembered: d.remembered });
  if (!d.accepted && d.token !== undefined && d.lastSeq !== undefined) return t('timeline.rejectedSequence', { seq: d.seq ?? 0, last: d.lastSeq });
  if (!d.accepted) return d.token === undefined ? t('timeline.rejectedNoToken') : t('timeline.rejected', { token: d.token, highest: d.highestBefore });
  if (d.token === undefined) return t('timeline.storedNoToken');
  return d.staleAccepted ? t('timeline.storedStale', { token: d.token }) : t('timeline.stored', { token: d.token });
}

/** The label of each message that has one (grants, writes, the first of each held-up stream). */
export function messageLabels(g: Geometry, t: Translate): Map<number, string> {
  const texts = new Map<number, string>();
  const lateSeen = new Set<string>();
  for (const msg of g.messages) {
    if (msg.lateBy) {
      // One label per held-up stream (a partition holds every keepalive): the first says it.
      const key = `${msg.from}>${msg.to}>${msg.lateBy}`;
      if (lateSeen.has(key)) continue;
      lateSeen.add(key);
      texts.set(msg.id, t(msg.lateBy === 'partition' ? 'timeline.msg.held' : 'timeline.msg.delayed', { extra: seconds(msg.lateMs) }));
    } else if (msg.token !== undefined && msg.style === 'grant') texts.set(msg.id, t('timeline.msg.grant', { token: msg.token }));
    else if (msg.token !== undefined && msg.style === 'write') texts.set(msg.id, t('timeline.msg.write', { token: msg.token }));
  }
  return texts;
}

/** Markers in the lease service lane whose word is shown (one per kind within 64 px). */
export function shownMarkers(g: Geometry, trace: Trace): Set<number> {
  const markers = trace.events.filter((e) => e.kind === 'acquire-queued' || e.kind === 'keepalive-rejected');
  const shown = new Set<number>();
  const before = new XIndex<{ kind: string; x: number }>(64);
  for (const e of markers) {
    const x = g.x(e.atMs);
    if (!before.near(x - 64, x + 64).some((o) => o.kind === e.kind && Math.abs(o.x - x) < 64)) shown.add(e.id);
    before.add({ kind: e.kind, x }, x, x);
  }
  return shown;
}

/** Those of `boxes` that meet the area the candidates (and their leaders) cover: the only ones they can touch. */
function near(boxes: XIndex<Box>, candidates: readonly Candidate[]): Box[] {
  if (candidates.length === 0) return [];
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const c of candidates) {
    x0 = Math.min(x0, c.box.x, c.leaderTo?.x ?? Infinity);
    y0 = Math.min(y0, c.box.y, c.leaderTo?.y ?? Infinity);
    x1 = Math.max(x1, c.box.x + c.box.w, c.leaderTo?.x ?? -Infinity);
    y1 = Math.max(y1, c.box.y + c.box.h, c.leaderTo?.y ?? -Infinity);
  }
  return boxes.near(x0, x1).filter((b) => b.x <= x1 && b.x + b.w >= x0 && b.y <= y1 && b.y + b.h >= y0);
}

/** The laid-out labels of one timeline. */
export interface LabelPlan {
  get(key: string): Placement | undefined;
  /** Every placement, for tests. */
  all: ReadonlyMap<string, Placement>;
}

/** The fonts the labels are drawn in (`app.css`): size (px) and weight. */
const FONT = {
  label: [11, 600],
  bold: [11, 750],
  lease: [11, 700],
  small: [11, 600],
  msg: [11, 700],
} as const;

/**
 * Lays out every label of `trace` in geometry `g`.
 * @param measure measures a text (canvas metrics in the browser, {@link roughMeasure} in tests)
 */
export function planLabels(g: Geometry, trace: Trace, t: Translate, measure: Measure): LabelPlan {
  return drain(planLabelsSteps(g, trace, t, measure));
}

/**
 * {@link planLabels} as steps (`slices.ts`): it pauses before each lane, pause, belief, storage
 * decision and message, and before each label it places, so that `Marks.tsx` can run it in short
 * slices; run in one go or in slices, the plan is the same.
 */
export function* planLabelsSteps(g: Geometry, trace: Trace, t: Translate, measure: Measure): Steps<LabelPlan> {
  const reqs: LabelRequest[] = [];
  const obstacles: Obstacle[] = [];
  const m = (text: string, font: readonly [number, number]) => measure(text, font[0], font[1]);
  const at = (text: string, font: readonly [number, number], x: number, y: number, leaderTo?: { x: number; y: number }): Candidate => ({
    x,
    y,
    text,
    box: textBox(x, y, m(text, font)),
    ...(leaderTo ? { leaderTo } : {}),
  });
  // The stale stretches by client and token (in order), for each belief's.
  const staleOf = new Map<string, ReturnType<typeof staleStretches>>();
  for (const st of staleStretches(trace)) {
    const list = staleOf.get(`${st.client}|${st.token}`);
    if (list) list.push(st);
    else staleOf.set(`${st.client}|${st.token}`, [st]);
  }
  // Along a bar: the text at each place from `from` to `to` (its left end, in 14 px steps) where it
  // fits, so that a label can move past an arrow that crosses its bar.
  const slide = (text: string, font: readonly [number, number], from: number, to: number, y: number): Candidate[] => {
    const w = m(text, font).width;
    const out: Candidate[] = [];
    for (let x = from; x + w <= to && out.length < 60; x += 14) out.push(at(text, font, x, y));
    return out;
  };

  for (const lane of g.lanes) {
    yield;
    const T = lane.top;
    if (lane.kind === 'client') {
      trace.partitions
        .filter((q) => q.client === lane.id)
        .forEach((q, i) => {
          const x1 = g.x(q.startMs);
          const x2 = g.x(q.endMs);
          const text = t('timeline.partition', { peer: actorName(trace, q.with, t) });
          // Its dashed box's edges (`Lanes.tsx`) are obstacles: no other label sits on them.
          const owner = labelKey.partition(lane.id, i);
          const [top, bottom] = [T + 4, T + lane.height - 4];
          for (const o of [
            { x: x1 - 1, y: top - 1, w: x2 - x1 + 2, h: 2 },
            { x: x1 - 1, y: bottom - 1, w: x2 - x1 + 2, h: 2 },
            { x: x1 - 1, y: top, w: 2, h: bottom - top },
            { x: x2 - 1, y: top, w: 2, h: bottom - top },
          ])
            obstacles.push({ ...o, owner });
          // Inside the box under its top edge, moved along past any arrow there.
          const candidates = [text, t('timeline.partitionShort')].flatMap((x) => slide(x, FONT.label, x1 + 6, x2 - 6, T + 17));
          if (candidates.length > 0) reqs.push({ id: owner, priority: 70, candidates, owner, slides: true });
        });
      for (const q of trace.pauses.filter((p) => p.client === lane.id)) {
        yield;
        const x1 = g.x(q.startMs);
        const x2 = g.x(q.endMs);
        const label = t('timeline.pause');
        // Its two edges (`Lanes.tsx`) and the handle on its end (`PauseHandles.tsx`): no label is struck through by them.
        const [top, bottom] = [T + 6, T + lane.height - 6];
        obstacles.push({ x: x1 - 1, y: top, w: 2, h: bottom - top }, { x: x2 - 1, y: top, w: 2, h: bottom - top }, pauseGrip(lane, x2));
        const long = `${label} · ${localiseNumber(seconds(q.endMs - q.startMs))} s`;
        const candidates = [long, label].flatMap((text) =>
          // The box starts at the snowflake icon, 18 px before the text.
          slide(text, FONT.bold, x1 + 24, x2 - 8, T + 21).map((c) => ({ ...c, box: { ...c.box, x: c.box.x - 18, w: c.box.w + 18 } })),
        );
        reqs.push({ id: labelKey.pause(lane.id, q.startMs), priority: 75, candidates, slides: true });
      }
      for (const b of trace.beliefs.filter((x) => x.client === lane.id)) {
        yield;
        const x1 = beliefStartX(g, b, T);
        const x2 = beliefEndX(g, b, T);
        const top = T + BELIEF_DY;
        const owner = `beliefbar:${lane.id}:${b.token}:${b.startMs}`;
        obstacles.push({ x: x1, y: top, w: x2 - x1, h: 20, owner });
        const st = staleOf.get(`${lane.id}|${b.token}`)?.find((s) => s.startMs >= b.startMs);
        const room = (st ? g.x(st.startMs) : x2) - x1;
        const full = t('timeline.belief', { token: b.token });
        const short = String(b.token);
        const candidates: Candidate[] = [full, short].flatMap((text) => slide(text, FONT.bold, x1 + 8, x1 + room - 8, top + 14));
        // Above the bar, between the lane's line and the bar, when the bar itself has no room.
        candidates.push(...slide(full, FONT.bold, x1 + 4, x1 + room - 4, top - 4));
        if (!st && b.endReason !== 'crashed') {
          // After the bar's end, moved on past any arrow there with a leader back to the bar.
          for (const text of [full, short]) {
            for (let k = 0; k < 6; k++) candidates.push(at(text, FONT.bold, x2 + 6 + k * 18, top + 14, k > 0 ? { x: x2, y: top + 10 } : undefined));
          }
        }
        reqs.push({ id: labelKey.belief(lane.id, b.token, b.startMs), priority: 80, candidates, owner, slides: true });
        if (st) {
          const sx1 = g.x(st.startMs);
          const sx2 = g.x(st.endMs);
          // In the bar, else just above it (between the lane's line and the bar), else abbreviated.
          const candidates = [t('timeline.belief.stale'), t('timeline.belief.staleShort')].flatMap((text) => [
            ...slide(text, FONT.bold, sx1 + 8, sx2 - 8, top + 14),
            ...slide(text, FONT.bold, sx1 + 4, sx2 - 4, top - 4),
          ]);
          if (candidates.length > 0) reqs.push({ id: labelKey.stale(lane.id, st.token, st.startMs), priority: 80, candidates, owner, slides: true });
        }
      }
      for (const e of trace.events.filter((x) => x.actor === lane.id && (x.kind === 'lease-check-passed' || x.kind === 'lease-check-failed'))) {
        yield;
        const x = g.x(e.atMs);
        const text = t(e.kind === 'lease-check-passed' ? 'timeline.checkPassed' : 'timeline.checkFailed');
        obstacles.push({ x: x - 8, y: lane.base - 8, w: 16, h: 16 });
        reqs.push({ id: labelKey.check(e.id), priority: 60, candidates: pointCandidates(text, m(text, FONT.small), x, [T + 11, T + 78], { x, y: lane.base - 6 }) });
      }
      const crash = trace.crashes.find((c) => c.client === lane.id);
      if (crash) {
        const x = g.x(crash.atMs);
        const text = t('timeline.crash');
        const w = m(text, FONT.bold).width;
        obstacles.push({ x: x - 10, y: lane.base - 10, w: 20, h: 20 });
        reqs.push({
          id: labelKey.crash(lane.id),
          priority: 70,
          candidates: [at(text, FONT.bold, x + 13, lane.base - 8), at(text, FONT.bold, x - 13 - w, lane.base - 8), at(text, FONT.bold, x + 13, lane.base + 16), at(text, FONT.bold, x - 13 - w, lane.base + 16)],
        });
      }
    } else if (lane.kind === 'lease') {
      const barTop = lane.base - 11;
      for (const l of trace.leases) {
        yield;
        const x1 = g.x(l.startMs);
        const x2 = g.x(l.endMs);
        const owner = labelKey.lease(l.token, l.startMs);
        obstacles.push({ x: x1, y: barTop, w: Math.max(2, x2 - x1), h: 22, owner });
        const holder = actorName(trace, l.holder, t);
        const texts = [t('timeline.lease.holder', { token: l.token, client: holder }), t('timeline.lease', { token: l.token })];
        const fits = texts.map((text) => at(text, FONT.lease, x1 + 8, barTop + 15)).filter((c, i) => c.box.w + (i === 0 ? 16 : 12) <= x2 - x1);
        // At the bar's start; the places further along it are where it may slide to when scrolled (`label-holes.ts`).
        const candidates = [...fits, ...fits.flatMap((c) => slide(c.text, FONT.lease, x1 + 22, x2 - 8, barTop + 15))];
        reqs.push({ id: owner, priority: 90, candidates, owner, slides: true });
        const endKey = leaseEndLabelKey(l.endReason);
        if (endKey) {
          // Its end's tick (`Lanes.tsx`, 6 px past the bar on each side): no label is struck through by it.
          obstacles.push({ x: x2 - 1.5, y: barTop - 6, w: 3, h: 22 + 12 });
          const text = t(endKey);
          const w = m(text, FONT.lease).width;
          const rows = [barTop - 5, barTop + 22 + 13];
          const candidates: Candidate[] = [];
          for (const y of rows) candidates.push(at(text, FONT.lease, x2 - 5 - w, y), at(text, FONT.lease, x2 + 6, y));
          // A little further off the tick: where the lease ends with the run, the playhead's line stands on it.
          for (const y of rows) candidates.push(at(text, FONT.lease, x2 - 9 - w, y), at(text, FONT.lease, x2 + 9, y));
          for (const y of rows) candidates.push(at(text, FONT.lease, x2 + 10 + w * 0.6, y, { x: x2, y: y < barTop ? barTop - 2 : barTop + 24 }));
          reqs.push({ id: labelKey.leaseEnd(l.token, l.startMs), priority: 85, candidates });
        }
      }
      const shown = shownMarkers(g, trace);
      // Every marker's dot is an obstacle, also those whose word a neighbour shows.
      for (const e of trace.events.filter((x) => x.kind === 'acquire-queued' || x.kind === 'keepalive-rejected')) {
        const dot = g.markerAt.get(e.id)?.x ?? g.x(e.atMs);
        obstacles.push({ x: dot - 6, y: lane.base + MARKER_DY - 6, w: 12, h: 12 });
      }
      for (const e of trace.events.filter((x) => shown.has(x.id))) {
        yield;
        const x = g.markerAt.get(e.id)?.x ?? g.x(e.atMs);
        const text = e.kind === 'acquire-queued' ? t('timeline.queued') : t('timeline.keepaliveRejected', { token: e.token ?? '?' });
        const w = m(text, FONT.small).width;
        const dotY = lane.base + MARKER_DY;
        const rows = [lane.base + 23, lane.base + 34];
        const candidates: Candidate[] = [];
        // Clear of the dot (3 px, and its stroke) by 5 px: the glyph never touches its word.
        for (const y of rows) for (const d of [9, 17, 25]) candidates.push(at(text, FONT.small, x + d, y), at(text, FONT.small, x - d - w, y));
        for (const k of [1, 2, 3, 4, 5, 6]) {
          for (const y of rows) candidates.push(at(text, FONT.small, x + 9 + k * (w * 0.4 + 8), y, { x: x + 4, y: dotY }), at(text, FONT.small, x - 9 - w - k * (w * 0.4 + 8), y, { x: x - 4, y: dotY }));
        }
        reqs.push({ id: labelKey.marker(e.id), priority: 55, candidates });
      }
    } else {
      for (const d of g.coarse.decisions) {
        yield;
        const { x, y } = g.decisionAt.get(d.messageId) ?? { x: g.x(d.atMs), y: lane.base };
        const r = DECISION_R;
        obstacles.push({ x: x - r - 3, y: y - r - 3, w: 2 * r + 6, h: 2 * r + 6 });
        if (y !== lane.base) obstacles.push({ x: x - 1, y: lane.base, w: 2, h: y - lane.base });
        const text = decisionLabel(d, t);
        const tm = m(text, FONT.bold);
        // A mark moved below the line (a neighbour took its place) is labelled beside it first.
        const beside = y === lane.base ? [] : [at(text, FONT.bold, x + r + 6, y + 4), at(text, FONT.bold, x - r - 6 - tm.width, y + 4)];
        const near = pointCandidates(text, tm, x, [y + 27, lane.base - 17, y + 42], { x, y: y + r + 3 }, 4);
        // A mark just before the run's end, whose label would lie across the playhead's line there:
        // just past that line (with a leader back) before anywhere further off (a reviewer found
        // "stored 2, stale" drawn four seconds away, under another mark).
        const runEndX = g.x(trace.endMs);
        const pastEnd = x < runEndX + 6 && runEndX - x < tm.width + 12 ? [y + 27, y + 42].map((row) => at(text, FONT.bold, runEndX + 7, row, { x, y: y + r + 3 })) : [];
        reqs.push({
          id: labelKey.decision(d.messageId),
          priority: 100,
          apart: { kind: d.accepted ? (d.staleAccepted ? 'stale' : 'stored') : 'rejected', px: DECISION_APART },
          candidates: [...beside, ...near.slice(0, 9), ...pastEnd, ...near.slice(9)],
        });
      }
      for (const r of trace.storageResets ?? []) {
        const x = g.x(r);
        obstacles.push({ x: x - 2, y: lane.base - 12, w: 4, h: 24 });
        const text = t('timeline.storageReset');
        reqs.push({
          id: labelKey.reset(r),
          priority: 60,
          candidates: pointCandidates(text, m(text, FONT.small), x, [lane.base - 18, lane.base + 28, lane.base + 40], { x, y: lane.base - 12 }),
        });
      }
      for (const e of trace.events.filter((x) => x.kind === 'read-served' || x.kind === 'read-rejected')) {
        yield;
        const x = g.x(e.atMs);
        obstacles.push({ x: x - 7, y: lane.base - 7, w: 14, h: 14 });
        // A served read shows the token its data was written with (issue 12); the trace's `reads` has it.
        const read = readOf(trace, e);
        const text =
          e.kind === 'read-served' && read?.writtenWith !== undefined
            ? t('timeline.readServed.written', { token: read.writtenWith })
            : t(e.kind === 'read-served' ? 'timeline.readServed' : 'timeline.readRejected');
        reqs.push({
          id: labelKey.read(e.id),
          priority: 45,
          candidates: pointCandidates(text, m(text, FONT.small), x, [lane.base - 12, lane.base + 26, lane.base + 40], { x, y: lane.base - 5 }),
        });
      }
    }
  }

  // Messages: beside their arrow (or above or below a shallow one), in a drawn stretch, inside one
  // of their own two lanes; no label crosses an arrow, its own included.
  const lines: Segment[] = [];
  // The arrows by where they are, for "is another arrow between a label and its own?".
  const arrows = new SegmentGrid(g.messages);
  // Its whole line: its drawn pieces and its passages over other lanes between them (`Passages` in `Messages.tsx`).
  for (const msg of g.messages) lines.push(msg);
  const texts = messageLabels(g, t);
  // A pause's hatch (`PauseMark` in `Lanes.tsx`), which a message's label keeps off where it can: on the hatch it is hard to read.
  const pauseBoxes = trace.pauses.flatMap((q) => {
    const lane = g.lane(q.client);
    return lane ? [{ x: g.x(q.startMs) - 1, y: lane.top + 6, w: g.x(q.endMs) - g.x(q.startMs) + 2, h: lane.height - 12 }] : [];
  });
  const pauseIndex = new XIndex<Box>(64);
  for (const b of pauseBoxes) pauseIndex.add(b, b.x, b.x + b.w);
  for (const msg of g.messages) {
    yield;
    const from = g.lane(msg.from)!;
    const to = g.lane(msg.to)!;
    const bands = [from, to].map((l) => ({ x: 0, y: l.bandTop, w: g.width, h: l.bandHeight }));
    const inBand = (c: Candidate) => bands.some((b) => c.box.y >= b.y && c.box.y + c.box.h <= b.y + b.h);
    const text = texts.get(msg.id);
    if (text) {
      const w = m(text, FONT.msg).width;
      const fractions = msg.lateBy ? [0.1, 0.18, 0.26, 0.34, 0.42, 0.06, 0.5, 0.58, 0.66, 0.74] : [0.5, 0.38, 0.62, 0.28, 0.72, 0.2, 0.8, 0.12, 0.88];
      // And the middle of each drawn piece (a short piece, e.g. in the storage's lane, may hold none of those).
      for (const [a, b] of msg.visible) fractions.push((a + b) / 2, a + (b - a) * 0.3, a + (b - a) * 0.7);
      const candidates: Candidate[] = [];
      const further: Candidate[] = [];
      const farSide: Candidate[] = [];
      for (const f of fractions) {
        if (!msg.visible.some(([a, b]) => f >= a && f <= b)) continue;
        const px = msg.x1 + (msg.x2 - msg.x1) * f;
        const py = msg.y1 + (msg.y2 - msg.y1) * f + 4;
        // Beside it.
        candidates.push(at(text, FONT.msg, px + 6, py), at(text, FONT.msg, px - 6 - w, py));
        // Above and below the line, clear of it across the label's width.
        const rise = (Math.abs(msg.y2 - msg.y1) / Math.max(1, Math.abs(msg.x2 - msg.x1))) * (w / 2);
        if (rise < 14) candidates.push(at(text, FONT.msg, px - w / 2, py - 4 - rise - 6), at(text, FONT.msg, px - w / 2, py - 4 + rise + 15));
        // A little further out (clear of an arrowhead there), then past its reply (drawn REPLY_SEP
        // px to its right), only when no place on its own side is free: there it reads as the reply's label.
        further.push(at(text, FONT.msg, px + 11, py), at(text, FONT.msg, px - 11 - w, py));
        // (And a little further still: clear of the playhead's line at the run's end, just past a last write's reply.)
        farSide.push(at(text, FONT.msg, px + 8 + REPLY_SEP, py), at(text, FONT.msg, px + 16 + REPLY_SEP, py));
      }
      candidates.push(...further, ...farSide);
      // A place with another arrow between it and its own reads as that arrow's label: last resort only.
      const beyond = (c: Candidate) => {
        const my = c.box.y + c.box.h / 2;
        if (msg.y2 === msg.y1) return false;
        const ax = msg.x1 + ((msg.x2 - msg.x1) * (my - msg.y1)) / (msg.y2 - msg.y1);
        const bx = c.box.x > ax ? c.box.x : c.box.x + c.box.w;
        const between = { x: Math.min(ax, bx) + 1, y: my - 0.5, w: Math.max(0, Math.abs(bx - ax) - 2), h: 1 };
        return arrows.some(between, 0, (o) => o !== msg && segmentHits(o, between));
      };
      candidates.sort((a, b) => Number(beyond(a)) - Number(beyond(b)));
      // Pulled away, with a leader back to the arrow's middle.
      for (const f of [0.2, 0.5, 0.8]) {
        if (!msg.visible.some(([a, b]) => f >= a && f <= b)) continue;
        const px = msg.x1 + (msg.x2 - msg.x1) * f;
        const py = msg.y1 + (msg.y2 - msg.y1) * f;
        for (const k of [1, 2, 3]) candidates.push(at(text, FONT.msg, px + 8 + k * 26, py + 4, { x: px, y: py }), at(text, FONT.msg, px - 8 - w - k * 26, py + 4, { x: px, y: py }));
      }
      reqs.push({ id: labelKey.message(msg.id), priority: msg.lateBy ? 52 : 50, candidates: candidates.filter(inBand), owner: labelKey.message(msg.id), shun: near(pauseIndex, candidates) });
    }
    if (msg.waitX2 !== undefined) {
      const text = t('timeline.msg.waits', { client: actorName(trace, msg.to, t) });
      const w = m(text, FONT.msg).width;
      reqs.push({
        id: labelKey.wait(msg.id),
        priority: 40,
        owner: labelKey.message(msg.id),
        candidates: [at(text, FONT.msg, msg.x2 + 6, msg.y2 + 14), at(text, FONT.msg, msg.x2 + 6, msg.y2 - 8), at(text, FONT.msg, msg.waitX2 - w - 4, msg.y2 + 14)].filter(inBand),
      });
    }
    if (msg.dropped) {
      const text = t('timeline.msg.lost');
      const w = m(text, FONT.msg).width;
      reqs.push({
        id: labelKey.lost(msg.id),
        priority: 40,
        owner: labelKey.message(msg.id),
        candidates: [at(text, FONT.msg, msg.x2 + 8, msg.y2 + 4), at(text, FONT.msg, msg.x2 - 8 - w, msg.y2 + 4), at(text, FONT.msg, msg.x2 + 8, msg.y2 + 16), at(text, FONT.msg, msg.x2 + 8, msg.y2 - 8)].filter(inBand),
      });
    }
  }

  // Every arrowhead, as it is drawn (`Messages.tsx`: short of its end by its `cut`; none on a bundled one).
  for (const msg of g.messages) {
    if (msg.bundled) continue;
    if (msg.x1 === msg.x2 && msg.y1 === msg.y2) continue;
    const b = drawnHead(msg);
    obstacles.push({ x: b.x0 - HEAD_SPARE, y: b.y0 - HEAD_SPARE, w: b.x1 - b.x0 + 2 * HEAD_SPARE, h: b.y1 - b.y0 + 2 * HEAD_SPARE });
  }
  // The playhead's line at the run's end (where a finished run is looked at) is kept off the labels where they have another place.
  const endX = g.x(trace.endMs);
  const avoid: Segment[] = [{ x1: endX, y1: AXIS_H, x2: endX, y2: g.height }];
  const all = yield* placeLabelsSteps(reqs, { bounds: { x: 1, y: AXIS_H, w: g.width - 2, h: g.height - AXIS_H - 1 }, obstacles, lines, gap: 2, rowGap: ROW_GAP, lineSpare: LINE_SPARE, avoid });
  return { get: (key) => all.get(key), all };
}
