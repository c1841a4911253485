/**
 * Small helpers for drawing text in the timeline SVG.
 * @module
 */

/** Rough width (px) of `text` in the timeline's 11 px label font; good enough to decide whether a label fits. */
export function textWidth(text: string, fontPx = 11): number {
  return text.length * fontPx * 0.58;
}

/** An arrowhead at (x, y) pointing along (dx, dy), as an SVG path `d`. */
export function arrowHead(x: number, y: number, dx: number, dy: number, size = 7): string {
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const bx = x - ux * size;
  const by = y - uy * size;
  const px = -uy * size * 0.5;
  const py = ux * size * 0.5;
  return `M${x.toFixed(1)},${y.toFixed(1)}L${(bx + px).toFixed(1)},${(by + py).toFixed(1)}L${(bx - px).toFixed(1)},${(by - py).toFixed(1)}Z`;
}
