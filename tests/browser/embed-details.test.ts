/**
 * Embed details of issue 16, each on the production build (FL_DIST or dist/) in real Chromium,
 * embedded in a course page on another origin (a tiny server of the test):
 * 1. without embed.js, the snippet's starting heights fit the content at 700 px wide (measured);
 * 2. `further=1` shows "Try this", "Real systems" and "Try to break it" in an embed (not without);
 * 3. the quiz summary's replay links open the full app in a new tab, never navigating the frame;
 * 4. a dialog opened in a tall embed appears in the part of the frame the reader can see;
 * 5. the single file offers no Embed (a `file://` snippet could not work; the README says how to embed);
 * 6. a reload of the single file on a predict question logs no React error.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { START_HEIGHT } from '../../src/embed/snippet';
import { isAvailable } from '../../src/quiz/answers';
import { QUESTIONS } from '../../src/quiz/questions';
import { launchChromium } from './chromium';
import { browserIdle, explainerLoaded, patientPolls, settled } from './settle';
import { openTools } from './tools';

const baseURL = inject('baseURL');
patientPolls();
const single = process.env.FL_SINGLE ?? join(import.meta.dirname, '..', '..', 'dist-single', 'index.html');
const available = QUESTIONS.filter(isAvailable);
let browser: Browser;
let server: Server;
let HOST = '';
let hostHtml = '';

beforeAll(async () => {
  browser = await launchChromium(inject('chromiumPath'));
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(hostHtml);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  HOST = `http://127.0.0.1:${(server.address() as AddressInfo).port}/course.html`;
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** A course page with one frame of `src` (query after `?`), `height` px tall, `width` px wide, no embed.js. */
async function course(query: string, height: number, width = 700, before = 0): Promise<{ page: Page; problems: string[] }> {
  hostHtml = `<!doctype html><meta charset="utf-8"><title>Course</title><link rel="icon" href="data:,"><body style="margin:0">
<div style="height:${before}px"></div>
<iframe id="f" title="Fencing Lab" src="${baseURL}?${query}" width="${width}" height="${height}" style="width:${width}px;height:${height}px;border:0;display:block"
  sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"></iframe><div style="height:2000px"></div></body>`;
  const context = await browser.newContext({ viewport: { width: width + 40, height: 800 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  await page.goto(HOST);
  return { page, problems };
}

const frameOf = (page: Page) => page.frames().find((f) => f.url().startsWith(baseURL))!;

/**
 * A window in which the "Go further" tabs must NOT appear in an embed without `further=1`: a
 * measurement, not a wait for a state. It starts once the frame has every part in place and has been
 * idle (the full page mounts the tabs on its first idle callback, `GoFurtherSlot.tsx`), so it only
 * has to cover their chunk's load, which a busy machine makes slower, not skipped.
 */
const NO_TABS_WINDOW_MS = 1500;

describe('embed details (issue 16)', () => {
  it.each(['timeline', 'quiz', 'both'] as const)('the starting height fits the %s view at 700 px wide without embed.js', async (view) => {
    const { page, problems } = await course(`embed=1&view=${view}&theme=light&instance=h-${view}`, START_HEIGHT[view]);
    const frame = frameOf(page);
    await frame.getByRole('button', { name: view === 'quiz' ? 'Check' : 'Play' }).first().waitFor({ timeout: 20_000 });
    if (view !== 'timeline') await frame.getByRole('heading', { name: 'Check your understanding' }).waitFor({ timeout: 20_000 });
    // Every later part in place (the secondary controls, the story, the settings, the marks) and at rest.
    await explainerLoaded(frame);
    const content = await frame.evaluate(() => document.documentElement.scrollHeight);
    expect(content).toBeLessThanOrEqual(START_HEIGHT[view]);
    // Close to it: not a tall empty box either.
    expect(START_HEIGHT[view] - content).toBeLessThan(START_HEIGHT[view] * 0.15);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('further=1 shows the Go further tabs in an embed; without it they stay out', async () => {
    let r = await course('embed=1&instance=a', 1600);
    await frameOf(r.page).getByRole('button', { name: 'Play' }).first().waitFor({ timeout: 20_000 });
    await explainerLoaded(frameOf(r.page));
    await browserIdle(frameOf(r.page));
    await r.page.waitForTimeout(NO_TABS_WINDOW_MS); // the measuring window (see NO_TABS_WINDOW_MS)
    expect(await frameOf(r.page).getByRole('tab', { name: 'Try to break it' }).count()).toBe(0);
    await r.page.context().close();
    r = await course('embed=1&further=1&instance=b', 1600);
    const frame = frameOf(r.page);
    for (const name of ['Try this', 'Real systems', 'Try to break it']) await frame.getByRole('tab', { name }).waitFor({ timeout: 20_000 });
    expect(r.problems).toEqual([]);
    await r.page.context().close();
  });

  it('the summary replay links open the full app in a new tab; the frame keeps its summary', async () => {
    const { page, problems } = await course('embed=1&view=quiz&instance=replay', 1400);
    const frame = frameOf(page);
    await frame.getByRole('button', { name: 'Check' }).waitFor({ timeout: 20_000 });
    for (let i = 1; i < available.length; i++) await frame.getByRole('button', { name: 'Next' }).click();
    await frame.getByRole('button', { name: 'Finish' }).click();
    await frame.getByRole('button', { name: 'Finish anyway' }).click();
    const link = frame.getByRole('link', { name: /Replay the scenario/ }).first();
    await link.waitFor();
    expect(await link.getAttribute('target')).toBe('_blank');
    const [popup] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toContain('scenario=');
    await frame.getByRole('heading', { name: 'Your result' }).waitFor();
    expect(frame.url()).toContain('view=quiz');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a graded quiz frame that can save nothing keeps the host\'s registration across reloads (issue 42, item 5)', async () => {
    const registration = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    // No allow-same-origin: an opaque origin, so neither localStorage nor sessionStorage can be written.
    hostHtml = `<!doctype html><meta charset="utf-8"><title>Course</title><link rel="icon" href="data:,"><body style="margin:0">
<script>window.got = []; addEventListener('message', (e) => { if (e.data && e.data.source === 'fencing-lab') window.got.push(e.data); });</script>
<iframe id="q" title="Fencing Lab quiz" src="${baseURL}?embed=1&view=quiz&instance=graded&registration=${registration.toUpperCase()}" style="width:700px;height:900px;border:0;display:block"
  sandbox="allow-scripts allow-popups"></iframe></body>`;
    const context = await browser.newContext({ viewport: { width: 800, height: 1000 } });
    const page = await context.newPage();
    await page.goto(HOST);
    const registrations = () => page.evaluate(() => (window as unknown as { got: { type: string; statement?: { context?: { registration?: string } } }[] }).got.filter((m) => m.type === 'answered').map((m) => m.statement?.context?.registration));
    for (let round = 1; round <= 2; round++) {
      const frame = page.frames().find((f) => f.url().startsWith(baseURL))!;
      await frame.getByRole('button', { name: 'Check' }).waitFor({ timeout: 20_000 });
      await explainerLoaded(frame);
      await frame.getByText('This browser blocks storage here').waitFor();
      await frame.getByRole('radio').first().check();
      await frame.getByRole('button', { name: 'Check' }).click();
      await expect.poll(async () => (await registrations()).length).toBe(round);
      // The host reloads the frame (as a learner's reload of the course page would).
      if (round === 1) await page.evaluate(() => { const f = document.getElementById('q') as HTMLIFrameElement; f.src = f.src; });
    }
    expect(await registrations()).toEqual([registration, registration]);
    await context.close();
  });

  it('the Embed dialog of a tall embed 338 px down a course page with a fixed 60 px header opens in view (issue 42, item 3)', async () => {
    hostHtml = `<!doctype html><meta charset="utf-8"><title>Course</title><link rel="icon" href="data:,"><body style="margin:0">
<div style="position:fixed;top:0;left:0;right:0;height:60px;background:#345;z-index:5"></div><div style="height:338px"></div>
<iframe title="Fencing Lab" src="${baseURL}?embed=1&view=both&instance=tall-both" style="width:1000px;border:0;display:block"
  sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"></iframe><div style="height:2000px"></div>
<script src="${baseURL}embed.js" async></script></body>`;
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    const page = await context.newPage();
    await page.goto(HOST);
    const frame = frameOf(page);
    await frame.getByRole('button', { name: 'Embed' }).waitFor({ timeout: 20_000 });
    await explainerLoaded(frame);
    // embed.js has made the frame taller than the screen.
    await expect.poll(() => page.evaluate(() => document.querySelector('iframe')!.getBoundingClientRect().height)).toBeGreaterThan(1200);
    // The reader has scrolled the frame's top under the header (its Embed button, at the frame's top, is then pressed with the keyboard).
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => page.evaluate(() => Math.round(document.querySelector('iframe')!.getBoundingClientRect().top))).toBe(38);
    await frame.getByRole('button', { name: 'Embed' }).focus();
    await page.keyboard.press('Enter');
    const dialog = frame.getByRole('dialog');
    await dialog.waitFor();
    await settled(frame);
    // Opening it moves focus into it, which may scroll the course page: it is placed where the page comes to rest, below the header.
    await expect
      .poll(async () => {
        const box = (await dialog.boundingBox())!;
        return box.y >= 60 && box.y + Math.min(box.height, 240) <= 800;
      })
      .toBe(true);
    await context.close();
  });

  it('Finish with questions left, at the bottom of a content-sized quiz embed, shows its question in view (issue 42, item 4)', async () => {
    // embed.js sizes the frame to its content: the question under Finish lies outside the frame until the host grows it.
    hostHtml = `<!doctype html><meta charset="utf-8"><title>Course</title><link rel="icon" href="data:,"><body style="margin:0">
<div style="height:338px"></div>
<iframe title="Fencing Lab quiz" src="${baseURL}?embed=1&view=quiz&instance=finish-probe" style="width:700px;border:0;display:block"
  sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"></iframe><div style="height:2000px"></div>
<script src="${baseURL}embed.js" async></script></body>`;
    const context = await browser.newContext({ viewport: { width: 800, height: 800 } });
    const page = await context.newPage();
    await page.goto(HOST);
    const frame = frameOf(page);
    await frame.getByRole('button', { name: 'Check' }).waitFor({ timeout: 20_000 });
    await explainerLoaded(frame);
    for (let i = 1; i < available.length; i++) await frame.getByRole('button', { name: 'Next' }).click();
    const finish = frame.getByRole('button', { name: 'Finish' });
    await finish.waitFor();
    // The course page scrolled so that Finish is at the screen's bottom edge.
    await expect.poll(async () => (await finish.boundingBox())?.height ?? 0).toBeGreaterThan(0);
    await page.evaluate((y) => window.scrollBy(0, y), (await finish.boundingBox())!.y - 760);
    await expect.poll(async () => Math.round((await finish.boundingBox())!.y)).toBe(760);
    await finish.click();
    const ask = frame.getByRole('alertdialog');
    await ask.waitFor();
    await settled(frame);
    await expect.poll(async () => { const b = (await ask.boundingBox())!; return b.y >= 0 && b.y + b.height <= 800; }).toBe(true);
    await context.close();
  });

  it('a dialog opened in a tall embed appears where the reader can see it', async () => {
    const { page, problems } = await course('embed=1&instance=tall', 3000, 900);
    const frame = frameOf(page);
    await frame.getByRole('button', { name: 'Embed' }).waitFor({ timeout: 20_000 });
    await frame.getByRole('button', { name: 'Embed' }).click();
    const dialog = frame.getByRole('dialog');
    await dialog.waitFor();
    // Moved into view: `placeInView` sets its top once the frame's visible part is known (an IntersectionObserver).
    await frame.waitForFunction(() => [...document.querySelectorAll('dialog[open]')].some((d) => (d as HTMLElement).style.top !== ''));
    await settled(frame);
    const box = (await dialog.boundingBox())!; // page coordinates
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(800);
    expect(box.y + Math.min(box.height, 240)).toBeLessThanOrEqual(800);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('the single file (issue 16)', () => {
  it('offers no Embed (no file:// snippet) while Share stays', async () => {
    if (!existsSync(single)) throw new Error(`${single} is missing: run \`npx vite build --mode single\` first.`);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(pathToFileURL(single).href);
    await openTools(page);
    await page.getByRole('button', { name: 'Share' }).first().waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'Embed' }).count()).toBe(0);
    expect(await page.content()).not.toMatch(/<iframe[^>]*src="file:/);
    await context.close();
  });

  it('a reload on a predict question logs no React error', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    await page.goto(`${pathToFileURL(single).href}?view=quiz`);
    const predict = available.findIndex((q) => q.kind === 'predict');
    await page.getByRole('button', { name: 'Check' }).waitFor({ timeout: 20_000 });
    // Next pressed on the page before React has its buttons is lost (the question never comes).
    await explainerLoaded(page);
    for (let i = 0; i < predict; i++) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: 'Accepted' }).waitFor();
    // The quiz keeps its place after the question is drawn (an effect): reloaded before, it reopens at an earlier question.
    await expect.poll(() => page.evaluate((i) => Object.keys(localStorage).some((k) => (localStorage.getItem(k) ?? '').includes(`"index":${i}`)), predict)).toBe(true);
    await page.reload();
    // Once (CI, 2026-12-07) the question did not come back within 20 s and the log could not say
    // why: a miss now names what the page showed instead.
    await page
      .getByRole('radio', { name: 'Accepted' })
      .waitFor({ timeout: 45_000 })
      .catch(async (e: unknown) => {
        const seen = await page.evaluate(() => ({
          url: location.href,
          quiz: document.querySelector('.fl-quiz')?.textContent?.slice(0, 300) ?? '(no quiz)',
          saved: Object.entries(localStorage).map(([k, v]) => `${k}=${v.slice(0, 120)}`),
        }));
        throw new Error(`After the reload the predict question did not come back: ${JSON.stringify(seen)} (${String(e)})`);
      });
    // React has rendered and committed everything the reloaded page shows (a React error is logged as it does).
    await explainerLoaded(page);
    await browserIdle(page);
    await settled(page);
    expect(problems.filter((p) => /react|error/i.test(p))).toEqual([]);
    await context.close();
    // Room for every wait above, so that a slow run ends in the diagnostic, not in the test's timeout.
  }, 180_000);
});
