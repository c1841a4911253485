/**
 * The timeline's move to a new frame of the story (issue 40, item 1), eased: the picture is drawn
 * at once at the new scale and scroll, then shown moving there from where it was, a Web Animation
 * of its transform pinned at the playhead (280 ms). The caller skips it under reduced motion. In the
 * marks' chunk: frames come with the story, after the first render.
 * @module
 */

/** Where the picture was or is: its scale (px per simulated ms) and the playhead's x in the view (px from the plot's visible left edge). */
export interface FrameView {
  pxPerMs: number;
  playheadX: number;
}

/** How long the move takes (ms of real time). */
export const FRAME_EASE_MS = 280;

/**
 * Eases `svg` (drawn for `to`, its playhead at `originX` in its own px) from how `from` showed it.
 * Does nothing when nothing moved by a pixel.
 */
export function easeFrame(svg: Element, from: FrameView, to: FrameView, originX: number): void {
  const scale = from.pxPerMs / to.pxPerMs;
  const shift = from.playheadX - to.playheadX;
  if (Math.abs(shift) < 1 && Math.abs(scale - 1) < 0.01) return;
  if (typeof svg.animate !== 'function') return;
  const origin = `${originX}px 0`;
  svg.animate(
    [
      { transform: `translateX(${shift}px) scaleX(${scale})`, transformOrigin: origin },
      { transform: 'none', transformOrigin: origin },
    ],
    { duration: FRAME_EASE_MS, easing: 'cubic-bezier(0.2, 0.7, 0.2, 1)' },
  );
}
