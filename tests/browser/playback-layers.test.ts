/**
 * Playback repaints layers, not the picture (issue 44, item 1), in real Chromium on the production
 * build. While the seed plays (the story's key-moment stops off), the bars and the messages in
 * flight whose line follows the time axis are drawn whole on the reveal layer, which a CSS
 * transform uncovers up to the playhead; a message in flight off the time axis is drawn whole on a
 * layer of its own, uncovered up to its tip the same way; the playhead's line is drawn whole under
 * the marks; so between event steps a frame writes nothing inside the marks' SVG. Chromium's layer
 * tree (DevTools Protocol `LayerTree`, each layer's `paintCount`) says how often each layer was
 * painted: the marks' SVG in under a sixth of the frames of the seed's busy first seconds, the
 * playhead's layer in under half, the future cover's far less (before, the SVG was painted in 136
 * of 157 frames, the cover in 70), and the
 * time's layer about four times a second (`shownMs`; before, at every tenth), and the legend and
 * the events table, which the caption above them moves at events, not at all. Paused, the
 * bars and the arrow in flight are back in the marks' SVG, with its head, as every other test sees
 * them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { explainerLoaded, launchForFile, patientPolls } from './settle';
import { SHOWN_EVERY_MS } from '../../src/views/timeline/playhead-hooks';
import { openTools } from './tools';

const baseURL = inject('baseURL');
patientPolls();
let browser: Browser;
launchForFile((b) => (browser = b));

interface LayerInfo {
  layerId: string;
  backendNodeId?: number;
  paintCount: number;
}

/** The composited layers' paint counts, by the class of the element each is for (the first, if several). */
async function paintCounts(cdp: CDPSession, layers: readonly LayerInfo[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const l of layers) {
    if (!l.backendNodeId) continue;
    const { node } = (await cdp.send('DOM.describeNode', { backendNodeId: l.backendNodeId })) as { node: { attributes?: string[] } };
    const attrs = node.attributes ?? [];
    const cls = attrs[attrs.indexOf('class') + 1];
    if (attrs.includes('class') && cls && !out.has(cls)) out.set(cls, l.paintCount);
  }
  return out;
}

/** Counts animation frames in the page until `window.__frames.stop()`. */
const COUNT_FRAMES = `(() => {
  const f = { n: 0, on: true };
  const tick = () => { if (!f.on) return; f.n++; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  window.__frames = { stop: () => { f.on = false; return f.n; } };
})()`;

/** Where the seed's bars and arrows are drawn now: in the marks' SVG, or on the reveal layer. */
async function whereDrawn(page: Page) {
  return page.evaluate(() => {
    const svg = document.querySelector('svg.fl-timeline__svg')!;
    const reveal = document.querySelector('.fl-now__in svg')!;
    return {
      svgBars: svg.querySelectorAll('rect.fl-lease__bar, rect.fl-pause__fill').length,
      revealBars: reveal.querySelectorAll('rect.fl-lease__bar, rect.fl-pause__fill').length,
      revealLines: reveal.querySelectorAll('.fl-msg__line').length,
      playheadLine: document.querySelector('.fl-playhead__line')?.getAttribute('d') ?? '',
      // Which playhead line shows: the one over the marks (stopped) or the one under them, in the future cover's layer (playing).
      overShown: document.querySelector('.fl-playhead__line')?.getAttribute('visibility') !== 'hidden',
      underShown: document.querySelector('.fl-now__line')?.getAttribute('visibility') === 'visible',
      // Entrances running on the picture's marks (motion's Web Animations on SVG elements among the marks).
      entrances: document.getAnimations().filter((a) => {
        const target = (a.effect as KeyframeEffect | null)?.target;
        return a.playState === 'running' && target instanceof SVGElement && target.closest('.fl-marks') !== null;
      }).length,
    };
  });
}

describe('playing the seed', () => {
  it('paints the marks\' SVG and the playhead\'s layers far less often than frames are drawn', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    try {
      await page.goto(`${baseURL}?scenario=seed-gc-pause`);
      await explainerLoaded(page);
      await page.waitForLoadState('networkidle');
      const cdp = await context.newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('DOM.getDocument', { depth: -1 });
      let layers: LayerInfo[] = [];
      cdp.on('LayerTree.layerTreeDidChange', (e: { layers?: LayerInfo[] }) => {
        if (e.layers) layers = e.layers;
      });
      await cdp.send('LayerTree.enable');
      await page.waitForTimeout(300);
      const before = await paintCounts(cdp, layers);
      const legendTop = () => page.evaluate(() => document.querySelector('.fl-legend-box')!.getBoundingClientRect().top);
      const legendBefore = await legendTop();
      await page.evaluate(COUNT_FRAMES);
      await page.getByRole('button', { name: 'Play', exact: true }).click();
      const started = Date.now();
      // The lease service's reply to the first grant is drawn apart from its time (off the time
      // axis): in flight it is a layer of its own over the reveal layer, holding its line whole.
      const flight = page.locator('.fl-reveal > .fl-flight').first();
      await flight.waitFor({ state: 'attached', timeout: 2000 });
      expect(await flight.locator('line.fl-msg__line').count()).toBeGreaterThan(0);
      // Into the run: the first lease granted, client 1 paused, its write on the way.
      await page.waitForTimeout(Math.max(0, 2500 - (Date.now() - started)));
      const playing = await whereDrawn(page);
      const frames = (await page.evaluate('window.__frames.stop()')) as number;
      await page.getByRole('button', { name: 'Pause', exact: true }).click();
      await page.waitForTimeout(300);
      const after = await paintCounts(cdp, layers);
      const legendAfter = await legendTop();
      const painted = (cls: string): number => (after.get(cls) ?? 0) - (before.get(cls) ?? 0);
      const paused = await whereDrawn(page);
      console.info(
        `playing 2.5 s: ${frames} frames; paints: marks' SVG ${painted('fl-timeline__svg')}, playhead ${painted('fl-now fl-now--playhead')}, ` +
          `future cover ${painted('fl-now fl-now--future')}, time ${painted('fl-time__now')}`,
      );
      expect(frames).toBeGreaterThan(60);
      // The seed's first seconds are its busiest; the SVG is painted when an event adds marks (53 of
      // 158 frames while the tips of messages drawn apart from their times were written into it).
      expect(painted('fl-timeline__svg')).toBeLessThan(frames / 6);
      expect(painted('fl-now fl-now--playhead')).toBeLessThan(frames / 2);
      expect(painted('fl-now fl-now--future')).toBeLessThan(frames / 10);
      // The time moves on four times a second (`shownMs`), not at every tenth (17 a second here).
      expect(painted('fl-time__now')).toBeLessThanOrEqual(Math.ceil(2500 / SHOWN_EVERY_MS) + 3);
      // What an event step moves (the caption above them changes its height) is a layer of its own,
      // moved as pixels and not painted again (app.css). The caption's height did change: the legend moved.
      expect(Math.abs(legendAfter - legendBefore)).toBeGreaterThanOrEqual(1);
      for (const part of ['fl-legend-box', 'fl-events']) {
        expect(after.has(part), `${part} is a layer`).toBe(true);
        expect(painted(part), `${part} painted while playing`).toBeLessThanOrEqual(1);
      }
      // While playing: the bars on the reveal layer, none in the SVG; the playhead's line whole.
      expect(playing.svgBars).toBe(0);
      expect(playing.revealBars).toBeGreaterThan(0);
      expect(playing.playheadLine).toMatch(/^M0,[\d.]+V[\d.]+$/);
      // Its line under the marks, whole, not the one over them; and no mark fades or pops in.
      expect(playing.underShown).toBe(true);
      expect(playing.overShown).toBe(false);
      expect(playing.entrances).toBe(0);
      // Paused: as before.
      expect(paused.svgBars).toBeGreaterThanOrEqual(playing.revealBars);
      expect(paused.revealBars).toBe(0);
      expect(paused.revealLines).toBe(0);
      expect(paused.overShown).toBe(true);
      expect(paused.underShown).toBe(false);
      // Stepping while paused, the marks a step adds enter as before (not every event adds a mark
      // with an entrance: a message's arrow has none, so up to eight steps; each entrance lasts 0.18-0.3 s).
      let entered = 0;
      for (let i = 0; i < 8 && entered === 0; i++) {
        await page.getByRole('button', { name: 'Next event', exact: true }).click();
        entered = (await whereDrawn(page)).entrances;
      }
      expect(entered).toBeGreaterThan(0);
      // Next event pressed while playing pauses at that event: its marks enter too (the picture's
      // `data-playing` is gone before they are attached).
      entered = 0;
      for (let i = 0; i < 8 && entered === 0; i++) {
        await page.getByRole('button', { name: 'Play', exact: true }).click();
        await page.waitForTimeout(150);
        await page.getByRole('button', { name: 'Next event', exact: true }).click();
        entered = (await whereDrawn(page)).entrances;
      }
      expect(entered).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it('exports a message in flight off the time axis with its line cut at its tip', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    const page = await context.newPage();
    try {
      await page.goto(`${baseURL}?scenario=seed-gc-pause`);
      await explainerLoaded(page);
      await page.waitForLoadState('networkidle');
      await openTools(page);
      const download = page.waitForEvent('download');
      // The SVG download pressed in the very task in which the first flight layer is attached (it
      // flies for a fraction of a second), from the page: a Playwright click would come too late.
      const box = await page.evaluate(
        () =>
          new Promise<{ x: number; y: number; w: number; h: number }>((resolve) => {
            const go = (): boolean => {
              const flight = document.querySelector<HTMLElement>('.fl-reveal > .fl-flight');
              if (!flight?.style.transform) return false;
              const [x = 0, y = 0] = (/translate\(([-0-9.e]+)px, ([-0-9.e]+)px/.exec(flight.style.transform) ?? []).slice(1).map(Number);
              document.querySelector<HTMLButtonElement>('button[aria-label="Download the timeline as SVG"]')!.click();
              resolve({ x, y, w: parseFloat(flight.style.width), h: parseFloat(flight.style.height) });
              return true;
            };
            const mo = new MutationObserver(() => go() && mo.disconnect());
            mo.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] });
            document.querySelector<HTMLButtonElement>('button.fl-play')!.click();
          }),
      );
      const svg = await (await download).path().then((path) => (path ? readFileSync(path, 'utf8') : ''));
      // Its clip is the flight layer's box (where it is by then: the export loads its chunk first, and
      // the box has moved on with the tip), and its line is in the group it clips.
      const clip = /<clipPath id="fl-export-flight-0"><rect x="([-0-9.e]+)" y="([-0-9.e]+)" width="([0-9.e]+)" height="([0-9.e]+)"/.exec(svg);
      expect(clip).not.toBeNull();
      expect([Number(clip![3]), Number(clip![4])]).toEqual([box.w, box.h]);
      expect(Math.hypot(Number(clip![1]) - box.x, Number(clip![2]) - box.y)).toBeLessThan(Math.hypot(box.w, box.h));
      expect(svg).toMatch(/<g clip-path="url\(#fl-export-flight-0\)"><clipPath[^]*?<line [^>]*x1=/);
    } finally {
      await context.close();
    }
  });
});
