/**
 * Makes the screenshots of each key moment of the seed's story (docs/story/*.png, issue 40): a
 * reader's path through the story with the forward control (Play, "Continue"), answering each
 * question with its first answer, at 1280x800 and on a 360x740 phone. One file per stop:
 * `seed-<width>x<height>-<nn>.png`, with the caption's title listed in `docs/story/README.md`.
 *
 *   npx vite build && npx vite preview --port 4613 --host 127.0.0.1 &
 *   npx tsx tests/tools/story-screenshots.ts       (BASE=http://127.0.0.1:4613/ OUT=docs/story)
 * @module
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { findChromium, launchChromium } from '../browser/chromium';
import { explainerLoaded, settled } from '../browser/settle';

const base = process.env.BASE ?? 'http://127.0.0.1:4613/';
const out = process.env.OUT ?? 'docs/story';
const sizes = [
  { w: 1280, h: 800 },
  { w: 360, h: 740 },
];

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  const lines = ['# The seed\'s story, stop by stop', '', 'Made by `tests/tools/story-screenshots.ts` (see its header).', ''];
  const browser = await launchChromium(findChromium());
  try {
    for (const { w, h } of sizes) {
      const mobile = w < 600;
      const context = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: 1, hasTouch: mobile, isMobile: mobile });
      await context.addInitScript(() => localStorage.clear());
      const page = await context.newPage();
      await page.goto(base);
      await explainerLoaded(page);
      lines.push(`## ${w}x${h}`, '');
      const forward = page.locator('.fl-play');
      for (let n = 0; n < 40; n++) {
        const title = (await page.locator('.fl-caption__title').first().innerText()).replace(/\s+/g, ' ').trim();
        const file = `seed-${w}x${h}-${String(n).padStart(2, '0')}.png`;
        await page.screenshot({ path: `${out}/${file}` });
        lines.push(`${n}. [${title}](${file})`);
        console.log(`${out}/${file}: ${title}`);
        if ((await forward.getAttribute('aria-label')) === 'Play again') break;
        const answer = page.locator('.fl-story__answer').first();
        if (await answer.isVisible()) await answer.click();
        else await forward.click();
        await page.waitForFunction(`document.querySelector('.fl-play')?.getAttribute('aria-label') !== 'Pause'`, undefined, { timeout: 60_000 });
        await settled(page);
      }
      lines.push('');
      await context.close();
    }
  } finally {
    await browser.close();
  }
  writeFileSync(`${out}/README.md`, lines.join('\n'));
}

await main();
