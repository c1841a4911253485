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
import { memo, useMemo, useRef } from 'react';
import { M } from '../MotionProvider';
import { useT } from '../../i18n';
import type { Trace } from '../../model/trace';
import { seconds } from '../../store/derive';
import { actorName, messageNameKey } from '../../teaching/names';
import type { Geometry, MessageGeom } from './geometry';
import { Grow } from './growth';
import { timeOfStep, useEventStep, usePlayheadFrame } from './playhead-hooks';
import { arrowHead, textWidth } from './svg-text';

/** A message label's place: left end of the text at (x, y) (baseline). */
interface LabelSpot {
  text: string;
  x: number;
  y: number;
}

/**
 * Places the labels of grants, writes and held-up messages: for each, the first point along its
 * arrow (the middle first; near the start for a held-up one, so it shows while in flight) that keeps
 * clear of every lane's line and of every label placed before it. A label that finds no room is
 * left out; the arrow's accessible name still says everything.
 */
function placeLabels(g: Geometry, texts: ReadonlyMap<number, string>): Map<number, LabelSpot> {
  const laneLines = g.lanes.map((l) => l.base);
  const boxes: { x1: number; y1: number; x2: number; y2: number }[] = [];
  const out = new Map<number, LabelSpot>();
  for (const msg of g.messages) {
    const text = texts.get(msg.id);
    if (!text) continue;
    const w = textWidth(text, 10.5);
    const fractions = msg.lateBy ? [0.1, 0.18, 0.26, 0.34] : [0.5, 0.38, 0.62, 0.28, 0.72];
    for (const f of fractions) {
      const y = msg.y1 + (msg.y2 - msg.y1) * f + 4;
      const x = msg.x1 + (msg.x2 - msg.x1) * f + 6;
      if (!laneLines.every((l) => Math.abs(l - (y - 4)) > 22)) continue;
      const box = { x1: x - 2, y1: y - 10, x2: x + w + 2, y2: y + 3 };
      if (boxes.some((b) => b.x1 < box.x2 && box.x1 < b.x2 && b.y1 < box.y2 && box.y1 < b.y2)) continue;
      if (box.x2 > g.width) continue;
      boxes.push(box);
      out.set(msg.id, { text, x, y });
      break;
    }
  }
  return out;
}

interface ArrowProps {
  msg: MessageGeom;
  /** Whether it has arrived (at the playhead's step); until then its tip follows the playhead. */
  arrived: boolean;
  /** The wait at a paused receiver: not started, under way (its line follows the playhead), or over. */
  waiting: 'no' | 'now' | 'done';
  trace: Trace;
  /** The arrow's label and where it goes, if it has one. */
  label: LabelSpot | undefined;
}

/** The fraction of `msg`'s flight done at `playheadMs`, 0..1, in steps of 1/200 (a slow arrow is not redrawn every frame). */
function flightProgress(msg: MessageGeom, playheadMs: number): number {
  const flight = msg.arriveAtMs - msg.sentAtMs;
  const progress = flight <= 0 ? 1 : Math.min(1, Math.max(0, (playheadMs - msg.sentAtMs) / flight));
  return progress >= 1 ? 1 : Math.round(progress * 200) / 200;
}

const Arrow = memo(function Arrow({ msg, arrived, waiting, trace, label }: ArrowProps) {
  const t = useT();
  const line = useRef<SVGLineElement>(null);
  const head = useRef<SVGPathElement>(null);
  const shown = useRef(-1);
  // In flight: the tip follows the playhead without a render (attributes, so exports see it too).
  usePlayheadFrame(
    (ms) => {
      const progress = arrived ? 1 : flightProgress(msg, ms);
      if (progress === shown.current) return;
      shown.current = progress;
      const tipX = msg.x1 + (msg.x2 - msg.x1) * progress;
      const tipY = msg.y1 + (msg.y2 - msg.y1) * progress;
      line.current?.setAttribute('x2', String(tipX));
      line.current?.setAttribute('y2', String(tipY));
      head.current?.setAttribute('d', progress > 0.02 ? arrowHead(tipX, tipY, msg.x2 - msg.x1, msg.y2 - msg.y1) : '');
    },
    [arrived, msg],
  );
  const name = t(messageNameKey(msg.kind));
  const from = actorName(trace, msg.from, t);
  const to = actorName(trace, msg.to, t);
  const aria = arrived
    ? t('timeline.message.aria', { message: name, from, to, sent: seconds(msg.sentAtMs), arrive: seconds(msg.arriveAtMs) })
    : t('timeline.message.inFlight', { message: name, from, to, sent: seconds(msg.sentAtMs) });
  const late = msg.lateBy !== undefined;
  const cls = `fl-msg fl-msg--${msg.style}${late ? ' fl-msg--late' : ''}`;
  const receiver = actorName(trace, msg.to, t);
  // Drawn arrived; an arrow in flight is shortened to the playhead before the browser paints.
  return (
    <g className={cls} role="img" aria-label={aria}>
      <title>{aria}</title>
      <line ref={line} x1={msg.x1} y1={msg.y1} x2={msg.x2} y2={msg.y2} className="fl-msg__line" />
      <path ref={head} d={arrowHead(msg.x2, msg.y2, msg.x2 - msg.x1, msg.y2 - msg.y1)} className="fl-msg__head" />
      <circle cx={msg.x1} cy={msg.y1} r={2.2} className="fl-msg__dot" />
      {label && (late || arrived) && (
        <text x={label.x} y={label.y} className="fl-msg__label">
          {label.text}
        </text>
      )}
      {arrived && waiting !== 'no' && msg.waitX2 !== undefined && (
        <g className="fl-msg__wait">
          <Grow
            as="line"
            grow={waiting === 'now' ? { attr: 'x2', fromX: msg.x2, toX: msg.waitX2, min: 0 } : undefined}
            x1={msg.x2}
            y1={msg.y2}
            x2={msg.waitX2}
            y2={msg.y2}
          />
          <text x={msg.x2 + 6} y={msg.y2 + 14} className="fl-msg__label">
            {t('timeline.msg.waits', { client: receiver })}
          </text>
        </g>
      )}
      {arrived && msg.dropped && (
        <M.g initial={{ opacity: 0 }} animate={{ opacity: 1 }} className="fl-msg__lost">
          <path d={`M${msg.x2 - 5},${msg.y2 - 5}L${msg.x2 + 5},${msg.y2 + 5}M${msg.x2 + 5},${msg.y2 - 5}L${msg.x2 - 5},${msg.y2 + 5}`} />
          <text x={msg.x2 + 8} y={msg.y2 + 4} className="fl-msg__label">
            {t('timeline.msg.lost')}
          </text>
        </M.g>
      )}
    </g>
  );
});

/** All message arrows sent by the playhead. */
export function Messages({ g, trace }: { g: Geometry; trace: Trace }) {
  const t = useT();
  const labels = useMemo(() => {
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
    return placeLabels(g, texts);
  }, [g, t]);
  // Sending, arriving and handling are events: the step says which arrows exist and which have landed.
  const stepMs = timeOfStep(trace, useEventStep());
  return (
    <g role="group" aria-label={t('timeline.messages')} className="fl-messages">
      {g.messages.map((msg) => {
        if (msg.sentAtMs > stepMs) return null;
        const waiting = msg.waitX2 === undefined || stepMs < msg.arriveAtMs ? 'no' : stepMs < (msg.handledAtMs ?? Infinity) ? 'now' : 'done';
        const common = { msg, trace, label: labels.get(msg.id), waiting } as const;
        return <Arrow key={msg.id} {...common} arrived={msg.arriveAtMs <= stepMs} />;
      })}
    </g>
  );
}
