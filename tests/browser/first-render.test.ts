/**
 * The first render stands on its own (issue 7), in real Chromium on the production build: with the
 * chunks that come after it blocked (the secondary controls, their text, the caption generator), the
 * page still shows the explainer in words, not catalogue keys, and Play still plays. This guards the
 * split of the message catalogues: a first-render view that used a key of a later catalogue would
 * show the bare key here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserIdle, launchForFile, patientPolls, settled } from './settle';

const baseURL = inject('baseURL');
patientPolls();
let browser: Browser;
launchForFile((b) => (browser = b));

/** Every key of every English catalogue. */
function allKeys(): string[] {
  const root = join(import.meta.dirname, '..', '..');
  const files = ['src/i18n/messages/en.ts', 'src/views/locales/en.ts', 'src/teaching/locales/en.ts', 'src/breakit/locales/en.ts', 'src/quiz/locales/en.ts', 'src/views/timeline/locales/en.ts'];
  return files.flatMap((f) => [...readFileSync(join(root, f), 'utf8').matchAll(/^\s*'([\w.-]+)':/gm)].map((m) => m[1]!));
}

/** Chunks that arrive after the first render (by the start of their file name). */
const LATER = /\/assets\/(later-parts|tools-messages|captions|GoFurther|motion-kit|Marks|names)-/;

describe('the first render alone', () => {
  it('shows words, not keys, and plays, with every later chunk blocked', async () => {
    const keys = allKeys();
    expect(keys.length).toBeGreaterThan(500);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const blocked: string[] = [];
      await page.route(
        (url) => LATER.test(url.pathname),
        (route) => {
          blocked.push(new URL(route.request().url()).pathname);
          return route.abort();
        },
      );
      page.on('console', () => undefined);
      await page.goto(baseURL);
      // The Play button is in the prerendered HTML (issue 15): wait until React has it.
      await page.locator('html[data-fl-live]').waitFor({ state: 'attached' });
      // The page has met the blocked chunks and shows what it shows without them: the secondary
      // controls' failed load said in their place; the browser idle once (what loads when idle was
      // asked for too), and at rest.
      await expect.poll(() => blocked.some((p) => p.includes('later-parts'))).toBe(true);
      await page.getByText('This part could not be loaded. Check your connection and reload the page.').waitFor();
      await browserIdle(page);
      await settled(page);
      const text = (await page.evaluate(
        `document.body.innerText + ' ' + [...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')).join(' ')`,
      )) as string;
      const shown = keys.filter((k) => new RegExp(`(^|[^\\w.])${k.replace(/\./g, '\\.')}($|[^\\w.])`).test(text));
      expect(shown).toEqual([]);
      expect(text).toContain('Storage checks tokens');
      // Play plays: the playhead moves.
      await page.locator('button.fl-play').click();
      await expect.poll(async () => Number(((await page.locator('.fl-time__now').textContent()) ?? '').replace(/[^\d.]/g, ''))).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it('keeps the places of secondary controls that cannot load, says so, and loads them once back online', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const parts = (url: URL) => /\/assets\/(later-parts|tools-messages)-/.test(url.pathname);
      await page.route(parts, (route) => route.abort());
      page.on('console', () => undefined);
      await page.goto(baseURL);
      await page.getByText('This part could not be loaded. Check your connection and reload the page.').waitFor();
      // The slots are still there (nothing moved up), and the explainer plays.
      expect(await page.locator('.fl-slot--tools').count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Tools' }).count()).toBe(0);
      // Back online: the parts are fetched again and take their places.
      await page.unroute(parts);
      await page.evaluate(`window.dispatchEvent(new Event('online'))`);
      await page.getByRole('button', { name: 'Tools' }).waitFor();
      await page.getByRole('heading', { name: /^Intervene at / }).waitFor();
      expect(await page.locator('.fl-slot').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
