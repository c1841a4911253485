/**
 * Nothing moves while the page loads (issue 7), in real Chromium on the production build. The first
 * render is the explainer; the secondary controls (`src/views/later.tsx`), the "Go further" tabs and
 * the animation code arrive after it, into space kept for them. Layout shifts are read with a
 * `PerformanceObserver` of type `layout-shift` (the entries Lighthouse's CLS sums) from navigation
 * until everything has loaded, on a phone-sized and a laptop-sized screen, for the page and for an
 * embed. Shifts right after user input do not count for CLS and there is none here.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { reactHasControls } from './chromium';
import { browserIdle, explainerLoaded, launchForFile, patientPolls } from './settle';

const baseURL = inject('baseURL');
patientPolls();
let browser: Browser;
launchForFile((b) => (browser = b));

// A string: tsx/esbuild would wrap a function's inner closures in a helper the page lacks.
// The observer is kept (`__flShiftObserver`) so that the entries it has not delivered yet can be taken.
const WATCH_SHIFTS = `
  window.__flShifts = [];
  window.__flNoteShifts = (entries) => {
    for (const e of entries) {
      if (e.hadRecentInput) continue;
      window.__flShifts.push({
        value: e.value,
        at: Math.round(e.startTime),
        nodes: (e.sources || []).map((s) => s.node ? (s.node.className || s.node.nodeName) + '' : '?'),
      });
    }
  };
  window.__flShiftObserver = new PerformanceObserver((list) => window.__flNoteShifts(list.getEntries()));
  window.__flShiftObserver.observe({ type: 'layout-shift', buffered: true });
`;

interface Shift {
  value: number;
  at: number;
  nodes: string[];
}

async function shiftsWhileLoading(path: string, width: number, height: number): Promise<{ total: number; shifts: Shift[] }> {
  const context = await browser.newContext({ viewport: { width, height } });
  try {
    const page = await context.newPage();
    await page.addInitScript(WATCH_SHIFTS);
    await page.goto(new URL(path, baseURL).href);
    await page.locator('button.fl-play').waitFor();
    // The button is in the prerendered HTML (issue 15): wait until React has hydrated or rendered the page.
    await page.locator('html[data-fl-live]').waitFor({ state: 'attached' });
    // Everything that comes later: the secondary controls, then (when idle) the tabs (not in an
    // embed) and motion; the page at rest once they are in.
    await page.locator('.fl-slot').first().waitFor({ state: 'detached' });
    await reactHasControls(page);
    await page.waitForLoadState('networkidle');
    await explainerLoaded(page, { further: !path.includes('embed=1') });
    await browserIdle(page);
    await page.waitForFunction(`performance.getEntriesByType('resource').some((e) => e.name.includes('/assets/motion-kit-'))`, undefined, { polling: 50 });
    await explainerLoaded(page);
    // Entries not delivered to the observer yet are taken with the rest.
    const shifts = (await page.evaluate('window.__flNoteShifts(window.__flShiftObserver.takeRecords()), window.__flShifts')) as Shift[];
    return { total: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
  } finally {
    await context.close();
  }
}

describe('layout shift while loading', () => {
  for (const [width, height] of [
    [360, 740],
    [412, 823],
    [1280, 800],
  ] as const) {
    it(`the page at ${width}x${height}: nothing moves`, async () => {
      const { total, shifts } = await shiftsWhileLoading('./', width, height);
      expect(shifts, JSON.stringify(shifts)).toEqual([]);
      expect(total).toBe(0);
    });

    // The story's bar arrives after the first paint; its slot keeps its height (53 px, 61 px on
    // phones: story.css), and the caption has room for the story's opening, so the legend under
    // them does not move.
    it(`an embed at ${width}x${height}: nothing moves`, async () => {
      const { shifts } = await shiftsWhileLoading('./?embed=1', width, height);
      expect(shifts, JSON.stringify(shifts)).toEqual([]);
    });
  }
});
