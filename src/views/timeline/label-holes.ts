/**
 * Where the playhead's line stops so that the labels it passes stay readable (issue 13): the line
 * is drawn over the marks (it must show across the bars), but breaks, with a little room, over
 * every label on screen, so no label is struck through.
 *
 * The marks' chunk (`Marks.tsx`) says which labels are drawn after each step ({@link LabelHoles.set})
 * and hands the playhead ({@link PlayheadBreaks}, owned by `Timeline.tsx`) a function that draws its
 * line at an x; the playhead calls it at every change while the story is stopped (playing, its line
 * is drawn whole under the marks, `Timeline.tsx`). It reads no layout: the boxes come from the label
 * plan, and a label hidden while its bar grows (`visibility="hidden"`, `growth.ts`) leaves no gap.
 * In the marks' chunk: before it is in there are no labels, and the line is drawn whole.
 * @module
 */

/** What the timeline's playhead shares with the marks: set by the marks, read by the playhead. */
export interface PlayheadBreaks {
  /**
   * The `d`s of the playhead at x `x` (px) from `top` to `bottom`: `line`, its line, broken over the
   * labels there and the arrows it meets; `band`, the faint "now" band under the marks (6 px wide),
   * broken, for its whole width, over the labels, arrowheads and start dots (not along an arrow). One call a frame, so the labels at `x` are looked up once.
   * Asked for only while the story is stopped: while it plays, both are drawn whole under the marks
   * (`Timeline.tsx`).
   */
  pathsAt?: (x: number, top: number, bottom: number) => { line: string; band: string };
  /** Redraws the playhead's line (set by the playhead; the marks call it when the labels change). */
  redraw?: () => void;
  /** Checks the sideways scroll cuts no label (set by the timeline; the marks call it when the labels change). */
  settle?: () => void;
  /** Where to scroll to (set by the marks: {@link snapScroll}). */
  snap?: typeof snapScroll;
  /**
   * Fits the picture to its scrolled left edge (set by the marks: {@link fitLeftEdge}); the
   * timeline calls it with the scroll box's `scrollLeft` (px) when it scrolls sideways.
   */
  edge?: (left: number) => void;
  /** The scroll box's `scrollLeft` (px), read only where the picture scrolls sideways, else 0 (set by the timeline: no layout read on a wide screen). */
  left?: () => number;
}

/**
 * The box (px) of a text (its `getBBox`) or of a point mark: its `data-hole`, the mark with room
 * around it (a stroked mark shows a little past its own box). Not the mark's `getBBox`: the group
 * of a storage decision's mark, popping in, gave Chromium's box of it from before the picture was
 * drawn at a story frame's new scale (a mark half under the lane names was left shown).
 */
function boxOf(el: Element): { x: number; width: number } {
  const hole = el.getAttribute('data-hole');
  if (hole) {
    const [x = 0, , w = 0] = hole.split(' ').map(Number);
    return { x, width: w };
  }
  const b = (el as SVGGraphicsElement).getBBox();
  return { x: b.x, width: b.width };
}

/**
 * A scroll position for the timeline's scroll box `el` near `target` (px) where the edges of the
 * part on screen cut the fewest texts (labels, ticks) and point marks (`data-hole`: a cut one is
 * hidden, and its arrows would end at nothing), the left edge first, the playhead (at x `px`) kept
 * well inside the view. `labelW` is the width of the lane names' column, which lies over the
 * picture's left end. Reads the texts' boxes: called only when the picture jumps sideways or its
 * labels change, never every frame.
 */
export function snapScroll(el: HTMLElement, target: number, px: number, labelW: number, bounds?: readonly [number, number]): number {
  const view = el.clientWidth - labelW;
  const max = Math.max(0, el.scrollWidth - el.clientWidth);
  const spans = [...el.querySelectorAll('svg text, svg [data-hole]')]
    // (No boxes without a layout engine: jsdom has no getBBox.)
    .filter((t) => !t.closest('.fl-playhead') && typeof (t as SVGGraphicsElement).getBBox === 'function')
    .map((t) => {
      const b = boxOf(t);
      return [b.x - 1, b.x + b.width + 1] as const;
    });
  // How many texts the edges cut with the picture scrolled to `left` (the left edge, where the eye
  // starts, weighs ten times the right; neither cuts anything at its end of the picture).
  const cuts = (left: number) =>
    spans.reduce((n, [a, b]) => n + (left > 0.5 && a < left && b > left ? 10 : 0) + (left < max - 0.5 && a < left + view && b > left + view ? 1 : 0), 0);
  let best = Math.round(Math.min(max, Math.max(0, target)));
  let fewest = cuts(best);
  for (let d = 1; d <= 120 && fewest > 0; d += bounds ? 1 : 2) {
    for (const at of [target - d, target + d]) {
      const left = Math.round(Math.min(max, Math.max(0, at)));
      // The playhead stays well inside the view (or the next frame would jump again), and a story
      // frame's stretch inside its `bounds`.
      if (px < left + 24 || px > left + view - 40) continue;
      if (bounds && (left < bounds[0] || left > bounds[1])) continue;
      const n = cuts(left);
      if (n < fewest) [best, fewest] = [left, n];
    }
  }
  return best;
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
  /**
   * The vertical stretches (top, bottom; px, ascending, merged) to leave out of a line at `x` (px)
   * whose stroke reaches `half` px either side of it (0: a hairline).
   */
  gapsAt(x: number, half?: number): [number, number][];
  /** Moves the hole of label `el` by `dx` px (it slid along its bar); returns its box (px) there, if it has one. */
  move(el: Element, dx: number): LabelHole | undefined;
}

/** Least gap (px) between a renewal's tick on a lease bar and the bar's label text (`Lanes.tsx`). */
export const RENEW_CLEAR = 5;

/** Room left around a label (px). */
const MARGIN = 2;

/** Creates the registry of one timeline. */
export function createLabelHoles(): LabelHoles {
  let holes: readonly LabelHole[] = [];
  return {
    set(list) {
      holes = list;
    },
    move(el, dx) {
      const h = holes.find((o) => o.el === el);
      if (h) h.x += dx;
      return h;
    },
    gapsAt(x, half = 0) {
      const out: [number, number][] = [];
      for (const h of holes) {
        if (x < h.x - MARGIN - half || x > h.x + h.w + MARGIN + half || h.el.getAttribute('visibility') === 'hidden') continue;
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

/**
 * Keeps the picture readable where the timeline is scrolled sideways (issue 13): the lane names'
 * column lies over the picture left of `left` (the scroll box's `scrollLeft`, px).
 * - A label along a bar whose start has scrolled off slides along the bar to stay in view, to the
 *   first of its free places (`data-stops`, from the label plan: clear of every other label, mark
 *   and arrow) right of the edge; back at its own place (`data-x`) once there is room for it. A
 *   lease bar's renewal ticks there are hidden while it is.
 * - Any text (labels, ticks) or point mark (`data-hole`) the edge would cut in two is hidden
 *   (`data-cut`, app.css) until it is wholly on one side: nothing shows half. A hidden mark's
 *   words go with it, and so do an arrow's once it lies (within 2 px) wholly left of the edge.
 * Reads the texts' boxes: called when the picture scrolls sideways or a step's labels change, never
 * every frame of playback.
 */
export function fitLeftEdge(svg: SVGSVGElement, left: number, holes: LabelHoles): void {
  const edge = left > 0.5 ? left : -Infinity;
  for (const el of svg.querySelectorAll('text[data-stops]')) {
    const own = Number(el.getAttribute('data-x'));
    const now = Number(el.getAttribute('x'));
    const stops = (el.getAttribute('data-stops') ?? '').split(' ').map(Number);
    const x = own >= edge + 4 ? own : (stops.find((s) => s >= edge + 4) ?? own);
    if (x === now) continue;
    el.setAttribute('x', String(x));
    // The pause's snowflake goes with its word.
    const icon = el.previousElementSibling;
    if (icon?.tagName.toLowerCase() === 'svg') icon.setAttribute('x', String(Number(icon.getAttribute('x')) + x - now));
    const h = holes.move(el, x - now);
    // A lease bar's renewal ticks stay clear of its label where it now is (`Lanes.tsx`).
    for (const tick of h ? el.parentElement!.querySelectorAll('.fl-lease__renew') : []) {
      const tx = Number(tick.getAttribute('x1'));
      tick.toggleAttribute('data-cut', tx > h!.x - RENEW_CLEAR && tx < h!.x + h!.w + RENEW_CLEAR);
    }
  }
  // Not scrolled (always so on a wide screen): nothing is cut, and no box is read.
  if (edge === -Infinity) {
    for (const el of svg.querySelectorAll('[data-cut]')) el.removeAttribute('data-cut');
    return;
  }
  // All boxes read first, then all written (no layout forced between writes).
  const items = [...svg.querySelectorAll('text, [data-hole]')].filter((el) => !el.closest('.fl-playhead'));
  const cut = items.map((el) => {
    const box = boxOf(el);
    return box.width > 0 && box.x < edge - 0.5 && box.x + box.width > edge + 0.5;
  });
  // A mark hidden takes its words with it (they would label nothing); so does an arrow wholly
  // under the lane names (its words would be on screen without it).
  const orphaned = new Set<Element>();
  items.forEach((el, i) => {
    if (cut[i] && el.hasAttribute('data-hole')) for (const t of el.closest('[role="img"]')?.querySelectorAll('text, .fl-leader') ?? []) orphaned.add(t);
  });
  for (const line of svg.querySelectorAll('.fl-msg__line')) {
    if (Math.max(Number(line.getAttribute('x1')), Number(line.getAttribute('x2'))) < edge + 2) for (const t of line.parentElement?.querySelectorAll('text, .fl-leader') ?? []) orphaned.add(t);
  }
  items.forEach((el, i) => {
    const icon = el.tagName.toLowerCase() === 'text' ? el.previousElementSibling : null;
    for (const e of icon?.tagName.toLowerCase() === 'svg' ? [el, icon] : [el]) {
      if (cut[i] || orphaned.has(el)) e.setAttribute('data-cut', '');
      else e.removeAttribute('data-cut');
    }
  });
  // Leaders are not in `items`: set theirs here.
  for (const l of svg.querySelectorAll('.fl-leader')) {
    if (orphaned.has(l)) l.setAttribute('data-cut', '');
    else l.removeAttribute('data-cut');
  }
}
