/**
 * A message arrow ({@link MessageGeom}, laid out by `withMessages` in `message-geometry.ts`) and the
 * arithmetic of its shape: its head's corners and box, where its line is drawn to and the pieces of
 * it that are drawn, distances between points, segments and heads, and whether a head stays off the
 * marks and start dots it must not cover ({@link Obstacle}). Some of it runs in the head search's
 * inner loop (`message-geometry.ts`). In the marks' chunk: the first render draws no arrows.
 * @module
 */
import type { MessageKind } from '../../model/trace';
import { countOps } from './spatial';

/** How a message is drawn. */
export type MessageStyle = 'request' | 'grant' | 'keepalive' | 'lost' | 'write' | 'reply-ok' | 'reply-bad' | 'read';

/** A message arrow. Times in simulated ms, positions in px. */
export interface MessageGeom {
  id: number;
  kind: MessageKind;
  style: MessageStyle;
  from: string;
  to: string;
  token: number | undefined;
  sentAtMs: number;
  arriveAtMs: number;
  handledAtMs: number | undefined;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /**
   * The stretches of the line that are drawn, as fractions of its length from the sender (0) to the
   * receiver (1), ascending: `[[0, 1]]` for a message between neighbouring lanes; a message that
   * passes other lanes breaks over each of them.
   */
  visible: [number, number][];
  /** Held up in the network by a delay fault or a partition (ms). */
  lateMs: number;
  lateBy: 'delay' | 'partition' | undefined;
  dropped: boolean;
  /** Waited at a paused receiver from arrival to handling: the end x of that wait. */
  waitX2: number | undefined;
  /**
   * Held up with others that reach the same point (a partition that heals lets a stream of held
   * keepalives through at once): drawn without its own arrowhead once arrived, so the stream
   * reads as one fan into one head (the last one's) instead of a pile of heads.
   */
  bundled?: boolean;
  /**
   * Drawn on the very same line as a later message (same lanes, sent and arriving at once: the
   * replies to a stream of held keepalives): only its accessible name is drawn, the later one's
   * line stands for both (`Messages.tsx`), so the picture holds one line where it shows one.
   */
  sameLine?: boolean;
  /**
   * The marks and other messages' start dots near its line that its head must not cover
   * ({@link headClear}): while in flight its head is left out where it would.
   */
  obstacles?: Obstacle[];
  /** How far (px) short of (x2, y2) its line is drawn, to keep its head off a mark or dot not its own. */
  cut?: number;
}

/**
 * A drawn point (px) that an arrowhead must stay off: a message's start dot or a point mark (✓ ✕,
 * read, marker, check, crash) as it is inked, a circle (`r`) or a square (half-side `r`), from `atMs`.
 */
export interface Obstacle {
  x: number;
  y: number;
  r: number;
  square: boolean;
  atMs: number;
  /** The message whose start dot it is. */
  msg?: number;
  /** For another arrow's head: that arrow's line (x1, y1, x2, y2; px). */
  line?: readonly number[];
}

/** Radius (px) of a message's start dot (`Messages.tsx`). */
export const DOT_R = 2.2;
/** Length (px) of an arrowhead (`arrowHead` in `svg-text.ts`). */
export const HEAD = 7;

/** The box (px) of an arrowhead with its tip at (x, y) pointing along (dx, dy), as `arrowHead` draws it: its left, top, right and bottom. */
export function headBox(x: number, y: number, dx: number, dy: number): { x0: number; y0: number; x1: number; y1: number } {
  const [[ax, ay], [bx, by], [cx, cy]] = headCorners(x, y, dx, dy) as [[number, number], [number, number], [number, number]];
  return { x0: Math.min(ax, bx, cx), y0: Math.min(ay, by, cy), x1: Math.max(ax, bx, cx), y1: Math.max(ay, by, cy) };
}

/**
 * Where `msg`'s line is drawn to (px): its end (x2, y2), or `cut` px short of it along the line (as
 * `Messages.tsx` draws it, clear of a mark or head there). A zero-length line ends at its end.
 */
export function drawnEnd(msg: Pick<MessageGeom, 'x1' | 'y1' | 'x2' | 'y2' | 'cut'>): { x: number; y: number } {
  const len = Math.hypot(msg.x2 - msg.x1, msg.y2 - msg.y1);
  if (!msg.cut || len === 0) return { x: msg.x2, y: msg.y2 };
  return { x: msg.x2 - ((msg.x2 - msg.x1) / len) * msg.cut, y: msg.y2 - ((msg.y2 - msg.y1) / len) * msg.cut };
}

/** The box (px, as {@link headBox}) of `msg`'s arrowhead as it is drawn: at {@link drawnEnd}, pointing along its line. */
export function drawnHead(msg: Pick<MessageGeom, 'x1' | 'y1' | 'x2' | 'y2' | 'cut'>): ReturnType<typeof headBox> {
  const e = drawnEnd(msg);
  return headBox(e.x, e.y, msg.x2 - msg.x1, msg.y2 - msg.y1);
}

/** Whether an arrowhead's box stays at least `margin` px off `o`. */
export function clearOf(b: ReturnType<typeof headBox>, o: Obstacle, margin: number): boolean {
  countOps();
  const gx = Math.max(0, b.x0 - (o.x + (o.square ? o.r : 0)), o.x - (o.square ? o.r : 0) - b.x1);
  const gy = Math.max(0, b.y0 - (o.y + (o.square ? o.r : 0)), o.y - (o.square ? o.r : 0) - b.y1);
  if (o.square) return Math.max(gx, gy) >= margin;
  const nx = Math.max(b.x0, Math.min(o.x, b.x1));
  const ny = Math.max(b.y0, Math.min(o.y, b.y1));
  return Math.hypot(nx - o.x, ny - o.y) >= o.r + margin;
}

/**
 * Whether `msg`'s head, with its tip at (x, y) at simulated `ms`, covers none of the marks and
 * start dots drawn by then that are not its own.
 */
export function headClear(msg: MessageGeom, x: number, y: number, ms: number): boolean {
  if (!msg.obstacles) return true;
  const b = headBox(x, y, msg.x2 - msg.x1, msg.y2 - msg.y1);
  return msg.obstacles.every((o) => o.atMs > ms || clearOf(b, o, roomFor(o)));
}

/** The room (px) an arrowhead keeps from an obstacle: {@link DOT_ROOM} from another message's start dot, 1 from a mark. */
export const roomFor = (o: Obstacle): number => (o.msg === undefined ? 1 : DOT_ROOM);

/** The room (px) an arrowhead keeps from another message's start dot: a head 1 px from the next write's dot read as one blot. */
export const DOT_ROOM = 4;

/** Distance (px) from (px, py) to the segment (ax, ay)–(bx, by). */
export function pointToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  countOps();
  const dx = bx - ax;
  const dy = by - ay;
  const l2 = dx * dx + dy * dy;
  const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / l2));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Distance (px) between the segments a and b (x1, y1, x2, y2): 0 where they cross. */
export function segmentToSegment(a: readonly number[], b: readonly number[]): number {
  return segmentGap(a[0]!, a[1]!, a[2]!, a[3]!, b[0]!, b[1]!, b[2]!, b[3]!);
}

/** {@link segmentToSegment} of (a1, a2)–(a3, a4) and (b1, b2)–(b3, b4), without arrays (it runs in the head search's inner loop). */
function segmentGap(a1: number, a2: number, a3: number, a4: number, b1: number, b2: number, b3: number, b4: number): number {
  const side = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) => Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));
  if (side(a1, a2, a3, a4, b1, b2) * side(a1, a2, a3, a4, b3, b4) < 0 && side(b1, b2, b3, b4, a1, a2) * side(b1, b2, b3, b4, a3, a4) < 0) return 0;
  return Math.min(pointToSegment(a1, a2, b1, b2, b3, b4), pointToSegment(a3, a4, b1, b2, b3, b4), pointToSegment(b1, b2, a1, a2, a3, a4), pointToSegment(b3, b4, a1, a2, a3, a4));
}

/** The three corners (px) of an arrowhead with its tip at (x, y) pointing along (dx, dy), as `arrowHead` draws it: tip first. */
export function headCorners(x: number, y: number, dx: number, dy: number): [number, number][] {
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const bx = x - ux * HEAD;
  const by = y - uy * HEAD;
  const px = -uy * HEAD * 0.5;
  const py = ux * HEAD * 0.5;
  return [
    [x, y],
    [bx + px, by + py],
    [bx - px, by - py],
  ];
}

/** Distance (px) from an arrowhead (its {@link headCorners}) to a segment (x1, y1, x2, y2): 0 where the segment touches or enters it. */
export function headToSegment(corners: readonly [number, number][], seg: readonly number[]): number {
  countOps();
  const [a, b, c] = corners as [[number, number], [number, number], [number, number]];
  const inside = (x: number, y: number) => {
    const s1 = (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]);
    const s2 = (c[0] - b[0]) * (y - b[1]) - (c[1] - b[1]) * (x - b[0]);
    const s3 = (a[0] - c[0]) * (y - c[1]) - (a[1] - c[1]) * (x - c[0]);
    return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0);
  };
  const [s1, s2, s3, s4] = seg as [number, number, number, number];
  if (inside(s1, s2)) return 0;
  return Math.min(segmentGap(a[0], a[1], b[0], b[1], s1, s2, s3, s4), segmentGap(b[0], b[1], c[0], c[1], s1, s2, s3, s4), segmentGap(c[0], c[1], a[0], a[1], s1, s2, s3, s4));
}

/** The drawn pieces (px; x1, y1, x2, y2 each) of `msg`'s line, as far as its `cut` end. */
export function drawnPieces(msg: Pick<MessageGeom, 'x1' | 'y1' | 'x2' | 'y2' | 'visible' | 'cut'>): number[][] {
  return piecesOf(msg, msg.visible);
}

/** The stretches (fractions of `msg`'s line) as pieces (px; x1, y1, x2, y2 each), as far as its `cut` end. */
export function piecesOf(msg: Pick<MessageGeom, 'x1' | 'y1' | 'x2' | 'y2' | 'cut'>, stretches: readonly [number, number][]): number[][] {
  const len = Math.hypot(msg.x2 - msg.x1, msg.y2 - msg.y1);
  if (len === 0) return [];
  const end = 1 - (msg.cut ?? 0) / len;
  const at = (f: number) => [msg.x1 + (msg.x2 - msg.x1) * f, msg.y1 + (msg.y2 - msg.y1) * f];
  return stretches.filter(([a]) => a < end).map(([a, b]) => [...at(a), ...at(Math.min(b, end))]);
}
