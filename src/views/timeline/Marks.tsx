/**
 * What the timeline draws of the trace up to the playhead: each lane's marks (leases, beliefs,
 * pauses, crashes, checks, storage decisions; `Lanes.tsx`) and the message arrows (`Messages.tsx`).
 *
 * Its own chunk, loaded while the first render is committed (issue 7): the first render draws the
 * timeline's frame (lanes, axis, labels, playhead; `Timeline.tsx`), where at the start of a run
 * there is nothing yet to mark, and the marks follow a moment later, about 5 KB gzip.
 * @module
 */
import { useCallback, useEffect, useInsertionEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../../i18n';
import type { Trace } from '../../model/trace';
import { localiseNumber } from '../../i18n';
import { AXIS_H, TICK_LABEL_Y, type Geometry } from './geometry';
import { roughMeasure, type Measure } from './label-layout';
import type { LabelPlan } from './label-plan';
import { useLaidOut } from './layout-job';
import type { withMessages } from './message-geometry';
import { Lanes, PlayingContext, REVEAL_GROUPS, RevealContext, type RevealLayers } from './Lanes';
import { createGrowthRegistry, GrowthContext } from './growth';
import { useLab, useLabStore } from '../../store/context';
import './marks-messages';
import { Messages, Passages, useFlights } from './Messages';
import { brokenLine, createLabelHoles, fitLeftEdge, snapScroll, type LabelHole, type PlayheadBreaks } from './label-holes';
import { devicePx, setTranslateX, useEventStep, usePlayheadFrame } from './playhead-hooks';
import { BAND_HALF, clearanceAt, mergeGaps } from './playhead-clearance';
import { coarseNotice, type CoarseLevel } from './coarse';

export { quietStretches } from './quiet';
export { Overview } from './Overview';
export { frameView, showFrame } from './frame-ease';

let canvasMeasure: Measure | undefined;

/** Whether this is jsdom (the component tests), which has no canvas metrics and paints nothing between tasks. */
const isJsdom = () => typeof navigator !== 'undefined' && /jsdom/i.test(navigator.userAgent);

/**
 * Measures label text with the page's own font (a canvas's `measureText`, cached), so that the
 * label plan matches what the browser draws; the rough measure where there is no canvas (jsdom).
 */
function measureText(): Measure {
  if (canvasMeasure) return canvasMeasure;
  const ctx = typeof document !== 'undefined' && !isJsdom() ? document.createElement('canvas').getContext('2d') : null;
  if (!ctx) return roughMeasure;
  const svg = document.querySelector('.fl-timeline__svg');
  const family = (svg ? getComputedStyle(svg).fontFamily : '') || 'sans-serif';
  const cache = new Map<string, { width: number; ascent: number; descent: number }>();
  canvasMeasure = (text, px, weight) => {
    const key = `${weight}|${px}|${text}`;
    let m = cache.get(key);
    if (!m) {
      ctx.font = `${weight} ${px}px ${family}`;
      const r = ctx.measureText(text);
      m = { width: r.width, ascent: r.fontBoundingBoxAscent || px * 0.93, descent: r.fontBoundingBoxDescent || px * 0.24 };
      cache.set(key, m);
    }
    return m;
  };
  return canvasMeasure;
}

/** Props: the layout, the trace, and the ids of the hatch patterns the timeline defines. */
export interface MarksProps {
  g: Geometry;
  trace: Trace;
  patterns: { pause: string; stale: string };
  /** Shared with the playhead: its line breaks over the labels drawn (`label-holes.ts`). */
  breaks?: PlayheadBreaks;
}

/** The skipped quiet stretches, each a break on the axis labelled with the time it leaves out (only when asked for). */
function Breaks({ g }: { g: Geometry }) {
  const t = useT();
  const bottom = g.height - 6;
  return (
    <g className="fl-axis" aria-hidden="true">
      {g.breaks.map((b) => {
        const x = (b.x1 + b.x2) / 2;
        const label = t('timeline.skipped', { seconds: localiseNumber(String(Math.round((b.endMs - b.startMs) / 1000))) });
        return (
          <g key={b.startMs} className="fl-axis__break">
            <title>{label}</title>
            <rect x={b.x1 + 6} y={AXIS_H - 6} width={Math.max(0, b.x2 - b.x1 - 12)} height={bottom - AXIS_H + 6} className="fl-axis__gap" />
            <path d={`M${b.x1 + 8},${AXIS_H - 2}l4,-6l4,6M${b.x2 - 16},${AXIS_H - 2}l4,-6l4,6`} />
            <text x={x} y={TICK_LABEL_Y} textAnchor="middle" className="fl-axis__label fl-axis__skip">
              {label}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/**
 * The notice under the picture of a run drawn at a coarser level (`coarse.ts`): how many keepalives
 * and replies it has and how many are drawn. Rendered into the timeline's box (after the picture's
 * scroll box), found from the marks' own element once they are drawn.
 */
function CoarseNotice({ coarse, root }: { coarse: CoarseLevel; root: React.RefObject<SVGGElement | null> }) {
  const t = useT();
  const [box, setBox] = useState<Element | null>(null);
  // (After the commit: the marks' own element is not yet attached while its children's layout effects run.)
  useEffect(() => setBox(root.current?.closest('.fl-timeline') ?? null), [root]);
  if (!box || coarse.drawnRoutine >= coarse.routine) return null;
  return createPortal(
    <p className="fl-hint fl-timeline__coarse" role="note">
      {coarseNotice(coarse, t)}
    </p>,
    box,
  );
}

/**
 * The reveal layer (issue 44, item 1): a box as wide as the picture, moved to end at the playhead and
 * clipping what it holds, which is moved back by as much, so that what it holds stays in place and
 * shows only left of the playhead: the lanes' life lines, drawn whole, and while playing the bars and
 * the messages in flight (`Lanes.tsx`, `RevealContext`), in groups stacked as the marks' SVG stacks
 * them (`REVEAL_GROUPS`). Drawn into its
 * place among the timeline's layers (`.fl-reveal`, under the marks' SVG: `Timeline.tsx`) once the
 * marks are in, and moved each frame by a CSS transform with no React render. `onRoot` gets the
 * groups (null until they are in the page).
 */
function Reveal({ g, root, onRoot }: { g: Geometry; root: React.RefObject<SVGGElement | null>; onRoot: (layers: RevealLayers | null) => void }) {
  const [host, setHost] = useState<Element | null>(null);
  // (After the commit, as `CoarseNotice`'s.)
  useEffect(() => setHost(root.current?.closest('.fl-timeline__picture')?.querySelector('.fl-reveal') ?? null), [root]);
  const box = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const store = useLabStore();
  // (Stable: called as the layer's SVG comes and goes, not at every render.)
  const setGroups = useCallback(
    (svg: SVGSVGElement | null) =>
      onRoot(svg && host ? ({ ...Object.fromEntries(REVEAL_GROUPS.map((k, i) => [k, svg.children[i]!])), flights: host } as RevealLayers) : null),
    [onRoot, host],
  );
  usePlayheadFrame(
    (ms) => {
      // On a whole device pixel, as the playhead and the cover (`devicePx`); unchanged, not written.
      const px = devicePx(store, g.x(ms));
      setTranslateX(box.current, px - g.width);
      setTranslateX(inner.current, g.width - px);
    },
    [g, host],
  );
  if (!host) return null;
  return createPortal(
    <div ref={box} className="fl-now fl-now--reveal" style={{ width: g.width, height: g.height, overflow: 'hidden' }} aria-hidden="true">
      <div ref={inner} className="fl-now fl-now__in">
        <svg
          ref={setGroups}
          width={g.width}
          height={g.height}
          viewBox={`0 0 ${g.width} ${g.height}`}
          focusable="false"
        >
          {REVEAL_GROUPS.map((k) => (
            <g key={k} />
          ))}
        </svg>
      </div>
    </div>,
    host,
  );
}

/** The lanes' marks and the message arrows. */
export function Marks({ g, trace, patterns, breaks }: MarksProps) {
  const t = useT();
  // Every label of the run, placed once per trace and layout so that none collides (label-plan.ts),
  // in short slices (issue 44, `layout-job.ts`); until a new layout is done, the last one is drawn.
  const laid = useLaidOut(g, trace, t, measureText, isJsdom() ? Infinity : undefined);
  const gm = laid?.gm;
  const labels = laid?.labels;
  const root = useRef<SVGGElement>(null);
  // The reveal layer's groups, once it is in the page: the life lines, and while playing the bars and messages in flight.
  const [reveal, setReveal] = useState<RevealLayers | null>(null);
  const playing = useLab((s) => s.playing);
  // While the story plays, the marks appear without an entrance (`enter` in motion-kit.tsx looks
  // for this attribute on the picture): an entrance on an SVG element is animated on the main
  // thread, and each of its frames repaints the whole picture (issue 44). Set before the commit's
  // refs are attached, where the entrances start (an insertion effect): a step that pauses (Next
  // event while playing, a key-moment stop) has its marks enter.
  useInsertionEffect(() => {
    const picture = root.current?.closest('.fl-timeline__picture');
    picture?.toggleAttribute('data-playing', playing);
    return () => picture?.removeAttribute('data-playing');
  }, [playing]);
  const holes = useMemo(() => createLabelHoles(), []);
  // Every frame, without a render: the bars still growing reach the playhead (`growth.ts`; here, in
  // the marks' chunk, not in the timeline's first render).
  const store = useLabStore();
  const growing = useMemo(() => createGrowthRegistry(() => devicePx(store, g.x(store.getState().playheadMs))), [g, store]);
  usePlayheadFrame((ms) => growing.apply(devicePx(store, g.x(ms))), [g, growing]);
  const step = useEventStep();
  // After each step's render: the labels now drawn, with their planned boxes, for the playhead's
  // line to break over (no layout read: the boxes come from the plan).
  useLayoutEffect(() => {
    if (!breaks || !root.current || !gm || !labels) return;
    const boxes = new Map<string, { x: number; y: number; w: number; h: number }>();
    for (const p of labels.all.values()) boxes.set(`${p.x}|${p.y}|${p.text}`, p.box);
    const list: LabelHole[] = [];
    for (const el of root.current.querySelectorAll('text')) {
      // A label slid along its bar (`fitLeftEdge`) is found by its own place (`data-x`), its hole where it is now.
      const own = el.getAttribute('data-x') ?? el.getAttribute('x');
      const box = boxes.get(`${own}|${el.getAttribute('y')}|${el.textContent}`);
      if (box) list.push({ el, ...box, x: box.x + Number(el.getAttribute('x')) - Number(own) });
    }
    // The point marks too (their box, with room, in `data-hole`): the line breaks around a ✓ or ✕.
    for (const el of root.current.querySelectorAll('[data-hole]')) {
      const [x = 0, y = 0, w = 0, h = 0] = (el.getAttribute('data-hole') ?? '').split(' ').map(Number);
      list.push({ el, x, y, w, h });
    }
    holes.set(list);
    // And around the arrows it meets: their heads, start dots, and any arrow running along it
    // (playhead-clearance.ts); the band, as wide as it is drawn, around the labels, heads and dots.
    breaks.pathsAt = (x, top, bottom) => {
      const ms = gm.msAt(x);
      return {
        line: brokenLine(top, bottom, mergeGaps([...holes.gapsAt(x), ...clearanceAt(x, ms, gm.messages)], top, bottom)),
        band: brokenLine(top, bottom, mergeGaps([...holes.gapsAt(x, BAND_HALF), ...clearanceAt(x, ms, gm.messages, BAND_HALF)], top, bottom)),
      };
    };
    breaks.snap = snapScroll;
    const svg = root.current.ownerSVGElement;
    breaks.edge = (left) => {
      if (svg) fitLeftEdge(svg, left, holes);
      breaks.redraw?.();
    };
    breaks.edge(breaks.left?.() ?? 0);
    breaks.redraw?.();
    breaks.settle?.();
  }, [breaks, gm, holes, labels, step]);
  return (
    <g ref={root} className="fl-marks">
      {g.breaks.length > 0 && <Breaks g={g} />}
      <Reveal g={g} root={root} onRoot={setReveal} />
      <GrowthContext value={growing}>
        <RevealContext value={reveal}>
          <PlayingContext value={playing}>{laid && <MarksOf gm={laid.gm} trace={laid.trace} patterns={patterns} labels={laid.labels} root={root} />}</PlayingContext>
        </RevealContext>
      </GrowthContext>
    </g>
  );
}

/** The marks of one laid-out run. */
function MarksOf({ gm, trace, patterns, labels, root }: { gm: ReturnType<typeof withMessages>; trace: Trace; patterns: MarksProps['patterns']; labels: LabelPlan; root: React.RefObject<SVGGElement | null> }) {
  const flights = useFlights(gm);
  return (
    <>
      <Lanes g={gm} trace={trace} patterns={patterns} labels={labels} layer="under" />
      <Passages g={gm} trace={trace} flights={flights} />
      <Messages trace={trace} labels={labels} flights={flights} />
      {/* The point marks (✓, ✕, checks, markers) on top of the arrows, each with a halo (app.css). */}
      <Lanes g={gm} trace={trace} patterns={patterns} labels={labels} layer="over" />
      <CoarseNotice coarse={gm.coarse} root={root} />
    </>
  );
}
