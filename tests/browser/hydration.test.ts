/**
 * The prerendered first screen (issue 15), in real Chromium on the production build:
 * - without JavaScript the HTML reads as the explainer's first screen;
 * - the default page is hydrated (React keeps the very DOM nodes the HTML made) with no hydration
 *   error or warning of any kind, also once the secondary controls' chunk has hydrated its parts,
 *   and also with a remembered dark theme;
 * - a deep link, an embed and a German reader are not hydrated against the default page's HTML:
 *   it is hidden before it paints, and the page is rendered afresh, as the URL asks.
 * Any console message about hydration fails a test: React's own ("Hydration failed…", "did not
 * match", minified errors #418–#425 in production) and the page's `onRecoverableError` report.
 * Production React reports only mismatched text and structure; a development build also reports
 * mismatched attributes, and the same test runs on one:
 *   NODE_ENV=development npx vite build --mode development --outDir /tmp/dev-dist
 *   FL_DIST=/tmp/dev-dist npx vitest run --project browser tests/browser/hydration.test.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserIdle, explainerLoaded, launchForFile, patientPolls } from './settle';
import { openTools } from './tools';

const baseURL = inject('baseURL');
patientPolls();
let browser: Browser;
launchForFile((b) => (browser = b));

/** A console message about hydration (React's, or the page's onRecoverableError report). */
const HYDRATION = /hydrat|did not match|didn't match|server rendered|recoverable|react\.dev\/errors\/4(18|19|20|21|22|23|25)\b|Minified React error #4(18|19|20|21|22|23|25)\b/i;

// Notes, as the HTML parser makes them: whether the prerendered root is displayed when parsing ends
// (before any module script runs), and a mark on the prerendered header element, to find it again
// after hydration. A string: tsx would wrap a function's inner closures in a helper the page lacks.
const WATCH_PARSE = `
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    const root = document.getElementById('root');
    window.__flParsed = {
      prerendered: !!root && root.hasAttribute('data-fl-prerendered'),
      shown: !!root && getComputedStyle(root).display !== 'none',
      theme: document.documentElement.getAttribute('data-theme'),
    };
    const header = document.querySelector('#root .fl-header');
    if (header) header.__flFromHtml = true;
    window.__flButtons = [...document.querySelectorAll('#root button')];
    // The story bar's box in the first frame (the stylesheets in <head> hold that frame back).
    requestAnimationFrame(() => {
      const r = document.querySelector('#root .fl-story')?.getBoundingClientRect();
      window.__flStoryBox = r ? { top: Math.round(r.top), height: Math.round(r.height) } : null;
    });
  });
`;

interface Opened {
  context: BrowserContext;
  page: Page;
  /** Console errors and warnings, and page errors. */
  problems: string[];
}

async function open(path: string, options: { locale?: string; init?: string; width?: number } = {}): Promise<Opened> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 800 }, locale: options.locale ?? 'en-US' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning' || HYDRATION.test(m.text())) problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  if (options.init) await page.addInitScript(options.init);
  await page.addInitScript(WATCH_PARSE);
  await page.goto(new URL(path, baseURL).href);
  await page.locator('html[data-fl-live]').waitFor({ state: 'attached' });
  return { context, page, problems };
}

/**
 * Waits until every part loaded after the first screen is in (and hydrated: React has every
 * control), the "Go further" tabs too where the page has them (they are mounted when the browser is
 * idle), and the page is at rest.
 */
async function settle(page: Page, { further = true }: { further?: boolean } = {}): Promise<void> {
  await page.waitForLoadState('networkidle');
  await explainerLoaded(page, { further });
  await browserIdle(page);
}

const parsed = (page: Page) => page.evaluate('window.__flParsed') as Promise<{ prerendered: boolean; shown: boolean; theme: string | null }>;

describe('the prerendered first screen', () => {
  it('reads as the explainer without JavaScript', async () => {
    const html = readFileSync(join(process.env.FL_DIST ?? join(import.meta.dirname, '..', '..', 'dist'), 'index.html'), 'utf8');
    expect(html).toContain('<div id="root" data-fl-prerendered>');
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(baseURL);
      const text = await page.locator('body').innerText();
      for (const words of ['Fencing Lab', 'Client 1 pauses for garbage collection', 'Storage checks tokens', 'Press Play to start the story', 'Highest token seen', 'Intervene at 0.0 s', 'Tools']) {
        expect(text.toLowerCase()).toContain(words.toLowerCase());
      }
      expect(await page.getByRole('button', { name: 'Play', exact: true }).count()).toBe(1);
      // The timeline's picture is drawn once measured; its space is there (nothing moves when it comes).
      const box = await page.locator('.fl-timeline__scroll').boundingBox();
      expect(box?.height).toBeGreaterThan(300);
    } finally {
      await context.close();
    }
  });

  it('is hydrated on the default page, keeping its DOM, with no hydration error', async () => {
    const { context, page, problems } = await open('./');
    try {
      expect(await parsed(page)).toMatchObject({ prerendered: true, shown: true });
      expect(await page.getAttribute('html', 'data-fl-live')).toBe('hydrated');
      await settle(page);
      // The header element React works with is the one the HTML made: hydrated, not replaced.
      expect(await page.evaluate(`document.querySelector('#root .fl-header').__flFromHtml === true`)).toBe(true);
      // So is every button of the HTML, also those of parts whose chunk came after hydration began
      // (a Suspense boundary that receives new elements before its chunk is in is rendered afresh).
      const buttons = (await page.evaluate(`(() => { const b = window.__flButtons; return { all: b.length, replaced: b.filter((x) => !x.isConnected).map((x) => x.getAttribute('aria-label') || x.textContent) }; })()`)) as { all: number; replaced: string[] };
      expect(buttons.all).toBeGreaterThan(15);
      expect(buttons.replaced).toEqual([]);
      // The parts of chunks loaded on demand keep their shape: their styles were there for the first frame.
      const story = await page.evaluate(`(() => { const r = document.querySelector('#root .fl-story').getBoundingClientRect(); return { top: Math.round(r.top), height: Math.round(r.height) }; })()`);
      expect(await page.evaluate('window.__flStoryBox')).toEqual(story);
      // The parts of the secondary controls' chunk are hydrated and work (Library in the Tools panel, issue 40).
      await openTools(page);
      await page.getByRole('button', { name: 'Library' }).click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      // The timeline is drawn and Play plays.
      await page.locator('.fl-timeline .fl-lane__line').first().waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Play', exact: true }).click();
      await expect.poll(() => page.locator('.fl-time__now').textContent()).not.toBe('0.0 s');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('holds a click on Play made before the script has run, and plays once hydrated', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      // The app's entry (the start script requests it after the first paint) is held back until released.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let requested = false;
      await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
        requested = true;
        await held;
        await route.continue();
      });
      await page.goto(baseURL);
      const play = page.getByRole('button', { name: 'Play', exact: true });
      await play.waitFor();
      await page.waitForFunction(() => document.readyState !== 'loading');
      expect(await page.getAttribute('html', 'data-fl-live')).toBeNull();
      await play.click();
      expect(await page.getAttribute('html', 'data-fl-live')).toBeNull();
      await expect.poll(() => requested).toBe(true);
      release();
      await page.locator('html[data-fl-live="hydrated"]').waitFor({ state: 'attached' });
      // The held click reached the hydrated Play: the run plays.
      await expect.poll(() => page.locator('.fl-time__now').textContent()).not.toBe('0.0 s');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('is hydrated with a remembered dark theme, set before the first paint', async () => {
    const { context, page, problems } = await open('./', { init: `try { localStorage.setItem('fencing-lab.theme', 'dark'); } catch {}` });
    try {
      expect(await parsed(page)).toMatchObject({ prerendered: true, shown: true, theme: 'dark' });
      expect(await page.getAttribute('html', 'data-fl-live')).toBe('hydrated');
      await settle(page);
      await openTools(page);
      expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('is hydrated at a phone width, with no hydration error', async () => {
    const { context, page, problems } = await open('./', { width: 360 });
    try {
      expect(await page.getAttribute('html', 'data-fl-live')).toBe('hydrated');
      await settle(page);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  for (const [what, path, options, check] of [
    ['a deep link', './?scenario=network-delay&t=2000', {}, async (page: Page) => {
      expect(await page.locator('.fl-picker select').inputValue()).toBe('network-delay');
      expect(await page.locator('.fl-time__now').textContent()).toBe('2.0 s');
    }],
    ['an embed', './?embed=1', {}, async (page: Page) => {
      expect(await page.locator('.fl-header').count()).toBe(0);
      expect(await page.locator('.fl-app--embed').count()).toBe(1);
    }],
    ['a German reader', './', { locale: 'de-DE' }, async (page: Page) => {
      expect(await page.getAttribute('html', 'lang')).toBe('de');
      expect(await page.getByRole('button', { name: 'Abspielen', exact: true }).count()).toBe(1);
    }],
  ] as const) {
    it(`is not hydrated for ${what}: hidden before it paints, then rendered afresh`, async () => {
      const { context, page, problems } = await open(path, options);
      try {
        expect(await parsed(page)).toMatchObject({ prerendered: true, shown: false });
        expect(await page.getAttribute('html', 'data-fl-live')).toBe('rendered');
        // An embed has no "Go further" tabs.
        await settle(page, { further: !path.includes('embed=1') });
        await check(page);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
