/**
 * Where the playhead's line stops so that the labels it passes stay readable (issue 13): the line
 * is drawn over the marks (it must show across the bars), but breaks, with a little room, over
 * every label on screen, so no label is struck through.
 *
 * The marks' chunk (`Marks.tsx`) says which labels are drawn after each step ({@link LabelHoles.set})
 * and hands the playhead ({@link PlayheadBreaks}, owned by `Timeline.tsx`) a function that draws its
 * line at an x; the playhead calls it every frame. It reads no layout: the boxes come from the label
 * plan, and a label hidden while its bar grows (`visibility="hidden"`, `growth.ts`) leaves no gap.
 * In the marks' chunk: before it is in there are no labels, and the line is drawn whole.
 * @module
 */

/** What the timeline's playhead shares with the marks: set by the marks, read by the playhead. */
export interface PlayheadBreaks {
  /** The `d` of the playhead's line at x `x` (px) from `top` to `bottom`, broken over the labels there. */
  lineAt?: (x: number, top: number, bottom: number) => string;
  /** Redraws the playhead's line (set by the playhead; the marks call it when the labels change). */
  redraw?: () => void;
}

/** A drawn label: its element and its box (px, SVG user units). */
export interface LabelHole {
  el: Element;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The labels drawn on one timeline, shared by its marks and its playhead. */
export interface LabelHoles {
  /** Replaces the drawn labels (after each step's render). */
  set(list: readonly LabelHole[]): void;
  /** The vertical stretches (top, bottom; px, ascending, merged) to leave out of a line at `x`. */
  gapsAt(x: number): [number, number][];
}

/** Room left around a label (px). */
const MARGIN = 2;

/** Creates the registry of one timeline. */
export function createLabelHoles(): LabelHoles {
  let holes: readonly LabelHole[] = [];
  return {
    set(list) {
      holes = list;
    },
    gapsAt(x) {
      const out: [number, number][] = [];
      for (const h of holes) {
        if (x < h.x - MARGIN || x > h.x + h.w + MARGIN || h.el.getAttribute('visibility') === 'hidden') continue;
        out.push([h.y - MARGIN, h.y + h.h + MARGIN]);
      }
      out.sort((a, b) => a[0] - b[0]);
      const merged: [number, number][] = [];
      for (const gap of out) {
        const last = merged[merged.length - 1];
        if (last && gap[0] <= last[1]) last[1] = Math.max(last[1], gap[1]);
        else merged.push([gap[0], gap[1]]);
      }
      return merged;
    },
  };
}

/** The `d` of a vertical line at x 0 from `top` to `bottom` that leaves out `gaps`. */
export function brokenLine(top: number, bottom: number, gaps: readonly [number, number][]): string {
  let d = '';
  let at = top;
  for (const [a, b] of gaps) {
    if (b <= at || a >= bottom) continue;
    if (a > at) d += `M0,${at}V${Math.round(a * 10) / 10}`;
    at = Math.max(at, b);
  }
  if (at < bottom) d += `M0,${Math.round(at * 10) / 10}V${bottom}`;
  return d;
}
