/**
 * The timeline: lanes for each client, the lease service and the storage; time left to right; the
 * story drawn up to the playhead. Fills the width it is given and scrolls sideways inside its own
 * container below {@link MIN_WIDTH}, with the lane names kept in view. Clicking or dragging on the
 * picture moves the playhead.
 * @module
 */
import { useId, useMemo, useRef, type MouseEvent as ReactMouseEvent } from 'react';
import { localiseNumber, useT, withText } from '../../i18n';
import { useLab, useLabStore } from '../../store/context';
import { seconds } from '../../store/derive';
import { useElementWidth } from '../hooks/useElementWidth';
import { AXIS_H, MIN_WIDTH, layoutTimeline, ticksOf, type Geometry } from './geometry';
import { LaneLabels, labelColumnWidth } from './LaneLabels';
import { Legend } from './Legend';
import { deferredComponent } from '../ChunkBoundary';
import { loadOnce } from '../../store/load-once';
import { createGrowthRegistry, GrowthContext } from './growth';
import { moveX, usePlayheadFrame } from './playhead-hooks';

/** The marks' chunk (`Marks.tsx`) with their text in the active language (`marks-messages.ts`). */
const marks = loadOnce(() => import('./Marks').then(withText));

/**
 * Loads the marks' chunk (once; a failed load is tried again on the next call). The timeline starts
 * it as it first renders; tests may await it before rendering.
 */
export function loadMarks(): Promise<typeof import('./Marks')> {
  return marks.load();
}

/** The marks, drawn as soon as their chunk is in (and tried again once back online if it could not load). */
const MarksLayer = deferredComponent(marks, (m) => m.Marks);

/** Indices of the ticks whose labels the playhead's bubble covers (within 34 px of it), as a key. */
function coveredTicks(ticks: readonly { x: number }[], playheadX: number): string {
  let key = '';
  ticks.forEach((tick, i) => {
    if (Math.abs(tick.x - playheadX) <= 34) key += `${i},`;
  });
  return key;
}

function Axis({ g }: { g: Geometry }) {
  const t = useT();
  const ticks = useMemo(() => ticksOf(g), [g]);
  // Re-renders only when the playhead's bubble moves onto or off a tick label, not every frame.
  const covered = useLab((s) => coveredTicks(ticks, g.x(s.playheadMs)));
  const hidden = useMemo(() => new Set(covered.split(',').filter(Boolean).map(Number)), [covered]);
  const bottom = g.height - 6;
  return (
    <g className="fl-axis" aria-hidden="true">
      {ticks.map((tick, i) => (
        <g key={tick.ms}>
          <line x1={tick.x} x2={tick.x} y1={AXIS_H - 6} y2={bottom} className={tick.major ? 'fl-grid fl-grid--major' : 'fl-grid'} />
          {!hidden.has(i) && (
            <text x={tick.x} y={AXIS_H - 12} textAnchor="middle" className="fl-axis__label">
              {tick.ms % 1000 === 0 ? String(tick.ms / 1000) : localiseNumber(seconds(tick.ms))}
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

/**
 * The playhead: a line and a bubble with the time. It follows every frame without a render: its
 * position is a `transform` on the element, and its time and accessible name are written when the
 * tenth of a second they show changes.
 */
function Playhead({ g }: { g: Geometry }) {
  const t = useT();
  const store = useLabStore();
  const ref = useRef<SVGGElement>(null);
  const bubble = useRef<SVGRectElement>(null);
  const text = useRef<SVGTextElement>(null);
  const shown = useRef<{ at: string; t: typeof t } | undefined>(undefined);
  usePlayheadFrame(
    (ms) => {
      const el = ref.current;
      if (!el) return;
      moveX(el, g.x(ms), !store.getState().playing);
      const at = seconds(ms);
      // Rewritten when the tenth of a second shown changes, or the language (`t`) does.
      if (shown.current?.at === at && shown.current.t === t) return;
      shown.current = { at, t };
      const label = `${localiseNumber(at)} s`;
      const w = label.length * 7 + 12;
      bubble.current?.setAttribute('x', String(-w / 2));
      bubble.current?.setAttribute('width', String(w));
      if (text.current) text.current.textContent = label;
      el.setAttribute('aria-label', t('timeline.playhead', { at }));
    },
    [g, t],
  );
  return (
    <g ref={ref} className="fl-playhead" role="img">
      <line x1={0} x2={0} y1={AXIS_H - 4} y2={g.height - 4} className="fl-playhead__line" />
      <rect ref={bubble} y={2} height={18} rx={9} className="fl-playhead__bubble" />
      <text ref={text} x={0} y={15} textAnchor="middle" className="fl-playhead__text" />
    </g>
  );
}

/** The timeline of the explainer's current trace. */
export function Timeline() {
  const t = useT();
  const trace = useLab((s) => s.trace);
  const warp = useLab((s) => s.warp);
  const seek = useLab((s) => s.seek);
  const scroller = useRef<HTMLDivElement>(null);
  const scrollBox = useRef<HTMLDivElement>(null);
  // 0 until measured (before the first paint): the picture is drawn once, at its real width, not first
  // at a guess and then again (issue 7).
  const measured = useElementWidth(scroller, 960, 0);
  const width = measured || 960;
  const labelW = labelColumnWidth(width);
  const g = useMemo(() => layoutTimeline(trace, warp, width - labelW), [trace, warp, width, labelW]);
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const store = useLabStore();
  const growing = useMemo(() => createGrowthRegistry(() => g.x(store.getState().playheadMs)), [g, store]);
  const future = useRef<SVGRectElement>(null);
  // Every frame, without a render: the bars still growing reach the playhead, the grey future cover
  // starts there, and (when the picture is wider than its box, on small screens) the playhead stays in view.
  const scrolls = g.width + labelW > width + 1;
  const scrollLeft = useRef(0);
  usePlayheadFrame(
    (ms) => {
      const px = g.x(ms);
      growing.apply(px);
      moveX(future.current, px, !store.getState().playing);
      // No layout reads here (they would force a layout every frame): the box's width comes from the
      // ResizeObserver and its scroll position from its scroll events.
      const el = scrollBox.current;
      if (!el || !scrolls) return;
      const view = width - labelW;
      const left = scrollLeft.current;
      if (px < left + 24 || px > left + view - 40) {
        scrollLeft.current = Math.max(0, px - view * 0.35);
        el.scrollLeft = scrollLeft.current;
      }
    },
    [g, growing, labelW, scrolls, width],
  );
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
      <div
        className="fl-timeline__scroll"
        ref={scrollBox}
        role="region"
        aria-label={t('timeline.scroll')}
        tabIndex={0}
        onScroll={(e) => {
          scrollLeft.current = e.currentTarget.scrollLeft;
        }}
      >
        {measured === 0 ? (
          // Not measured yet (the prerendered HTML, issue 15): the picture's space, so nothing below
          // moves when it is drawn. Its height is the picture's; its width is the narrowest picture's
          // (MIN_WIDTH plus the lane names), so the box scrolls sideways exactly when the picture will.
          <div className="fl-timeline__inner" style={{ width: MIN_WIDTH + labelColumnWidth(MIN_WIDTH), height: g.height }} />
        ) : (
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
            <Axis g={g} />
            <rect ref={future} x={0} y={AXIS_H - 6} width={g.width} height={g.height - AXIS_H} className="fl-future" />
            <g aria-hidden="true">
              {g.lanes.map((lane) => (
                <line key={lane.id} x1={g.plotLeft} x2={g.plotRight} y1={lane.base} y2={lane.base} className="fl-lane__line" />
              ))}
            </g>
            <GrowthContext value={growing}>
              <MarksLayer g={g} trace={trace} patterns={patterns} />
            </GrowthContext>
            <Playhead g={g} />
          </svg>
        </div>
        )}
      </div>
      <Legend />
    </div>
  );
}
