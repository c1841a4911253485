/**
 * The timeline's story frames (issue 40, item 1), the part that loads with the marks' chunk (frames
 * come with the story, after the first render): the scale a frame is drawn at, and the move to it —
 * scrolled so the frame sits in the view, then eased from where the picture was (a Web Animation of
 * its transform pinned at the playhead, 280 ms; at once under reduced motion).
 * @module
 */
import { prefersReducedMotion } from '../../embed/safe';
import { PAD_LEFT, PAD_RIGHT, horizonOf, plotWidth, type Geometry } from './geometry';

/** A story frame: a stretch of the run (simulated ms), and the part of it its events span (`focus`; `story/frames.ts`). */
export interface FrameSpan {
  startMs: number;
  endMs: number;
  focus?: { startMs: number; endMs: number } | undefined;
}

/**
 * Room (px) kept inside the view left and right of a story frame: for the labels at its ends, and
 * as wide as the playhead's own margins (a playhead nearer an edge is followed by a jump).
 */
export const FRAME_LEFT = 24;
export const FRAME_RIGHT = 40;

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
  const fit = room / (frame.endMs - frame.startMs);
  let k = Math.floor(Math.log2(fit / whole));
  const phone = scrollsAtWhole(view);
  if (phone && frame.focus && (frame.focus.endMs - frame.focus.startMs) * whole * 2 ** (k + 1) <= room) k++;
  return k >= 1 ? whole * 2 ** k : undefined;
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
