/**
 * Issue 13: the timeline's marks never collide. The measure `timeline-labels.test.ts` takes of the
 * drawn marks at each step of its walk (beside the labels' measure, in the same walk: issue 39): no
 * arrowhead comes within 3 px of another message's start dot, nor covers a point mark (✓ ✕ disc,
 * read circle, marker circle, lease check, crash) that is not its own (the mark its arrow ends at),
 * and no two point marks, nor a start dot and a point mark it does not leave from, come within 2 px
 * of each other.
 * @module
 */

/** What the page reports at one step: problems found, and how many heads and point marks it measured. */
export interface MarksReport {
  at: string;
  heads: number;
  points: number;
  problems: string[];
}

// A string: tsx/esbuild would wrap a function's inner closures in a helper the page lacks.
export const MEASURE_MARKS = `(() => {
  const svg = document.querySelector('.fl-timeline__svg');
  const shown = (el) => { const cs = getComputedStyle(el); return cs.visibility !== 'hidden' && cs.display !== 'none' && !el.closest('[visibility="hidden"]'); };
  const nameOf = (el) => (el.closest('[aria-label]') || el).getAttribute('aria-label') || el.getAttribute('class') || 'mark';
  // Each shape as what it inks: a circle (centre, radius) or a box; a stroke adds half its width.
  const shapeOf = (el, kind) => {
    const b = el.getBBox();
    if (b.width === 0 && b.height === 0) return undefined;
    const sw = kind === 'disc' || kind === 'head' || kind === 'dot' ? 0 : Number.parseFloat(getComputedStyle(el).strokeWidth) || 0;
    if (el.tagName === 'circle') return { circle: true, cx: b.x + b.width / 2, cy: b.y + b.height / 2, r: b.width / 2 + sw / 2 };
    return { circle: false, x: b.x - sw / 2, y: b.y - sw / 2, w: b.width + sw, h: b.height + sw, cx: b.x + b.width / 2, cy: b.y + b.height / 2, r: Math.max(b.width, b.height) / 2 };
  };
  // The gap (px) between two shapes; negative when they overlap.
  const boxGap = (a, b) => Math.hypot(Math.max(0, a.x - (b.x + b.w), b.x - (a.x + a.w)), Math.max(0, a.y - (b.y + b.h), b.y - (a.y + a.h)));
  const boxCircleGap = (a, c) => {
    const nx = Math.max(a.x, Math.min(c.cx, a.x + a.w)), ny = Math.max(a.y, Math.min(c.cy, a.y + a.h));
    const inside = c.cx >= a.x && c.cx <= a.x + a.w && c.cy >= a.y && c.cy <= a.y + a.h;
    return inside ? -c.r : Math.hypot(nx - c.cx, ny - c.cy) - c.r;
  };
  const gap = (a, b) => a.circle && b.circle ? Math.hypot(a.cx - b.cx, a.cy - b.cy) - a.r - b.r
    : a.circle ? boxCircleGap(b, a) : b.circle ? boxCircleGap(a, b) : (() => {
      const ox = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x), oy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
      return ox > 0 && oy > 0 ? -Math.min(ox, oy) : boxGap(a, b);
    })();
  const points = [];
  for (const [sel, kind] of [['.fl-decision__disc', 'disc'], ['.fl-read circle', 'read'], ['.fl-marker circle', 'marker'], ['.fl-check path', 'check'], ['.fl-crash path', 'crash']]) {
    for (const el of svg.querySelectorAll(sel)) {
      if (!shown(el)) continue;
      const s = shapeOf(el, kind);
      if (s) points.push({ ...s, name: kind + ' (' + nameOf(el) + ')' });
    }
  }
  const heads = [], dots = [];
  for (const g of svg.querySelectorAll('.fl-messages [data-msg]')) {
    const id = g.getAttribute('data-msg');
    const line = g.querySelector('.fl-msg__line');
    const end = line ? { x: Number(line.getAttribute('x2')), y: Number(line.getAttribute('y2')) } : undefined;
    const start = line ? { x: Number(line.getAttribute('x1')), y: Number(line.getAttribute('y1')) } : undefined;
    const head = g.querySelector('.fl-msg__head');
    if (head && shown(head) && (head.getAttribute('d') || '') !== '') {
      const s = shapeOf(head, 'head');
      if (s) heads.push({ ...s, id, end, name: 'arrowhead of ' + nameOf(g) });
    }
    const dot = g.querySelector('.fl-msg__dot');
    if (dot && shown(dot)) {
      const s = shapeOf(dot, 'dot');
      if (s) dots.push({ ...s, id, start, name: 'start dot of ' + nameOf(g) });
    }
  }
  // A mark is an arrow's own where the arrow ends at it (its tip within 4 px of the mark: a write
  // stops 3 px above its decision's disc), and a start dot's own where its message leaves from the
  // mark (the dot on the mark or its edge: a reply leaves its decision's disc from the rim).
  const owns = (p, at, reach) => at && Math.hypot(at.x - p.cx, at.y - p.cy) <= p.r + reach;
  const problems = [];
  const eps = 0.5;
  for (const h of heads) {
    for (const d of dots) if (d.id !== h.id && gap(h, d) < 3 - eps) problems.push('arrowhead closer than 3 px to a start dot: ' + h.name + ' and ' + d.name + ' (' + gap(h, d).toFixed(1) + ' px)');
    for (const p of points) if (!owns(p, h.end, 4) && gap(h, p) < -eps) problems.push('arrowhead on a mark: ' + h.name + ' on ' + p.name);
  }
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) if (gap(points[i], points[j]) < 2 - eps) problems.push('marks closer than 2 px: ' + points[i].name + ' and ' + points[j].name + ' (' + gap(points[i], points[j]).toFixed(1) + ' px)');
    for (const d of dots) if (!owns(points[i], d.start, 1) && gap(points[i], d) < 2 - eps) problems.push('start dot closer than 2 px to a mark: ' + d.name + ' and ' + points[i].name + ' (' + gap(points[i], d).toFixed(1) + ' px)');
  }
  const now = document.querySelector('.fl-time__now');
  return { at: now ? now.textContent : '?', heads: heads.length, points: points.length, problems };
})()`;
