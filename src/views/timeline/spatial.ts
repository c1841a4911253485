/**
 * Spatial indexes for the timeline's layout (issue 43): the arrows' heads, the marks' spots and the
 * labels ask "what is drawn near here?" of every thing they place, and scanning the whole run for
 * each made the layout quadratic in the events it places (a 300 s run froze the page for minutes).
 * Buckets along x (and a 2-D grid for the label plan's boxes and lines) answer with the few things
 * near, in the order they were added, so the layout's result is the same as a full scan's.
 *
 * {@link layoutOps} counts the layout's elementary steps (a candidate compared with a thing near
 * it, an item visited in a bucket): the property test (`layout-growth.test.ts`) asserts that this
 * count grows at most as n log n in the events of generated runs. Counts, not timings.
 * @module
 */

/** The layout's elementary steps since the last reset (see the module's note). */
export const layoutOps = { n: 0 };

/** Counts `k` elementary steps of the layout. */
export function countOps(k = 1): void {
  layoutOps.n += k;
}

/**
 * Things with an extent along x, in buckets `size` px wide. One spanning more than
 * {@link XIndex.MAX_CELLS} buckets (a message held up for a minute) is kept in a short list of wide
 * things that every query visits.
 */
export class XIndex<T> {
  /** The most buckets one thing is put in; wider things go to the list every query visits. */
  static readonly MAX_CELLS = 64;
  private readonly cells = new Map<number, number[]>();
  private readonly wide: number[] = [];
  private readonly items: T[] = [];
  private stamp: number[] = [];
  private query = 0;
  constructor(private readonly size: number) {}

  /** Adds `item` spanning x0..x1 (px; either order). */
  add(item: T, x0: number, x1: number): void {
    const i = this.items.length;
    this.items.push(item);
    this.stamp.push(0);
    const c0 = Math.floor(Math.min(x0, x1) / this.size);
    const c1 = Math.floor(Math.max(x0, x1) / this.size);
    if (!(c1 - c0 < XIndex.MAX_CELLS)) {
      this.wide.push(i);
      return;
    }
    for (let c = c0; c <= c1; c++) {
      const list = this.cells.get(c);
      if (list) list.push(i);
      else this.cells.set(c, [i]);
    }
  }

  /** The things whose bucket range meets x0..x1 (a superset of those whose extent does), in the order added. */
  near(x0: number, x1: number): T[] {
    const q = ++this.query;
    const found: number[] = [];
    const c0 = Math.floor(Math.min(x0, x1) / this.size);
    const c1 = Math.floor(Math.max(x0, x1) / this.size);
    const visit = (i: number) => {
      countOps();
      if (this.stamp[i] === q) return;
      this.stamp[i] = q;
      found.push(i);
    };
    if (c1 - c0 > 4 * XIndex.MAX_CELLS) {
      // A query as wide as the picture: every thing, in order.
      for (let i = 0; i < this.items.length; i++) visit(i);
    } else {
      for (let c = c0; c <= c1; c++) for (const i of this.cells.get(c) ?? []) visit(i);
      for (const i of this.wide) visit(i);
    }
    found.sort((a, b) => a - b);
    return found.map((i) => this.items[i]!);
  }

  /** Every thing added, in order. */
  all(): readonly T[] {
    return this.items;
  }
}

/** The index in ascending `xs` of the first value ≥ `x` (binary search). */
export function lowerBound(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    countOps();
    const mid = (lo + hi) >> 1;
    if (xs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
