/**
 * The timeline's axis as drawn, read from the page (not the app's own geometry): the map between
 * simulated time and screen x, from the ticks' grid lines (each carries its time, `data-ms`), and
 * the visible plot's edges on screen. Where the picture draws a stretch as a labelled break (a
 * frame's cut, `frameCut`; "skip quiet time"), the ticks on each side of it map the times on that
 * side: the scale is the same on both sides, the break itself is not to scale.
 * @module
 */
import type { Page } from 'playwright-core';

/** The axis as drawn (screen px, simulated ms). */
export interface AxisMap {
  /** Screen x of a simulated time (not inside a break). */
  x: (ms: number) => number;
  /** Simulated time at a screen x (not inside a break). */
  ms: (x: number) => number;
  /** Screen px per simulated ms. */
  pxPerMs: number;
  /** The visible plot's left (right of the lane names) and right edges on screen. */
  left: number;
  right: number;
  /** Whether a break is drawn. */
  broken: boolean;
}

/**
 * Reads the axis of the first timeline on `page`, or of the first inside the element `within`
 * selects (a lesson's figure). With `playheadMs` (the time the playhead rests at, known to the
 * test), the playhead's line is read as one more tick: beside a break, a side may have no tick of
 * its own in view (a phone's few hundred ms after "≈ 11 s skipped").
 */
export async function readAxis(page: Page, within?: string, playheadMs?: number): Promise<AxisMap> {
  const read = await page.evaluate(([sel, at]) => {
    const root: ParentNode = sel ? document.querySelector(sel)! : document;
    const ticks = [...root.querySelectorAll('.fl-timeline__back .fl-axis [data-ms] line')].map((el) => ({
      ms: Number(el.parentElement!.getAttribute('data-ms')),
      x: el.getBoundingClientRect().left,
    }));
    const line = root.querySelector('.fl-timeline .fl-playhead__line')?.getBoundingClientRect();
    if (at !== undefined && line && !ticks.some((t) => t.ms === at)) ticks.push({ ms: at, x: (line.left + line.right) / 2 });
    const gap = root.querySelector('.fl-timeline__svg .fl-axis__gap')?.getBoundingClientRect();
    const box = root.querySelector('.fl-timeline__scroll')!.getBoundingClientRect();
    const names = root.querySelector('.fl-lanes')!.getBoundingClientRect();
    return { ticks, gap: gap ? { left: gap.left, right: gap.right } : undefined, left: Math.max(box.left, names.right), right: box.right };
  }, [within, playheadMs] as const);
  const ticks = read.ticks.sort((p, q) => p.ms - q.ms);
  const sides = (read.gap ? [ticks.filter((t) => t.x < read.gap!.left), ticks.filter((t) => t.x > read.gap!.right)] : [ticks]).filter((side) => side.length > 0);
  const withTwo = sides.find((side) => side.length >= 2);
  if (!withTwo) throw new Error(`the axis has too few ticks to read: ${JSON.stringify(read.ticks)}`);
  const pxPerMs = (withTwo.at(-1)!.x - withTwo[0]!.x) / (withTwo.at(-1)!.ms - withTwo[0]!.ms);
  // The side whose ticks are nearer, in time or on screen.
  const byMs = (ms: number) => (sides.length === 1 || ms < (sides[0]!.at(-1)!.ms + sides[1]![0]!.ms) / 2 ? sides[0]! : sides[1]!);
  const byX = (x: number) => (sides.length === 1 || x < (sides[0]!.at(-1)!.x + sides[1]![0]!.x) / 2 ? sides[0]! : sides[1]!);
  return {
    x: (ms) => {
      const p = byMs(ms)[0]!;
      return p.x + pxPerMs * (ms - p.ms);
    },
    ms: (x) => {
      const p = byX(x)[0]!;
      return p.ms + (x - p.x) / pxPerMs;
    },
    pxPerMs,
    left: read.left,
    right: read.right,
    broken: read.gap !== undefined,
  };
}
