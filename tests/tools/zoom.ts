/**
 * Zoomed crops of the timeline for reviewing label placement by eye: opens a scenario at a time in a
 * running preview and saves the given part of the page at 3x.
 *
 *   BASE=http://127.0.0.1:4613/ npx tsx tests/tools/zoom.ts SCENARIO T WIDTHxHEIGHT X,Y,W,H OUT.png [presenter]
 * @module
 */
import { findChromium, launchChromium } from '../browser/chromium';
import { openRun } from './open-run';

const [scenario = 'seed', t = '60000', size = '1280x800', clip = '0,0,1280,800', file = '/tmp/zoom.png', presenter] = process.argv.slice(2);
const base = process.env.BASE ?? 'http://127.0.0.1:4613/';
const [w, h] = size.split('x').map(Number) as [number, number];
const [x, y, cw, ch] = clip.split(',').map(Number) as [number, number, number, number];
const browser = await launchChromium(findChromium());
try {
  const mobile = w < 600;
  const context = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: 3, hasTouch: mobile, isMobile: mobile });
  const page = await context.newPage();
  await openRun(page, base, scenario, t, { presenter: Boolean(presenter), mobile });
  await page.screenshot({ path: file, clip: { x, y, width: cw, height: ch } });
  console.log(file);
} finally {
  await browser.close();
}
