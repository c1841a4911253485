/**
 * Idle costs nothing (issue 7), in real Chromium on the production build. Every
 * `requestAnimationFrame` callback the app runs is counted (the page's `requestAnimationFrame` is
 * wrapped by an init script before any app code loads), and:
 * 1. while paused, no frame runs (after start-up work such as loading the animation code is done);
 * 2. while playing with the tab hidden (`visibilitychange`), no frame runs, and when it is shown
 *    again playback goes on from where it was: the hidden wall time is skipped, not replayed;
 * 3. while playing in an embed (a same-origin iframe, which Chromium itself does not throttle)
 *    scrolled out of the host page's view, no frame runs; scrolled back, playback goes on.
 * "No frame" is counted once the page is at rest: the entrance animations of marks already drawn
 * have finished and no animation frame is asked for any more.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { animationsDone, browserIdle, explainerLoaded, patientPolls } from './settle';

const baseURL = inject('baseURL');
patientPolls();
let browser: Browser;

/**
 * Counts the app's animation-frame callbacks (`__rafCalls`), and keeps those asked for and not run
 * yet (`__rafPending`), in every frame of the page.
 */
const COUNT_FRAMES = `
  (() => {
    const request = window.requestAnimationFrame.bind(window);
    const cancel = window.cancelAnimationFrame.bind(window);
    window.__rafCalls = 0;
    window.__rafPending = new Set();
    window.requestAnimationFrame = (cb) => {
      const id = request((t) => { window.__rafPending.delete(id); window.__rafCalls += 1; cb(t); });
      window.__rafPending.add(id);
      return id;
    };
    window.cancelAnimationFrame = (id) => { window.__rafPending.delete(id); cancel(id); };
  })();
`;

/**
 * Measuring windows, not waits for a state: how long (ms of wall time) the page is watched for
 * animation frames that must NOT run (paused, hidden, scrolled out of view). Each starts once the
 * page is at rest ({@link atRest}), so a busy machine cannot make start-up work or a last frame of
 * playback fall into it; it can only make the window see less of the page's time, never more frames.
 */
const IDLE_WINDOW_MS = 1500;
const PAUSED_WINDOW_MS = 1000;
const HIDDEN_WINDOW_MS = 3000;
const EMBED_IDLE_WINDOW_MS = 1000;
const AWAY_WINDOW_MS = 2000;

beforeAll(async () => {
  browser = await launchChromium(inject('chromiumPath'));
});

afterAll(async () => {
  await browser?.close();
});

const rafCalls = (target: Page | Frame) => target.evaluate('window.__rafCalls') as Promise<number>;

/** Animation-frame callbacks run in `target` during a measuring window of `ms` of wall time (see {@link IDLE_WINDOW_MS}). */
async function framesDuring(target: Page | Frame, ms: number): Promise<number> {
  const before = await rafCalls(target);
  await new Promise((r) => setTimeout(r, ms)); // the measuring window itself
  return (await rafCalls(target)) - before;
}

/** Waits until `target` runs animation frames: more than `count` callbacks from now on (playback is running). */
async function framesRun(target: Page | Frame, count = 5): Promise<void> {
  const before = await rafCalls(target);
  await expect.poll(async () => (await rafCalls(target)) - before).toBeGreaterThan(count);
}

/** The playhead's time as the transport shows it, in seconds. */
async function shownSeconds(target: Page | Frame): Promise<number> {
  const text = (await target.locator('.fl-time__now').textContent()) ?? '';
  return Number(text.replace(/[^\d.]/g, ''));
}

/**
 * Waits until `target` is at rest: the entrance animations of marks already drawn have finished
 * (motion's WAAPI animations finish even while unseen) and no animation frame is asked for (the
 * last one playback or an animation's end asked for has run, and asked for no other). Checked
 * twice, a poll apart, so that what the first check's last callback asked for is seen.
 */
async function atRest(target: Page | Frame): Promise<void> {
  for (let i = 0; i < 2; i++) {
    await animationsDone(target);
    await target.waitForFunction('window.__rafPending.size === 0', undefined, { polling: 50, timeout: 20_000 });
  }
}

/**
 * Waits until start-up is over in `target`: every part in place (the "Go further" tabs too with
 * `further`), the browser idle once, so the animation chunk (loaded when idle after load,
 * `MotionProvider.tsx`) was asked for, that chunk in, and the page at rest.
 */
async function startupDone(target: Page | Frame, further: boolean): Promise<void> {
  await explainerLoaded(target, { further });
  await browserIdle(target);
  await target.waitForFunction(`performance.getEntriesByType('resource').some((e) => e.name.includes('/assets/motion-kit-'))`, undefined, { polling: 50, timeout: 20_000 });
  await atRest(target);
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
  // Start-up is over: the later parts, the animation chunk (loaded when idle after load) and its entrances are done.
  await page.waitForLoadState('networkidle');
  await startupDone(page, true);
  return page;
}

describe('idle costs nothing', () => {
  it('runs no animation frame while paused', async () => {
    const page = await openSettled(baseURL);
    expect(await framesDuring(page, IDLE_WINDOW_MS)).toBe(0);
    // Sanity check of the counter: playing does run frames.
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await framesRun(page);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
    await atRest(page);
    expect(await framesDuring(page, PAUSED_WINDOW_MS)).toBe(0);
    await page.close();
  });

  it('runs no frame while the tab is hidden, and skips the hidden time when shown again', async () => {
    const page = await openSettled(baseURL);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    // Playing for a while: marks have been drawn (and their entrances started).
    await expect.poll(() => shownSeconds(page)).toBeGreaterThanOrEqual(0.5);
    await setHidden(page, true);
    await atRest(page);
    const hiddenAt = await shownSeconds(page);
    expect(await framesDuring(page, HIDDEN_WINDOW_MS)).toBe(0);
    expect(await shownSeconds(page)).toBe(hiddenAt);
    await setHidden(page, false);
    // Playback goes on: the time moves.
    await expect.poll(() => shownSeconds(page)).toBeGreaterThan(hiddenAt);
    expect(await page.getByRole('button', { name: 'Pause', exact: true }).count()).toBe(1);
    const after = await shownSeconds(page);
    // Its first steps move the seed by a tenth of a second or so; replaying the 3 s hidden would
    // have moved it by several seconds at once (up to 6 simulated ms per wall ms).
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
    await startupDone(frame, false);
    expect(await framesDuring(frame, EMBED_IDLE_WINDOW_MS)).toBe(0);

    await frame.getByRole('button', { name: 'Play', exact: true }).click();
    await framesRun(frame);
    await page.evaluate('window.scrollTo(0, 2500)');
    await atRest(frame);
    const awayAt = await shownSeconds(frame);
    expect(await framesDuring(frame, AWAY_WINDOW_MS)).toBe(0);
    expect(await shownSeconds(frame)).toBe(awayAt);

    await page.evaluate('window.scrollTo(0, 0)');
    // Playback goes on: frames run again.
    await framesRun(frame);
    expect(await frame.getByRole('button', { name: 'Pause', exact: true }).count()).toBe(1);
    await expect.poll(() => shownSeconds(frame)).toBeGreaterThan(awayAt);
    const back = await shownSeconds(frame);
    expect(back).toBeGreaterThan(awayAt);
    expect(back - awayAt).toBeLessThan(2);
    await page.close();
  });
});
