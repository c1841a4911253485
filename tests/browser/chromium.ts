/**
 * Finds and launches Debian's Chromium for the browser tests (Playwright's own browser download is
 * not available here). Missing Chromium is an error, never a silent skip.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

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

/** Launches headless Chromium at `path`. */
export function launchChromium(path: string): Promise<Browser> {
  return chromium.launch({ executablePath: path, headless: true, args: CHROMIUM_ARGS });
}
