/**
 * Finds and launches Debian's Chromium for the browser tests (Playwright's own browser download is
 * not available here). Missing Chromium is an error, never a silent skip.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/** The sentence shown when no browser is found; the README says the same. */
export const NO_CHROMIUM =
  'Browser tests need Chromium: install the Debian package `chromium` (apt-get install -y chromium) or set CHROME_PATH to a Chromium binary.';

/**
 * The path of the Chromium binary: `CHROME_PATH`, else `/usr/bin/chromium`, else `/usr/bin/chromium-browser`.
 * @throws Error with {@link NO_CHROMIUM} when none exists.
 */
export function findChromium(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (p): p is string => Boolean(p),
  );
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(NO_CHROMIUM);
  return found;
}

/** Flags that keep headless Chromium quiet on a machine with a closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * Launches headless Chromium at `path`. The story stops playback at key moments by default
 * (`src/story/StoryBar.tsx`); unless `storyStops` is true, every page of this browser starts with
 * the stops turned off (as a learner who turned them off), so tests that play a run through keep
 * doing so. `tests/browser/story.test.ts` keeps them on.
 */
export async function launchChromium(path: string, { storyStops = false }: { storyStops?: boolean } = {}): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: path, headless: true, args: CHROMIUM_ARGS });
  if (storyStops) return browser;
  const off = () => {
    try {
      localStorage.setItem('fencing-lab:story-stops', 'off');
    } catch {
      // storage not allowed here: the stops stay on, as for a learner
    }
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(off);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    await page.addInitScript(off);
    return page;
  };
  return browser;
}

/**
 * Waits until React has every button and input of the page: on the prerendered page (issue 15)
 * their HTML is there, and clickable, before the chunk of their part has hydrated it. Every
 * element React renders or hydrates carries its `__reactProps$…` key. Times out after `timeout` ms
 * (a part whose chunk cannot load keeps its HTML unhydrated), without failing.
 */
export async function reactHasControls(page: Page, timeout = 20_000): Promise<void> {
  await page
    .waitForFunction(`[...document.querySelectorAll('#root button, #root input, #root select')].every((el) => Object.keys(el).some((k) => k.startsWith('__reactProps$')))`, undefined, { timeout })
    .catch(() => undefined);
}
