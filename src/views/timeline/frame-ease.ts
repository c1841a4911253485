/**
 * The timeline's story frames (issue 40, item 1), the part that loads with the marks' chunk (frames
 * come with the story, after the first render): the scale a frame is drawn at, and the move to it —
 * scrolled so the frame sits in the view, then eased from where the picture was (a Web Animation of
 * its transform pinned at the playhead, 280 ms; at once under reduced motion).
 * @module
 */
import { prefersReducedMotion } from '../../embed/safe';
import { PAD_LEFT, PAD_RIGHT, horizonOf, plotWidth, type Geometry } from './geometry';
import { CUT_PX, MIN_EVENT_GAP_PX, type FrameSpan, type Stretch } from '../../story/frame-constants';

export type { FrameSpan };

/** The ends (ms) of `frame` as drawn with `cut` (its `cutBounds`), or its own ends without one. */
export function drawnFrame<F extends FrameSpan>(frame: F, cut: Stretch | undefined): F {
  return cut && frame.cutBounds ? { ...frame, startMs: frame.cutBounds.startMs, endMs: frame.cutBounds.endMs } : frame;
}

/** The time (ms) drawn to scale when `frame` is drawn with `cut`: its ends as drawn with a cut, less the cut. */
function drawnMs(frame: FrameSpan, cut: Stretch): number {
  const ends = frame.cutBounds ?? frame;
  return Math.max(1, ends.endMs - ends.startMs - (cut.endMs - cut.startMs));
}

/**
 * Room (px) kept inside the view left and right of a story frame: for the labels at its ends, and
 * as wide as the playhead's own margins (a playhead nearer an edge is followed by a jump).
 */
export const FRAME_LEFT = 24;
export const FRAME_RIGHT = 40;

/**
 * A frame draws only its quiet stretch as a break (`frameCut`) where the rest is then drawn at
 * least this many times the whole run's scale (a quarter of the run or less in view).
 */
const QUIET_CUT_ZOOM = 4;

/** How long the move takes (ms of real time). */
export const FRAME_EASE_MS = 280;

/** Whether a plot `view` px wide scrolls sideways at the whole run's scale (a phone: the plot is wider than its view). */
export function scrollsAtWhole(view: number): boolean {
  return plotWidth(view) > view;
}

/**
 * The scale (px per simulated ms) to draw a frame at in a plot `view` px wide: the whole run's
 * scale times a power of two, the largest at which the frame fits the view less its margins, where
 * that zooms in at least twice; otherwise `undefined` (the whole run's scale, scrolled to the
 * frame). Powers of two: a few scales, each the same for every frame that takes it.
 *
 * On a phone ({@link scrollsAtWhole}) the view is narrow: a frame is drawn one power of two larger
 * still where its `focus` (its events) fits the view at that scale (the room around them is then
 * partly off screen: the events stay 24 px apart where the frame's own fit would crowd them). Never
 * smaller than the whole run's scale: a phone's plot is as narrow as the run's labels allow
 * (`MIN_WIDTH`); at half of it the storage's decisions lost their labels. A frame longer than the
 * view holds at that scale is scrolled to its last events ({@link showFrame}).
 *
 * @param runEndMs the run's end (ms; its horizon sets the whole run's scale)
 */
export function frameScale(runEndMs: number, frame: FrameSpan, view: number): number | undefined {
  const whole = (plotWidth(view) - PAD_LEFT - PAD_RIGHT) / horizonOf(runEndMs);
  const room = view - FRAME_LEFT - FRAME_RIGHT;
  const cut = frameCut(runEndMs, frame, view);
  if (cut) return Math.max(whole, cutScale(whole, room, frame, cut));
  return uncutScale(whole, room, frame, view);
}

/**
 * The scale (px per ms) of `frame` drawn with `cut`: the whole run's times the largest power of two
 * at which the time left fits the view beside the break, as frames drawn to scale take (the label
 * plan and the marks are checked at these scales); where the events would then be closer than
 * {@link MIN_EVENT_GAP_PX}, exactly the scale at which it fits (the seed's climax on a phone).
 */
function cutScale(whole: number, room: number, frame: FrameSpan, cut: Stretch): number {
  const fit = (room - CUT_PX) / drawnMs(frame, cut);
  const pow = whole * 2 ** Math.floor(Math.log2(fit / whole));
  return (frame.gapMs ?? Infinity) * pow >= MIN_EVENT_GAP_PX ? pow : fit;
}

/** {@link frameScale} of a frame drawn without its cut, given the whole run's scale and the room in the view. */
function uncutScale(whole: number, room: number, frame: FrameSpan, view: number): number | undefined {
  const fit = room / (frame.endMs - frame.startMs);
  let k = Math.floor(Math.log2(fit / whole));
  const phone = scrollsAtWhole(view);
  if (phone && frame.focus && (frame.focus.endMs - frame.focus.startMs) * whole * 2 ** (k + 1) <= room) k++;
  return k >= 1 ? whole * 2 ** k : undefined;
}

/**
 * The stretch of `frame` the timeline draws as a labelled break (its `cut`, `story/frames.ts`), or
 * `undefined` where the frame is drawn to scale: only where, to scale, its events would be closer
 * than {@link MIN_EVENT_GAP_PX} or would not fit the view together (the seed's "stored 34" at
 * 10.3 s and "rejected 33 < 34" at 21.5 s; a lease's grant and its expiry 10 s later on a phone).
 * Where the frame's quiet stretch (`quietCut`, nothing happens in it) is enough, that alone.
 * Issue 40: "a compressed stretch is always a labelled break".
 *
 * @param runEndMs the run's end (ms); `view` the visible plot (px)
 */
export function frameCut(runEndMs: number, frame: FrameSpan, view: number): Stretch | undefined {
  if (!frame.cut) return undefined;
  const whole = (plotWidth(view) - PAD_LEFT - PAD_RIGHT) / horizonOf(runEndMs);
  const room = view - FRAME_LEFT - FRAME_RIGHT;
  const scale = uncutScale(whole, room, frame, view) ?? whole;
  const focus = frame.focus ?? frame;
  const apart = (frame.gapMs ?? Infinity) * scale >= MIN_EVENT_GAP_PX;
  const together = (focus.endMs - focus.startMs) * scale <= room;
  if (apart && together) return undefined;
  // The quiet stretch alone where the time left fits the view with the events apart, at least
  // QUIET_CUT_ZOOM times the whole run's scale (a laptop: what happens between stays to scale),
  // else the whole cut (a phone: there the rest of the frame would be drawn too small to read).
  const q = frame.quietCut;
  const quietScale = q ? cutScale(whole, room, frame, q) : 0;
  if (q && quietScale >= QUIET_CUT_ZOOM * whole && (frame.gapMs ?? Infinity) * quietScale >= MIN_EVENT_GAP_PX) return q;
  // Not where, even with the cut, the frame is drawn at about the whole run's scale (less than 1.5
  // times it): a break that hardly zooms in only distorts the axis.
  return cutScale(whole, room, frame, frame.cut) >= 1.5 * whole ? frame.cut : undefined;
}

/**
 * How the timeline draws `frame` in a plot `view` px wide: the layout's options (its scale, and the
 * break a frame draws where its events are seconds apart, {@link frameCut}) and the frame as drawn
 * ({@link drawnFrame}); `undefined` where the frame is drawn at the whole run's scale.
 *
 * @param runEndMs the run's end (ms)
 */
export function frameView(
  runEndMs: number,
  frame: FrameSpan,
  view: number,
): { layout: { pxPerMs: number; skip: Stretch[] | undefined; breakPx: number }; shown: FrameSpan } | undefined {
  const pxPerMs = frameScale(runEndMs, frame, view);
  if (pxPerMs === undefined) return undefined;
  const cut = frameCut(runEndMs, frame, view);
  // Framed, quiet stretches are not skipped ("skip quiet time" is for the whole run): only the cut.
  return { layout: { pxPerMs, skip: cut ? [cut] : undefined, breakPx: CUT_PX }, shown: drawnFrame(frame, cut) };
}

/**
 * The sideways scrolls (px, least and most) that keep `frame` in a view `view` px wide at `g`'s
 * scale: the whole frame where it fits, else its `focus` with its margins, else its focus with 4 px,
 * else (a focus longer than the view) its end, 40 px of play for the snap.
 */
function frameBounds(frame: FrameSpan, g: Geometry, view: number): [number, number] {
  const whole: [number, number] = [g.x(frame.endMs) + 4 - view, g.x(frame.startMs) - 4];
  if (whole[0] <= whole[1] || !frame.focus) return whole;
  const a = g.x(frame.focus.startMs);
  const b = g.x(frame.focus.endMs);
  const roomy: [number, number] = [b + FRAME_RIGHT - view, a - FRAME_LEFT];
  if (roomy[0] <= roomy[1]) return roomy;
  return b + 4 - view <= a - 4 ? [b + 4 - view, a - 4] : [b + FRAME_RIGHT - view, b + FRAME_RIGHT - view + 40];
}

/** What the timeline keeps between moves: the frame shown, its scale and the playhead's x in the view; the scrolls the frame allows. */
export interface FrameState {
  shown?: { frame: FrameSpan | undefined; pxPerMs: number; playheadX: number } | undefined;
  bounds?: [number, number] | undefined;
}

/**
 * Shows `frame` (or the whole run, `undefined`) in a timeline just drawn at `g`: centred in the view
 * less its margins, a label cut by an edge moving it by a few px at most (`snap` within `state.bounds`);
 * back to the whole run, the playhead in view as a jump puts it. The move is eased from `state.shown`.
 *
 * @param el the timeline's scroll box; `svg` its picture
 * @param scrolls whether the picture is wider than the view
 * @param scrollTo, snap the timeline's own (they keep its record of where it scrolled)
 */
export function showFrame(
  state: FrameState,
  frame: FrameSpan | undefined,
  g: Geometry,
  view: number,
  playheadMs: number,
  el: HTMLElement | null,
  svg: Element | null,
  scrolls: boolean,
  scrollTo: (el: HTMLElement, left: number) => void,
  snap: (el: HTMLElement, target: number, px: number, bounds?: [number, number]) => number,
): void {
  const px = g.x(playheadMs);
  // The playhead stays in view, whatever else a frame wider than the view leaves out: after a
  // change on a phone, the frame runs from the playhead to a decision seconds later, and a view of
  // its middle showed lanes not drawn yet and no playhead (issue 40's review).
  const seen: [number, number] = [px - (view - FRAME_RIGHT), px - FRAME_LEFT];
  const fits = frame ? frameBounds(frame, g, view) : undefined;
  state.bounds = fits && (Math.max(fits[0], seen[0]) <= Math.min(fits[1], seen[1]) ? [Math.max(fits[0], seen[0]), Math.min(fits[1], seen[1])] : seen);
  if (el && scrolls && (frame || state.shown?.frame)) {
    let target = frame ? (g.x(frame.startMs) + g.x(frame.endMs)) / 2 - (FRAME_LEFT + view - FRAME_RIGHT) / 2 : px - view * 0.35;
    // A frame wider than the view (a phone's): its events in view, as near its middle as they allow;
    // where they do not all fit, the last of them (the moment's own, where the playhead stops).
    if (frame?.focus) target = Math.max(g.x(frame.focus.endMs) - (view - FRAME_RIGHT), Math.min(g.x(frame.focus.startMs) - FRAME_LEFT, target));
    if (frame) target = Math.min(seen[1], Math.max(seen[0], target));
    scrollTo(el, snap(el, Math.max(0, target), px, state.bounds));
  }
  const now = { frame, pxPerMs: g.pxPerMs, playheadX: px - (el?.scrollLeft ?? 0) };
  const before = state.shown;
  state.shown = now;
  if (!before || before.frame === frame || !svg || prefersReducedMotion() || typeof svg.animate !== 'function') return;
  const scale = before.pxPerMs / now.pxPerMs;
  const shift = before.playheadX - now.playheadX;
  if (Math.abs(shift) < 1 && Math.abs(scale - 1) < 0.01) return;
  const origin = `${px}px 0`;
  svg.animate(
    [
      { transform: `translateX(${shift}px) scaleX(${scale})`, transformOrigin: origin },
      { transform: 'none', transformOrigin: origin },
    ],
    { duration: FRAME_EASE_MS, easing: 'cubic-bezier(0.2, 0.7, 0.2, 1)' },
  );
}
