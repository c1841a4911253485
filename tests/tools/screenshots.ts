/**
 * Makes the README's screenshots (docs/screenshots/*.png) from a running preview of the production
 * build: the seed, the three-client scenario and the partition scenario at the end of their runs,
 * at 1280x800, on a 360x740 phone (scrolled to the timeline, as when playing) and in presenter mode
 * at 1920x1080.
 *
 *   npx vite build && npx vite preview --port 4613 --host 127.0.0.1 &
 *   npx tsx tests/tools/screenshots.ts            (BASE=http://127.0.0.1:4613/ OUT=docs/screenshots)
 * @module
 */
import { findChromium, launchChromium } from '../browser/chromium';
import { openRun } from './open-run';

const base = process.env.BASE ?? 'http://127.0.0.1:4613/';
const out = process.env.OUT ?? 'docs/screenshots';
const scenarios = ['seed', 'jepsen-three-clients', 'partition-lease-service'];
const sizes = [
  { w: 1280, h: 800, presenter: false },
  { w: 360, h: 740, presenter: false },
  { w: 1920, h: 1080, presenter: true },
];

async function main(): Promise<void> {
  const browser = await launchChromium(findChromium());
  try {
    for (const s of scenarios) {
      for (const { w, h, presenter } of sizes) {
        const mobile = w < 600;
        const context = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: 1, hasTouch: mobile, isMobile: mobile });
        const page = await context.newPage();
        // t past the end opens each run at its end, every mark drawn.
        await openRun(page, base, s, 60000, { presenter, mobile });
        const file = `${out}/${s}-${presenter ? 'presenter-' : ''}${w}x${h}.png`;
        await page.screenshot({ path: file });
        console.log(file);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
