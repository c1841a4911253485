/**
 * Everyone can use it (issue 6), in real Chromium on the production build (`FL_DIST`):
 * - screen readers: the live region paces itself while playing and tells the event stepped to; the
 *   events table mirrors the timeline up to the playhead;
 * - keyboard: `?` opens an accessible modal that Esc closes with focus returned; Tab goes through
 *   the whole page and back with no trap;
 * - reduced motion: playback still reaches the end and nothing moves by transform;
 * - small screens and touch: no horizontal overflow at 360 px or 1280 px except the timeline's own
 *   scroll area; taps work (screenshots go to a temp dir, printed at the end);
 * - dark mode toggle remembered where storage works, harmless where it throws;
 * - presenter mode with keyboard stepping and Esc;
 * - export as SVG (title, legend, concrete colours) and PNG (2x);
 * - German with `?lang=de` or the browser's language, loaded only when wanted.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { simulate } from '../../src/model/simulate';
import { loadBuiltIn } from '../../src/store/initial-state';
import { launchChromium, reactHasControls } from './chromium';
import { explainerLoaded, patientPolls, settled } from './settle';
import { openTools } from './tools';

const baseURL = inject('baseURL');
patientPolls();
const shots = mkdtempSync(join(tmpdir(), 'fencing-lab-a11y-'));
let browser: Browser;
const problems: string[] = [];
const seed = simulate(loadBuiltIn('seed-gc-pause'));

beforeAll(async () => {
  browser = await launchChromium(inject('chromiumPath'));
});

afterAll(async () => {
  await browser?.close();
  console.log(`a11y screenshots: ${shots}`);
});

async function open(query = '', options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB', ...options });
  const page = await context.newPage();
  page.on('pageerror', (err) => problems.push(`${query}: page error: ${err.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${query}: console error: ${m.text()}`);
  });
  await page.goto(`${baseURL}${query}`);
  // The explainer is in the prerendered HTML (issue 15), before React has it: wait until it is hydrated or rendered.
  await page.locator('html[data-fl-live]').waitFor({ state: 'attached', timeout: 20_000 }).catch(() => undefined);
  // As a reader would meet it: the explainer (or the quiz) with its secondary controls, which arrive
  // just after the first render (keyboard shortcuts among them; `src/views/later.tsx`).
  await page
    .waitForFunction(`!document.querySelector('.fl-slot') && !!document.querySelector('button.fl-play, .fl-quiz')`, undefined, { timeout: 20_000 })
    .catch(() => undefined);
  // And React has them all (on the prerendered page their HTML is there before their chunk).
  await reactHasControls(page);
  return { context, page };
}

const play = (p: Page) => p.getByRole('button', { name: 'Play', exact: true });
const timeNow = (p: Page) => p.locator('.fl-time__now').textContent();
/** Waits until the seed is at its end (the time label says so) and the page is at rest there: every mark drawn and its entrance over. */
async function atEnd(p: Page, label = '21.6 s'): Promise<void> {
  await expect.poll(() => timeNow(p)).toBe(label);
  await settled(p);
}

describe('screen readers', () => {
  it('the live region says at most one summary per 1.5 s while playing, and the event stepped to', async () => {
    const { context, page } = await open();
    await play(page).waitFor();
    const region = page.locator('[aria-live="polite"][data-fl-announcer]');
    // On the prerendered page the announcer comes with the secondary controls' chunk, which may
    // still be on its way when the page is live (it has no placeholder to wait for).
    await region.first().waitFor({ state: 'attached', timeout: 20_000 });
    expect(await region.count()).toBe(1);
    await page.evaluate(() => {
      const w = window as unknown as { said: { at: number; text: string; stopped: boolean }[] };
      w.said = [];
      const el = document.querySelector('[data-fl-announcer]')!;
      // With whether the run was stopped then: the summary of what was still unsaid when playback
      // reached the end comes last, after the stop (LiveAnnouncer.tsx).
      new MutationObserver(() =>
        w.said.push({ at: performance.now(), text: el.textContent ?? '', stopped: document.querySelector('button.fl-play')?.getAttribute('aria-label') === 'Play' }),
      ).observe(el, { childList: true, characterData: true, subtree: true });
    });
    await page.getByRole('button', { name: '4×' }).click();
    await play(page).click();
    await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await play(page).waitFor({ timeout: 30_000 });
    // The announcer has told the whole run: its summary of the run's last stretch, said once playback stopped at the end.
    const said = () => page.evaluate(() => (window as unknown as { said: { at: number; text: string; stopped: boolean }[] }).said.filter((s) => s.text.trim() !== ''));
    await expect.poll(async () => (await said()).some((s) => s.stopped)).toBe(true);
    const told = await said();
    // The seed has dozens of events; at 4x they pass in a few seconds, so only a few summaries.
    expect(told.length).toBeGreaterThanOrEqual(2);
    expect(told.length).toBeLessThan(seed.events.length / 3);
    for (let i = 1; i < told.length; i++) expect(told[i]!.at - told[i - 1]!.at).toBeGreaterThanOrEqual(1450);
    // The summaries name the turning points, e.g. the storage's rejection at 21.5 s, not keepalives.
    expect(told.some((s) => s.text.includes('21.5 s: Rejected: token 33 < 34.'))).toBe(true);
    expect(told.some((s) => /Keepalive\.$/.test(s.text.trim()))).toBe(false);

    // Stepping back tells the event stepped to, in full.
    await page.getByRole('button', { name: 'Previous event' }).click();
    await expect.poll(() => region.textContent()).toContain('21.5 s: Rejected: token 33 < 34.');
    await expect.poll(() => region.textContent()).toContain('The storage rejects');
    await context.close();
  });

  it('the events table mirrors the timeline up to the playhead', async () => {
    const { context, page } = await open();
    await play(page).waitFor();
    const toggle = page.getByRole('button', { name: 'Show events as a table' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await expect.poll(() => page.getByRole('button', { name: 'Hide the events table' }).getAttribute('aria-expanded')).toBe('true');
    const table = page.getByRole('table', { name: /Events up to/ });
    const headers = await table.locator('thead th').allTextContents();
    expect(headers).toEqual(['Time (s)', 'Actor', 'What happened', 'Token', 'Decision']);
    // At 0 nothing has happened... then step: the rows are exactly the events so far.
    await page.getByRole('button', { name: 'Next event' }).click();
    const upTo = (ms: number) => seed.events.filter((e) => e.atMs <= ms).length;
    await expect.poll(() => table.locator('tbody tr').count()).toBe(upTo(100));
    await page.keyboard.press('End');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(seed.events.length);
    const rejected = table.locator('tbody tr', { hasText: 'Rejected: token 33 < 34' });
    expect(await rejected.locator('td').allTextContents()).toEqual(['21.5', 'the storage', 'Rejected: token 33 < 34', '33', 'rejected']);
    expect(await table.locator('tbody tr', { hasText: 'Stored with token 34' }).locator('td').last().textContent()).toBe('accepted');
    // The lanes and marks of the picture have names too.
    expect(await page.getByRole('group', { name: 'Lane: Client 1' }).count()).toBe(1);
    expect(await page.getByRole('img', { name: /Lease with token 33 held by Client 1/ }).count()).toBe(1);
    await context.close();
  });
});

describe('keyboard', () => {
  it('? opens the shortcuts as a modal; Esc closes it and focus returns', async () => {
    const { context, page } = await open();
    await play(page).waitFor();
    // From the button in the header's Tools panel (issue 40).
    await openTools(page);
    const button = page.getByRole('button', { name: 'Keyboard shortcuts (?)' });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await page.screenshot({ path: join(shots, 'shortcuts-dialog.png') });
    // Focus stays inside the modal.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement === document.body || document.activeElement?.closest('dialog') !== null)).toBe(true);
    }
    // Keys inside the dialog do not drive the timeline behind it.
    await page.keyboard.press('ArrowRight');
    expect(await timeNow(page)).toBe('0.0 s');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Still at 0 once the dialog is gone (a step the ArrowRight had caused would show by now).
    expect(await timeNow(page)).toBe('0.0 s');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Keyboard shortcuts (?)');
    // From the page, with the ? key.
    await page.locator('body').click({ position: { x: 5, y: 790 } });
    await page.keyboard.press('?');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('Tab goes through every control of the page and Shift+Tab comes back the same way: no trap', async () => {
    const { context, page } = await open();
    await play(page).waitFor();
    // The Tools panel open, so that its tools are in the Tab order too (issue 40).
    await openTools(page);
    const describeFocus = () =>
      page.evaluate(() => {
        const a = document.activeElement;
        if (!a || a === document.body) return 'body';
        return `${a.tagName.toLowerCase()}|${a.getAttribute('aria-label') ?? ''}|${(a.textContent ?? '').trim().slice(0, 30)}|${a.getAttribute('name') ?? ''}|${(a as HTMLInputElement).value ?? ''}`;
      });
    const forward: string[] = [];
    for (let i = 0; i < 200; i++) {
      await page.keyboard.press('Tab');
      const f = await describeFocus();
      if (forward.length > 0 && f === forward[0]) break;
      if (f !== 'body') forward.push(f);
      // A trap would keep focus on the same element.
      expect(forward.length < 2 || forward.at(-1) !== forward.at(-2) || f === 'body').toBe(true);
    }
    expect(forward.length).toBeGreaterThan(15);
    for (const name of ['Play', 'Next event', 'Playhead', 'Show events as a table', 'Keyboard shortcuts (?)', 'Download the timeline as SVG']) {
      expect(forward.some((f) => f.includes(name)), name).toBe(true);
    }
    // Every visible control (button, input, select, link) was reached. Controls inside a closed
    // <details> (the scenario settings) keep an offsetParent in Chromium but are not rendered, so
    // visibility is asked with checkVisibility(), which knows about content-visibility.
    const controls = await page.evaluate(
      () =>
        [...document.querySelectorAll<HTMLElement>('button:not([disabled]), input:not([disabled]), select, a[href], [tabindex="0"]')].filter(
          (el) =>
            el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true }) &&
            !(el instanceof HTMLInputElement && el.type === 'radio' && !el.checked),
        ).length,
    );
    expect(new Set(forward).size).toBeGreaterThanOrEqual(controls - 1);
    // Back again.
    const backward: string[] = [];
    for (let i = 0; i < forward.length + 5; i++) {
      await page.keyboard.press('Shift+Tab');
      const f = await describeFocus();
      if (f !== 'body') backward.push(f);
      if (f === forward[0]) break;
    }
    expect(backward.at(-1)).toBe(forward[0]);
    expect(new Set(backward).size).toBe(new Set(forward).size);
    await context.close();
  });

  it('focus is visible: a focused control draws an outline', async () => {
    const { context, page } = await open();
    await play(page).waitFor();
    await page.keyboard.press('Tab');
    for (let i = 0; i < 25; i++) {
      const outline = await page.evaluate(() => {
        const a = document.activeElement as HTMLElement | null;
        if (!a || a === document.body) return 'none';
        const target = a.matches('input[type=radio]') ? a.parentElement! : a;
        // The range slider draws its focus ring on the thumb (a pseudo-element the test cannot read);
        // check the stylesheet has that rule instead.
        if (a.matches('input[type=range]')) {
          const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((r) => r.cssText));
          return rules.some((r) => r.includes('fl-scrubber__input:focus-visible::-webkit-slider-thumb') && r.includes('outline')) ? 'ok' : 'range without a focus ring';
        }
        const s = getComputedStyle(target);
        return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 ? 'ok' : `${a.tagName} ${a.className}: ${s.outlineStyle} ${s.outlineWidth}`;
      });
      expect(outline).toBe('ok');
      await page.keyboard.press('Tab');
    }
    await context.close();
  });
});

/**
 * Sampling of the reduced-motion test, not waits for a state: a transform is sampled twice
 * {@link TRANSFORM_SAMPLE_MS} apart while playing (one that is off its rest position at both
 * samples is moving), and the samples are {@link SAMPLE_GAP_MS} apart, so that they spread over
 * the whole run. A busy machine only stretches the intervals, which can find more, never less.
 */
const TRANSFORM_SAMPLE_MS = 100;
const SAMPLE_GAP_MS = 50;

describe('reduced motion', () => {
  it('playback reaches the end and nothing slides or scales', async () => {
    const { context, page } = await open('', { reducedMotion: 'reduce' });
    await play(page).waitFor();
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
    await page.getByRole('button', { name: '4×' }).click();
    await play(page).click();
    const moving: string[] = [];
    // Transforms set from JavaScript (motion), per element, at one moment.
    const transforms = () =>
      page.evaluate(() => {
        const out: Record<string, string> = {};
        // The playhead and the grey "future" cover are placed at the playhead with a CSS transform
        // (the cheap way to move them every frame, issue 7): that is playback itself, not motion.
        document.querySelectorAll<HTMLElement | SVGElement>('.fl-app [style*="transform"]:not(.fl-playhead):not(.fl-now)').forEach((el, i) => {
          const t = el.style.transform;
          if (t && t !== 'none' && !/^(translate[XYZ3d]*\(0(px)?(, ?0(px)?)*\)|scale\(1\)|\s)+$/.test(t)) out[`${i}:${el.getAttribute('class')}`] = t;
        });
        return out;
      });
    for (let i = 0; i < 40 && (await page.getByRole('button', { name: 'Pause', exact: true }).count()) > 0; i++) {
      // Animations (WAAPI and CSS) of a transform that last long enough to be seen.
      moving.push(
        ...(await page.evaluate(() => {
          const out: string[] = [];
          for (const a of document.getAnimations()) {
            const effect = a.effect as KeyframeEffect | null;
            if (a.playState !== 'running' || !effect) continue;
            const duration = Number(effect.getComputedTiming().duration);
            if (!(duration > 1)) continue;
            for (const k of effect.getKeyframes()) if ('transform' in k || 'translate' in k || 'scale' in k || 'rotate' in k) out.push(`animation ${duration} ms: ${JSON.stringify(k)}`);
          }
          return out;
        })),
      );
      // A transform that is not at rest now and has changed (or is still not at rest) 100 ms later.
      const before = await transforms();
      await page.waitForTimeout(TRANSFORM_SAMPLE_MS); // a sampling interval (see TRANSFORM_SAMPLE_MS)
      const after = await transforms();
      for (const [el, t] of Object.entries(before)) if (after[el] !== undefined) moving.push(`style ${el}: ${t} → ${after[el]}`);
      await page.waitForTimeout(SAMPLE_GAP_MS); // between samples (see SAMPLE_GAP_MS)
    }
    await play(page).waitFor({ timeout: 30_000 });
    await expect.poll(() => timeNow(page)).toBe('21.6 s');
    expect(moving).toEqual([]);
    await context.close();
  });
});

/**
 * Elements sticking out of the viewport on the right. Content inside a box that scrolls or clips
 * sideways (the timeline's own scroll area, a tab strip) is fine as long as that box fits.
 */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const w = window.innerWidth;
    const out: string[] = [];
    // Inside a box that clips or scrolls sideways and itself fits the viewport.
    const clipped = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible' && p.getBoundingClientRect().right <= w + 1) return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (el.closest('dialog:not([open])')) continue;
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > w + 1 && !clipped(el)) out.push(`${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''} right=${Math.round(r.right)}`);
    }
    return out.slice(0, 10);
  });
}

describe.each([
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
])('viewport $width x $height', ({ width, height }) => {
  it('nothing overflows sideways except the timeline, which scrolls on its own', async () => {
    const { context, page } = await open('', { viewport: { width, height }, hasTouch: width < 500, isMobile: width < 500 });
    await play(page).waitFor();
    // Everything the page shows is in, the "Go further" tabs too, and it is at rest at the end of the run.
    await explainerLoaded(page, { further: true });
    await page.keyboard.press('End');
    await atEnd(page);
    const scroll = () => page.evaluate(() => [document.scrollingElement!.scrollWidth, window.innerWidth]);
    const [sw, iw] = await scroll();
    expect(sw).toBeLessThanOrEqual(iw!);
    expect(await overflowing(page)).toEqual([]);
    await page.screenshot({ path: join(shots, `timeline-${width}.png`) });
    await page.screenshot({ path: join(shots, `timeline-${width}-full.png`), fullPage: true });
    // The lanes stay readable: at 360 px the picture is wider than its box and scrolls inside it.
    const box = await page.locator('.fl-timeline__scroll').evaluate((el) => [el.scrollWidth, el.clientWidth]);
    if (width < 500) expect(box[0]).toBeGreaterThan(box[1]!);
    // With the events table open and in the quiz too.
    await page.getByRole('button', { name: 'Show events as a table' }).click();
    await page.getByRole('table', { name: /Events up to/ }).waitFor();
    await settled(page);
    expect((await scroll())[0]).toBeLessThanOrEqual(iw!);
    expect(await overflowing(page)).toEqual([]);
    await page.goto(`${baseURL}?view=both`);
    await play(page).waitFor();
    await page.getByRole('heading', { name: 'Check your understanding' }).waitFor();
    await explainerLoaded(page, { further: true });
    expect((await scroll())[0]).toBeLessThanOrEqual(iw!);
    expect(await overflowing(page)).toEqual([]);
    await page.screenshot({ path: join(shots, `both-${width}-full.png`), fullPage: true });
    await context.close();
  });
});

describe('touch', () => {
  it('at 360 px every action is a tap: play, step, the table, the theme, presenter mode', async () => {
    const { context, page } = await open('', { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    await play(page).waitFor();
    await page.getByRole('button', { name: 'Next event' }).tap();
    await expect.poll(() => timeNow(page)).toBe('0.1 s');
    await page.getByRole('button', { name: 'Show events as a table' }).tap();
    await page.getByRole('table', { name: /Events up to/ }).waitFor();
    await openTools(page);
    await page.getByRole('radio', { name: 'Dark' }).tap();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.getByRole('button', { name: 'Present' }).tap();
    await page.getByRole('button', { name: 'Exit presenter mode' }).waitFor();
    await page.screenshot({ path: join(shots, 'presenter-360.png') });
    await page.getByRole('button', { name: 'Exit presenter mode' }).tap();
    // Back to the page; focus on the Tools button that held Present (its panel closed with the header).
    await page.getByRole('button', { name: 'Tools' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('fl-tools__btn'))).toBe(true);
    await context.close();
  });
});

describe('dark mode', () => {
  it('follows the system, and the toggle sets data-theme on <html>, remembered across reloads', async () => {
    const { context, page } = await open('', { colorScheme: 'dark' });
    await play(page).waitFor();
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-theme'))).toBe(false);
    expect(await bg()).toBe('rgb(11, 17, 32)');
    await openTools(page);
    await page.getByRole('radio', { name: 'Light' }).check();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await expect.poll(bg).toBe('rgb(243, 245, 248)');
    await page.reload();
    await play(page).waitFor();
    await reactHasControls(page);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await openTools(page);
    await expect.poll(() => page.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.screenshot({ path: join(shots, 'timeline-dark.png') });
    await page.getByRole('radio', { name: 'Auto' }).check();
    await expect.poll(() => page.evaluate(() => document.documentElement.hasAttribute('data-theme'))).toBe(false);
    // The theme parameter wins over the remembered choice.
    await page.goto(`${baseURL}?theme=light`);
    await play(page).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await context.close();
  });

  it('works where storage throws (a sandboxed iframe)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('The document is sandboxed and lacks the allow-same-origin flag.', 'SecurityError');
        },
      });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(baseURL);
    await play(page).waitFor();
    await reactHasControls(page);
    await openTools(page);
    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('presenter mode', () => {
  it('p enters it (large type, full screen where allowed), arrows and Space drive it, Esc leaves it', async () => {
    const { context, page } = await open();
    await play(page).waitFor();
    const captionSize = () => page.locator('.fl-caption__text').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    await settled(page);
    const before = await captionSize();
    expect(before).toBeGreaterThan(10);
    await page.locator('body').click({ position: { x: 5, y: 790 } });
    await page.keyboard.press('p');
    await page.getByRole('button', { name: 'Exit presenter mode' }).waitFor();
    expect(await page.locator('.fl-app--presenter').count()).toBe(1);
    await expect.poll(captionSize).toBeGreaterThan(before * 1.15);
    await expect.poll(() => page.locator('.fl-side').isVisible()).toBe(false);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => timeNow(page)).toBe('0.1 s');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => timeNow(page)).not.toBe('0.1 s');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => timeNow(page)).toBe('0.1 s');
    await page.keyboard.press('End');
    await atEnd(page);
    await page.screenshot({ path: join(shots, 'presenter-1280.png') });
    await page.keyboard.press(' ');
    await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await page.keyboard.press(' ');
    await play(page).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Tools' }).waitFor();
    await expect.poll(() => page.locator('.fl-app--presenter').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
    await context.close();
  });
});

describe('export', () => {
  it('downloads the timeline as SVG with title, legend and concrete colours, and as a 2x PNG', async () => {
    const { context, page } = await open('', { acceptDownloads: true });
    await play(page).waitFor();
    await page.keyboard.press('End');
    // At the end, every mark drawn and its entrance over (motion's inline styles are gone with it).
    await atEnd(page);
    await openTools(page);
    const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the timeline as SVG' }).click()]);
    expect(svgDownload.suggestedFilename()).toBe('fencing-lab-client-1-pauses-for-garbage-collection.svg');
    const svgPath = join(shots, svgDownload.suggestedFilename());
    await svgDownload.saveAs(svgPath);
    const svg = (await import('node:fs')).readFileSync(svgPath, 'utf8');
    expect(svg.startsWith('<?xml')).toBe(true);
    expect(svg).toContain('Client 1 pauses for garbage collection');
    for (const legend of ['lease at the lease service (the truth)', 'paused: runs nothing', 'write rejected']) expect(svg).toContain(legend);
    for (const lane of ['Client 1', 'Lease service', 'Storage']) expect(svg).toContain(`>${lane}<`);
    expect(svg).toContain('token 33');
    expect(svg).not.toContain('var(--');
    expect(svg).not.toMatch(/class="/);
    // Concrete colours as SVG presentation attributes (not style attributes, which a strict CSP refuses; issue 16).
    expect(svg).toMatch(/ fill="rgb\(/);
    expect(svg).not.toMatch(/ style="/);
    // It renders on its own: draw it in a blank page (no app styles) and keep a picture.
    const viewer = await context.newPage();
    await viewer.setContent(`<body style="margin:0">${svg.replace(/^<\?xml[^>]*>/, '')}</body>`);
    const size = await viewer.locator('svg').first().evaluate((el) => [el.getBoundingClientRect().width, el.getBoundingClientRect().height]);
    await viewer.setViewportSize({ width: Math.ceil(size[0]!), height: Math.ceil(size[1]!) });
    await viewer.screenshot({ path: join(shots, 'export-svg-rendered.png') });

    const [pngDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the timeline as PNG' }).click()]);
    const pngPath = join(shots, pngDownload.suggestedFilename());
    await pngDownload.saveAs(pngPath);
    const png = (await import('node:fs')).readFileSync(pngPath);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(Math.round(size[0]!) * 2);
    expect(png.readUInt32BE(20)).toBe(Math.round(size[1]!) * 2);
    await context.close();
  });
});

describe('languages', () => {
  it('?lang=de shows German, sets lang on the document, and loads German only when wanted', async () => {
    const requested: string[] = [];
    const { context, page } = await open();
    page.on('request', (r) => requested.push(r.url()));
    await play(page).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.goto(`${baseURL}?view=both`);
    await play(page).waitFor();
    expect(requested.filter((u) => /\/de-[\w-]+\.js$/.test(u))).toEqual([]);

    await page.goto(`${baseURL}?lang=de&view=both`);
    await page.getByRole('button', { name: 'Abspielen', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(requested.filter((u) => /\/de-[\w-]+\.js$/.test(u)).length).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'Prüfen Sie Ihr Verständnis' }).waitFor();
    await page.getByRole('button', { name: 'Zum Ende' }).click();
    await expect.poll(() => timeNow(page)).toBe('21,6 s');
    await page.screenshot({ path: join(shots, 'german-1280.png') });
    await context.close();
  });

  it('the browser language picks German; ?lang=en overrides it; unknown languages fall back to English', async () => {
    const { context, page } = await open('', { locale: 'de-AT' });
    await page.getByRole('button', { name: 'Abspielen', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.goto(`${baseURL}?lang=en`);
    await play(page).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await context.close();
    const other = await open('?lang=fr', { locale: 'fr-FR' });
    await play(other.page).waitFor();
    expect(await other.page.evaluate(() => document.documentElement.lang)).toBe('en');
    await other.context.close();
  });
});

describe('no errors', () => {
  it('logged no console errors and no page errors', () => {
    writeFileSync(join(shots, 'problems.txt'), problems.join('\n'));
    expect(problems).toEqual([]);
  });
});
