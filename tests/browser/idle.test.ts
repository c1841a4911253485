/**
 * Idle costs nothing (issue 7), in real Chromium on the production build. Every
 * `requestAnimationFrame` callback the app runs is counted (the page's `requestAnimationFrame` is
 * wrapped by an init script before any app code loads), and:
 * 1. while paused, no frame runs (after start-up work such as loading the animation code is done);
 * 2. while playing with the tab hidden (`visibilitychange`), no frame runs, and when it is shown
 *    again playback goes on from where it was: the hidden wall time is skipped, not replayed;
 * 3. while playing in an embed (a same-origin iframe, which Chromium itself does not throttle)
 *    scrolled out of the host page's view, no frame runs; scrolled back, playback goes on.
 * "No frame" is counted once the entrance animations of marks already drawn have finished.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { launchChromium } from './chromium';

const baseURL = inject('baseURL');
let browser: Browser;

/** Counts the app's animation-frame callbacks, in every frame of the page. */
const COUNT_FRAMES = `
  (() => {
    const original = window.requestAnimationFrame.bind(window);
    window.__rafCalls = 0;
    window.requestAnimationFrame = (cb) => original((t) => { window.__rafCalls += 1; cb(t); });
  })();
`;

beforeAll(async () => {
  browser = await launchChromium(inject('chromiumPath'));
});

afterAll(async () => {
  await browser?.close();
});

/** Animation-frame callbacks run in `target` during `ms` of wall time. */
async function framesDuring(target: Page | Frame, ms: number): Promise<number> {
  const before = (await target.evaluate('window.__rafCalls')) as number;
  await new Promise((r) => setTimeout(r, ms));
  return ((await target.evaluate('window.__rafCalls')) as number) - before;
}

/** The playhead's time as the transport shows it, in seconds. */
async function shownSeconds(target: Page | Frame): Promise<number> {
  const text = (await target.locator('.fl-time__now').textContent()) ?? '';
  return Number(text.replace(/[^\d.]/g, ''));
}

/**
 * Waits until the entrance animations of marks already drawn have finished (motion's WAAPI
 * animations finish even while unseen; their last callback may use one frame).
 */
async function animationsDone(target: Page | Frame): Promise<void> {
  await target.waitForFunction('document.getAnimations().length === 0', undefined, { timeout: 5000 });
  await new Promise((r) => setTimeout(r, 200));
}

/** Sets what `document.visibilityState` says and tells the page, as switching tabs does. */
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate(`(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => '${hidden ? 'hidden' : 'visible'}' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => ${hidden} });
    document.dispatchEvent(new Event('visibilitychange'));
  })()`);
}

async function openSettled(url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(COUNT_FRAMES);
  await page.goto(url);
  await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
  // The button is in the prerendered HTML (issue 15): wait until React has hydrated or rendered the page.
  await page.locator('html[data-fl-live]').waitFor({ state: 'attached' });
  // Start-up is over: the animation chunk (loaded when idle after load) and its entrances are done.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  return page;
}

describe('idle costs nothing', () => {
  it('runs no animation frame while paused', async () => {
    const page = await openSettled(baseURL);
    expect(await framesDuring(page, 1500)).toBe(0);
    // Sanity check of the counter: playing does run frames.
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    expect(await framesDuring(page, 500)).toBeGreaterThan(5);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.waitForTimeout(800);
    expect(await framesDuring(page, 1000)).toBe(0);
    await page.close();
  });

  it('runs no frame while the tab is hidden, and skips the hidden time when shown again', async () => {
    const page = await openSettled(baseURL);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForTimeout(600);
    await setHidden(page, true);
    await animationsDone(page);
    const hiddenAt = await shownSeconds(page);
    expect(await framesDuring(page, 3000)).toBe(0);
    expect(await shownSeconds(page)).toBe(hiddenAt);
    await setHidden(page, false);
    await page.waitForTimeout(300);
    expect(await page.getByRole('button', { name: 'Pause', exact: true }).count()).toBe(1);
    const after = await shownSeconds(page);
    // 300 ms of playing at 1x moves the seed by well under 2 s of simulated time; replaying the
    // 3 s hidden would have moved it by several seconds (up to 6 simulated ms per wall ms).
    expect(after).toBeGreaterThan(hiddenAt);
    expect(after - hiddenAt).toBeLessThan(2);
    await page.close();
  });

  it('runs no frame in an embed scrolled out of view, and goes on when scrolled back', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(COUNT_FRAMES);
    // A host page on the app's own origin: Chromium does not throttle same-origin frames by itself.
    const host = `${baseURL}idle-host.html`;
    await page.route(host, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><title>Course page</title><body style="margin:0">
          <iframe title="Fencing Lab" src="${baseURL}?embed=1" style="display:block;width:1200px;height:1100px;border:0"></iframe>
          <div style="height:4000px">Further reading</div></body></html>`,
      }),
    );
    await page.goto(host);
    const frame = page.frames().find((f) => f.url().startsWith(`${baseURL}?embed=1`));
    if (!frame) throw new Error('no embed frame');
    await frame.getByRole('button', { name: 'Play', exact: true }).waitFor();
    // The button is in the prerendered HTML (issue 15): wait until React has hydrated or rendered the page.
    await frame.locator('html[data-fl-live]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    expect(await framesDuring(frame, 1000)).toBe(0);

    await frame.getByRole('button', { name: 'Play', exact: true }).click();
    expect(await framesDuring(frame, 500)).toBeGreaterThan(5);
    await page.evaluate('window.scrollTo(0, 2500)');
    await animationsDone(frame);
    const awayAt = await shownSeconds(frame);
    expect(await framesDuring(frame, 2000)).toBe(0);
    expect(await shownSeconds(frame)).toBe(awayAt);

    await page.evaluate('window.scrollTo(0, 0)');
    await page.waitForTimeout(400);
    expect(await framesDuring(frame, 500)).toBeGreaterThan(5);
    expect(await frame.getByRole('button', { name: 'Pause', exact: true }).count()).toBe(1);
    const back = await shownSeconds(frame);
    expect(back).toBeGreaterThan(awayAt);
    expect(back - awayAt).toBeLessThan(2);
    await page.close();
  });
});
