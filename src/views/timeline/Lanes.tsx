/**
 * The contents of each lane, clipped to the playhead:
 * - a client lane: what the client believes (an outlined bar, "believes it holds 33"), the stretch
 *   where it believes in a lease the lease service has already ended (hatched, "lease already
 *   gone"), pauses (a hatched, frozen stretch, "paused (GC)"), partitions, a crash (✕ "crashed");
 * - the lease service lane: each lease as a solid bar ("token 33 · Client 1") with how it ended,
 *   renewals as notches, queued requests and refused keepalives;
 * - the storage lane: each decision as ✓ "stored 33" or ✗ "rejected 33 < 34" (icon and word,
 *   never colour alone).
 * @module
 */
import { memo, useMemo } from 'react';
import { m } from 'motion/react';
import { Snowflake } from 'lucide-react';
import { useT } from '../../i18n';
import type { StorageDecision, Trace } from '../../model/trace';
import { seconds } from '../../store/derive';
import { actorName, type Translate } from '../../teaching/captions';
import { leaseEndLabelKey, staleStretches, type Geometry, type Lane } from './geometry';
import { textWidth } from './svg-text';

const appear = { initial: { opacity: 0 }, animate: { opacity: 1 }, transition: { duration: 0.3 } } as const;
const pop = {
  initial: { opacity: 0, scale: 0.3 },
  animate: { opacity: 1, scale: 1 },
  transition: { type: 'spring', stiffness: 420, damping: 22 },
} as const;

interface LaneProps {
  lane: Lane;
  g: Geometry;
  trace: Trace;
  playheadMs: number;
  /** Ids of the hatch patterns (unique per explainer). */
  patterns: { pause: string; stale: string };
}

/** Whether a label fits inside a bar `width` px wide; one that does not is left out (the bar's accessible name still says it). */
function fits(label: string, width: number, pad = 10): boolean {
  return textWidth(label) + pad * 2 <= width;
}

const ClientLane = memo(function ClientLane({ lane, g, trace, playheadMs, patterns }: LaneProps) {
  const t = useT();
  const p = playheadMs;
  const name = lane.name;
  const beliefTop = lane.top + 48;
  const beliefH = 20;
  const beliefs = trace.beliefs.filter((b) => b.client === lane.id && b.startMs <= p);
  const allStale = useMemo(() => staleStretches(trace), [trace]);
  const stale = allStale.filter((s) => s.client === lane.id && s.startMs <= p);
  const pauses = trace.pauses.filter((q) => q.client === lane.id && q.startMs <= p);
  const partitions = trace.partitions.filter((q) => q.client === lane.id && q.startMs <= p);
  const crash = trace.crashes.find((c) => c.client === lane.id && c.atMs <= p);
  const checks = trace.events.filter((e) => e.actor === lane.id && e.atMs <= p && (e.kind === 'lease-check-passed' || e.kind === 'lease-check-failed'));
  const started = trace.events.find((e) => e.actor === lane.id && e.kind === 'client-start');
  const ended = trace.events.find((e) => e.actor === lane.id && e.kind === 'program-ended');
  const lifeStart = started ? g.x(started.atMs) : g.plotLeft;
  const lifeEnd = Math.min(p, crash?.atMs ?? p, ended?.atMs ?? p);
  return (
    <g role="group" aria-label={t('timeline.lane', { name })}>
      <line x1={g.plotLeft} x2={g.plotRight} y1={lane.base} y2={lane.base} className="fl-lane__line" />
      {started && started.atMs <= p && (
        <line x1={lifeStart} x2={g.x(lifeEnd)} y1={lane.base} y2={lane.base} className="fl-lane__life" />
      )}
      {partitions.map((q, i) => {
        const x1 = g.x(q.startMs);
        const x2 = g.x(Math.min(q.endMs, p));
        const peer = actorName(trace, q.with, t);
        const aria = t('timeline.partition.aria', { client: name, peer, start: seconds(q.startMs), end: seconds(q.endMs) });
        const label = t('timeline.partition', { peer });
        return (
          <m.g key={`part${i}`} {...appear} role="img" aria-label={aria} className="fl-partition">
            <title>{aria}</title>
            <rect x={x1} y={lane.top + 4} width={Math.max(0, x2 - x1)} height={lane.height - 8} rx={4} />
            {fits(label, x2 - x1, 6) && (
              <text x={x1 + 6} y={lane.top + 16} className="fl-label fl-label--muted">
                {label}
              </text>
            )}
          </m.g>
        );
      })}
      {pauses.map((q) => {
        const x1 = g.x(q.startMs);
        const x2 = g.x(Math.min(q.endMs, p));
        const aria = t('timeline.pause.aria', { client: name, start: seconds(q.startMs), end: seconds(q.endMs) });
        const label = t('timeline.pause');
        const done = q.endMs <= p;
        const duration = `${seconds(q.endMs - q.startMs)} s`;
        return (
          <m.g key={`pause${q.startMs}`} {...appear} role="img" aria-label={aria} className="fl-pause">
            <title>{aria}</title>
            <rect x={x1} y={lane.top + 6} width={Math.max(1, x2 - x1)} height={lane.height - 12} rx={6} fill={`url(#${patterns.pause})`} className="fl-pause__fill" />
            <line x1={x1} x2={x1} y1={lane.top + 6} y2={lane.top + lane.height - 6} className="fl-pause__edge" />
            {done && <line x1={x2} x2={x2} y1={lane.top + 6} y2={lane.top + lane.height - 6} className="fl-pause__edge" />}
            {fits(label, x2 - x1, 16) && (
              <>
                <Snowflake x={x1 + 7} y={lane.top + 11} width={13} height={13} className="fl-pause__icon" aria-hidden="true" />
                <text x={x1 + 24} y={lane.top + 21} className="fl-label fl-pause__label">
                  {label}
                  {done && fits(`${label} · ${duration}`, x2 - x1, 20) && <tspan className="fl-label--muted"> · {duration}</tspan>}
                </text>
              </>
            )}
          </m.g>
        );
      })}
      {beliefs.map((b) => {
        const x1 = g.x(b.startMs);
        const x2 = g.x(Math.min(b.endMs, p));
        const aria = t('timeline.belief.aria', { client: name, token: b.token, start: seconds(b.startMs), end: seconds(Math.min(b.endMs, p)) });
        const label = t('timeline.belief', { token: b.token });
        // The label must fit before the stale stretch, which is drawn over the bar.
        const staleFrom = stale.find((s) => s.token === b.token && s.startMs >= b.startMs);
        const room = (staleFrom ? g.x(staleFrom.startMs) : x2) - x1;
        return (
          <m.g key={`belief${b.token}-${b.startMs}`} {...appear} role="img" aria-label={aria} className="fl-belief">
            <title>{aria}</title>
            <rect x={x1} y={beliefTop} width={Math.max(1, x2 - x1)} height={beliefH} rx={5} />
            {fits(label, room) ? (
              <text x={x1 + 8} y={beliefTop + 14} className="fl-label fl-belief__label">
                {label}
              </text>
            ) : (
              b.endMs <= p &&
              !staleFrom &&
              b.endReason !== 'crashed' && (
                <text x={x2 + 6} y={beliefTop + 14} className="fl-label fl-belief__label">
                  {label}
                </text>
              )
            )}
          </m.g>
        );
      })}
      {stale.map((s) => {
        const x1 = g.x(s.startMs);
        const x2 = g.x(Math.min(s.endMs, p));
        const aria = t('timeline.belief.staleAria', { client: name, token: s.token, start: seconds(s.startMs) });
        const label = t('timeline.belief.stale');
        return (
          <m.g key={`stale${s.token}-${s.startMs}`} {...appear} role="img" aria-label={aria} className="fl-stale">
            <title>{aria}</title>
            <rect x={x1} y={beliefTop} width={Math.max(1, x2 - x1)} height={beliefH} fill={`url(#${patterns.stale})`} className="fl-stale__fill" />
            <line x1={x1} x2={x1} y1={beliefTop - 3} y2={beliefTop + beliefH + 3} className="fl-stale__edge" />
            {fits(label, x2 - x1) && (
              <text x={x1 + 8} y={beliefTop + 14} className="fl-label fl-stale__label">
                {label}
              </text>
            )}
          </m.g>
        );
      })}
      {checks.map((e) => {
        const x = g.x(e.atMs);
        const ok = e.kind === 'lease-check-passed';
        const label = t(ok ? 'timeline.checkPassed' : 'timeline.checkFailed');
        return (
          <m.g key={`check${e.id}`} {...pop} role="img" aria-label={`${name}: ${label}, ${seconds(e.atMs)} s`} className={ok ? 'fl-check fl-check--ok' : 'fl-check fl-check--bad'}>
            <path d={`M${x},${lane.base - 6}L${x + 6},${lane.base}L${x},${lane.base + 6}L${x - 6},${lane.base}Z`} />
            <text x={x} y={lane.top + 10} textAnchor="middle" className="fl-label fl-label--small">
              {label}
            </text>
          </m.g>
        );
      })}
      {crash && (
        <>
          <rect x={g.x(crash.atMs)} y={lane.top + 2} width={Math.max(0, g.x(p) - g.x(crash.atMs))} height={lane.height - 4} className="fl-dead" />
          <m.g {...pop} role="img" aria-label={t('timeline.crash.aria', { client: name, at: seconds(crash.atMs) })} className="fl-crash">
            <title>{t('timeline.crash.aria', { client: name, at: seconds(crash.atMs) })}</title>
            <path
              d={`M${g.x(crash.atMs) - 7},${lane.base - 7}L${g.x(crash.atMs) + 7},${lane.base + 7}M${g.x(crash.atMs) + 7},${lane.base - 7}L${g.x(crash.atMs) - 7},${lane.base + 7}`}
            />
            <text x={g.x(crash.atMs) + 11} y={lane.base - 8} className="fl-label fl-crash__label">
              {t('timeline.crash')}
            </text>
          </m.g>
        </>
      )}
    </g>
  );
});

const LeaseLane = memo(function LeaseLane({ lane, g, trace, playheadMs }: LaneProps) {
  const t = useT();
  const p = playheadMs;
  const barH = 22;
  const barTop = lane.base - barH / 2;
  const stale = useMemo(() => staleStretches(trace), [trace]);
  const markers = trace.events.filter((e) => e.atMs <= p && (e.kind === 'acquire-queued' || e.kind === 'keepalive-rejected'));
  return (
    <g role="group" aria-label={t('timeline.lane', { name: t('timeline.lane.leaseService') })}>
      <line x1={g.plotLeft} x2={g.plotRight} y1={lane.base} y2={lane.base} className="fl-lane__line" />
      <line x1={g.plotLeft} x2={g.x(p)} y1={lane.base} y2={lane.base} className="fl-lane__life" />
      {trace.leases
        .filter((l) => l.startMs <= p)
        .map((l) => {
          const x1 = g.x(l.startMs);
          const ended = l.endMs <= p && l.endReason !== 'run-ended';
          const x2 = g.x(Math.min(l.endMs, p));
          const holder = actorName(trace, l.holder, t);
          const endKey = leaseEndLabelKey(l.endReason);
          const endText = ended && endKey ? t('timeline.lease.until', { end: seconds(l.endMs), reason: t(endKey) }) : t('timeline.lease.live');
          const aria = t('timeline.lease.aria', { token: l.token, client: holder, start: seconds(l.startMs), end: endText });
          const full = t('timeline.lease.holder', { token: l.token, client: holder });
          const short = t('timeline.lease', { token: l.token });
          const label = fits(full, x2 - x1) ? full : fits(short, x2 - x1, 6) ? short : undefined;
          const drop = ended ? stale.find((s) => s.client === l.holder && s.token === l.token && s.startMs === l.endMs) : undefined;
          const holderLane = g.lane(l.holder);
          return (
            <m.g key={`lease${l.token}-${l.startMs}`} {...appear} role="img" aria-label={aria} className="fl-lease">
              <title>{aria}</title>
              <rect x={x1} y={barTop} width={Math.max(2, x2 - x1)} height={barH} rx={5} className="fl-lease__bar" />
              {label && (
                <text x={x1 + 8} y={barTop + 15} className="fl-label fl-lease__label">
                  {label}
                </text>
              )}
              {l.renewedAtMs
                .filter((r) => r <= p)
                .map((r) => (
                  <line key={r} x1={g.x(r)} x2={g.x(r)} y1={barTop + 3} y2={barTop + barH - 3} className="fl-lease__renew" />
                ))}
              {ended && endKey && (
                <m.g {...appear}>
                  <line x1={x2} x2={x2} y1={barTop - 6} y2={barTop + barH + 6} className="fl-lease__end" />
                  <text x={x2 - 3} y={barTop - 6} textAnchor="end" className="fl-label fl-lease__endlabel">
                    {t(endKey)}
                  </text>
                </m.g>
              )}
              {drop && holderLane && (
                <line x1={x2} x2={x2} y1={barTop - 6} y2={holderLane.top + 44} className="fl-dropline" />
              )}
            </m.g>
          );
        })}
      {markers.map((e, i) => {
        const x = g.x(e.atMs);
        // Several markers of one kind at nearly the same moment share one visible word.
        const shown = !markers.slice(0, i).some((o) => o.kind === e.kind && Math.abs(g.x(o.atMs) - x) < 64);
        const client = actorName(trace, e.peer, t);
        const queued = e.kind === 'acquire-queued';
        const aria = queued
          ? t('timeline.queued.aria', { client, at: seconds(e.atMs) })
          : t('timeline.keepaliveRejected.aria', { token: e.token ?? '?', at: seconds(e.atMs) });
        return (
          <m.g key={`mark${e.id}`} {...pop} role="img" aria-label={aria} className={queued ? 'fl-marker' : 'fl-marker fl-marker--bad'}>
            <title>{aria}</title>
            <circle cx={x} cy={lane.base + barH / 2 + 8} r={3} />
            {shown && (
              <text x={x + 6} y={lane.base + barH / 2 + 12} className="fl-label fl-label--small">
                {queued ? t('timeline.queued') : t('timeline.keepaliveRejected', { token: e.token ?? '?' })}
              </text>
            )}
          </m.g>
        );
      })}
    </g>
  );
});

/** The text under (or over) a storage decision's mark. */
function decisionLabel(d: StorageDecision, fenced: boolean, t: Translate): string {
  const staleWrite = d.accepted && d.token !== undefined && d.token < d.highestBefore;
  if (!d.accepted) return d.token === undefined ? t('timeline.rejectedNoToken') : t('timeline.rejected', { token: d.token, highest: d.highestBefore });
  if (d.token === undefined) return t('timeline.storedNoToken');
  return staleWrite && !fenced ? t('timeline.storedStale', { token: d.token }) : t('timeline.stored', { token: d.token });
}

/**
 * Places decision labels so that neighbours do not overlap: below the mark when there is room,
 * else above it, else further below. Returns, per decision, the label's centre x and its y offset
 * from the lane's line.
 */
function placeDecisionLabels(xs: readonly number[], labels: readonly string[], g: Geometry): { x: number; dy: number }[] {
  const rows = [26, -16, 38];
  const rightEdge = rows.map(() => -Infinity);
  return xs.map((x, i) => {
    const half = textWidth(labels[i]!) / 2;
    const cx = Math.min(g.width - half - 4, Math.max(g.plotLeft + half - 10, x));
    let row = rows.findIndex((_, r) => rightEdge[r]! + 6 <= cx - half);
    if (row === -1) row = 0;
    rightEdge[row] = cx + half;
    return { x: cx, dy: rows[row]! };
  });
}

const StorageLane = memo(function StorageLane({ lane, g, trace, playheadMs }: LaneProps) {
  const t = useT();
  const p = playheadMs;
  const fenced = trace.scenario.storage.fencing === 'token';
  const placed = useMemo(() => {
    const labels = trace.storage.map((d) => decisionLabel(d, fenced, t));
    return { labels, at: placeDecisionLabels(trace.storage.map((d) => g.x(d.atMs)), labels, g) };
  }, [trace, fenced, g, t]);
  const reads = trace.events.filter((e) => e.atMs <= p && (e.kind === 'read-served' || e.kind === 'read-rejected'));
  return (
    <g role="group" aria-label={t('timeline.lane', { name: t('timeline.lane.storage') })}>
      <line x1={g.plotLeft} x2={g.plotRight} y1={lane.base} y2={lane.base} className="fl-lane__line" />
      <line x1={g.plotLeft} x2={g.x(p)} y1={lane.base} y2={lane.base} className="fl-lane__life" />
      {reads.map((e) => {
        const x = g.x(e.atMs);
        const ok = e.kind === 'read-served';
        const label = t(ok ? 'timeline.readServed' : 'timeline.readRejected');
        return (
          <m.g key={`read${e.id}`} {...pop} role="img" aria-label={`${label}, ${seconds(e.atMs)} s`} className={ok ? 'fl-read' : 'fl-read fl-read--bad'}>
            <circle cx={x} cy={lane.base} r={5} />
            <text x={x} y={lane.base - 10} textAnchor="middle" className="fl-label fl-label--small">
              {label}
            </text>
          </m.g>
        );
      })}
      {trace.storage.map((d, i) => {
          if (d.atMs > p) return null;
          const x = g.x(d.atMs);
          const staleWrite = d.accepted && d.token !== undefined && d.token < d.highestBefore;
          const label = placed.labels[i]!;
          const pos = placed.at[i]!;
          const aria = t('timeline.decision.aria', { at: seconds(d.atMs), text: d.text });
          const cls = !d.accepted ? 'fl-decision fl-decision--bad' : staleWrite ? 'fl-decision fl-decision--stale' : 'fl-decision fl-decision--ok';
          return (
            <g key={`dec${d.messageId}`} role="img" aria-label={aria} className={cls}>
              <title>{aria}</title>
              <m.g {...pop}>
                <circle cx={x} cy={lane.base} r={10} className="fl-decision__disc" />
                {d.accepted ? (
                  <path d={`M${x - 4.5},${lane.base + 0.5}L${x - 1.2},${lane.base + 3.8}L${x + 4.8},${lane.base - 3.6}`} className="fl-decision__icon" />
                ) : (
                  <path d={`M${x - 3.8},${lane.base - 3.8}L${x + 3.8},${lane.base + 3.8}M${x + 3.8},${lane.base - 3.8}L${x - 3.8},${lane.base + 3.8}`} className="fl-decision__icon" />
                )}
              </m.g>
              <m.text {...appear} x={pos.x} y={lane.base + pos.dy} textAnchor="middle" className="fl-label fl-decision__label">
                {label}
              </m.text>
            </g>
          );
        })}
    </g>
  );
});

/** The lane contents for every lane. */
export function Lanes(props: Omit<LaneProps, 'lane'>) {
  return (
    <>
      {props.g.lanes.map((lane) => {
        const Comp = lane.kind === 'client' ? ClientLane : lane.kind === 'lease' ? LeaseLane : StorageLane;
        return <Comp key={lane.id} lane={lane} {...props} />;
      })}
    </>
  );
}
