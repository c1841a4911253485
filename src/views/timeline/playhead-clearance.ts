/**
 * Where the playhead's line leaves room for the message arrows it meets (issue 13): paused at an
 * event, the line sits at that event's x, just where an arrow starts (its dot), ends (its head) or,
 * for a message in flight, where its tip is. The line breaks there, with a little room, and where an
 * arrow (or its faint passage behind another lane) runs along it within a few px, so that no dot,
 * head or arrow is struck through or hidden by it. Gaps closer than {@link MERGE} px are joined, so
 * the line stays one line, not confetti.
 *
 * Pure arithmetic on the arrows' geometry (`arrows.ts`): no layout is read, and
 * {@link clearanceAt} is cheap enough to run every frame. In the marks' chunk.
 * @module
 */
import { DOT_R, drawnEnd, headBox, type MessageGeom } from './arrows';

/** Room (px) kept around an arrowhead's and a start dot's box. */
export const ROOM = 3;
/** An arrow closer than this (px, horizontally) to the line runs along it. */
export const ALONG = 6;
/** Gaps (or a gap and the line's end) closer than this (px) are joined. */
export const MERGE = 6;

/** Half the width (px) of the faint "now" band under the marks (its 6 px stroke, `app.css`). */
export const BAND_HALF = 3;

/** A vertical stretch (top, bottom; px, top < bottom). */
export type Gap = [number, number];

/** The fraction of `msg`'s flight done at `ms`, 0..1, in steps of 1/200, as its arrow draws it (`Messages.tsx`). */
export function flightProgress(msg: Pick<MessageGeom, 'sentAtMs' | 'arriveAtMs'>, ms: number): number {
  const flight = msg.arriveAtMs - msg.sentAtMs;
  const progress = flight <= 0 ? 1 : Math.min(1, Math.max(0, (ms - msg.sentAtMs) / flight));
  return progress >= 1 ? 1 : Math.round(progress * 200) / 200;
}

/** The arrow part of a message: its line from (x1, y1) to (x2, y2) (px), its start time and its flight's end (ms). */
export type ArrowShape = Pick<MessageGeom, 'x1' | 'y1' | 'x2' | 'y2' | 'sentAtMs' | 'arriveAtMs' | 'bundled'> & Partial<Pick<MessageGeom, 'cut'>>;

/**
 * The stretch of y (px) where the segment from (ax, ay) to (bx, by) lies within `w` px
 * horizontally of x `x`, or undefined when there is none.
 */
export function alongStretch(x: number, ax: number, ay: number, bx: number, by: number, w: number): Gap | undefined {
  const dx = bx - ax;
  let t0: number;
  let t1: number;
  if (Math.abs(dx) < 1e-9) {
    if (Math.abs(ax - x) >= w) return undefined;
    [t0, t1] = [0, 1];
  } else {
    const a = (x - w - ax) / dx;
    const b = (x + w - ax) / dx;
    t0 = Math.max(0, Math.min(a, b));
    t1 = Math.min(1, Math.max(a, b));
    if (t1 <= t0) return undefined;
  }
  const y0 = ay + (by - ay) * t0;
  const y1 = ay + (by - ay) * t1;
  return [Math.min(y0, y1), Math.max(y0, y1)];
}

/**
 * The stretches (px, ascending, not merged) the playhead's line at x `x` (px) leaves out for the
 * arrows drawn at time `ms` (simulated ms): each arrow sent by then (1 ms slack) is drawn from its start to its
 * tip (`flightProgress`); the line keeps {@link ROOM} px from the box of its head (once it has
 * travelled 2 %; none on a bundled one that has arrived) and of its start dot, and breaks where the
 * arrow runs within {@link ALONG} px of it over more than 2 px of height (a steep arrow along it,
 * not one crossing it). With `band` (px, the half-width of the "now" band, {@link BAND_HALF}) the
 * heads and dots are kept clear of a stroke that wide and arrows along it are left in: the band stays
 * where the line breaks for an arrow along it, but no arrowhead or dot lies on it.
 */
export function clearanceAt(x: number, ms: number, arrows: readonly ArrowShape[], band = 0): Gap[] {
  const out: Gap[] = [];
  for (const m of arrows) {
    // 1 ms of slack: `ms` comes back from the line's x (`msAt`), a hair early at the step that sends it.
    if (m.sentAtMs > ms + 1) continue;
    const p = flightProgress(m, ms);
    // Drawn to its end, or `cut` px short of it along the line (as `Messages.tsx` draws it: clear of a mark there).
    const end = drawnEnd(m);
    const tipX = m.x1 + (end.x - m.x1) * p;
    const tipY = m.y1 + (end.y - m.y1) * p;
    // The start dot.
    if (Math.abs(x - m.x1) < DOT_R + ROOM + band) out.push([m.y1 - DOT_R - ROOM, m.y1 + DOT_R + ROOM]);
    // The head.
    if (p > 0.02 && !(m.bundled && p >= 1)) {
      const b = headBox(tipX, tipY, m.x2 - m.x1, m.y2 - m.y1);
      if (x > b.x0 - ROOM - band && x < b.x1 + ROOM + band) out.push([b.y0 - ROOM, b.y1 + ROOM]);
    }
    if (band) continue;
    // The line (or its passage behind a lane) running along the playhead's.
    // Measured on the whole line to the tip's time: a passage over another lane is drawn along it
    // uncut (`Passage` in `Messages.tsx`), even where the arrow itself stops short of a mark.
    const s = alongStretch(x, m.x1, m.y1, m.x1 + (m.x2 - m.x1) * p, m.y1 + (m.y2 - m.y1) * p, ALONG);
    if (s && s[1] - s[0] > 2) out.push([s[0] - 1, s[1] + 1]);
  }
  return out;
}

/**
 * Sorts and joins `gaps` (px) where they overlap or lie less than `merge` px apart; a gap less than
 * `merge` px from `top` or `bottom` (the line's ends, px) reaches that end, so no stub is left.
 */
export function mergeGaps(gaps: readonly Gap[], top: number, bottom: number, merge = MERGE): Gap[] {
  const sorted = gaps.filter((g) => g[1] > top && g[0] < bottom).map((g): Gap => [g[0], g[1]]).sort((a, b) => a[0] - b[0]);
  const out: Gap[] = [];
  for (const g of sorted) {
    const last = out[out.length - 1];
    if (last && g[0] - last[1] < merge) last[1] = Math.max(last[1], g[1]);
    else out.push(g);
  }
  const first = out[0];
  if (first && first[0] - top < merge) first[0] = Math.min(first[0], top);
  const last = out[out.length - 1];
  if (last && bottom - last[1] < merge) last[1] = Math.max(last[1], bottom);
  return out;
}

/**
 * Where the arrows drawn at time `ms` (simulated ms) cross a short vertical mark at x `x` between
 * `top` and `bottom` (px; a lease's end tick): a gap `room` px either side of each crossing, so the
 * mark is broken under the arrow that passes it (the wiring-diagram convention the lanes follow)
 * instead of striking through it. An arrow counts once its tip has passed x.
 */
export function crossingsAt(x: number, top: number, bottom: number, ms: number, arrows: readonly ArrowShape[], room = 3): Gap[] {
  const out: Gap[] = [];
  for (const m of arrows) {
    if (m.sentAtMs > ms + 1 || m.x1 === m.x2 || (x - m.x1) * (x - m.x2) > 0) continue;
    const f = (x - m.x1) / (m.x2 - m.x1);
    if (flightProgress(m, ms) < f) continue;
    const y = m.y1 + (m.y2 - m.y1) * f;
    // The stroke's height where it crosses, for a steep arrow more than its width.
    const half = 1 + Math.min(6, Math.abs((m.y2 - m.y1) / (m.x2 - m.x1)));
    if (y + half + room > top && y - half - room < bottom) out.push([y - half - room, y + half + room]);
  }
  return out;
}
