/**
 * Issue 13: the timeline's labels never collide. In real Chromium on the production build, every
 * built-in scenario is stepped through event by event (the "next event" button) at 1280 and 360 px
 * wide, and at every step every visible text of the timeline picture (tick labels, the playhead's
 * tag, every mark's and message's label) is measured with `getBBox` (plus the playhead's
 * translation). The test fails if two boxes overlap, if one leaves the picture (clipped), or if
 * the playhead's tag covers a label. Also: the tag at 0.0 s leaves the 0 tick readable.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { ALL_BUILT_IN_SCENARIOS } from '../../src/scenarios/all';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium(inject('chromiumPath'));
});

afterAll(async () => {
  await browser?.close();
});

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
  const playhead = svg.querySelector('.fl-playhead');
  const shiftOf = (el) => {
    if (!playhead || !playhead.contains(el)) return 0;
    const m = /translate\\(([-0-9.]+)/.exec(playhead.getAttribute('transform') || playhead.style.transform || '');
    return m ? Number(m[1]) : 0;
  };
  const boxes = [];
  for (const el of svg.querySelectorAll('text')) {
    const text = (el.textContent || '').trim();
    if (!text) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || cs.display === 'none' || Number(cs.opacity) === 0) continue;
    if (el.closest('[visibility="hidden"]')) continue;
    const b = el.getBBox();
    if (b.width === 0) continue;
    boxes.push({ text, x: b.x + shiftOf(el), y: b.y, w: b.width, h: b.height });
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
  const now = document.querySelector('.fl-time__now');
  return { at: now ? now.textContent : '?', labels: boxes.length, problems };
})()`;

async function openScenario(page: Page, id: string): Promise<void> {
  await page.goto(new URL(id === 'seed-gc-pause' ? '/' : `/?scenario=${id}`, baseURL).href);
  await page.locator('.fl-timeline__svg .fl-messages').waitFor({ state: 'attached' });
  await page.locator('.fl-slot').first().waitFor({ state: 'detached' });
}

/** Steps through the whole run, measuring at the start and after each step; returns every report. */
async function walk(page: Page): Promise<StepReport[]> {
  const reports: StepReport[] = [];
  const next = page.locator('.fl-transport button[aria-label]').nth(3);
  for (let i = 0; i < 400; i++) {
    // Wait for the step's render and the marks' short fade-ins.
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    reports.push((await page.evaluate(MEASURE)) as StepReport);
    if (await next.isDisabled()) break;
    await next.click();
  }
  return reports;
}

describe('timeline labels: no overlap, no clipping, nothing under the playhead tag', () => {
  for (const width of [1280, 360]) {
    it(`every built-in at every event step, ${width} px wide`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
      try {
        const page = await context.newPage();
        const failures: string[] = [];
        for (const s of ALL_BUILT_IN_SCENARIOS) {
          await openScenario(page, s.id);
          const reports = await walk(page);
          expect(reports.length, s.id).toBeGreaterThan(5);
          // At the end of the run the picture carries every mark's label.
          expect(reports[reports.length - 1]!.labels, s.id).toBeGreaterThan(8);
          for (const r of reports) for (const p of r.problems) failures.push(`${s.id} @${width}px, ${r.at}: ${p}`);
        }
        expect(failures).toEqual([]);
      } finally {
        await context.close();
      }
    }, 600_000);
  }

  it('the 0.0 s tag does not cover the 0 tick', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await openScenario(page, 'seed-gc-pause');
      const r = (await page.evaluate(`(() => {
        const svg = document.querySelector('.fl-timeline__svg');
        const zero = [...svg.querySelectorAll('.fl-axis__label')].find((t) => t.textContent === '0').getBBox();
        const tag = svg.querySelector('.fl-playhead__bubble').getBBox();
        return { zero: [zero.x, zero.y, zero.width, zero.height], tag: [tag.x, tag.y, tag.width, tag.height] };
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
