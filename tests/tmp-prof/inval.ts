import { launchChromium, findChromium } from '../browser/chromium';
import { serveBuild } from '../bench/serve';
const dir = process.argv[2]!;
const served = await serveBuild(dir);
const browser = await launchChromium(findChromium());
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(`${served.base}`);
await page.locator('.fl-timeline__svg .fl-lane__line').first().waitFor({ state: 'attached' });
await page.waitForLoadState('networkidle');
await page.waitForTimeout(800);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.getByRole('button', { name: '2×', exact: true }).click();
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline.invalidationTracking', 'blink'] });
await page.getByRole('button', { name: 'Play', exact: true }).click();
await page.waitForTimeout(4000);
const buf = await browser.stopTracing();
const ev = JSON.parse(buf.toString()).traceEvents as any[];
const c = new Map<string, number>();
for (const e of ev) {
  if (!/Invalidation|StyleRecalcInvalidationTracking|LayoutInvalidationTracking|PaintInvalidationTracking/.test(e.name)) continue;
  const d = e.args?.data ?? {};
  const k = `${e.name} ${d.nodeName ?? ''} ${d.reason ?? ''}`;
  c.set(k, (c.get(k) ?? 0) + 1);
}
console.log([...c].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, n]) => `${n} ${k}`).join('\n'));
await browser.close(); await served.close();
