/**
 * Waits of the browser tests for a state of the page, never for a fixed delay (a fixed delay is too
 * short on a busy machine and wasted on an idle one). Each helper waits for something the page
 * does or has: its animations over, its layout unchanged from one frame to the next, every part it
 * loads after the first render in place, the browser idle once.
 *
 * The conditions run in the page as strings: tsx/esbuild would wrap a function's inner closures in
 * a helper the page lacks.
 * @module
 */
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, inject, vi } from 'vitest';
import { launchChromium } from './chromium';

/**
 * How long an `expect.poll` of the browser tests waits for its state (ms): vitest's default, 1 s,
 * is a timing assumption a busy machine breaks (a state that comes in 1.2 s is as right as one
 * that comes in 0.2 s). A poll that measures how soon something happens names its own timeout.
 */
export const POLL_TIMEOUT_MS = 15_000;

/** Gives this test file's `expect.poll`s {@link POLL_TIMEOUT_MS} (vitest resets it after each file). Call it at the top of the file. */
export function patientPolls(): void {
  vi.setConfig({ expect: { poll: { timeout: POLL_TIMEOUT_MS } } });
}

/**
 * Launches Chromium for the test file that calls it (at the top of the file): before its tests, at
 * the path the global setup found (`launchChromium`, with the story's key-moment stops off unless
 * `storyStops`), handed to `set`; closed after them.
 */
export function launchForFile(set: (browser: Browser) => void, options: { storyStops?: boolean } = {}): void {
  let browser: Browser | undefined;
  beforeAll(async () => set((browser = await launchChromium(inject('chromiumPath'), options))));
  afterAll(async () => {
    await browser?.close();
  });
}

/** A page or one of its frames. */
export type Target = Page | Frame;

/**
 * How often a condition is checked (ms). Not on animation frames: a frame scrolled out of its host
 * page's view gets none, and `idle.test.ts` counts the page's frames.
 */
const POLL_MS = 50;

/**
 * No animation that runs on the document's clock is running or about to start (a pending play
 * counts as running). Left out: animations driven by scrolling (the phone bar's fold follows a view
 * timeline, never "ends") and endless ones (a loading skeleton's shimmer).
 */
const NOTHING_ANIMATES = `document.getAnimations().every((a) => a.playState !== 'running' || !(a.timeline instanceof DocumentTimeline) || a.effect === null || a.effect.getComputedTiming().endTime === Infinity)`;

/** Waits until the entrance animations (motion's Web Animations) and CSS transitions of `target` are over. */
export async function animationsDone(target: Target, timeout = 20_000): Promise<void> {
  await target.waitForFunction(NOTHING_ANIMATES, undefined, { timeout, polling: POLL_MS });
}

/**
 * Waits for `count` animation frames of `target`: what a change scheduled for the next frame (a
 * ResizeObserver, a scroll, a React render) has run. The target must be on screen: a frame
 * scrolled out of its host page's view gets no animation frames.
 */
export async function frames(target: Target, count = 2, timeout = 20_000): Promise<void> {
  const done = await target.evaluate(`new Promise((resolve) => {
    let left = ${count};
    const tick = () => (--left <= 0 ? resolve(true) : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
    setTimeout(() => resolve(false), ${timeout});
  })`);
  if (done !== true) throw new Error(`${count} animation frames did not come within ${timeout} ms`);
}

/**
 * Where things are, in page source: the scroll position, the document's size, and the boxes of the
 * parts a test measures (the app's root, the timeline's picture, the caption, the control bar, an
 * open dialog).
 */
const WHERE = `JSON.stringify([scrollX, scrollY, document.documentElement.scrollWidth, document.documentElement.scrollHeight,
  ...['#root', '.fl-timeline__svg', '.fl-caption', '.fl-transport', 'dialog[open]', '[role="dialog"]'].map((s) => {
    const r = document.querySelector(s)?.getBoundingClientRect();
    return r ? [r.x, r.y, r.width, r.height] : null;
  })])`;

/**
 * Waits until the layout of `target` is at rest: the same in `frames` consecutive animation frames
 * (a layout that still follows a measurement, a ResizeObserver or a scroll changes from one frame
 * to the next). Frames, not milliseconds: a busy machine only makes them come later. The target
 * must be on screen (see {@link frames}).
 */
export async function layoutAtRest(target: Target, { frames: still = 3, timeout = 20_000 }: { frames?: number; timeout?: number } = {}): Promise<void> {
  const rest = await target.evaluate(`new Promise((resolve) => {
    let last = ${WHERE};
    let same = 0;
    const tick = () => {
      const now = ${WHERE};
      same = now === last ? same + 1 : 0;
      last = now;
      if (same >= ${still}) resolve(true);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    setTimeout(() => resolve(last), ${timeout});
  })`);
  if (rest !== true) throw new Error(`the layout did not come to rest within ${timeout} ms; last: ${String(rest)}`);
}

/**
 * Waits until `target` is at rest: its animations are over (so colours and positions are final),
 * its layout is the same from one frame to the next, and no animation started meanwhile.
 */
export async function settled(target: Target, timeout = 20_000): Promise<void> {
  await animationsDone(target, timeout);
  await layoutAtRest(target, { timeout });
  await animationsDone(target, timeout);
}

/**
 * Waits until the browser has been idle once in `target` (a `requestIdleCallback`): the app's own
 * idle callbacks asked for before this one have run (idle callbacks run in the order asked), e.g.
 * the "Go further" tabs' mount and the animation code's load (`GoFurtherSlot.tsx`, `MotionProvider.tsx`).
 */
export async function browserIdle(target: Target): Promise<void> {
  await target.evaluate(`new Promise((resolve) => requestIdleCallback(() => resolve(undefined)))`);
}

/**
 * Every part of the explainer (or the quiz) that arrives after the first render is in place, in
 * page source: React has taken over the page (`data-fl-live`), no placeholder is left (the
 * secondary controls' and the story's slots, the settings' box, a loading skeleton), the
 * timeline's picture is drawn with its marks (their own chunk), and React has every control.
 */
const PARTS_IN = `(() => {
  if (!document.documentElement.hasAttribute('data-fl-live')) return false;
  if (document.querySelector('.fl-slot:not(.fl-story-lite), .fl-skeleton, .fl-settings--waiting')) return false;
  for (const svg of document.querySelectorAll('.fl-timeline__svg')) if (!svg.querySelector('.fl-messages') || !svg.querySelector('.fl-marks')) return false;
  if (document.querySelector('.fl-timeline') && !document.querySelector('.fl-timeline__svg')) return false;
  return [...document.querySelectorAll('#root button, #root input, #root select')].every((el) => Object.keys(el).some((k) => k.startsWith('__reactProps$')));
})()`;

/**
 * Waits until every part of the page that comes after the first render is in place (see
 * {@link PARTS_IN}); with `further`, also the "Go further" tabs, which the full page mounts when the
 * browser is idle. Then waits until the page is at rest ({@link settled}).
 */
export async function explainerLoaded(target: Target, { further = false, timeout = 30_000 }: { further?: boolean; timeout?: number } = {}): Promise<void> {
  await target.waitForFunction(PARTS_IN, undefined, { timeout, polling: POLL_MS });
  if (further) await target.locator('.fl-further [role="tab"]').first().waitFor({ timeout });
  await settled(target, timeout);
}
