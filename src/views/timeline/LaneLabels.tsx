/**
 * Lane names beside the timeline, kept in view while the picture scrolls sideways, with what each
 * actor is doing at the playhead: a client's state and the token it believes it holds (and whether
 * the lease service agrees), the lock's holder, the storage's highest token.
 * @module
 */
import { useMemo } from 'react';
import { Database, Server, User } from 'lucide-react';
import { useControl } from '../../embed/display';
import { useT } from '../../i18n';
import { useEventIndex, useLab, useLabStore } from '../../store/context';
import { clientStatusAt, liveLeaseAt, storageStateAt } from '../../store/derive';
import { AXIS_H, type Geometry } from './geometry';

/** Lane icons as constant elements, so re-rendering the column (at each event) skips them. */
const LANE_ICON = {
  client: <User size={14} aria-hidden="true" />,
  lease: <Server size={14} aria-hidden="true" />,
  storage: <Database size={14} aria-hidden="true" />,
};

/** Width of the lane-name column (px) for the timeline's available width. */
export function labelColumnWidth(available: number): number {
  return available < 560 ? 92 : 142;
}

/** The lane-name column. Re-renders only when the playhead crosses an event. */
export function LaneLabels({ g, width }: { g: Geometry; width: number }) {
  const t = useT();
  const trace = useLab((s) => s.trace);
  const skipQuiet = useLab((s) => s.skipQuiet);
  const wholeRun = useLab((s) => s.wholeRun === true);
  // While the story frames a moment (at every width), its switch is "whole run".
  const framed = useLab((s) => s.frame !== undefined || wholeRun);
  const store = useLabStore();
  // Lane names open their interventions only where the interventions are shown (`controls=`).
  const menus = useControl('interventions');
  const index = useEventIndex();
  const atMs = index >= 0 ? trace.events[index]!.atMs : -1;
  const rows = useMemo(
    () =>
      g.lanes.map((lane) => {
        if (lane.kind === 'client') {
          const st = clientStatusAt(trace, lane.id, atMs);
          const phase = t(`status.${st.phase}`);
          const holds =
            st.believedToken === undefined
              ? undefined
              : st.leaseValid
                ? t('status.holds', { token: st.believedToken })
                : t('status.believes', { token: st.believedToken });
          return { lane, name: lane.name, sub: phase, extra: holds, stale: st.believedToken !== undefined && !st.leaseValid, phase: st.phase };
        }
        if (lane.kind === 'lease') {
          const live = atMs >= 0 ? liveLeaseAt(trace, atMs) : undefined;
          return {
            lane,
            name: t('timeline.lane.leaseService'),
            sub: t('timeline.lane.leaseServiceSub'),
            extra: live ? t('timeline.lane.lock', { token: live.token }) : t('timeline.lane.free'),
            stale: false,
            phase: undefined,
          };
        }
        const st = storageStateAt(trace, atMs);
        return {
          lane,
          name: t('timeline.lane.storage'),
          sub: t('timeline.lane.storageSub'),
          extra:
            trace.scenario.storage.fencing === 'equality'
              ? st.acceptsOnly !== undefined
                ? t('timeline.lane.acceptsOnly', { token: st.acceptsOnly })
                : undefined
              : st.highestToken > 0
                ? t('timeline.lane.highest', { token: st.highestToken })
                : undefined,
          stale: false,
          phase: undefined,
        };
      }),
    [g, trace, atMs, t],
  );
  return (
    <div className={width < 120 ? 'fl-lanes fl-lanes--narrow' : 'fl-lanes'} style={{ width }}>
      <div className="fl-lanes__axis" style={{ height: AXIS_H }}>
        <span aria-hidden="true">{t('timeline.axis')}</span>
        {/* To scale by default; the learner may skip the quiet stretches (issue 13). While the
            story frames a moment (issue 40), the frame is to scale and the switch is "Whole run". */}
        <label className="fl-skip">
          <input
            type="checkbox"
            checked={framed ? wholeRun : skipQuiet}
            onChange={(e) => (framed ? store.setState({ wholeRun: e.currentTarget.checked }) : store.getState().setSkipQuiet(e.currentTarget.checked))}
          />
          <span>{t(framed ? 'timeline.wholeRun' : 'timeline.skipQuiet')}</span>
        </label>
      </div>
      {rows.map((r) => {
        // A client's or the lease service's name is a button: it opens that lane's interventions in
        // place (`LaneMenu.tsx`, loaded with the interventions; it sets `aria-expanded` while open).
        const name = (
          <>
            {LANE_ICON[r.lane.kind]}
            <span>{r.name}</span>
          </>
        );
        return (
          <div
            key={r.lane.id}
            className={`fl-lanes__row fl-lanes__row--${r.lane.kind}`}
            style={{ height: r.lane.bandHeight, paddingTop: 8 + Math.max(0, r.lane.top - r.lane.bandTop) }}
            data-lane={r.lane.id}
          >
            {menus && r.lane.kind !== 'storage' ? (
              <button type="button" className="fl-lanes__name" data-lane={r.lane.id} aria-haspopup="dialog" aria-expanded="false">
                {name}
              </button>
            ) : (
              <div className="fl-lanes__name" aria-hidden="true">
                {name}
              </div>
            )}
            <div aria-hidden="true" className={`fl-lanes__sub${r.phase ? ` fl-phase fl-phase--${r.phase}` : ''}`}>{r.sub}</div>
            {r.extra && <div aria-hidden="true" className={r.stale ? 'fl-lanes__extra fl-lanes__extra--stale' : 'fl-lanes__extra'}>{r.extra}</div>}
          </div>
        );
      })}
    </div>
  );
}
