/**
 * The contents of each lane, drawn up to the playhead:
 * - a client lane: what the client believes (an outlined bar, "believes it holds 33"), the stretch
 *   where it believes in a lease the lease service has already ended (hatched, "lease already
 *   gone"), pauses (a hatched, frozen stretch, "paused (GC)"), partitions, a crash (✕ "crashed");
 * - the lease service lane: each lease as a solid bar ("token 33 · Client 1") with how it ended,
 *   renewals as notches, queued requests and refused keepalives;
 * - the storage lane: each decision as ✓ "stored 33" or ✗ "rejected 33 < 34" (icon and word,
 *   never colour alone).
 *
 * Rendering cost (issue 7): lanes re-render only when the playhead crosses an event
 * (`playhead-hooks.ts`), and then each mark is its own memoised component, so only the marks whose
 * state changed at that event (a bar that ended, a mark that appeared) render again. A bar still in
 * progress, and its label, follow the playhead every frame without a render (`growth.ts`).
 *
 * One file, over 450 lines: split by lane (client, lease service, storage, and what their marks
 * share) it reads as well, but those five modules measured 0.18 KB more gzip in the single-file
 * build (each module of a lazy part gets a wrapper there), whose budget has no room for it
 * (`tests/budget/check-budgets.ts`).
 * @module
 */
import { createContext, memo, useContext, useMemo, type SVGProps } from 'react';
import { createPortal } from 'react-dom';
import { M } from '../MotionProvider';
import { Snowflake } from 'lucide-react';
import { localiseNumber, useT } from '../../i18n';
import { type BeliefInterval, type LeaseInterval, type PartitionInterval, type PauseInterval, type ReadDecision, type StorageDecision, type Trace, type TraceEvent } from '../../model/trace';
import { seconds } from '../../store/derive';
import { actorName } from '../../teaching/names';
import { leaseEndLabelKey, staleStretches, type Geometry, type Lane } from './geometry';
import { DECISION_R, MARKER_DY, MARKER_SHARE, type MarkerSpot } from './mark-spots';
import type { MessageGeom } from './arrows';
import { THIN_PX, type CoarseLevel } from './coarse';
import { Grow, type Growth } from './growth';
import type { Placement } from './label-layout';
import { brokenLine, RENEW_CLEAR } from './label-holes';
import { crossingsAt, mergeGaps } from './playhead-clearance';
import { BELIEF_DY, BELIEF_H, beliefEndX, beliefStartX, labelKey, readOf, type LabelPlan } from './label-plan';
import { useStepMs } from './playhead-hooks';

const appear = { initial: { opacity: 0 }, animate: { opacity: 1 }, transition: { duration: 0.3 } } as const;
// A short tween rather than a spring: an SVG scale is animated in JavaScript every frame, and a
// spring runs about three times as long (a cost on slow phones while playing; issue 7).
const pop = {
  initial: { opacity: 0, scale: 0.3 },
  animate: { opacity: 1, scale: 1 },
  transition: { type: 'tween', duration: 0.18, ease: 'easeOut' },
} as const;

interface LaneProps {
  lane: Lane;
  /** With `decisionAt` (`message-geometry.ts`) where a storage decision's mark is moved off its time or the line. */
  g: Geometry & { decisionAt?: ReadonlyMap<number, { x: number; y: number }>; messages?: MessageGeom[]; markerAt?: ReadonlyMap<number, MarkerSpot> };
  trace: Trace;
  /** The time of the playhead's step (`timeOfStep`): what has happened by now (simulated ms). */
  stepMs: number;
  /** Ids of the hatch patterns (unique per explainer). */
  patterns: { pause: string; stale: string };
  /** Where each label goes (`label-plan.ts`). */
  labels: LabelPlan;
  /**
   * Which marks: `under` the message arrows (life lines, bars), or `over` them (the point marks:
   * decisions, reads, checks, crashes, markers), so that no arrow is drawn across a ✓ or ✕.
   */
  layer: 'under' | 'over';
}

/** A stretch where a client believes in a lease that has already ended (see `staleStretches`). */
type StaleStretch = ReturnType<typeof staleStretches>[number];

/** A label's spot, or `undefined` when it found no place (`label-plan.ts`). */
type Spot = Placement | undefined;

/**
 * A label along a bar that is over: the places it may slide to (`data-stops`) from its own
 * (`data-x`) when the picture is scrolled past the bar's start (`slideLabels` in `label-holes.ts`).
 */
const slideAttrs = (spot: Placement, over: boolean): Record<string, string> =>
  over && spot.stops && spot.stops.length > 1 ? { 'data-x': String(spot.x), 'data-stops': spot.stops.join(' ') } : {};

/** How long (px) a bar from `x1` must be for the label at `spot` to show inside it. */
const room = (spot: Placement, x1: number, pad = 6): number => spot.box.x + spot.box.w + pad - x1;

/**
 * A thin line from a label pulled away from its mark back to the mark (`spot.leaderTo`), ending at
 * the nearest point of the label's box.
 */
export function Leader({ spot }: { spot: Placement }) {
  const to = spot.leaderTo;
  if (!to) return null;
  const b = spot.box;
  const x = Math.min(Math.max(to.x, b.x), b.x + b.w);
  const y = Math.min(Math.max(to.y, b.y), b.y + b.h);
  return <line x1={to.x} y1={to.y} x2={x} y2={y} className="fl-leader" />;
}

/** While an item is in progress (`running`): its bar from `x1` grows to the playhead, up to `x2`. */
const growBar = (running: boolean, x1: number, x2: number, min = 1): Growth | undefined =>
  running ? { attr: 'width', fromX: x1, toX: x2, min } : undefined;
/** While in progress: a line from `x1` ends at the playhead, up to `x2`. */
const growLine = (running: boolean, x1: number, x2: number): Growth | undefined => (running ? { attr: 'x2', fromX: x1, toX: x2, min: 0 } : undefined);
/** While in progress: a label in a bar from `x1` shows once the bar is `width` px long (and, with `until`, hides from there). */
const growLabel = (running: boolean, x1: number, x2: number, width: number, until?: number): Growth | undefined =>
  running ? { attr: 'visibility', fromX: x1, toX: x2, min: width, ...(until !== undefined ? { max: until } : {}) } : undefined;

/**
 * The groups of the timeline's reveal layer (`Marks.tsx`), bottom to top: the lanes' life lines, then
 * the bars in the order a lane draws them (partitions, pauses, beliefs, stale stretches, a crashed
 * client's dead stretch, leases), then the passages, waits and lines of messages in flight, as the
 * marks' SVG stacks them.
 */
export const REVEAL_GROUPS = ['life', 'partition', 'pause', 'belief', 'stale', 'dead', 'lease', 'passage', 'wait', 'arrow'] as const;

/** One of {@link REVEAL_GROUPS}. */
export type RevealGroup = (typeof REVEAL_GROUPS)[number];

/**
 * The reveal layer's group for each of {@link REVEAL_GROUPS}, and `flights`: the element over the
 * reveal layer that holds a layer for each message in flight off the time axis (`FlightLayer` in
 * Messages.tsx).
 */
export type RevealLayers = Readonly<Record<RevealGroup, Element> & { flights?: Element }>;

/**
 * The reveal layer's groups (`Marks.tsx`): a layer that shows only what lies left of the playhead,
 * so that what it holds, drawn whole, grows with the playhead with no work per frame (issue 44).
 * Null until that layer is in the page, and where there is none (a lane drawn on its own).
 * - Life lines are drawn there always.
 * - While the story plays ({@link PlayingContext}), so are the bars, and the messages in flight
 *   (`Messages.tsx`): without them, a bar in progress was written a new width every frame, and
 *   each write repainted the marks' whole SVG. Paused, they are drawn in the marks' SVG as before,
 *   grown to the playhead once (`growth.ts`), where an arrow in flight has its head.
 */
export const RevealContext = createContext<RevealLayers | null>(null);

/** Whether the story is playing (the marks' `useLab((s) => s.playing)`, read once for all marks). */
export const PlayingContext = createContext(false);

/** The reveal layer's groups while the story plays, else null (see {@link RevealContext}). */
export function usePlayingReveal(): RevealLayers | null {
  const layers = useContext(RevealContext);
  return useContext(PlayingContext) ? layers : null;
}

/**
 * A bar of group `group` (its SVG rect's props, drawn at its full length; `wrap` the class of the
 * mark it belongs to, which its style depends on): while the story plays, drawn whole on the reveal
 * layer (`RevealContext`); paused, here, grown to the playhead (`grow`) while in progress.
 */
function Bar({ group, wrap, grow, ...rect }: SVGProps<SVGRectElement> & { group: RevealGroup; wrap: string; grow: Growth | undefined }) {
  const host = usePlayingReveal()?.[group];
  if (host) return createPortal(<g className={wrap}><rect {...rect} /></g>, host);
  return <Grow as="rect" grow={grow} {...(rect as SVGProps<SVGElement>)} />;
}

/**
 * A lane's life line at height `y`, from `x1` to `x2` (px), in progress while `running`: drawn whole
 * on the timeline's reveal layer, which shows it as far as the playhead with no work per frame
 * (`RevealContext`, issue 44); drawn here and grown every frame (`growth.ts`) until that layer is in
 * the page, or where there is none.
 */
function LifeLine({ running, x1, x2, y }: { running: boolean; x1: number; x2: number; y: number }) {
  const reveal = useContext(RevealContext)?.life;
  if (reveal) return createPortal(<line x1={x1} x2={x2} y1={y} y2={y} className="fl-lane__life" />, reveal);
  return <Grow as="line" grow={growLine(running, x1, x2)} x1={x1} x2={x2} y1={y} y2={y} className="fl-lane__life" aria-hidden="true" />;
}

/** Props every mark gets: its lane and the geometry. */
interface MarkProps {
  lane: Lane;
  g: Geometry & { messages?: MessageGeom[]; coarse?: CoarseLevel };
}

const PartitionMark = memo(function PartitionMark({ q, lane, g, trace, name, running, spot }: MarkProps & { q: PartitionInterval; trace: Trace; name: string; running: boolean; spot: Spot }) {
  const t = useT();
  const x1 = g.x(q.startMs);
  const x2 = g.x(q.endMs);
  const peer = actorName(trace, q.with, t);
  const aria = t('timeline.partition.aria', { client: name, peer, start: seconds(q.startMs), end: seconds(q.endMs) });
  return (
    <M.g {...appear} role="img" aria-label={aria} className="fl-partition">
      <title>{aria}</title>
      <Bar group="partition" wrap="fl-partition" grow={growBar(running, x1, x2, 0)} x={x1} y={lane.top + 4} width={Math.max(0, x2 - x1)} height={lane.height - 8} rx={4} />
      {spot && (
        <Grow as="text" grow={growLabel(running, x1, x2, room(spot, x1))} x={spot.x} y={spot.y} className="fl-label fl-label--muted" {...slideAttrs(spot, !running)}>
          {spot.text}
        </Grow>
      )}
    </M.g>
  );
});

const PauseMark = memo(function PauseMark({ q, lane, g, name, done, fill, spot }: MarkProps & { q: PauseInterval; name: string; done: boolean; fill: string; spot: Spot }) {
  const t = useT();
  const x1 = g.x(q.startMs);
  const x2 = g.x(q.endMs);
  const aria = t('timeline.pause.aria', { client: name, start: seconds(q.startMs), end: seconds(q.endMs) });
  const label = t('timeline.pause');
  const duration = `${localiseNumber(seconds(q.endMs - q.startMs))} s`;
  return (
    <M.g {...appear} role="img" aria-label={aria} className="fl-pause">
      <title>{aria}</title>
      <Bar group="pause" wrap="fl-pause" grow={growBar(!done, x1, x2)} x={x1} y={lane.top + 6} width={Math.max(1, x2 - x1)} height={lane.height - 12} rx={6} fill={fill} className="fl-pause__fill" />
      {spot && (
        <Grow as="g" grow={growLabel(!done, x1, x2, room(spot, x1, 8) - (spot.text === label ? 0 : 0))}>
          <Snowflake x={spot.x - 17} y={spot.y - 10} width={13} height={13} className="fl-pause__icon" aria-hidden="true" />
          <text x={spot.x} y={spot.y} className="fl-label fl-pause__label" {...slideAttrs(spot, done)}>
            {label}
            {done && spot.text !== label && <tspan className="fl-label--muted"> · {duration}</tspan>}
          </text>
        </Grow>
      )}
      <line x1={x1} x2={x1} y1={lane.top + 6} y2={lane.top + lane.height - 6} className="fl-pause__edge" />
      {done && <line x1={x2} x2={x2} y1={lane.top + 6} y2={lane.top + lane.height - 6} className="fl-pause__edge" />}
    </M.g>
  );
});

const BeliefMark = memo(function BeliefMark({
  b,
  lane,
  g,
  name,
  over,
  spot,
}: MarkProps & { b: BeliefInterval; name: string; over: boolean; spot: Spot }) {
  const t = useT();
  const beliefTop = lane.top + BELIEF_DY;
  const beliefH = BELIEF_H;
  // Clear of an arrow of its own that leaves as it starts (label-plan.ts).
  const x1 = beliefStartX(g, b, lane.top);
  // Once over, never narrower than BELIEF_MIN_W (a moment's belief is still a bar), unless an arrow is in the way.
  const x2 = over ? beliefEndX(g, b, lane.top) : g.x(b.endMs);
  const aria = over
    ? t('timeline.belief.aria', { client: name, token: b.token, start: seconds(b.startMs), end: seconds(b.endMs) })
    : t('timeline.belief.ariaOngoing', { client: name, token: b.token, start: seconds(b.startMs) });
  // Inside the bar, or (once it is over) after its end, as `label-plan.ts` placed it.
  const inside = spot !== undefined && spot.x < x2;
  return (
    <M.g {...appear} role="img" aria-label={aria} className="fl-belief">
      <title>{aria}</title>
      <Bar group="belief" wrap="fl-belief" grow={growBar(!over, x1, x2)} x={x1} y={beliefTop} width={Math.max(1, x2 - x1)} height={beliefH} rx={5} />
      {spot && inside && (
        <Grow as="text" grow={growLabel(!over, x1, x2, room(spot, x1, 8))} x={spot.x} y={spot.y} className="fl-label fl-belief__label" {...slideAttrs(spot, over)}>
          {spot.text}
        </Grow>
      )}
      {spot && !inside && over && <Leader spot={spot} />}
      {spot && !inside && over && (
        <text x={spot.x} y={spot.y} className="fl-label fl-belief__label">
          {spot.text}
        </text>
      )}
    </M.g>
  );
});

const StaleMark = memo(function StaleMark({
  s,
  lane,
  g,
  name,
  running,
  fill,
  spot,
  endX,
}: MarkProps & { s: StaleStretch; name: string; running: boolean; fill: string; spot: Spot; endX: number }) {
  const t = useT();
  const beliefTop = lane.top + BELIEF_DY;
  const beliefH = BELIEF_H;
  const x1 = g.x(s.startMs);
  // Once over, it ends where its belief's bar ends (`endX`: they end together).
  const x2 = running ? g.x(s.endMs) : endX;
  const aria = t('timeline.belief.staleAria', { client: name, token: s.token, start: seconds(s.startMs) });
  return (
    <M.g {...appear} role="img" aria-label={aria} className="fl-stale">
      <title>{aria}</title>
      <Bar group="stale" wrap="fl-stale" grow={growBar(running, x1, x2)} x={x1} y={beliefTop} width={Math.max(1, x2 - x1)} height={beliefH} fill={fill} className="fl-stale__fill" />
      {spot && (
        <Grow as="text" grow={growLabel(running, x1, x2, room(spot, x1, 8))} x={spot.x} y={spot.y} className="fl-label fl-stale__label" {...slideAttrs(spot, !running)}>
          {spot.text}
        </Grow>
      )}
      <line x1={x1} x2={x1} y1={beliefTop - 3} y2={beliefTop + beliefH + 3} className="fl-stale__edge" />
    </M.g>
  );
});

const CheckMark = memo(function CheckMark({ e, lane, g, name, spot }: MarkProps & { e: TraceEvent; name: string; spot: Spot }) {
  const t = useT();
  const x = g.x(e.atMs);
  const ok = e.kind === 'lease-check-passed';
  const label = t(ok ? 'timeline.checkPassed' : 'timeline.checkFailed');
  return (
    <M.g {...pop} role="img" aria-label={`${name}: ${label}, ${seconds(e.atMs)} s`} className={ok ? 'fl-check fl-check--ok' : 'fl-check fl-check--bad'}>
      <path d={`M${x},${lane.base - 6}L${x + 6},${lane.base}L${x},${lane.base + 6}L${x - 6},${lane.base}Z`} data-hole={`${x - 7} ${lane.base - 7} 14 14`} />
      {spot && <Leader spot={spot} />}
      {spot && (
        <text x={spot.x} y={spot.y} className="fl-label fl-label--small">
          {spot.text}
        </text>
      )}
    </M.g>
  );
});

const CrashMark = memo(function CrashMark({ atMs, lane, g, endMs, name, running, spot, layer }: MarkProps & { atMs: number; endMs: number; name: string; running: boolean; spot: Spot; layer: LaneProps['layer'] }) {
  const t = useT();
  const x = g.x(atMs);
  const aria = t('timeline.crash.aria', { client: name, at: seconds(atMs) });
  // The dead stretch lies under the arrows; the ✕ and its word over them.
  if (layer === 'under') {
    return <Bar group="dead" wrap="fl-crash" grow={growBar(running, x, g.x(endMs), 0)} x={x} y={lane.top + 2} width={Math.max(0, g.x(endMs) - x)} height={lane.height - 4} className="fl-dead" />;
  }
  return (
    <>
      <M.g {...pop} role="img" aria-label={aria} className="fl-crash">
        <title>{aria}</title>
        <path d={`M${x - 7},${lane.base - 7}L${x + 7},${lane.base + 7}M${x + 7},${lane.base - 7}L${x - 7},${lane.base + 7}`} data-hole={`${x - 8} ${lane.base - 8} 16 16`} />
        {spot && (
          <text x={spot.x} y={spot.y} className="fl-label fl-crash__label">
            {spot.text}
          </text>
        )}
      </M.g>
    </>
  );
});

const ClientLane = memo(function ClientLane({ lane, g, trace, stepMs, patterns, labels, layer }: LaneProps) {
  const t = useT();
  const p = stepMs;
  const name = lane.name;
  // With each stale stretch, where its bar ends once over: where its belief's bar ends (a stale
  // stretch ends with its belief, `staleStretches`).
  const allStale = useMemo(
    () =>
      staleStretches(trace)
        .filter((s) => s.client === lane.id)
        .map((s) => {
          const b = trace.beliefs.find((x) => x.client === s.client && x.token === s.token && x.endMs === s.endMs);
          return { s, endX: b ? beliefEndX(g, b, lane.top) : g.x(s.endMs) };
        }),
    [trace, lane.id, lane.top, g],
  );
  const beliefs = trace.beliefs.filter((b) => b.client === lane.id && b.startMs <= p);
  const stale = allStale.filter(({ s }) => s.startMs <= p);
  const pauses = trace.pauses.filter((q) => q.client === lane.id && q.startMs <= p);
  const partitions = trace.partitions.filter((q) => q.client === lane.id && q.startMs <= p);
  const crash = trace.crashes.find((c) => c.client === lane.id && c.atMs <= p);
  // The lane's own events, found once per trace (not at every step: a dense run has thousands).
  const own = useMemo(
    () => ({
      checks: trace.events.filter((e) => e.actor === lane.id && (e.kind === 'lease-check-passed' || e.kind === 'lease-check-failed')),
      started: trace.events.find((e) => e.actor === lane.id && e.kind === 'client-start'),
      ended: trace.events.find((e) => e.actor === lane.id && e.kind === 'program-ended'),
    }),
    [trace, lane.id],
  );
  const checks = own.checks.filter((e) => e.atMs <= p);
  const { started, ended } = own;
  const lifeStart = started ? g.x(started.atMs) : g.plotLeft;
  const lifeEnd = Math.min(trace.endMs, crash?.atMs ?? Infinity, ended?.atMs ?? Infinity);
  const common = { lane, g, name };
  const crashMark = crash && <CrashMark {...common} atMs={crash.atMs} endMs={trace.endMs} running={p < trace.endMs} spot={labels.get(labelKey.crash(lane.id))} layer={layer} />;
  if (layer === 'over') {
    if (checks.length === 0 && !crash) return null;
    // Not a second group named after the lane: each mark carries its own accessible name.
    return (
      <g>
        {checks.map((e) => (
          <CheckMark key={`check${e.id}`} {...common} e={e} spot={labels.get(labelKey.check(e.id))} />
        ))}
        {crashMark}
      </g>
    );
  }
  return (
    <g role="group" aria-label={t('timeline.lane', { name })}>
      {started && started.atMs <= p && (
        <LifeLine running={p < lifeEnd} x1={lifeStart} x2={g.x(lifeEnd)} y={lane.base} />
      )}
      {partitions.map((q, i) => (
        <PartitionMark key={`part${i}`} {...common} q={q} trace={trace} running={q.endMs > p} spot={labels.get(labelKey.partition(lane.id, i))} />
      ))}
      {pauses.map((q) => (
        <PauseMark key={`pause${q.startMs}`} {...common} q={q} done={q.endMs <= p} fill={`url(#${patterns.pause})`} spot={labels.get(labelKey.pause(lane.id, q.startMs))} />
      ))}
      {beliefs.map((b) => (
        <BeliefMark
          key={`belief${b.token}-${b.startMs}`}
          {...common}
          b={b}
          over={b.endMs <= p}
          spot={labels.get(labelKey.belief(lane.id, b.token, b.startMs))}
        />
      ))}
      {stale.map(({ s, endX }) => (
        <StaleMark
          key={`stale${s.token}-${s.startMs}`}
          {...common}
          s={s}
          running={s.endMs > p}
          fill={`url(#${patterns.stale})`}
          spot={labels.get(labelKey.stale(lane.id, s.token, s.startMs))}
          endX={endX}
        />
      ))}
      {crashMark}
    </g>
  );
});

/**
 * The `d` of a lease's end tick at x `x` (px), 6 px past its bar (top `barTop`, 22 px high) on each
 * side, broken where an arrow drawn by `ms` passes it ({@link crossingsAt}); a stub shorter than
 * `MERGE` px left at an end goes with the gap (a reviewer found a 2 px stub under a keepalive).
 */
function leaseEndTick(x: number, barTop: number, ms: number, arrows: readonly MessageGeom[]): string {
  const [top, bottom] = [barTop - 6, barTop + 22 + 6];
  return brokenLine(top, bottom, mergeGaps(crossingsAt(x, top, bottom, ms, arrows), top, bottom)).replace(/M0,/g, `M${x},`);
}

const LeaseMark = memo(function LeaseMark({
  l,
  lane,
  g,
  trace,
  ended,
  running,
  renewals,
  spot,
  endSpot,
  endTick,
}: MarkProps & { l: LeaseInterval; trace: Trace; ended: boolean; running: boolean; renewals: number; spot: Spot; endSpot: Spot; endTick: string }) {
  const t = useT();
  const barH = 22;
  const barTop = lane.base - barH / 2;
  const x1 = g.x(l.startMs);
  const x2 = g.x(l.endMs);
  const holder = actorName(trace, l.holder, t);
  const endKey = leaseEndLabelKey(l.endReason);
  const endText = ended && endKey ? t('timeline.lease.until', { end: seconds(l.endMs), reason: t(endKey) }) : t('timeline.lease.live');
  const aria = t('timeline.lease.aria', { token: l.token, client: holder, start: seconds(l.startMs), end: endText });
  const ticks = useMemo(() => {
    let lastTick = -Infinity;
    return l.renewedAtMs.map((r) => {
      const x = g.x(r);
      if (spot && x > spot.box.x - RENEW_CLEAR && x < spot.box.x + spot.box.w + RENEW_CLEAR) return null;
      if (x - lastTick < THIN_PX) return null;
      if (g.coarse && g.coarse.drawnRoutine < g.coarse.routine) lastTick = x;
      return <line key={r} x1={x} x2={x} y1={barTop + 3} y2={barTop + barH - 3} className="fl-lease__renew" />;
    });
  }, [l, g, spot, barTop]);
  return (
    <M.g {...appear} role="img" aria-label={aria} className="fl-lease">
      <title>{aria}</title>
      <Bar group="lease" wrap="fl-lease" grow={growBar(running, x1, x2, 2)} x={x1} y={barTop} width={Math.max(2, x2 - x1)} height={barH} rx={5} className="fl-lease__bar" />
      {/* "token N · holder" when the bar has room for it, else "token N" (shown once the bar has grown to it). */}
      {spot && (
        <Grow as="text" grow={growLabel(running, x1, x2, room(spot, x1, 8))} x={spot.x} y={spot.y} className="fl-label fl-lease__label" {...slideAttrs(spot, !running)}>
          {spot.text}
        </Grow>
      )}
      {/* Each renewal a tick across the bar; none under the label or within RENEW_CLEAR px of its text (a notch there read as a tick through it). */}
      {/* In a run drawn coarser (`coarse.ts`), a tick at most every THIN_PX px: one per keepalive could not be told apart. */}
      {/* The same element for a tick at every step (made once per layout), so that React passes over the ticks already drawn (issue 43: thousands in a dense run). */}
      {ticks.slice(0, renewals)}
      {ended && endKey && (
        <M.g {...appear}>
          {/* Broken where an arrow passes it (a healed partition's held keepalives cross it on their way in). */}
          <path d={endTick} className="fl-lease__end" />
          {endSpot && <Leader spot={endSpot} />}
          {endSpot && (
            <text x={endSpot.x} y={endSpot.y} className="fl-label fl-lease__endlabel">
              {endSpot.text}
            </text>
          )}
        </M.g>
      )}
    </M.g>
  );
});

const Marker = memo(function Marker({ e, lane, g, trace, spot, dot, at }: MarkProps & { e: TraceEvent; trace: Trace; spot: Spot; dot: boolean; at: MarkerSpot | undefined }) {
  const t = useT();
  // Where its dot goes: off its time when a message's line passes there (`markerSpots`).
  const x = at?.x ?? g.x(e.atMs);
  const client = actorName(trace, e.peer, t);
  const queued = e.kind === 'acquire-queued';
  const aria = queued ? t('timeline.queued.aria', { client, at: seconds(e.atMs) }) : t('timeline.keepaliveRejected.aria', { token: e.token ?? '?', at: seconds(e.atMs) });
  return (
    <M.g {...pop} role="img" aria-label={aria} className={queued ? 'fl-marker' : 'fl-marker fl-marker--bad'}>
      <title>{aria}</title>
      {dot && <circle cx={x} cy={lane.base + MARKER_DY} r={3} data-hole={`${x - 5} ${lane.base + MARKER_DY - 5} 10 10`} />}
      {spot && <Leader spot={spot} />}
      {spot && (
        <text x={spot.x} y={spot.y} className="fl-label fl-label--small">
          {spot.text}
        </text>
      )}
    </M.g>
  );
});

const LeaseLane = memo(function LeaseLane({ lane, g, trace, stepMs, labels, layer }: LaneProps) {
  const t = useT();
  const p = stepMs;
  const allMarkers = useMemo(() => trace.events.filter((e) => e.kind === 'acquire-queued' || e.kind === 'keepalive-rejected'), [trace]);
  const markers = allMarkers.filter((e) => e.atMs <= p);
  if (layer === 'over') {
    if (markers.length === 0) return null;
    // Not a second group named after the lane: each marker carries its own accessible name.
    return (
      <g>
        {/* Markers of one kind at (nearly) the same point share one dot; each keeps its own accessible name. */}
        {markers.map((e, i) => (
          <Marker
            key={`mark${e.id}`}
            lane={lane}
            g={g}
            e={e}
            trace={trace}
            spot={labels.get(labelKey.marker(e.id))}
            at={g.markerAt?.get(e.id)}
            dot={g.markerAt?.get(e.id) ? !g.markerAt.get(e.id)!.shared : !markers.slice(0, i).some((o) => o.kind === e.kind && Math.abs(g.x(o.atMs) - g.x(e.atMs)) < MARKER_SHARE)}
          />
        ))}
      </g>
    );
  }
  return (
    <g role="group" aria-label={t('timeline.lane', { name: t('timeline.lane.leaseService') })}>
      <LifeLine running={p < trace.endMs} x1={g.plotLeft} x2={g.x(trace.endMs)} y={lane.base} />
      {trace.leases
        .filter((l) => l.startMs <= p)
        .map((l) => {
          const ended = l.endMs <= p && l.endReason !== 'run-ended';
          return (
            <LeaseMark
              key={`lease${l.token}-${l.startMs}`}
              lane={lane}
              g={g}
              l={l}
              trace={trace}
              ended={ended}
              running={l.endMs > p}
              renewals={l.renewedAtMs.filter((r) => r <= p).length}
              spot={labels.get(labelKey.lease(l.token, l.startMs))}
              endSpot={labels.get(labelKey.leaseEnd(l.token, l.startMs))}
              endTick={ended ? leaseEndTick(g.x(l.endMs), lane.base - 11, p, g.messages ?? []) : ''}
            />
          );
        })}
    </g>
  );
});

const ReadMark = memo(function ReadMark({ e, lane, g, spot, read }: MarkProps & { e: TraceEvent; spot: Spot; read: ReadDecision | undefined }) {
  const t = useT();
  const x = g.x(e.atMs);
  const ok = e.kind === 'read-served';
  // The accessible name gives the storage's words for the read (with the token its data was written with, issue 12).
  const aria = read ? t('timeline.decision.aria', { at: seconds(e.atMs), text: read.text }) : `${t(ok ? 'timeline.readServed' : 'timeline.readRejected')}, ${seconds(e.atMs)} s`;
  return (
    <M.g {...pop} role="img" aria-label={aria} className={ok ? 'fl-read' : 'fl-read fl-read--bad'}>
      <circle cx={x} cy={lane.base} r={5} data-hole={`${x - 7} ${lane.base - 7} 14 14`} />
      {spot && <Leader spot={spot} />}
      {spot && (
        <text x={spot.x} y={spot.y} className="fl-label fl-label--small">
          {spot.text}
        </text>
      )}
    </M.g>
  );
});

const DecisionMark = memo(function DecisionMark({ d, lane, g, spot, at }: MarkProps & { d: StorageDecision; spot: Spot; at: { x: number; y: number } | undefined }) {
  const t = useT();
  // Right of its time or below the line when an earlier mark leaves no room (`decisionRows` in mark-spots.ts), with a tick up to the line.
  const x = at?.x ?? g.x(d.atMs);
  const y = at?.y ?? lane.base;
  // A write stored although its writer no longer held the lock (`StorageDecision.staleAccepted`):
  // not a ✓ in another colour (a newcomer read that as a success) but a "!" and its own words.
  const staleWrite = d.accepted && d.staleAccepted === true;
  const aria = t(staleWrite ? 'timeline.decision.staleAria' : 'timeline.decision.aria', { at: seconds(d.atMs), text: d.text });
  const cls = !d.accepted ? 'fl-decision fl-decision--bad' : staleWrite ? 'fl-decision fl-decision--stale' : 'fl-decision fl-decision--ok';
  return (
    <g role="img" aria-label={aria} className={cls}>
      <title>{aria}</title>
      <M.g {...pop} data-hole={`${x - DECISION_R - 3} ${y - DECISION_R - 3} ${2 * DECISION_R + 6} ${2 * DECISION_R + 6}`}>
        {y !== lane.base && <line x1={x} x2={x} y1={lane.base} y2={y} className="fl-decision__tick" />}
        <circle cx={x} cy={y} r={DECISION_R} className="fl-decision__disc" />
        {staleWrite ? (
          <path d={`M${x},${y - 5.5}L${x},${y + 1}M${x},${y + 5}L${x},${y + 5.2}`} className="fl-decision__icon" />
        ) : d.accepted ? (
          <path d={`M${x - 4.5},${y + 0.5}L${x - 1.2},${y + 3.8}L${x + 4.8},${y - 3.6}`} className="fl-decision__icon" />
        ) : (
          <path d={`M${x - 3.8},${y - 3.8}L${x + 3.8},${y + 3.8}M${x + 3.8},${y - 3.8}L${x - 3.8},${y + 3.8}`} className="fl-decision__icon" />
        )}
      </M.g>
      {spot && <Leader spot={spot} />}
      {spot && (
        <M.text {...appear} x={spot.x} y={spot.y} className="fl-label fl-decision__label">
          {spot.text}
        </M.text>
      )}
    </g>
  );
});

const StorageLane = memo(function StorageLane({ lane, g, trace, stepMs, labels, layer }: LaneProps) {
  const t = useT();
  const p = stepMs;
  // Not the reads a run drawn coarser leaves out (`coarse.ts`).
  const thinned = (g as { coarse?: CoarseLevel }).coarse?.thinnedReadReplies;
  const allReads = useMemo(
    () => trace.events.filter((e) => (e.kind === 'read-served' || e.kind === 'read-rejected') && !(e.messageId !== undefined && thinned?.has(e.messageId))),
    [trace, thinned],
  );
  const reads = allReads.filter((e) => e.atMs <= p);
  if (layer === 'under') {
    return <LifeLine running={p < trace.endMs} x1={g.plotLeft} x2={g.x(trace.endMs)} y={lane.base} />;
  }
  return (
    <g role="group" aria-label={t('timeline.lane', { name: t('timeline.lane.storage') })}>
      {trace.storageResets
        ?.filter((r) => r <= p)
        .map((r) => {
          const spot = labels.get(labelKey.reset(r));
          return (
            <g key={`reset${r}`} role="img" aria-label={t('timeline.decision.aria', { at: seconds(r), text: t('timeline.storageReset') })}>
              <line x1={g.x(r)} x2={g.x(r)} y1={lane.base - 12} y2={lane.base + 12} className="fl-lane__reset" />
              {spot && <Leader spot={spot} />}
              {spot && (
                <text x={spot.x} y={spot.y} className="fl-label fl-label--small">
                  {spot.text}
                </text>
              )}
            </g>
          );
        })}
      {reads.map((e) => (
        <ReadMark key={`read${e.id}`} lane={lane} g={g} e={e} spot={labels.get(labelKey.read(e.id))} read={readOf(trace, e)} />
      ))}
      {((g as { coarse?: CoarseLevel }).coarse?.decisions ?? trace.storage).map((d) =>
        d.atMs > p ? null : <DecisionMark key={`dec${d.messageId}`} lane={lane} g={g} d={d} at={g.decisionAt?.get(d.messageId)} spot={labels.get(labelKey.decision(d.messageId))} />,
      )}
    </g>
  );
});

/** The lane contents for every lane, redrawn when the playhead crosses an event (not every frame). */
export function Lanes(props: Omit<LaneProps, 'lane' | 'stepMs'>) {
  const stepMs = useStepMs(props.trace);
  return (
    <>
      {props.g.lanes.map((lane) => {
        const Comp = lane.kind === 'client' ? ClientLane : lane.kind === 'lease' ? LeaseLane : StorageLane;
        return <Comp key={lane.id} lane={lane} stepMs={stepMs} {...props} />;
      })}
    </>
  );
}
