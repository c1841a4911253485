/**
 * Where a message's line passes other lanes (issue 13). A message that has to pass another lane on
 * its way (a grant from the lease service to client 2 passes client 1's lane; a write from client 1
 * to the storage passes client 2's) is not drawn across it: its arrow breaks over that lane and
 * resumes on the far side, and a thin passage joins the pieces with that lane's line and bars broken
 * along it (the wiring-diagram convention, {@link passageLanes}), so no arrow strikes through marks
 * it has nothing to do with. `crossing.test.ts` checks this for every built-in scenario.
 * @module
 */
import { piecesOf, type MessageGeom } from './arrows';
import type { Geometry } from './geometry';

/** The pieces (px; x1, y1, x2, y2 each) of `msg`'s passages over other lanes ({@link passagesOf}), as far as its `cut` end. */
export function passagePieces(msg: Pick<MessageGeom, 'x1' | 'y1' | 'x2' | 'y2' | 'visible' | 'cut'>): number[][] {
  return piecesOf(msg, passagesOf(msg.visible));
}

/**
 * The drawn stretches (fractions from the start) of a straight line from y1 to y2 that leaves out
 * its passage over every band in `skip` (top and bottom y, px).
 */
export function visibleStretches(y1: number, y2: number, skip: readonly { top: number; bottom: number }[]): [number, number][] {
  const dy = y2 - y1;
  if (dy === 0 || skip.length === 0) return [[0, 1]];
  const hidden = skip
    .map((b) => {
      const a = (b.top - y1) / dy;
      const c = (b.bottom - y1) / dy;
      return [Math.max(0, Math.min(a, c)), Math.min(1, Math.max(a, c))] as [number, number];
    })
    .filter(([a, c]) => c > a)
    .sort((p, q) => p[0] - q[0]);
  const out: [number, number][] = [];
  let at = 0;
  for (const [a, c] of hidden) {
    if (a > at) out.push([at, a]);
    at = Math.max(at, c);
  }
  if (at < 1) out.push([at, 1]);
  return out;
}

/**
 * The stretches of a message's line that pass other lanes (fractions, ascending): the complement
 * of its drawn stretches `visible`. The arrow is not drawn there; a thin passage (`Messages.tsx`,
 * `Passages`) joins its pieces, with those lanes broken along it, so it reads as passing by them.
 */
export function passagesOf(visible: readonly [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 1; i < visible.length; i++) {
    const a = visible[i - 1]![1];
    const b = visible[i]![0];
    if (b > a) out.push([a, b]);
  }
  return out;
}

/**
 * The stretches (fractions of its line) where `msg` passes over other lanes, one for each lane it
 * passes, with that lane's index in `g.lanes` (its background: alternate lanes are
 * tinted), so that the lane's line and bars can be broken along it in the lane's own colour
 * (`Passages` in `Messages.tsx`). Together they cover exactly {@link passagesOf} `msg.visible`.
 */
export function passageLanes(g: Pick<Geometry, 'lanes'>, msg: Pick<MessageGeom, 'from' | 'to' | 'y1' | 'y2'>): { from: number; to: number; lane: number }[] {
  const out: { from: number; to: number; lane: number }[] = [];
  const dy = msg.y2 - msg.y1;
  g.lanes.forEach((l, lane) => {
    const p = (l.bandTop - msg.y1) / dy;
    const q = (l.bandTop + l.bandHeight - msg.y1) / dy;
    const from = Math.max(0, Math.min(p, q));
    const to = Math.min(1, Math.max(p, q));
    if (l.id !== msg.from && l.id !== msg.to && to > from) out.push({ from, to, lane });
  });
  return out;
}

/**
 * A `stroke-dasharray` that draws only the `visible` stretches of a line `length` px long, each in
 * the style's own dash pattern (`dash`, e.g. `[3, 3]`; solid when absent). `undefined` when the
 * whole line is drawn (the style's CSS applies).
 */
export function dashArrayFor(visible: readonly [number, number][], length: number, dash?: readonly [number, number]): string | undefined {
  if (visible.length === 1 && visible[0]![0] === 0 && visible[0]![1] === 1) return undefined;
  const parts: number[] = [];
  let pos = 0;
  const push = (on: number, off: number) => {
    parts.push(Math.max(0, on), Math.max(0, off));
  };
  for (const [a, c] of visible) {
    const start = a * length;
    const end = c * length;
    // The gap before this stretch (as an "on" of 0 length followed by the gap).
    if (start > pos) {
      if (parts.length === 0) push(0, start - pos);
      else parts[parts.length - 1]! += start - pos;
      pos = start;
    }
    if (!dash) {
      push(end - start, 0);
    } else {
      let p = start;
      while (p < end - 1e-6) {
        const on = Math.min(dash[0], end - p);
        const off = Math.min(dash[1], Math.max(0, end - p - on));
        push(on, off);
        p += on + off;
      }
    }
    pos = end;
  }
  // The tail after the last stretch, then a long gap so the pattern never repeats on this line.
  parts.push(0, length - pos + length + 10);
  return parts.map((n) => Math.round(n * 10) / 10).join(' ');
}
