import { describe, expect, it } from 'vitest';
import { headBox } from './arrows';
import { BAND_HALF, alongStretch, clearanceAt, crossingsAt, mergeGaps, type ArrowShape } from './playhead-clearance';
import { createLabelHoles } from './label-holes';

/** A message from (x1, y1) to (x2, y2) sent at 1000 ms, arriving at 2000 ms. */
const arrow = (x1: number, y1: number, x2: number, y2: number): ArrowShape => ({ x1, y1, x2, y2, sentAtMs: 1000, arriveAtMs: 2000 });

describe('playhead clearance (px)', () => {
  it('keeps 3 px around a start dot at the line', () => {
    const gaps = clearanceAt(100, 1000, [arrow(100, 50, 200, 150)]);
    expect(gaps).toContainEqual([50 - 2.2 - 3, 50 + 2.2 + 3]);
    // Also with the time read back from the line's x a hair before the send.
    expect(clearanceAt(100, 999.9999, [arrow(100, 50, 200, 150)])).toContainEqual([50 - 2.2 - 3, 50 + 2.2 + 3]);
  });

  it('keeps room around the head of an arrow in flight, whose tip is at the playhead', () => {
    // Half way: tip at (150, 100), a 45° arrow; its head's box is about 7.4 px square above-left of the tip.
    const gaps = mergeGaps(clearanceAt(150, 1500, [arrow(100, 50, 200, 150)]), 0, 300);
    const b = headBox(150, 100, 100, 100);
    expect(b.y1).toBeCloseTo(100, 5);
    expect(gaps.some(([a, z]) => a <= b.y0 - 3 && z >= 100 + 3)).toBe(true);
    // Nothing far from the arrow.
    expect(gaps.every(([a, z]) => a > 30 && z < 120)).toBe(true);
  });

  it('puts the head of an arrow drawn short of a mark where it is drawn, and still clears the whole line along it', () => {
    // Vertical, 2 px beside the line, from y 50 to 250, drawn 30 px short of its end (a mark there).
    const cut = { ...arrow(102, 50, 102, 250), cut: 30 };
    const gaps = mergeGaps(clearanceAt(100, 3000, [cut]), 0, 300);
    const b = headBox(102, 220, 0, 200);
    expect(gaps.some(([a, z]) => a <= b.y0 - 3 && z >= b.y1 + 3)).toBe(true);
    // Its passage over another lane is drawn uncut, to y 250: the line stays clear down there too.
    expect(gaps.some(([a, z]) => a <= 50 && z >= 249)).toBe(true);
  });

  it('leaves no gap for an arrow far from the line, nor for one not yet sent', () => {
    expect(clearanceAt(400, 1500, [arrow(100, 50, 200, 150)])).toEqual([]);
    expect(clearanceAt(100, 900, [arrow(100, 50, 200, 150)])).toEqual([]);
  });

  it('breaks along a steep arrow that runs beside the line, not across a shallow one', () => {
    // Almost vertical, 2 px from the line all the way from y 50 to 250.
    const along = clearanceAt(102, 3000, [arrow(100, 50, 103, 250)]);
    expect(along.some(([a, z]) => a <= 50 && z >= 249)).toBe(true);
    // Shallow: within 4 px of x 150 over under 2 px of height, a crossing.
    expect(alongStretch(150, 100, 100, 200, 101, 4)![1] - alongStretch(150, 100, 100, 200, 101, 4)![0]).toBeLessThan(2);
    expect(clearanceAt(150, 3000, [arrow(100, 100, 200, 101)])).toEqual([]);
  });

  it('a vertical arrow beside the line runs along it all the way; one 5 px away does not', () => {
    expect(alongStretch(100, 103, 20, 103, 80, 4)).toEqual([20, 80]);
    expect(alongStretch(100, 105, 20, 105, 80, 4)).toBeUndefined();
  });

  it('leaves out the line where a vertical arrow runs 5 px beside it (ALONG is 6 px): two lines that close read as one', () => {
    const gaps = clearanceAt(100, 3000, [arrow(105, 20, 105, 80)]);
    expect(gaps.some(([a, z]) => a <= 20 && z >= 80)).toBe(true);
    expect(clearanceAt(100, 3000, [arrow(107, 20, 107, 80)]).some(([a, z]) => z - a > 10)).toBe(false);
  });

  it('joins gaps closer than 6 px and runs one near an end to that end', () => {
    expect(mergeGaps([[40, 50], [20, 30], [54, 60]], 0, 200)).toEqual([[20, 30], [40, 60]]);
    expect(mergeGaps([[3, 10], [190, 196]], 0, 200)).toEqual([[0, 10], [190, 200]]);
    expect(mergeGaps([[250, 260]], 0, 200)).toEqual([]);
  });

  it('the "now" band, 6 px wide, leaves out a head and a dot its edge would touch, but stays along an arrow', () => {
    // A start dot 5.5 px right of the band's centre: clear of the hairline's room, not of the band's.
    const dot = arrow(105.5, 50, 205.5, 150);
    expect(clearanceAt(100, 1000, [dot])).toEqual([]);
    expect(clearanceAt(100, 1000, [dot], BAND_HALF)).toContainEqual([50 - 2.2 - 3, 50 + 2.2 + 3]);
    // A vertical arrow along the line: the line breaks there, the band does not.
    expect(clearanceAt(100, 3000, [arrow(102, 20, 102, 80)]).some(([a, z]) => a <= 20 && z >= 80)).toBe(true);
    expect(clearanceAt(100, 3000, [arrow(102, 20, 102, 80)], BAND_HALF).some(([a, z]) => a <= 20 && z >= 80)).toBe(false);
  });

  it('a label breaks the band where the band\'s edge would reach its text, not only the line\'s centre', () => {
    const holes = createLabelHoles();
    const el = { getAttribute: () => null } as unknown as Element;
    holes.set([{ el, x: 100, y: 40, w: 50, h: 12 }]);
    // 4 px right of the label's end: past its 2 px room for the hairline, within it for the band.
    expect(holes.gapsAt(154)).toEqual([]);
    expect(holes.gapsAt(154, BAND_HALF)).toEqual([[38, 54]]);
  });
});

describe('a short mark broken where an arrow crosses it (crossingsAt)', () => {
  it('leaves room around the point where a drawn arrow crosses, once its tip is past it', () => {
    // A shallow arrow from (0, 100) to (100, 50) crosses x 60 at y 70.
    const a = arrow(0, 100, 100, 50);
    const gaps = crossingsAt(60, 40, 100, 2000, [a]);
    expect(gaps).toHaveLength(1);
    const [lo, hi] = gaps[0]!;
    expect(lo).toBeLessThan(70 - 3);
    expect(hi).toBeGreaterThan(70 + 3);
    // Not yet drawn to x 60 at 1500 ms (its tip is at x 50), nor sent before 1000 ms.
    expect(crossingsAt(60, 40, 100, 1500, [a])).toEqual([]);
    expect(crossingsAt(60, 40, 100, 900, [a])).toEqual([]);
    // An arrow that crosses outside the mark's stretch, or never reaches its x, leaves it whole.
    expect(crossingsAt(60, 0, 30, 2000, [a])).toEqual([]);
    expect(crossingsAt(160, 40, 100, 2000, [a])).toEqual([]);
  });
});
