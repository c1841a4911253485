/**
 * The timeline's story frames (issue 40, item 1), the part that loads with the marks' chunk (frames
 * come with the story, after the first render): the scale a frame is drawn at, and the move to it —
 * scrolled so the frame sits in the view, then eased from where the picture was (a Web Animation of
 * its transform pinned at the playhead, 280 ms; at once under reduced motion).
 * @module
 */
import { prefersReducedMotion } from '../../embed/safe';
import { PAD_LEFT, PAD_RIGHT, horizonOf, plotWidth, type Geometry } from './geometry';

/** A story frame: a stretch of the run (simulated ms). */
export interface FrameSpan {
  startMs: number;
  endMs: number;
}

/**
 * Room (px) kept inside the view left and right of a story frame: for the labels at its ends, and
 * as wide as the playhead's own margins (a playhead nearer an edge is followed by a jump).
 */
export const FRAME_LEFT = 24;
export const FRAME_RIGHT = 40;

/** How long the move takes (ms of real time). */
export const FRAME_EASE_MS = 280;

/**
 * The scale (px per simulated ms) to draw a frame at in a plot `view` px wide: the whole run's
 * scale times a power of two, the largest at which the frame fits the view less its margins, where
 * that zooms in at least twice; otherwise `undefined` (the whole run's scale, scrolled to the
 * frame). Powers of two: a few scales, each the same for every frame that takes it.
 *
 * @param runEndMs the run's end (ms; its horizon sets the whole run's scale)
 */
export function frameScale(runEndMs: number, frame: FrameSpan, view: number): number | undefined {
  const whole = (plotWidth(view) - PAD_LEFT - PAD_RIGHT) / horizonOf(runEndMs);
  const fit = (view - FRAME_LEFT - FRAME_RIGHT) / (frame.endMs - frame.startMs);
  return fit >= whole * 2 ? whole * 2 ** Math.floor(Math.log2(fit / whole)) : undefined;
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
  state.bounds = frame ? [g.x(frame.endMs) + 4 - view, g.x(frame.startMs) - 4] : undefined;
  if (el && scrolls && (frame || state.shown?.frame)) {
    const target = frame ? (g.x(frame.startMs) + g.x(frame.endMs)) / 2 - (FRAME_LEFT + view - FRAME_RIGHT) / 2 : px - view * 0.35;
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
