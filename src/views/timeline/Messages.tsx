/**
 * Message arrows: from (sent, sender's lane) to (arrival, receiver's lane), drawn only as far as the
 * playhead, so a message in flight is partly travelled. Kinds are told apart by stroke and dash
 * (keepalives light and dashed, grants and writes bold and labelled), a message held up by a delay
 * or a partition stands out in the warning colour with its extra time, and a message that waits at a
 * paused receiver shows the wait as a dotted stretch on the receiver's lane.
 *
 * Arrows are redrawn only when the playhead crosses an event (sending and arriving are events); an
 * arrow still in flight moves its tip with the playhead by writing its line's end and its head
 * straight to the DOM, so a frame re-renders nothing (`playhead-hooks.ts`).
 * @module
 */
import { memo, useMemo, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { M } from '../MotionProvider';
import { useT } from '../../i18n';
import type { Trace } from '../../model/trace';
import { seconds } from '../../store/derive';
import { useLabStore } from '../../store/context';
import type { LabStore } from '../../store/store';
import { actorName, messageNameKey } from '../../teaching/names';
import { DOT_R, drawnEnd, headClear, type MessageGeom } from './arrows';
import { dashArrayFor, passageLanes } from './passages';
import type { MarkGeometry } from './message-geometry';
import { Grow } from './growth';
import type { Placement } from './label-layout';
import { labelKey, type LabelPlan } from './label-plan';
import { Leader, usePlayingReveal, type RevealGroup } from './Lanes';
import { devicePx, usePlayheadFrame, useStepMs } from './playhead-hooks';
import { arrowHead } from './svg-text';
import { flightProgress } from './playhead-clearance';

/** The reveal layer's group `group` while the story plays, else null (`RevealContext` in Lanes.tsx). */
function usePlayingRevealOf(group: RevealGroup): Element | null {
  return usePlayingReveal()?.[group] ?? null;
}

/** The dash pattern of each message style (`app.css`), for lines that break over other lanes. */
const DASH: Partial<Record<MessageGeom['style'] | 'late', [number, number]>> = { keepalive: [3, 3], lost: [3, 3], read: [1, 3], late: [8, 4] };

interface ArrowProps {
  msg: MessageGeom;
  /** Its line does not follow the time axis (`offAxisFlights`): never on the reveal layer; in flight while playing, on a layer of its own ({@link FlightLayer}). */
  bent: boolean;
  /** The lanes (for the passages a {@link FlightLayer} draws under its line). */
  g: MarkGeometry;
  /** Whether it has arrived (at the playhead's step); until then its tip follows the playhead. */
  arrived: boolean;
  /** The wait at a paused receiver: not started, under way (its line follows the playhead), or over. */
  waiting: 'no' | 'now' | 'done';
  trace: Trace;
  /** The arrow's label and where it goes, if it has one. */
  label: Placement | undefined;
  /** Where "waits until … wakes" and "lost" go, if anywhere. */
  waitLabel: Placement | undefined;
  lostLabel: Placement | undefined;
}

/**
 * How far `msg` has flown at `ms` (0 to 1) as drawn: while playing, moved on by whole device pixels
 * of its line, `lengthPx` long (a fifth of a pixel a frame changes nothing the screen shows,
 * `devicePx`); paused, exact.
 */
function shownProgress(store: LabStore, msg: MessageGeom, ms: number, lengthPx: number): number {
  return devicePx(store, flightProgress(msg, ms) * lengthPx) / lengthPx;
}

/**
 * React hook: where `msg`'s {@link FlightLayer} goes (the reveal layer's `flights`) when it has one:
 * off the time axis (`bent`), not `arrived`, not on the same line as a later message (whose line
 * stands for both), and the story playing; else null. Its arrow and its passages ask the same.
 */
function useFlightHost(msg: MessageGeom, bent: boolean, arrived: boolean): Element | null {
  const host = usePlayingReveal()?.flights;
  return bent && !arrived && !msg.sameLine && host ? host : null;
}

/** Room (px) around a flight's line in its layer: the passages' gaps are wider than the line. */
const FLIGHT_PAD = 6;

/**
 * A message whose line does not follow the time axis (`offAxisFlights`), in flight while the story
 * plays: its line, and its passages under it, drawn whole in a small layer of its own over the
 * reveal layer (`host`, the reveal layer's box), which a box clips at its tip, as the reveal layer
 * clips at the playhead. Each frame moves the box and, back by as much, what it holds: CSS
 * transforms on layers of their own, which the browser moves without repainting the picture. Its
 * tip was written into the marks' SVG every frame, and each write repainted the whole picture: in
 * the seed's first seconds, two frames in three (issue 44). The box is cut across the line's
 * longer side (a line nearly upright is uncovered from top to bottom), at its tip as
 * `shownProgress` places it (moved on by whole device pixels of its line while playing).
 */
function FlightLayer({ msg, g, cls, host, line }: { msg: MessageGeom; g: MarkGeometry; cls: string; host: Element; line: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  // The box's place last written (a write of the same place still costs a frame's update).
  const placed = useRef('');
  const store = useLabStore();
  const end = useMemo(() => drawnEnd(msg), [msg]);
  const dx = end.x - msg.x1;
  const dy = end.y - msg.y1;
  const steps = Math.max(1, Math.hypot(dx, dy));
  // The layer's box: the line's, with room.
  const left = Math.min(msg.x1, end.x) - FLIGHT_PAD;
  const top = Math.min(msg.y1, end.y) - FLIGHT_PAD;
  const w = Math.abs(dx) + 2 * FLIGHT_PAD;
  const h = Math.abs(dy) + 2 * FLIGHT_PAD;
  const across = Math.abs(dx) >= Math.abs(dy);
  usePlayheadFrame(
    (ms) => {
      const progress = shownProgress(store, msg, ms, steps);
      // The box's corner: it covers the stretch from the line's start to its tip.
      const bx = across ? (dx >= 0 ? msg.x1 + dx * progress - w : msg.x1 + dx * progress) : left;
      const by = across ? top : dy >= 0 ? msg.y1 + dy * progress - h : msg.y1 + dy * progress;
      const at = `${bx}px, ${by}px`;
      if (`${at} ${left} ${top}` === placed.current || !box.current || !inner.current) return;
      placed.current = `${at} ${left} ${top}`;
      box.current.style.transform = `translate(${at})`;
      inner.current.style.transform = `translate(${left - bx}px, ${top - by}px)`;
    },
    [msg, steps, across, left, top, w, h],
  );
  // The passages its line has where paused (`PassageChunk`: none for a line seen whole).
  const passages = (msg.visible.length < 2 ? [] : passageLanes(g, msg)).map(({ from, to, lane }) => <g key={from}>{passageLines(msg, from, to, lane % 2 === 1)}</g>);
  return createPortal(
    <div ref={box} className="fl-now fl-flight" style={{ width: w, height: h, overflow: 'hidden' }} aria-hidden="true">
      <div ref={inner} className="fl-now">
        <svg width={w} height={h} viewBox={`${left} ${top} ${w} ${h}`} focusable="false">
          <g className="fl-passages">
            <g className={cls}>{passages}</g>
          </g>
          <g className={cls}>{line}</g>
        </svg>
      </div>
    </div>,
    host,
  );
}

/** The lines of `msg`'s passage over another lane (`alt`: a tinted one), from fraction `from` to `to` of its line: a gap in the lane's colour, and the message's line, thin. */
function passageLines(msg: MessageGeom, from: number, to: number, alt: boolean) {
  const dx = msg.x2 - msg.x1;
  const dy = msg.y2 - msg.y1;
  const at = { x1: msg.x1 + dx * from, y1: msg.y1 + dy * from, x2: msg.x1 + dx * to, y2: msg.y1 + dy * to };
  return (
    <>
      <line {...at} className={alt ? 'fl-passage__gap fl-passage__gap--alt' : 'fl-passage__gap'} />
      <line {...at} className="fl-msg__line fl-passage" data-msg={msg.id} />
    </>
  );
}

const Arrow = memo(function Arrow({ msg, bent, g, arrived, waiting, trace, label, waitLabel, lostLabel }: ArrowProps) {
  const t = useT();
  const line = useRef<SVGLineElement>(null);
  const head = useRef<SVGPathElement>(null);
  // The progress last written, and for which geometry: a story frame's new scale re-renders the
  // arrow at its full length, so the same progress is written again (issue 40: a head drawn at its
  // end, past the playhead, while the playhead stood still).
  // (And on which line: paused after playing, the line is a new element.)
  const shown = useRef<{ progress: number; msg: ArrowProps['msg']; el: SVGLineElement | null } | undefined>(undefined);
  const store = useLabStore();
  const end = useMemo(() => drawnEnd(msg), [msg]);
  // Its length (px): the tip's steps.
  const steps = Math.max(1, Math.hypot(end.x - msg.x1, end.y - msg.y1));
  // In flight while playing: the line drawn whole on the reveal layer, which shows it as far as the
  // playhead (`RevealContext` in Lanes.tsx), with no head; its name, dot and label stay here.
  const playingReveal = usePlayingRevealOf('arrow');
  const reveal = arrived || bent ? null : playingReveal;
  // Off the time axis, in flight while playing: on a layer of its own, uncovered up to its tip.
  const flying = useFlightHost(msg, bent, arrived);
  // In flight, paused: the tip follows the playhead without a render (attributes, so exports see it too).
  usePlayheadFrame(
    (ms) => {
      const progress = arrived ? 1 : shownProgress(store, msg, ms, steps);
      if (shown.current?.progress === progress && shown.current.msg === msg && shown.current.el === line.current) return;
      shown.current = { progress, msg, el: line.current };
      const tipX = msg.x1 + (end.x - msg.x1) * progress;
      const tipY = msg.y1 + (end.y - msg.y1) * progress;
      line.current?.setAttribute('x2', String(tipX));
      line.current?.setAttribute('y2', String(tipY));
      // In flight, no head where it would cover a mark or another message's start dot (message-geometry.ts).
      const drawn = progress > 0.02 && !(msg.bundled && progress >= 1) && (progress >= 1 || headClear(msg, tipX, tipY, ms));
      head.current?.setAttribute('d', drawn ? arrowHead(tipX, tipY, msg.x2 - msg.x1, msg.y2 - msg.y1) : '');
    },
    [arrived, msg, reveal, flying],
    // Arrived, or on the reveal layer or a flight's, it is drawn whole until the next step: no work per frame here.
    !arrived && !reveal && !flying,
  );
  const waitReveal = usePlayingRevealOf('wait');
  const name = t(messageNameKey(msg.kind));
  const from = actorName(trace, msg.from, t);
  const to = actorName(trace, msg.to, t);
  const aria = arrived
    ? t('timeline.message.aria', { message: name, from, to, sent: seconds(msg.sentAtMs), arrive: seconds(msg.arriveAtMs) })
    : t('timeline.message.inFlight', { message: name, from, to, sent: seconds(msg.sentAtMs) });
  const late = msg.lateBy !== undefined;
  const cls = `fl-msg fl-msg--${msg.style}${late ? ' fl-msg--late' : ''}`;
  // A line that passes other lanes breaks over them (its dash pattern leaves them out; geometry.ts).
  const dash = useMemo(
    () => dashArrayFor(msg.visible, Math.hypot(msg.x2 - msg.x1, msg.y2 - msg.y1), DASH[late ? 'late' : msg.style]),
    [msg, late],
  );
  // On the very same line as a later message: that one's line stands for both; this keeps its name.
  if (msg.sameLine) {
    return (
      <g className={cls} role="img" aria-label={aria} data-msg={msg.id} data-same-line="">
        <title>{aria}</title>
      </g>
    );
  }
  const lineEl = (
    <line
      ref={reveal || flying ? undefined : line}
      x1={msg.x1}
      y1={msg.y1}
      x2={end.x}
      y2={end.y}
      className="fl-msg__line"
      style={dash ? { strokeDasharray: dash, strokeLinecap: 'butt' } : undefined}
    />
  );
  // Drawn arrived; an arrow in flight is shortened to the playhead before the browser paints.
  return (
    <g className={cls} role="img" aria-label={aria} data-msg={msg.id}>
      <title>{aria}</title>
      {reveal ? createPortal(<g className={cls}>{lineEl}</g>, reveal) : flying ? <FlightLayer msg={msg} g={g} cls={cls} host={flying} line={lineEl} /> : lineEl}
      {!reveal && !flying && <path ref={head} d={msg.bundled ? '' : arrowHead(end.x, end.y, msg.x2 - msg.x1, msg.y2 - msg.y1)} className="fl-msg__head" />}
      <circle cx={msg.x1} cy={msg.y1} r={DOT_R} className="fl-msg__dot" />
      {label && (late || arrived) && <Leader spot={label} />}
      {label && (late || arrived) && (
        <text x={label.x} y={label.y} className="fl-msg__label">
          {label.text}
        </text>
      )}
      {arrived && waiting !== 'no' && msg.waitX2 !== undefined && (
        <g className="fl-msg__wait">
          {/* Under way while playing: drawn whole on the reveal layer, as a line in flight. */}
          {waiting === 'now' && waitReveal ? (
            createPortal(
              <g className={`${cls} fl-msg__wait`}>
                <line x1={msg.x2} y1={msg.y2} x2={msg.waitX2} y2={msg.y2} />
              </g>,
              waitReveal,
            )
          ) : (
            <Grow
              as="line"
              grow={waiting === 'now' ? { attr: 'x2', fromX: msg.x2, toX: msg.waitX2, min: 0 } : undefined}
              x1={msg.x2}
              y1={msg.y2}
              x2={msg.waitX2}
              y2={msg.y2}
            />
          )}
          {waitLabel && (
            <text x={waitLabel.x} y={waitLabel.y} className="fl-msg__label">
              {waitLabel.text}
            </text>
          )}
        </g>
      )}
      {arrived && msg.dropped && (
        <M.g initial={{ opacity: 0 }} animate={{ opacity: 1 }} className="fl-msg__lost">
          <path d={`M${msg.x2 - 5},${msg.y2 - 5}L${msg.x2 + 5},${msg.y2 + 5}M${msg.x2 + 5},${msg.y2 - 5}L${msg.x2 - 5},${msg.y2 + 5}`} />
          {lostLabel && (
            <text x={lostLabel.x} y={lostLabel.y} className="fl-msg__label">
              {lostLabel.text}
            </text>
          )}
        </M.g>
      )}
    </g>
  );
});

/**
 * The messages whose line does not follow the picture's time axis: drawn apart from their times
 * (a reply or a message set off from its neighbours to be told apart, `message-geometry.ts`), or
 * flying across a bend of the axis (it is piecewise linear: `playback.ts`'s warp, and the breaks of
 * "skip quiet time"). For those, the point a message's time has reached (`flightProgress`) is not
 * where its line meets the playhead, so they are not on the reveal layer while playing (there they
 * were shown only once the playhead reached their line, after they had arrived, and pausing made
 * their tips jump: issue 44's review) but each on a layer of its own, uncovered up to its tip at the
 * playhead's time ({@link FlightLayer}). Once per layout.
 */
function offAxisFlights(g: MarkGeometry): ReadonlySet<number> {
  const out = new Set<number>();
  for (const m of g.messages) {
    const [a, b] = [g.x(m.sentAtMs), g.x(m.arriveAtMs)];
    const bent = [0.25, 0.5, 0.75].some((f) => Math.abs(g.x(m.sentAtMs + (m.arriveAtMs - m.sentAtMs) * f) - (a + (b - a) * f)) > 0.5);
    if (bent || Math.abs(m.x1 - a) > 0.5 || Math.abs(m.x2 - b) > 0.5) out.add(m.id);
  }
  return out;
}

/** How many messages a chunk holds (see {@link chunksOf}). */
const CHUNK = 32;

/** A run of consecutive messages and the span (simulated ms) of the steps at which any of them changes. */
export interface Chunk {
  msgs: MessageGeom[];
  /** The first send among them. */
  from: number;
  /** The last arrival or end of a wait among them: after it, none of them changes. */
  to: number;
}

/**
 * The messages in chunks of {@link CHUNK}. At an event step the arrows re-render only in the
 * chunks whose span holds the step ({@link stepIn}); the others get the same props and React
 * passes over them (issue 44, item 2: a dense run has thousands of arrows, and comparing each
 * one's props at every step was most of a step's work; issue 43).
 */
function chunksOf(g: MarkGeometry): Chunk[] {
  const out: Chunk[] = [];
  for (let i = 0; i < g.messages.length; i += CHUNK) {
    const msgs = g.messages.slice(i, i + CHUNK);
    out.push({
      msgs,
      from: Math.min(...msgs.map((m) => m.sentAtMs)),
      to: Math.max(...msgs.map((m) => Math.max(m.arriveAtMs, m.handledAtMs ?? m.arriveAtMs))),
    });
  }
  return out;
}

/** What the arrows and their passages share, made once per layout ({@link useFlights}). */
export interface Flights {
  /** The messages in chunks ({@link chunksOf}). */
  chunks: Chunk[];
  /** The ids of the messages whose line does not follow the time axis ({@link offAxisFlights}). */
  bent: ReadonlySet<number>;
  /** The layout they were made for (its lanes, for the passages of a {@link FlightLayer}). */
  g: MarkGeometry;
}

/** React hook: the layout's {@link Flights}, once per layout, for {@link Messages} and {@link Passages} both. */
export function useFlights(g: MarkGeometry): Flights {
  return useMemo(() => ({ chunks: chunksOf(g), bent: offAxisFlights(g), g }), [g]);
}

/**
 * The step's time as a chunk sees it: -1 before its first send, its `to` after its last change (the
 * same drawing for every step past it), else the step's own time (simulated ms).
 */
const stepIn = (c: Chunk, stepMs: number): number => (stepMs < c.from ? -1 : Math.min(stepMs, c.to));

/** All message arrows sent by the playhead. */
export function Messages({ trace, labels, flights: { chunks, bent, g } }: { trace: Trace; labels: LabelPlan; flights: Flights }) {
  const t = useT();
  // Sending, arriving and handling are events: the step says which arrows exist and which have landed.
  const stepMs = useStepMs(trace);
  return (
    <g role="group" aria-label={t('timeline.messages')} className="fl-messages">
      {chunks.map((c, i) => (
        <ArrowChunk key={i} msgs={c.msgs} trace={trace} labels={labels} bent={bent} g={g} stepMs={stepIn(c, stepMs)} />
      ))}
    </g>
  );
}

/** The arrows of one chunk as they are at `stepMs` (see {@link stepIn}). */
const ArrowChunk = memo(function ArrowChunk({ msgs, trace, labels, bent, g, stepMs }: { msgs: MessageGeom[]; trace: Trace; labels: LabelPlan; bent: ReadonlySet<number>; g: MarkGeometry; stepMs: number }) {
  return msgs.map((msg) => {
    if (msg.sentAtMs > stepMs) return null;
    const waiting = msg.waitX2 === undefined || stepMs < msg.arriveAtMs ? 'no' : stepMs < (msg.handledAtMs ?? Infinity) ? 'now' : 'done';
    return (
      <Arrow
        key={msg.id}
        msg={msg}
        bent={bent.has(msg.id)}
        g={g}
        trace={trace}
        waiting={waiting}
        label={labels.get(labelKey.message(msg.id))}
        waitLabel={labels.get(labelKey.wait(msg.id))}
        lostLabel={labels.get(labelKey.lost(msg.id))}
        arrived={msg.arriveAtMs <= stepMs}
      />
    );
  });
});

/**
 * Where a message passes a lane it has nothing to do with, the wiring-diagram convention: the
 * message's line runs on, thin and unbroken, and that lane's line and bars are broken along it (a
 * gap in the lane's own background colour on each side of it), so the message reads as passing by,
 * touching nothing there. Drawn over the lanes' bars and lines, under the arrows, labels and point
 * marks. While the message is in flight the passage follows its tip (a write held up for 20 s in
 * the network crosses client 2's lane for most of that time; without it the tip seemed to vanish
 * there and reappear).
 */
export function Passages({ g, trace, flights: { chunks, bent } }: { g: MarkGeometry; trace: Trace; flights: Flights }) {
  const stepMs = useStepMs(trace);
  return (
    <g className="fl-passages" aria-hidden="true">
      {chunks.map((c, i) => (
        <PassageChunk key={i} g={g} msgs={c.msgs} bent={bent} stepMs={stepIn(c, stepMs)} />
      ))}
    </g>
  );
}

/** The passages of one chunk's messages as they are at `stepMs` (see {@link stepIn}). */
const PassageChunk = memo(function PassageChunk({ g, msgs, bent, stepMs }: { g: MarkGeometry; msgs: MessageGeom[]; bent: ReadonlySet<number>; stepMs: number }) {
  return msgs.flatMap((msg) => {
    if (msg.sentAtMs > stepMs || msg.visible.length < 2) return [];
    const arrived = msg.arriveAtMs <= stepMs;
    return passageLanes(g, msg).map(({ from, to, lane }) => (
      <Passage key={`${msg.id}:${from}`} msg={msg} from={from} to={to} alt={lane % 2 === 1} arrived={arrived} bent={bent.has(msg.id)} />
    ));
  });
});

/** One passage of `msg` over one other lane (`alt`: a tinted one), from fraction `from` to `to` of its line; in flight, cut at the tip. */
const Passage = memo(function Passage({ msg, from, to, alt, arrived, bent }: { msg: MessageGeom; from: number; to: number; alt: boolean; arrived: boolean; bent: boolean }) {
  const ref = useRef<SVGGElement>(null);
  // The end last written, and on which element (paused after playing, it is a new one).
  const shown = useRef<{ end: number; el: SVGGElement | null }>({ end: -1, el: null });
  // In flight while playing: drawn whole on the reveal layer (as its message's line, `Arrow`).
  const playingReveal = usePlayingRevealOf('passage');
  const reveal = arrived || bent ? null : playingReveal;
  const flying = useFlightHost(msg, bent, arrived) !== null;
  const store = useLabStore();
  const dx = msg.x2 - msg.x1;
  const dy = msg.y2 - msg.y1;
  // Its message's length (px): the end's steps, whole device pixels (as `Arrow`'s tip).
  const steps = Math.max(1, Math.hypot(dx, dy));
  usePlayheadFrame(
    (ms) => {
      const end = Math.min(to, arrived ? 1 : shownProgress(store, msg, ms, steps));
      const el = ref.current;
      if (!el || reveal || flying || (end === shown.current.end && el === shown.current.el)) return;
      shown.current = { end, el };
      el.setAttribute('visibility', end > from ? 'visible' : 'hidden');
      for (const l of el.children) {
        l.setAttribute('x2', String(msg.x1 + dx * end));
        l.setAttribute('y2', String(msg.y1 + dy * end));
      }
    },
    [arrived, msg, from, to, reveal, flying],
    !arrived && !reveal && !flying,
  );
  // Off the time axis, in flight while playing: its message's flight layer draws it (`FlightLayer`).
  if (flying) return null;
  // Its line in its message's own colour and dash (the message's classes), thinner and fainter (app.css).
  const cls = `fl-msg fl-msg--${msg.style}${msg.lateBy !== undefined ? ' fl-msg--late' : ''}`;
  const lines = passageLines(msg, from, to, alt);
  if (reveal)
    return createPortal(
      <g className="fl-passages">
        <g className={cls}>{lines}</g>
      </g>,
      reveal,
    );
  return (
    <g ref={ref} visibility={arrived ? undefined : 'hidden'} className={cls}>
      {lines}
    </g>
  );
});
