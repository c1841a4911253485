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

/** Reads the axis of the first timeline on `page`. */
export async function readAxis(page: Page): Promise<AxisMap> {
  const read = await page.evaluate(() => {
    const ticks = [...document.querySelectorAll('.fl-timeline__back .fl-axis [data-ms] line')].map((el) => ({
      ms: Number(el.parentElement!.getAttribute('data-ms')),
      x: el.getBoundingClientRect().left,
    }));
    const gap = document.querySelector('.fl-timeline__svg .fl-axis__gap')?.getBoundingClientRect();
    const box = document.querySelector('.fl-timeline__scroll')!.getBoundingClientRect();
    const names = document.querySelector('.fl-lanes')!.getBoundingClientRect();
    return { ticks, gap: gap ? { left: gap.left, right: gap.right } : undefined, left: Math.max(box.left, names.right), right: box.right };
  });
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
