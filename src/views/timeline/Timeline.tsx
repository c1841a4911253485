/**
 * The timeline: lanes for each client, the lease service and the storage; time left to right; the
 * story drawn up to the playhead. Fills the width it is given and scrolls sideways inside its own
 * container below {@link MIN_WIDTH}, with the lane names kept in view. Clicking or dragging on the
 * picture moves the playhead.
 * @module
 */
import { useEffect, useId, useMemo, useRef, type MouseEvent as ReactMouseEvent } from 'react';
import { useT } from '../../i18n';
import { useLab } from '../../store/context';
import { seconds } from '../../store/derive';
import { useElementWidth } from '../hooks/useElementWidth';
import { AXIS_H, layoutTimeline, ticksOf, type Geometry } from './geometry';
import { LaneLabels, labelColumnWidth } from './LaneLabels';
import { Legend } from './Legend';
import { Lanes } from './Lanes';
import { Messages } from './Messages';

function Axis({ g, playheadX }: { g: Geometry; playheadX: number }) {
  const t = useT();
  const ticks = useMemo(() => ticksOf(g), [g]);
  const bottom = g.height - 6;
  return (
    <g className="fl-axis" aria-hidden="true">
      {ticks.map((tick) => (
        <g key={tick.ms}>
          <line x1={tick.x} x2={tick.x} y1={AXIS_H - 6} y2={bottom} className={tick.major ? 'fl-grid fl-grid--major' : 'fl-grid'} />
          {Math.abs(tick.x - playheadX) > 34 && (
            <text x={tick.x} y={AXIS_H - 12} textAnchor="middle" className="fl-axis__label">
              {tick.ms % 1000 === 0 ? String(tick.ms / 1000) : seconds(tick.ms)}
            </text>
          )}
        </g>
      ))}
      {g.compressed.map((c) => {
        const x = (g.x(c.startMs) + g.x(c.endMs)) / 2;
        return (
          <g key={c.startMs} className="fl-axis__break">
            <title>{t('timeline.compressed')}</title>
            <path d={`M${x - 7},${AXIS_H - 2}l3,-5l3,5l3,-5l3,5`} />
          </g>
        );
      })}
      <line x1={g.plotLeft} x2={g.plotRight} y1={AXIS_H - 6} y2={AXIS_H - 6} className="fl-axis__line" />
    </g>
  );
}

function Playhead({ g, playheadMs }: { g: Geometry; playheadMs: number }) {
  const t = useT();
  const x = g.x(playheadMs);
  const label = `${seconds(playheadMs)} s`;
  const w = label.length * 7 + 12;
  return (
    <g className="fl-playhead" aria-label={t('timeline.playhead', { at: seconds(playheadMs) })} role="img">
      <line x1={x} x2={x} y1={AXIS_H - 4} y2={g.height - 4} className="fl-playhead__line" />
      <rect x={x - w / 2} y={2} width={w} height={18} rx={9} className="fl-playhead__bubble" />
      <text x={x} y={15} textAnchor="middle" className="fl-playhead__text">
        {label}
      </text>
    </g>
  );
}

/** The timeline of the explainer's current trace. */
export function Timeline() {
  const t = useT();
  const trace = useLab((s) => s.trace);
  const warp = useLab((s) => s.warp);
  const playheadMs = useLab((s) => s.playheadMs);
  const seek = useLab((s) => s.seek);
  const scroller = useRef<HTMLDivElement>(null);
  const scrollBox = useRef<HTMLDivElement>(null);
  const width = useElementWidth(scroller);
  const labelW = labelColumnWidth(width);
  const g = useMemo(() => layoutTimeline(trace, warp, width - labelW), [trace, warp, width, labelW]);
  const px = g.x(playheadMs);
  // Keep the playhead in view when the picture is wider than its box (small screens).
  useEffect(() => {
    const el = scrollBox.current;
    if (!el || el.scrollWidth <= el.clientWidth + 1) return;
    const view = el.clientWidth - labelW;
    if (px < el.scrollLeft + 24 || px > el.scrollLeft + view - 40) el.scrollLeft = Math.max(0, px - view * 0.35);
  }, [px, labelW]);
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const patterns = useMemo(() => ({ pause: `fl-pause-${uid}`, stale: `fl-stale-${uid}` }), [uid]);
  const dragging = useRef(false);

  const seekAt = (e: ReactMouseEvent<SVGSVGElement>) => {
    const svg = e.currentTarget;
    const rect = svg.getBoundingClientRect();
    const scale = rect.width > 0 ? g.width / rect.width : 1;
    seek(Math.round(g.msAt((e.clientX - rect.left) * scale)));
  };

  return (
    <div className="fl-timeline" ref={scroller}>
      <div className="fl-timeline__scroll" ref={scrollBox} role="region" aria-label={t('timeline.scroll')} tabIndex={0}>
        <div className="fl-timeline__inner" style={{ width: g.width + labelW }}>
          <LaneLabels g={g} width={labelW} />
          <svg
            className="fl-timeline__svg"
            width={g.width}
            height={g.height}
            viewBox={`0 0 ${g.width} ${g.height}`}
            role="group"
            aria-label={t('timeline.label', { title: trace.scenario.title })}
            onClick={(e) => {
              // Taps (and clicks) seek; on touch screens a swipe still scrolls the picture sideways.
              seekAt(e);
            }}
            onPointerDown={(e) => {
              if (e.button !== 0 || e.pointerType === 'touch') return;
              dragging.current = true;
              e.currentTarget.setPointerCapture?.(e.pointerId);
              seekAt(e);
            }}
            onPointerMove={(e) => {
              if (dragging.current) seekAt(e);
            }}
            onPointerUp={() => {
              dragging.current = false;
            }}
            onPointerCancel={() => {
              dragging.current = false;
            }}
          >
            <defs>
              <pattern id={patterns.pause} width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect width="7" height="7" className="fl-hatch-bg--pause" />
                <line x1="0" y1="0" x2="0" y2="7" className="fl-hatch--pause" />
              </pattern>
              <pattern id={patterns.stale} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">
                <rect width="6" height="6" className="fl-hatch-bg--stale" />
                <line x1="0" y1="0" x2="0" y2="6" className="fl-hatch--stale" />
              </pattern>
            </defs>
            {g.lanes.map((lane, i) => (
              <rect key={lane.id} x={0} y={lane.top} width={g.width} height={lane.height} className={i % 2 ? 'fl-lane-bg fl-lane-bg--alt' : 'fl-lane-bg'} />
            ))}
            <Axis g={g} playheadX={g.x(playheadMs)} />
            <rect x={g.x(playheadMs)} y={AXIS_H - 6} width={Math.max(0, g.width - g.x(playheadMs))} height={g.height - AXIS_H} className="fl-future" />
            <Lanes g={g} trace={trace} playheadMs={playheadMs} patterns={patterns} />
            <Messages g={g} trace={trace} playheadMs={playheadMs} />
            <Playhead g={g} playheadMs={playheadMs} />
          </svg>
        </div>
      </div>
      <Legend />
    </div>
  );
}
