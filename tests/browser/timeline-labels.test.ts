/**
 * Issue 13: the timeline's labels and marks never collide. In real Chromium on the production build,
 * every built-in scenario is stepped through event by event (the "next event" button) at 1280 and
 * 360 px wide, measured at every other step (each step at one of the two widths; the node tests of
 * the label plan cover every step with Chromium's text metrics, issue 39); at each, every visible text of the timeline picture (tick labels, the playhead's
 * tag, every mark's and message's label) is measured with `getBBox` (plus the playhead's
 * translation). The test fails if two boxes overlap, if one leaves the picture (clipped), or if
 * the playhead's tag covers a label. Marks and arrows are checked against the labels too: no label
 * covers a round mark (a storage decision, a read, a marker, a check), no two round marks overlap,
 * no message line (nor the faint guide where it passes another lane) crosses a label, its own
 * included, and the playhead's line strikes through no label, passes over no arrowhead or message
 * start dot (1.5 px clear) and runs along no message line; nor does its faint band, over its whole
 * 6 px width, lie behind a label, an arrowhead or a start dot. No lease bar's renewal tick comes
 * within 4 px of the bar's label. The point marks (✓ ✕, reads,
 * markers, checks, crashes) are drawn after (over) every arrow, and each keeps a gap from every
 * label. At 360 px, where the picture scrolls sideways to follow the playhead, no label, tick or
 * point mark is cut in two by the left edge of the visible part (under the lane names) once it has
 * scrolled: bar labels slide into view, and what would show half is hidden; nor is a message's
 * label on screen while its arrow is under the lane names.
 * Also: the tag at 0.0 s leaves the 0 tick readable.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchForFile } from './settle';
import { openScenario, sampleFor, walk } from './timeline-walk';
import { ALL_BUILT_IN_SCENARIOS } from '../../src/scenarios/all';
import { labelMetrics } from '../label-metrics';
import { MEASURE_MARKS, type MarksReport } from './marks-measure';

const baseURL = inject('baseURL');
let browser: Browser;
launchForFile((b) => (browser = b));

/** What the page reports at one step: problems found (empty when all is well) and how many labels it measured. */
interface StepReport {
  at: string;
  labels: number;
  problems: string[];
}

// A string: tsx/esbuild would wrap a function's inner closures in a helper the page lacks.
const MEASURE = `(() => {
  const svg = document.querySelector('.fl-timeline__svg');
  const vb = svg.viewBox.baseVal;
  // The playhead and the band along it are layers of their own over and under the SVG, moved by a
  // CSS transform (Timeline.tsx); their x 0 is the playhead's x in the SVG.
  const picture = svg.closest('.fl-timeline__picture') || svg;
  const playhead = picture.querySelector('.fl-playhead');
  const layerX = (el) => {
    const m = /translate(?:X)?\\(([-0-9.e]+)/.exec((el && el.closest('.fl-now') && el.closest('.fl-now').style.transform) || '');
    return m ? Number(m[1]) : 0;
  };
  const shiftOf = (el) => (playhead && playhead.contains(el) ? layerX(el) : 0);
  const boxes = [];
  for (const el of svg.querySelectorAll('text')) {
    const text = (el.textContent || '').trim();
    if (!text) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || cs.display === 'none' || Number(cs.opacity) === 0) continue;
    if (el.closest('[visibility="hidden"]')) continue;
    const b = el.getBBox();
    if (b.width === 0) continue;
    boxes.push({ text, el, x: b.x + shiftOf(el), y: b.y, w: b.width, h: b.height });
  }
  const tag = playhead && playhead.querySelector('.fl-playhead__bubble');
  const tagBox = tag ? (() => { const b = tag.getBBox(); return { text: 'playhead tag', x: b.x + shiftOf(tag), y: b.y, w: b.width, h: b.height }; })() : undefined;
  const problems = [];
  const eps = 0.5;
  const hit = (a, b) => a.x < b.x + b.w - eps && b.x < a.x + a.w - eps && a.y < b.y + b.h - eps && b.y < a.y + a.h - eps;
  for (let i = 0; i < boxes.length; i++) {
    const a = boxes[i];
    if (a.x < vb.x - eps || a.y < vb.y - eps || a.x + a.w > vb.x + vb.width + eps || a.y + a.h > vb.y + vb.height + eps) problems.push('clipped: "' + a.text + '" ' + [a.x, a.y, a.w, a.h].map(Math.round).join(','));
    for (let j = i + 1; j < boxes.length; j++) {
      const b = boxes[j];
      if (hit(a, b)) problems.push('overlap: "' + a.text + '" and "' + b.text + '"');
    }
    if (tagBox && !playhead.contains(svg.querySelectorAll('text')[0]) && a.text !== tagBox.text && !/ s$/.test(a.text) && hit(a, tagBox)) problems.push('under the playhead tag: "' + a.text + '"');
  }
  if (tagBox && (tagBox.x < -eps || tagBox.x + tagBox.w > vb.width + eps)) problems.push('playhead tag clipped');
  // Round marks: none under a label, no two overlapping (message start dots are left out: each sits
  // at its sender's line, where its own arrow begins).
  const circles = [...svg.querySelectorAll('.fl-marks circle')].filter((c) => !c.classList.contains('fl-msg__dot') && c.getBBox().width > 0).map((c) => {
    const b = c.getBBox();
    return { cx: b.x + b.width / 2, cy: b.y + b.height / 2, r: b.width / 2, name: (c.closest('[aria-label]') || c).getAttribute('aria-label') || 'mark' };
  });
  for (let i = 0; i < circles.length; i++) {
    const c = circles[i];
    for (const a of boxes) {
      const nx = Math.max(a.x, Math.min(c.cx, a.x + a.w));
      const ny = Math.max(a.y, Math.min(c.cy, a.y + a.h));
      if (Math.hypot(nx - c.cx, ny - c.cy) < c.r - eps) problems.push('label on a mark: "' + a.text + '" on ' + c.name);
    }
    for (let j = i + 1; j < circles.length; j++) {
      const d = circles[j];
      if (Math.hypot(c.cx - d.cx, c.cy - d.cy) < c.r + d.r - eps) problems.push('marks overlap: ' + c.name + ' and ' + d.name);
    }
  }
  // A segment against a box (Liang-Barsky): whether any of it lies inside.
  const crosses = (x1, y1, x2, y2, b) => {
    let t0 = 0, t1 = 1;
    const dx = x2 - x1, dy = y2 - y1;
    for (const [p, q] of [[-dx, x1 - b.x], [dx, b.x + b.w - x1], [-dy, y1 - b.y], [dy, b.y + b.h - y1]]) {
      if (p === 0) { if (q < 0) return false; continue; }
      const r = q / p;
      if (p < 0) t0 = Math.max(t0, r); else t1 = Math.min(t1, r);
      if (t0 > t1) return false;
    }
    return t1 - t0 > 1e-3;
  };
  const inner = (b) => ({ x: b.x + 1, y: b.y + 1, w: b.w - 2, h: b.h - 2 });
  // Message lines as drawn: the stretches their dash array draws (gaps under 5 px are dashes and count as drawn).
  for (const line of svg.querySelectorAll('.fl-msg__line, .fl-passage')) {
    if (getComputedStyle(line).visibility === 'hidden') continue;
    const x1 = Number(line.getAttribute('x1')), y1 = Number(line.getAttribute('y1')), x2 = Number(line.getAttribute('x2')), y2 = Number(line.getAttribute('y2'));
    const length = Math.hypot(x2 - x1, y2 - y1);
    if (length < 0.5) continue;
    const dash = (line.style.strokeDasharray || '').split(/[ ,]+/).filter(Boolean).map(Number);
    const on = [];
    if (dash.length < 2) on.push([0, length]);
    else {
      let pos = 0;
      for (let k = 0; k < dash.length && pos < length; k++) {
        const len = dash[k];
        if (k % 2 === 0 && len > 0) {
          const last = on[on.length - 1];
          if (last && pos - last[1] < 5) last[1] = Math.min(length, pos + len);
          else on.push([pos, Math.min(length, pos + len)]);
        }
        pos += len;
      }
    }
    const id = line.closest('[data-msg]')?.getAttribute('data-msg');
    for (const a of boxes) {
      for (const [s0, s1] of on) {
        const f0 = s0 / length, f1 = s1 / length;
        if (crosses(x1 + (x2 - x1) * f0, y1 + (y2 - y1) * f0, x1 + (x2 - x1) * f1, y1 + (y2 - y1) * f1, inner(a))) {
          problems.push('arrow across a label: "' + a.text + '" by ' + ((line.closest('[aria-label]') || line).getAttribute('aria-label') || 'a passage of message ' + id));
          break;
        }
      }
    }
  }
  // The playhead's line, as drawn (a path of vertical pieces at its x).
  const phLine = playhead && playhead.querySelector('.fl-playhead__line');
  if (phLine) {
    const px = shiftOf(phLine);
    const pieces = [...(phLine.getAttribute('d') || '').matchAll(/M0,([-0-9.]+)V([-0-9.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    for (const a of boxes) {
      if (playhead.contains(a.el)) continue;
      if (pieces.some(([t, b]) => crosses(px, t, px, b, inner(a)))) problems.push('playhead line through a label: "' + a.text + '"');
    }
    // Nor over an arrowhead or a message's start dot (kept 1.5 px clear of their boxes), nor along a
    // message's line or passage (within 1.5 px of it over 3 px or more of height).
    const nameOf = (el) => (el.closest('[aria-label]') || el).getAttribute('aria-label') || 'a passage of message ' + (el.closest('[data-msg]') || el).getAttribute('data-msg');
    const hits = (y0, y1) => pieces.some(([t, b]) => Math.min(b, y1) - Math.max(t, y0) > 0.5);
    for (const el of svg.querySelectorAll('.fl-msg__head, .fl-msg__dot')) {
      if (el.tagName.toLowerCase() === 'path' && !el.getAttribute('d')) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      const b = el.getBBox();
      if (b.width === 0) continue;
      if (px > b.x - 1.5 && px < b.x + b.width + 1.5 && hits(b.y - 1.5, b.y + b.height + 1.5))
        problems.push('playhead line on ' + (el.classList.contains('fl-msg__dot') ? 'the start dot of ' : 'the arrowhead of ') + nameOf(el));
    }
    for (const line of svg.querySelectorAll('.fl-msg__line, .fl-passage')) {
      if (getComputedStyle(line).visibility === 'hidden') continue;
      const x1 = Number(line.getAttribute('x1')), y1 = Number(line.getAttribute('y1')), x2 = Number(line.getAttribute('x2')), y2 = Number(line.getAttribute('y2'));
      let t0 = 0, t1 = 1;
      if (Math.abs(x2 - x1) < 1e-9) { if (Math.abs(x1 - px) >= 1.5) continue; }
      else {
        const a = (px - 1.5 - x1) / (x2 - x1), c = (px + 1.5 - x1) / (x2 - x1);
        t0 = Math.max(0, Math.min(a, c)); t1 = Math.min(1, Math.max(a, c));
        if (t1 <= t0) continue;
      }
      const ya = y1 + (y2 - y1) * t0, yb = y1 + (y2 - y1) * t1;
      const lo = Math.min(ya, yb), hi = Math.max(ya, yb);
      if (hi - lo >= 3 && hits(lo, hi)) problems.push('playhead line along ' + nameOf(line));
    }
  }
  // A lease bar's renewal ticks: none through its label nor within 4 px of its text.
  for (const tick of svg.querySelectorAll('.fl-lease__renew')) {
    if (getComputedStyle(tick).visibility === 'hidden') continue;
    const tx = Number(tick.getAttribute('x1'));
    const label = tick.closest('.fl-lease')?.querySelector('.fl-lease__label');
    const a = label && boxes.find((b) => b.el === label);
    if (a && tx > a.x - 4 && tx < a.x + a.w + 4) problems.push('renewal tick on a label: "' + a.text + '" at x ' + Math.round(tx));
  }
  // The faint "now" band (6 px wide, at the playhead's x): no label's text, arrowhead or start dot
  // lies on any of its width (it may run along an arrow).
  const band = picture.querySelector('.fl-now__band');
  if (band && phLine) {
    const bx = shiftOf(phLine);
    const pieces = [...(band.getAttribute('d') || '').matchAll(/M0,([-0-9.]+)V([-0-9.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    const on = (b) => bx + 3 > b.x && bx - 3 < b.x + b.w && pieces.some(([t, e]) => Math.min(e, b.y + b.h) - Math.max(t, b.y) > 0.5);
    for (const a of boxes) if (!playhead.contains(a.el) && on(inner(a))) problems.push('now band behind a label: "' + a.text + '"');
    for (const el of svg.querySelectorAll('.fl-msg__head, .fl-msg__dot')) {
      if ((el.tagName.toLowerCase() === 'path' && !el.getAttribute('d')) || getComputedStyle(el).visibility === 'hidden') continue;
      const b = el.getBBox();
      if (b.width > 0 && on({ x: b.x, y: b.y, w: b.width, h: b.height })) problems.push('now band on the ' + (el.classList.contains('fl-msg__dot') ? 'start dot' : 'arrowhead') + ' of ' + ((el.closest('[aria-label]') || el).getAttribute('aria-label') || 'a message'));
    }
  }
  // Point marks: drawn after every arrow (on top of them), and clear of every label by 2 px.
  const messages = svg.querySelector('.fl-messages');
  const points = [...svg.querySelectorAll('.fl-decision__disc, .fl-read circle, .fl-marker circle, .fl-check path, .fl-crash path')];
  for (const mk of points) {
    const name = (mk.closest('[aria-label]') || mk).getAttribute('aria-label') || 'mark';
    if (messages && !(messages.compareDocumentPosition(mk) & Node.DOCUMENT_POSITION_FOLLOWING)) problems.push('mark under the arrows: ' + name);
    if (messages && messages.contains(mk)) problems.push('mark inside the arrows: ' + name);
    const mb = mk.getBBox();
    if (mb.width === 0) continue;
    const grown = { x: mb.x - 2, y: mb.y - 2, w: mb.width + 4, h: mb.height + 4 };
    for (const a of boxes) if (!playhead.contains(a.el) && hit(a, grown)) problems.push('no gap between a mark and a label: "' + a.text + '" and ' + name);
  }
  // Where the picture has scrolled sideways (to follow the playhead): nothing cut in two by the left
  // edge of the part on screen, where the reader's eye starts, neither a text nor a point mark.
  const scroller = document.querySelector('.fl-timeline__scroll');
  if (scroller && scroller.scrollWidth > scroller.clientWidth + 1 && scroller.scrollLeft > 0.5) {
    const lanes = document.querySelector('.fl-lanes');
    const left = lanes ? lanes.getBoundingClientRect().right : scroller.getBoundingClientRect().left;
    const shown = (el) => getComputedStyle(el).visibility !== 'hidden';
    for (const a of boxes) {
      if (playhead && playhead.contains(a.el)) continue;
      const r = a.el.getBoundingClientRect();
      if (r.left < left - eps && r.right > left + eps) problems.push('cut by the left edge of the view: "' + a.text + '"');
    }
    // No message label on screen without its arrow (at least 2 px of it right of the edge).
    for (const t of svg.querySelectorAll('.fl-msg__label')) {
      const line = t.closest('[data-msg]')?.querySelector('.fl-msg__line');
      if (!line || !shown(t) || t.getBoundingClientRect().right <= left) continue;
      if (line.getBoundingClientRect().right < left + 2) problems.push('message label without its arrow (under the lane names): "' + t.textContent + '"');
    }
    for (const mk of points) {
      if (!shown(mk)) continue;
      const r = mk.getBoundingClientRect();
      if (r.width > 0 && r.left < left - 1 && r.right > left + 1) problems.push('mark cut by the left edge of the view: ' + ((mk.closest('[aria-label]') || mk).getAttribute('aria-label') || 'mark'));
    }
  }
  const now = document.querySelector('.fl-time__now');
  return { at: now ? now.textContent : '?', labels: boxes.length, problems };
})()`;

/**
 * One walk per width measures both the labels (`MEASURE`) and the marks (`MEASURE_MARKS`,
 * `marks-measure.ts`) at each step: a page load and a settle per step, not two (issue 39). The
 * labels' test walks; the marks' test, after it, reads the same steps.
 */
const walks = new Map<number, Map<string, [StepReport, MarksReport][]>>();

async function walkAll(width: number, wi: number): Promise<Map<string, [StepReport, MarksReport][]>> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  const out = new Map<string, [StepReport, MarksReport][]>();
  try {
    const page = await context.newPage();
    for (const [si, s] of ALL_BUILT_IN_SCENARIOS.entries()) {
      await openScenario(page, baseURL, s.id);
      out.set(s.id, await walk<[StepReport, MarksReport]>(page, `[${MEASURE}, ${MEASURE_MARKS}]`, sampleFor(si, wi)));
    }
  } finally {
    await context.close();
  }
  walks.set(width, out);
  return out;
}

describe('timeline labels: no overlap, no clipping, nothing under the playhead tag', () => {
  for (const [wi, width] of [1280, 360].entries()) {
    it(`every built-in at every other event step (each step at one of the two widths), ${width} px wide`, async () => {
      const failures: string[] = [];
      for (const [id, steps] of await walkAll(width, wi)) {
        const reports = steps.map(([l]) => l);
        expect(reports.length, id).toBeGreaterThan(3);
        // At the end of the run the picture carries every mark's label.
        expect(reports[reports.length - 1]!.labels, id).toBeGreaterThan(8);
        for (const r of reports) for (const p of r.problems) failures.push(`${id} @${width}px, ${r.at}: ${p}`);
      }
      expect(failures).toEqual([]);
    }, 600_000);
  }
  it('at 360 px, scrolled sideways past a bar\'s start, its label slides into view and nothing shows half under the lane names', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    try {
      const page = await context.newPage();
      await page.goto(new URL('/?t=60000', baseURL).href);
      await page.locator('.fl-timeline__svg .fl-messages').waitFor({ state: 'attached' });
      const probe = `(() => {
        const lanes = document.querySelector('.fl-lanes').getBoundingClientRect().right;
        const svg = document.querySelector('.fl-timeline__svg');
        const label = [...svg.querySelectorAll('.fl-lease__label')].find((t) => /34/.test(t.textContent));
        const bar = label.closest('.fl-lease').querySelector('.fl-lease__bar').getBoundingClientRect();
        const cut = [...svg.querySelectorAll('text, .fl-decision__disc, .fl-read circle, .fl-marker circle, .fl-check path, .fl-crash path')]
          .filter((el) => !el.closest('.fl-playhead') && getComputedStyle(el).visibility !== 'hidden')
          .filter((el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.left < lanes - 1 && r.right > lanes + 1; })
          .map((el) => el.textContent || el.getAttribute('class'));
        const r = label.getBoundingClientRect();
        return { lanes, barLeft: bar.left, barRight: bar.right, left: r.left, right: r.right, cut };
      })()`;
      let tried = 0;
      for (const scroll of [120, 200, 300, 360]) {
        await page.evaluate(`document.querySelector('.fl-timeline__scroll').scrollLeft = ${scroll}`);
        await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
        const r = (await page.evaluate(probe)) as { lanes: number; barLeft: number; barRight: number; left: number; right: number; cut: string[] };
        expect(r.cut, `scrolled to ${scroll}`).toEqual([]);
        // The bar's start is under the lane names, and enough of it is in view to hold its label.
        if (r.barLeft >= r.lanes || r.barRight - r.lanes < r.right - r.left + 40) continue;
        tried++;
        expect(r.left, `scrolled to ${scroll}`).toBeGreaterThanOrEqual(r.lanes);
        expect(r.right).toBeLessThanOrEqual(r.barRight);
      }
      expect(tried).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it('a write held up in the network is traced behind the lane it passes while it is still in flight', async () => {
    // Quiz question 11 stops at 21.5 s with client 1's delayed write in flight: before, its arrow
    // vanished over client 2's lane and its tip reappeared near the storage, a gap a newcomer saw.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      await page.goto(new URL('/?scenario=network-delay&t=15000', baseURL).href);
      await page.locator('.fl-timeline__svg .fl-messages').waitFor({ state: 'attached' });
      await page.locator('html[data-fl-live]').waitFor({ state: 'attached' });
      const r = (await page.evaluate(`(() => {
        const arrow = document.querySelector('.fl-messages .fl-msg--late');
        const id = arrow.getAttribute('data-msg');
        const line = arrow.querySelector('.fl-msg__line');
        const passage = document.querySelector('.fl-passage[data-msg="' + id + '"]');
        return {
          tipX: Number(line.getAttribute('x2')),
          visible: passage ? getComputedStyle(passage).visibility : 'none',
          x1: passage ? Number(passage.getAttribute('x1')) : NaN,
          x2: passage ? Number(passage.getAttribute('x2')) : NaN,
        };
      })()`)) as { tipX: number; visible: string; x1: number; x2: number };
      expect(r.visible).toBe('visible');
      // The tip is over client 2's lane at 15 s: the guide runs from where the line breaks up to it.
      expect(r.x2).toBeGreaterThan(r.x1 + 50);
      expect(Math.abs(r.x2 - r.tipX)).toBeLessThan(1);
    } finally {
      await context.close();
    }
  });

  it("the label metrics the node layout tests replay are this Chromium's, in the timeline's font", async () => {
    // tests/label-metrics.ts: the node tests lay out every step of every built-in with these.
    const recorded = labelMetrics();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await openScenario(page, baseURL, 'seed-gc-pause');
      const keys = Object.keys(recorded.texts);
      const now = (await page.evaluate(`(() => {
        const family = getComputedStyle(document.querySelector('.fl-timeline__svg')).fontFamily;
        const ctx = document.createElement('canvas').getContext('2d');
        const out = {};
        for (const key of ${JSON.stringify(keys)}) {
          const [weight, px, ...rest] = key.split('|');
          ctx.font = weight + ' ' + px + 'px ' + family;
          const r = ctx.measureText(rest.join('|'));
          out[key] = [r.width, r.fontBoundingBoxAscent, r.fontBoundingBoxDescent];
        }
        return { family, out };
      })()`)) as { family: string; out: Record<string, [number, number, number]> };
      expect(now.family).toBe(recorded.family);
      expect(keys.length).toBeGreaterThan(50);
      const off = keys.filter((k) => now.out[k]!.some((v, i) => Math.abs(v - recorded.texts[k]![i]!) > 0.01));
      expect(off, 'record them again: npx tsx tests/tools/record-label-metrics.ts').toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the 0.0 s tag does not cover the 0 tick', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await openScenario(page, baseURL, 'seed-gc-pause');
      const r = (await page.evaluate(`(() => {
        const svg = document.querySelector('.fl-timeline__svg');
        const zero = [...svg.querySelectorAll('.fl-axis__label')].find((t) => t.textContent === '0').getBBox();
        // The playhead's layer (Timeline.tsx): its x 0 is the playhead's x in the SVG.
        const bubble = document.querySelector('.fl-playhead__bubble');
        const shift = Number(/translateX\\(([-0-9.e]+)px/.exec(bubble.closest('.fl-now').style.transform)[1]);
        const tag = bubble.getBBox();
        return { zero: [zero.x, zero.y, zero.width, zero.height], tag: [tag.x + shift, tag.y, tag.width, tag.height] };
      })()`)) as { zero: number[]; tag: number[] };
      const [zx, zy, zw, zh] = r.zero as [number, number, number, number];
      const [tx, ty, tw, th] = r.tag as [number, number, number, number];
      const apart = zx >= tx + tw || tx >= zx + zw || zy >= ty + th || ty >= zy + zh;
      expect(apart).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('timeline marks: no arrowhead on a dot or a mark, no two marks touching', () => {
  for (const [wi, width] of [1280, 360].entries()) {
    it(`every built-in at every other event step (each step at one of the two widths), ${width} px wide`, async () => {
      // The steps the labels' test walked (it runs first); walked here if it did not.
      const steps = walks.get(width) ?? (await walkAll(width, wi));
      const failures: string[] = [];
      for (const [id, both] of steps) {
        const reports = both.map(([, m]) => m);
        expect(reports.length, id).toBeGreaterThan(3);
        // The check measured something: by the run's end there are arrowheads and point marks.
        const last = reports[reports.length - 1]!;
        expect(last.heads, id).toBeGreaterThan(2);
        expect(last.points, id).toBeGreaterThan(0);
        for (const r of reports) for (const p of r.problems) failures.push(`${id} @${width}px, ${r.at}: ${p}`);
      }
      expect(failures).toEqual([]);
    }, 600_000);
  }
});
