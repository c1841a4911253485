/**
 * The timeline: lanes for each client, the lease service and the storage; time left to right; the
 * story drawn up to the playhead. Fills the width it is given and scrolls sideways inside its own
 * container when narrower than {@link FIT_WIDTH} (a phone), with the lane names kept in view. Clicking or dragging on the
 * picture moves the playhead.
 * @module
 */
import { Suspense, lazy, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type MouseEvent as ReactMouseEvent, type RefObject } from 'react';
import { useDisplayActions } from '../a11y/display-actions';
import { localiseNumber, useT, withText } from '../../i18n';
import { useLab, useLabStore } from '../../store/context';
import { seconds } from '../../store/derive';
import { useElementWidth } from '../hooks/useElementWidth';
import { AXIS_H, FIT_WIDTH, TICK_LABEL_Y, layoutTimeline, naturalHeight, ticksOf, type Geometry } from './geometry';
import type { Trace } from '../../model/trace';
import { LaneLabels, labelColumnWidth } from './LaneLabels';
import { deferredComponent } from '../ChunkBoundary';
import { loadOnce } from '../../store/load-once';
import { devicePx, setTranslateX, shownMs, usePlayheadFrame, useStepMs } from './playhead-hooks';
import type { PlayheadBreaks } from './label-holes';
import type { FrameState } from './frame-ease';

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

/** The part of the run in view, outlined on the scrubber (`Overview.tsx`), with the marks. */
const OverviewLayer = deferredComponent(marks, (m) => m.Overview);

/** Handles on the pauses' ends, to change their length (`PauseHandles.tsx`; a chunk of its own). */
const PauseHandles = lazy(() => import('./PauseHandles').then((m) => ({ default: m.PauseHandles })));

/**
 * The pause handles, their chunk asked for only once a pause's end is on screen. A pause ends at an
 * event, so the event step says so (`useStepMs`): while playing, in the step's own deferred render
 * (`StepClock`), not in a render inside the frame that moves the playhead (issue 44: the timeline's
 * was 16 ms of script in one frame at 4x); and here, so that the timeline does not render at each step.
 */
function PauseEnds({ g, trace }: { g: Geometry; trace: Trace }) {
  const stepMs = useStepMs(trace);
  return trace.pauses.some((q) => q.endMs <= stepMs) ? (
    <Suspense fallback={null}>
      <PauseHandles g={g} trace={trace} />
    </Suspense>
  ) : null;
}

/**
 * Presenter mode (issue 13): the picture is zoomed so that its smallest labels (11 px) are at
 * least 20 px on a 1920 px wide screen, read from the back of a lecture hall, and its lanes fill
 * the height the box has (measured: the presenter layout gives the timeline what the caption and
 * controls leave). Never below {@link PRESENTER_MIN_ZOOM} (issue 42, item 7: 18 px labels at
 * 1024x768): where the lanes are then taller than the box, the box scrolls them (app.css). A CSS
 * `zoom` on the picture, so the label plan lays out the same 11 px labels in `width / zoom` px.
 * Outside presenter mode: zoom 1, natural height.
 */
/** The smallest zoom in presenter mode: the timeline's 11 px labels at 18 px or more (11 × 1.64 = 18.04). */
const PRESENTER_MIN_ZOOM = 1.64;

function usePresenterFit(box: RefObject<HTMLElement | null>, presenting: boolean, widthPx: number, natural: number): { zoom: number; height: number } {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const el = box.current;
    if (!presenting || !el || typeof ResizeObserver === 'undefined') {
      setHeight(0);
      return;
    }
    const measure = () => setHeight(el.clientHeight);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [box, presenting]);
  // As large as the width allows (up to 2.2), and no larger than the lanes' fit in the height, unless
  // that would take the labels under 18 px.
  const zoom = Math.min(2.2, Math.max(1, widthPx / 960), height > 0 ? (height - 2) / natural : 9);
  return presenting && widthPx > 0 ? { zoom: Math.max(PRESENTER_MIN_ZOOM, Math.floor(zoom * 100) / 100), height } : { zoom: 1, height: 0 };
}

/**
 * The axis in two parts, as the grey future cover lies between them: the grid lines (and the axis
 * line on the cover's top edge) under it, in the picture's background (`part` `grid`), the tick
 * labels, above the cover's top, in the picture itself (`labels`). Each tick is a group with its time
 * (`data-ms`, simulated ms) in both.
 */
function Axis({ g, part }: { g: Geometry; part: 'grid' | 'labels' }) {
  const ticks = useMemo(() => ticksOf(g), [g]);
  const bottom = g.height - 6;
  // The tick labels sit in a row of their own under the playhead's tag, which never covers them.
  return (
    <g className="fl-axis" aria-hidden="true">
      {ticks.map((tick) => (
        <g key={tick.ms} data-ms={tick.ms}>
          {part === 'grid' ? (
            <line x1={tick.x} x2={tick.x} y1={AXIS_H - 6} y2={bottom} className={tick.major ? 'fl-grid fl-grid--major' : 'fl-grid'} />
          ) : (
            <text x={tick.x} y={TICK_LABEL_Y} textAnchor="middle" className="fl-axis__label">
              {tick.ms % 1000 === 0 ? String(tick.ms / 1000) : localiseNumber(seconds(tick.ms))}
            </text>
          )}
        </g>
      ))}
      {part === 'grid' && <line x1={g.plotLeft} x2={g.plotRight} y1={AXIS_H - 6} y2={AXIS_H - 6} className="fl-axis__line" />}
    </g>
  );
}

/**
 * The width (px) of the playhead's own layer: room for its tag at either side of its line (the
 * tag of "20.2 s" is 54 px wide; `app.css` places the layer half of it left of the line).
 */
const PLAYHEAD_LAYER_W = 120;


/**
 * The playhead: a line and a bubble with the time, in a small SVG of its own on a layer of its own
 * over the picture (x 0 is the line). It follows every frame without a render: its position is a
 * `transform` on its layer ({@link setTranslateX}), and its time and accessible name are written when the
 * tenth of a second they show changes. Stopped, its line breaks over the labels it passes (`breaks`,
 * from the marks; `label-holes.ts`), so none is struck through. While playing, its line is hidden and
 * `under`, a line in the future cover's layer under the marks, stands for it.
 */
function Playhead({ g, breaks, band, under }: { g: Geometry; breaks: PlayheadBreaks; band: RefObject<SVGPathElement | null>; under: RefObject<SVGPathElement | null> }) {
  const layer = useRef<HTMLDivElement>(null);
  const t = useT();
  const store = useLabStore();
  const ref = useRef<SVGGElement>(null);
  const bubble = useRef<SVGRectElement>(null);
  const text = useRef<SVGTextElement>(null);
  const line = useRef<SVGPathElement>(null);
  const shown = useRef<{ at: string; t: typeof t; shift: number } | undefined>(undefined);
  const drawn = useRef('');
  const banded = useRef('');
  // Which of the two lines is shown: this one over the marks (stopped), or `under` (playing).
  const side = useRef<'over' | 'under' | undefined>(undefined);
  const top = AXIS_H - 4;
  const bottom = g.height - 4;
  const drawLine = (px: number) => {
    const whole = `M0,${top}V${bottom}`;
    // While playing, the line is the one drawn in the future cover's layer, under the marks (`under`),
    // just right of the playhead: the marks it meets there (labels, messages off the time axis) are
    // drawn over it, the bars and messages on the reveal layer end at it, so it needs no breaks, and
    // a frame writes nothing but the layers' places. Breaking this line around each message in
    // flight rewrote it every frame a message flew, and each rewrite repainted the layer: with one
    // core busy, a third of those frames missed (issue 44). Stopped, this line is drawn over the
    // marks and breaks over the labels and arrows it meets.
    const playing = store.getState().playing;
    const paths = playing ? undefined : breaks.pathsAt?.(px, top, bottom);
    const d = paths?.line ?? whole;
    if (d !== drawn.current && line.current) line.current.setAttribute('d', (drawn.current = d));
    const shownOn = playing ? 'under' : 'over';
    if (shownOn !== side.current && line.current && under.current) {
      side.current = shownOn;
      line.current.setAttribute('visibility', playing ? 'hidden' : 'visible');
      under.current.setAttribute('visibility', playing ? 'visible' : 'hidden');
    }
    // The band under the marks breaks over the labels, heads and dots (it stays where an arrow runs along the line).
    const b = paths?.band || whole;
    if (b !== banded.current && band.current) band.current.setAttribute('d', (banded.current = b));
  };
  breaks.redraw = () => drawLine(devicePx(store, g.x(store.getState().playheadMs)));
  usePlayheadFrame(
    (ms) => {
      const el = ref.current;
      if (!el) return;
      const px = devicePx(store, g.x(ms));
      setTranslateX(layer.current, px);
      drawLine(px);
      // The time in its tag as the time texts show it (`shownMs`: while playing, four times a second).
      const at = seconds(shownMs(store, ms));
      const label = `${localiseNumber(at)} s`;
      const w = label.length * 7 + 12;
      // The tag stays inside the picture at both ends (at 0 s it would hang over the left edge).
      const shift = Math.round(Math.max(2 - (px - w / 2), Math.min(0, g.width - 2 - (px + w / 2))));
      // Rewritten when the tenth of a second shown changes, the tag is pushed in, or the language (`t`) changes.
      if (shown.current?.at === at && shown.current.t === t && shown.current.shift === shift) return;
      shown.current = { at, t, shift };
      bubble.current?.setAttribute('x', String(-w / 2 + shift));
      bubble.current?.setAttribute('width', String(w));
      if (text.current) {
        // Its text node's value (rendered below), not a new node each time (`textContent`): less to lay out (issue 15).
        text.current.firstChild!.nodeValue = label;
        text.current.setAttribute('x', String(shift));
      }
      el.setAttribute('aria-label', t('timeline.playhead', { at }));
    },
    [g, t],
  );
  return (
    <div ref={layer} className="fl-now fl-now--playhead">
      <svg width={PLAYHEAD_LAYER_W} height={g.height} viewBox={`${-PLAYHEAD_LAYER_W / 2} 0 ${PLAYHEAD_LAYER_W} ${g.height}`} focusable="false">
        <g ref={ref} className="fl-playhead" role="img">
          <path ref={line} d={`M0,${top}V${bottom}`} className="fl-playhead__line" />
          <rect ref={bubble} y={2} height={18} rx={9} className="fl-playhead__bubble" />
          <text ref={text} x={0} y={15} textAnchor="middle" className="fl-playhead__text">
            {' '}
          </text>
        </g>
      </svg>
    </div>
  );
}

/** The timeline of the explainer's current trace. */
export function Timeline() {
  const t = useT();
  const trace = useLab((s) => s.trace);
  const warp = useLab((s) => s.warp);
  const seek = useLab((s) => s.seek);
  const skipQuiet = useLab((s) => s.skipQuiet);
  const presenting = useDisplayActions()?.presenting;
  const scroller = useRef<HTMLDivElement>(null);
  const scrollBox = useRef<HTMLDivElement>(null);
  // 0 until measured (before the first paint): the picture is drawn once, at its real width, not first
  // at a guess and then again (issue 7).
  const measuredPx = useElementWidth(scroller, 960, 0);
  // Presenter mode draws the picture larger (zoom), so its labels read from the back of a hall,
  // and makes its lanes fill the height the screen has left (`presenterZoom`).
  const present = usePresenterFit(scrollBox, presenting ?? false, measuredPx, naturalHeight(trace));
  const zoom = present.zoom;
  const measured = measuredPx / zoom;
  const width = measured || 960;
  const labelW = labelColumnWidth(width);
  const fillHeight = present.height ? (present.height - 2) / zoom : undefined;
  // Skipping quiet stretches needs the marks' chunk (`quiet.ts`); asked for before it is in, it waits for it (below).
  const [, marksIn] = useState(0);
  const marksNow = marks.current();
  const skip = useMemo(() => (skipQuiet ? marksNow?.quietStretches(trace) : undefined), [skipQuiet, marksNow, trace]);
  // The story's frame (issue 40): its stretch of the run fills the visible plot, less room for the
  // labels at its ends; the picture is then wider than its box and scrolls to it (on a phone too,
  // where the picture scrolls sideways anyway: there a frame may also draw it smaller than the
  // whole run's scale, so a long frame fits the view).
  const view = width - labelW;
  const frame = useLab((s) => (s.wholeRun ? undefined : s.frame));
  // Its scale comes with the marks' chunk (`frameView`, `frame-ease.ts`), as the story that sets
  // frames comes after it; so does the labelled break a frame draws where its events are seconds apart.
  const framed = useMemo(() => (frame ? marksNow?.frameView(trace.endMs, frame, view) : undefined), [frame, marksNow, trace.endMs, view]);
  const shownFrame = framed?.shown ?? frame;
  // So does a frame's scale: a frame set before the chunk is in (a link's `t` at a key moment, whose
  // story chunk came first) is drawn once it is.
  useEffect(() => {
    if ((skipQuiet || frame) && !marksNow) void marks.load().then(() => marksIn((n) => n + 1), () => undefined);
  }, [skipQuiet, frame, marksNow]);
  const g = useMemo(() => layoutTimeline(trace, warp, view, { skip, height: fillHeight, ...framed?.layout }), [trace, warp, view, skip, fillHeight, framed]);
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const store = useLabStore();
  const future = useRef<HTMLDivElement>(null);
  const band = useRef<SVGPathElement>(null);
  const under = useRef<SVGPathElement>(null);
  // Every frame, without a render: the grey future cover starts at the playhead (the bars still
  // growing reach it: the marks' own, `Marks.tsx`), and (when the picture is wider than its box, on small screens) the playhead stays in view.
  const scrolls = g.width + labelW > width + 1;
  const scrollLeft = useRef(0);
  // Whether the sideways scroll is where the timeline put it (not where the reader swiped it).
  const autoScroll = useRef(true);
  const breaks = useMemo((): PlayheadBreaks => ({}), []);
  // The frame shown and the sideways scrolls it allows (`frame-ease.ts`).
  const frameState = useRef<FrameState>({});
  // Where to stop a jump sideways so that no label is cut (`snapScroll`, with the marks); the target itself until they are in.
  const snap = (el: HTMLElement, target: number, px: number, bounds?: [number, number]) => breaks.snap?.(el, target, px, labelW, bounds) ?? Math.round(target);
  const scrollTo = (el: HTMLElement, left: number) => {
    autoScroll.current = true;
    // The box scrolls in zoomed px (presenter mode draws the picture zoomed); the timeline counts in the picture's own.
    el.scrollLeft = left * zoom;
    // Where it really went (clamped while the picture is not laid out yet); read only on a jump.
    scrollLeft.current = el.scrollLeft / zoom;
  };
  const settleNow = () => {
    const el = scrollBox.current;
    if (!el || !scrolls || !autoScroll.current) return;
    const px = g.x(store.getState().playheadMs);
    const now = (scrollLeft.current = el.scrollLeft / zoom);
    // Where the playhead has left the view (a jump made before the picture was laid out), or where an edge cuts a label.
    const left = snap(el, px < now + 24 || px > now + view - 40 ? Math.max(0, px - view * 0.35) : now, px, frameState.current.bounds);
    if (left !== now) scrollTo(el, left);
  };
  // The scroll box's own position where the picture scrolls sideways (a phone; a jump this step may
  // not have reached `scrollLeft` yet, and the read costs a layout only there); 0 where it does not.
  breaks.left = () => (scrolls ? (scrollBox.current?.scrollLeft ?? 0) / zoom : 0);
  breaks.settle = () => {
    // While playing, once this frame is painted (a task after it, when the layout is up to date):
    // read right after a step's render, the scroll and the labels' boxes would force a layout in
    // that frame (issue 15). Paused (a seek, a step) it settles before the paint, as the jump is drawn.
    if (store.getState().playing) setTimeout(settleNow);
    else settleNow();
  };
  usePlayheadFrame(
    (ms) => {
      const px = devicePx(store, g.x(ms));
      setTranslateX(future.current, px);
      // No layout reads here (they would force a layout every frame): the box's width comes from the
      // ResizeObserver and its scroll position from its scroll events. Only a jump sideways reads the
      // texts' boxes, to stop where no label is cut.
      const el = scrollBox.current;
      if (!el || !scrolls) return;
      const left = scrollLeft.current;
      if (px < left + 24 || px > left + view - 40) scrollTo(el, snap(el, Math.max(0, px - view * 0.35), px));
    },
    [g, labelW, scrolls, width],
  );
  // A new frame: shown and the move eased (`frame-ease.ts`).
  const svgRef = useRef<SVGSVGElement>(null);
  useLayoutEffect(() => {
    marks.current()?.showFrame(frameState.current, shownFrame, g, view, store.getState().playheadMs, scrollBox.current, svgRef.current, scrolls, scrollTo, snap);
  }, [g, shownFrame, scrolls, store]);
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
      {measured > 0 && <OverviewLayer g={g} scrollBox={scrollBox} view={view} zoom={zoom} />}
      <div
        className="fl-timeline__scroll"
        ref={scrollBox}
        role="region"
        aria-label={t('timeline.scroll')}
        tabIndex={0}
        onScroll={(e) => {
          // A swipe (not one of the timeline's own jumps) leaves the scroll where the reader put it.
          const left = e.currentTarget.scrollLeft / zoom;
          if (Math.abs(left - scrollLeft.current) > 1) autoScroll.current = false;
          scrollLeft.current = left;
          // Nothing half under the lane names; bar labels slide into view (the marks' `fitLeftEdge`).
          breaks.edge?.(scrollLeft.current);
        }}
      >
        {measured === 0 ? (
          // Not measured yet (the prerendered HTML, issue 15): the picture's space, so nothing below
          // moves when it is drawn. Its height is the picture's; its width is the narrowest unscrolled
          // picture's (FIT_WIDTH plus the lane names), so the box scrolls sideways exactly when the picture will.
          // An empty SVG's own width and height, not a style attribute: the hosted app's CSP blocks those (issue 16).
          <div className="fl-timeline__inner">
            <svg className="fl-timeline__space" width={FIT_WIDTH + labelColumnWidth(FIT_WIDTH)} height={g.height} aria-hidden="true" focusable="false" />
          </div>
        ) : (
        <div className="fl-timeline__inner" style={zoom !== 1 ? { width: g.width + labelW, zoom } : { width: g.width + labelW }}>
          <LaneLabels g={g} width={labelW} />
          {/* The picture in layers (issue 44, item 1), so that a frame of playback moves layers and
              repaints nothing: the background (lane bands, grid) drawn once; the grey future cover
              from the playhead on, with a faint band along the playhead's line (where the line
              breaks to leave an arrow clear, playhead-clearance.ts, the band still says where "now"
              is, and the arrow reads on top of it) and, while the story plays, the playhead's line
              itself, a layer moved by a transform; the lane lines;
              the reveal layer (the marks' own, `Marks.tsx`: in its place here once they are in);
              the picture itself (the SVG with the marks); and on top the playhead, a layer of its
              own. */}
          <div className="fl-timeline__picture">
            <svg className="fl-timeline__back" width={g.width} height={g.height} viewBox={`0 0 ${g.width} ${g.height}`} aria-hidden="true" focusable="false">
              {g.lanes.map((lane, i) => (
                <rect key={lane.id} x={0} y={lane.bandTop} width={g.width} height={lane.bandHeight} className={i % 2 ? 'fl-lane-bg fl-lane-bg--alt' : 'fl-lane-bg'} />
              ))}
              <Axis g={g} part="grid" />
            </svg>
            <div ref={future} className="fl-now fl-now--future" aria-hidden="true">
              <svg width={g.width} height={g.height} viewBox={`0 0 ${g.width} ${g.height}`} focusable="false">
                <rect x={0} y={AXIS_H - 6} width={g.width} height={g.height - AXIS_H} className="fl-future" />
                <path ref={band} d={`M0,${AXIS_H - 4}V${g.height - 4}`} className="fl-now__band" />
                {/* The playhead's line while playing, under the marks (`Playhead`): just right of the
                    playhead, where the reveal layer, which ends there, draws nothing over it. */}
                <path ref={under} d={`M1,${AXIS_H - 4}V${g.height - 4}`} className="fl-now__line" visibility="hidden" />
              </svg>
            </div>
            <svg className="fl-timeline__back fl-timeline__lines" width={g.width} height={g.height} viewBox={`0 0 ${g.width} ${g.height}`} aria-hidden="true" focusable="false">
              {g.lanes.map((lane) => (
                <line key={lane.id} x1={g.plotLeft} x2={g.plotRight} y1={lane.base} y2={lane.base} className="fl-lane__line" />
              ))}
            </svg>
            <div className="fl-reveal" />
          <svg
            ref={svgRef}
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
            <Axis g={g} part="labels" />
            <MarksLayer g={g} trace={trace} patterns={patterns} breaks={breaks} />
            <PauseEnds g={g} trace={trace} />
          </svg>
            <Playhead g={g} breaks={breaks} band={band} under={under} />
          </div>
        </div>
        )}
      </div>
    </div>
  );
}
