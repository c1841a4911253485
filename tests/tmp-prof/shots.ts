import { readFileSync, writeFileSync } from 'node:fs';
import { launchChromium, findChromium } from '../browser/chromium';
import { serveBuild } from '../bench/serve';
const [a, b] = [process.argv[2]!, process.argv[3]!];
const browser = await launchChromium(findChromium());
const shots: Record<string, Buffer[]> = {};
for (const dir of [a, b]) {
  const served = await serveBuild(dir);
  for (const t of [2500, 9000, 12000, 16000, 21600]) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${served.base}?t=${t}`);
    await page.locator('.fl-timeline__svg .fl-lane__line').first().waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1200);
    const png = await page.locator('.fl-timeline').screenshot({ animations: 'disabled' });
    const cap = await page.locator('.fl-caption').screenshot({ animations: 'disabled' });
    (shots[t] ??= []).push(png, cap);
    writeFileSync(`/tmp/i15c-shot-${dir.split('/').pop()}-${t}.png`, png);
    await page.close();
  }
  await served.close();
}
for (const [t, [p1, c1, p2, c2]] of Object.entries(shots)) console.log(t, 'timeline', p1!.equals(p2!) ? 'identical' : 'DIFFERENT', 'caption', c1!.equals(c2!) ? 'identical' : 'DIFFERENT');
await browser.close();
