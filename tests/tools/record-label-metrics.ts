/**
 * Records the metrics Chromium gives every timeline label text into
 * `tests/fixtures/label-metrics.json` (see `tests/label-metrics.ts`), measured as the page measures
 * them (`Marks.tsx`: a canvas's `measureText` in the timeline's font).
 *
 *   npx vite build && npx vite preview --port 4613 --host 127.0.0.1 &
 *   npx tsx tests/tools/record-label-metrics.ts          # BASE=http://127.0.0.1:4613/ by default
 *
 * Texts are collected by laying out every built-in with the recording so far (rough metrics for
 * texts not yet measured), measured, and collected again until a pass finds no new text: a label
 * shortened to fit is measured in its short form too.
 * @module
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'vite';
import { findChromium, launchChromium } from '../browser/chromium';
import type * as Metrics from '../label-metrics';
import type { LabelMetrics } from '../label-metrics';

// The layout code imports the message catalogues through the build's plugins (`virtual:` modules):
// loaded through Vite, as the tests load it.
const vite = await createServer({ logLevel: 'error', server: { middlewareMode: true, hmr: false }, appType: 'custom' });
const { METRICS_FILE, measuredTexts, metricsKey, recordedOrRough } = (await vite.ssrLoadModule('/tests/label-metrics.ts')) as typeof Metrics;

const base = process.env.BASE ?? 'http://127.0.0.1:4613/';
const browser = await launchChromium(findChromium());
try {
  const page = await browser.newPage();
  await page.goto(base);
  await page.locator('.fl-timeline__svg').waitFor({ state: 'attached' });
  const family = (await page.evaluate("getComputedStyle(document.querySelector('.fl-timeline__svg')).fontFamily")) as string;
  const texts: LabelMetrics['texts'] = {};
  for (let pass = 1; pass <= 5; pass++) {
    const todo = measuredTexts(recordedOrRough(texts)).filter(([text, px, w]) => !(metricsKey(text, px, w) in texts));
    console.log(`pass ${pass}: ${todo.length} new texts`);
    if (todo.length === 0) break;
    const measured = (await page.evaluate(
      ([list, fam]) => {
        const ctx = document.createElement('canvas').getContext('2d')!;
        return list.map(([text, px, weight]) => {
          ctx.font = `${weight} ${px}px ${fam}`;
          const r = ctx.measureText(text);
          return [r.width, r.fontBoundingBoxAscent || px * 0.93, r.fontBoundingBoxDescent || px * 0.24];
        });
      },
      [todo, family] as const,
    )) as [number, number, number][];
    todo.forEach(([text, px, w], i) => (texts[metricsKey(text, px, w)] = measured[i]!));
  }
  const sorted = Object.fromEntries(Object.entries(texts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const out: LabelMetrics = { family, chromium: browser.version(), texts: sorted };
  // One text a line, so that a change of wording shows as a change of lines.
  const lines = Object.entries(sorted).map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  writeFileSync(METRICS_FILE, `{\n  "family": ${JSON.stringify(family)},\n  "chromium": ${JSON.stringify(out.chromium)},\n  "texts": {\n${lines.join(',\n')}\n  }\n}\n`);
  console.log(`${Object.keys(sorted).length} texts in ${family} (Chromium ${out.chromium}) -> ${METRICS_FILE}`);
} finally {
  await browser.close();
  await vite.close();
}
