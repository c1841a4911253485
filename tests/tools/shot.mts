import { findChromium, launchChromium } from '../browser/chromium';
import { explainerLoaded, settled } from '../browser/settle';
const base = process.env.BASE ?? 'http://127.0.0.1:4613/';
const [w, h] = (process.env.SIZE ?? '360x740').split('x').map(Number);
const browser = await launchChromium(findChromium());
const mobile = w! < 600;
const context = await browser.newContext({ viewport: { width: w!, height: h! }, deviceScaleFactor: 1, hasTouch: mobile, isMobile: mobile });
const page = await context.newPage();
for (const q of process.argv.slice(2)) {
  await page.goto(base + q);
  await explainerLoaded(page);
  await settled(page);
  await page.waitForTimeout(800);
  const file = `/tmp/shots/${q.replace(/[^a-z0-9]+/gi, '_')}-${w}.png`;
  const fig = page.locator('.fl-timeline').first();
  await fig.screenshot({ path: file });
  console.log(file);
}
await browser.close();
