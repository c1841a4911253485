/**
 * Stepping a built-in scenario's run event by event in the real browser, measuring the timeline at
 * every step: shared by the timeline's label test and its marks test (issue 13).
 */
import type { Page } from 'playwright-core';
import { reactHasControls } from './chromium';

/** Opens built-in `id` (the seed at `/`) on `baseURL` and waits until its timeline is drawn. */
export async function openScenario(page: Page, baseURL: string, id: string): Promise<void> {
  await page.goto(new URL(id === 'seed-gc-pause' ? '/' : `/?scenario=${id}`, baseURL).href);
  await page.locator('.fl-timeline__svg .fl-messages').waitFor({ state: 'attached' });
  await page.locator('.fl-slot').first().waitFor({ state: 'detached' });
  await reactHasControls(page);
}

/**
 * Waits until the view has settled: two frames, then again while the sideways scroll or the
 * picture's size still changes from one read to the next. A scroll the browser makes itself (its
 * scroll position clamped when the page's layout changes, say as the run's ending appears below)
 * reaches the timeline with the next frame's scroll event; what a reader sees is the frame after it.
 */
/** Whether the timeline's picture is moving to a story frame (its Web Animation, `frame-ease.ts`), in page source. */
const EASING = `document.getAnimations().some((a) => a.playState === 'running' && a.effect && a.effect.target && a.effect.target.classList && a.effect.target.classList.contains('fl-timeline__svg'))`;

export async function settled(page: Page): Promise<void> {
  const state = `(() => { const s = document.querySelector('.fl-timeline__scroll'); const svg = document.querySelector('.fl-timeline__svg');
    return [s ? s.scrollLeft : 0, s ? s.scrollWidth : 0, s ? s.clientWidth : 0, svg ? svg.getAttribute('width') : ''].join(' '); })()`;
  let before = '';
  for (let k = 0; k < 30; k++) {
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    const now = (await page.evaluate(state)) as string;
    // A move to a story frame (`frame-ease.ts`) is eased: what a reader sees is where it ends.
    const easing = (await page.evaluate(EASING)) as boolean;
    if (now === before && !easing) return;
    before = now;
  }
}

/**
 * Which steps a walk measures: every `every`-th step from `offset` (0-based), plus the first and
 * the last. `{ every: 1, offset: 0 }` measures every step.
 */
export interface Sample {
  every: number;
  offset: number;
}

/**
 * The sample a walk of built-in number `index` (in `ALL_BUILT_IN_SCENARIOS`) at its width number
 * `widthIndex` (0 or 1) takes: every other step, the two widths taking opposite halves, so each
 * step of each built-in is measured at one of the two widths (issue 39: the walk of every step at
 * both widths took 330 s of the browser tests). The labels are placed once per run, so the node
 * tests of the whole run's plan (`src/views/timeline/label-layout.test.ts`, with Chromium's own
 * text metrics, `tests/label-metrics.ts`) cover every step's labels; this sample proves the drawn
 * page agrees with them, and checks what only the page has (the playhead, sideways scroll).
 */
export function sampleFor(index: number, widthIndex: number): Sample {
  return { every: 2, offset: (index + widthIndex) % 2 };
}

/**
 * Steps through the whole run with the "next event" button, evaluating `measure` (a script's
 * source, returning a report) at the start, at each step the `sample` names and at the last step,
 * once the view has settled (the step's render and the marks' short fade-ins); returns those
 * reports, in order. Steps not measured are taken by clicking the button from the page's own
 * script, without waiting for their frames (the store moves one event per click either way).
 */
export async function walk<R>(page: Page, measure: string, sample: Sample = { every: 1, offset: 0 }): Promise<R[]> {
  const reports: R[] = [];
  const next = page.locator('.fl-transport button[aria-label]').nth(3);
  let step = 0;
  for (let i = 0; i < 400; i++) {
    await settled(page);
    reports.push((await page.evaluate(measure)) as R);
    if (await next.isDisabled()) break;
    // Clicks to the next sampled step (at least one): the steps in between are taken unmeasured.
    let clicks = 1;
    while ((step + clicks) % sample.every !== sample.offset % sample.every) clicks++;
    if (clicks === 1) await next.click();
    else await page.evaluate(`(() => { const b = document.querySelectorAll('.fl-transport button[aria-label]')[3]; for (let k = 0; k < ${clicks}; k++) if (!b.disabled) b.click(); })()`);
    step += clicks;
  }
  return reports;
}
