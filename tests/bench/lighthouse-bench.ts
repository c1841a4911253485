/**
 * Lighthouse 12.2.3 (pinned devDependency) on the production build served locally (Vite's preview
 * server), with Lighthouse's default settings: mobile form factor, simulated slow 4G and a 4x
 * slower CPU. Three runs, each in a fresh headless Chromium; the median run (Lighthouse's own
 * `computeMedianRun`: closest to the median FCP and TTI) is reported. Targets (issue 7):
 * performance ≥ 0.98, accessibility 1.0, best practices 1.0, SEO ≥ 0.9. Printed figures, not a test.
 * Beside ours, the floor (issue 15): a static snapshot of our page of the same size, no script,
 * served the same way (`floor.ts`), in the same run: the best score this machine gives such a page.
 *
 *   npx tsx tests/bench/lighthouse-bench.ts        (FL_DIST chooses the build; CHROME_PATH the browser)
 * @module
 */
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { join } from 'node:path';
import { CHROMIUM_ARGS, findChromium, launchChromium } from '../browser/chromium';
import { FLOOR_STATIC, removeFloorPages, writeFloorPages } from './floor';
import { ROOT, serveBuild } from './serve';

/** The figures of one Lighthouse run. Times in ms, sizes in bytes. */
export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  totalBytes: number;
  /** Audits that did not pass in the scored categories other than performance, and performance opportunities. */
  findings: string[];
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function figures(lhr: Result): LighthouseFigures {
  const score = (id: string): number => lhr.categories[id]?.score ?? Number.NaN;
  const value = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
  const findings: string[] = [];
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) findings.push(`${id}: ${audit.id} (${audit.title})`);
    }
  }
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (audit && audit.score !== null && audit.score < 0.9 && audit.details?.type === 'opportunity') findings.push(`performance: ${audit.id} (${audit.displayValue ?? audit.title})`);
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndexMs: value('speed-index'),
    totalBytes: value('total-byte-weight'),
    findings,
  };
}

/** Every run of one page, the median run, and the versions. */
export interface LighthouseRun {
  all: LighthouseFigures[];
  median: LighthouseFigures;
  version: string;
  chromium: string;
}

/**
 * Runs Lighthouse `runs` times on the build in `outDir` (on `path` in it: the floor page is
 * `floor-static.html`, see `floor.ts`); returns every run and the median one.
 */
export async function runLighthouse(runs = 3, outDir?: string, path = ''): Promise<LighthouseRun> {
  const served = await serveBuild(outDir);
  const results: Result[] = [];
  let chromium = '';
  try {
    for (let i = 0; i < runs; i++) {
      const chrome = await chromeLauncher.launch({
        chromePath: findChromium(),
        chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
        logLevel: 'silent',
      });
      try {
        const r = await lighthouse(`${served.base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' });
        if (!r) throw new Error('Lighthouse returned nothing');
        if (r.lhr.runtimeError) throw new Error(`Lighthouse: ${r.lhr.runtimeError.message}`);
        results.push(r.lhr);
        // The user agent string is reduced (156.0.0.0); the DevTools endpoint has the full version.
        const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser?: string };
        chromium = version.Browser?.replace(/^\D*\//, '') ?? '';
      } finally {
        await chrome.kill();
      }
    }
  } finally {
    await served.close();
  }
  const median = computeMedianRun(results);
  return { all: results.map(figures), median: figures(median), version: results[0]?.lighthouseVersion ?? '?', chromium };
}

const pct = (n: number): string => n.toFixed(2);

/**
 * Prints the median run's figures and whether each score meets its target; with `floor` (the static
 * floor page's runs, same server, same run), the floor's performance score and timings beside ours.
 */
export function printLighthouse(r: LighthouseRun, floor?: LighthouseRun, heading = 'lighthouse'): void {
  const m = r.median;
  const ok = (v: number, min: number): string => (v >= min ? 'ok' : 'MISSES');
  console.log(`${heading} ${r.version} (Chromium ${r.chromium}), mobile defaults, median of ${r.all.length} runs:`);
  console.log(
    `  performance ${pct(m.performance)} (${ok(m.performance, 0.98)} ≥ 0.98), accessibility ${pct(m.accessibility)} (${ok(m.accessibility, 1)} = 1), ` +
      `best practices ${pct(m.bestPractices)} (${ok(m.bestPractices, 1)} = 1), SEO ${pct(m.seo)} (${ok(m.seo, 0.9)} ≥ 0.9)`,
  );
  console.log(
    `  FCP ${Math.round(m.fcpMs)} ms, LCP ${Math.round(m.lcpMs)} ms, TBT ${Math.round(m.tbtMs)} ms, CLS ${m.cls.toFixed(3)}, ` +
      `Speed Index ${Math.round(m.speedIndexMs)} ms, total transfer ${(m.totalBytes / 1024).toFixed(1)} KB`,
  );
  console.log(`  every run: performance ${r.all.map((x) => pct(x.performance)).join(', ')}; LCP ${r.all.map((x) => Math.round(x.lcpMs)).join(', ')} ms`);
  for (const f of m.findings) console.log(`  not passing: ${f}`);
  if (floor) {
    const f = floor.median;
    console.log(
      `  floor (a static snapshot of the page, no script, same server): performance ${pct(f.performance)} ` +
        `(every run ${floor.all.map((x) => pct(x.performance)).join(', ')}); FCP ${Math.round(f.fcpMs)} ms, LCP ${Math.round(f.lcpMs)} ms, TBT ${Math.round(f.tbtMs)} ms, ` +
        `total transfer ${(f.totalBytes / 1024).toFixed(1)} KB; ours - floor: performance ${(m.performance - f.performance).toFixed(2)}, LCP ${Math.round(m.lcpMs - f.lcpMs)} ms`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const runs = Math.max(1, Number(process.argv[2] ?? 3));
  const dir = process.env.FL_DIST ?? join(ROOT, 'dist');
  const browser = await launchChromium(findChromium());
  const served = await serveBuild(dir);
  try {
    await writeFloorPages(browser, served.base, dir);
  } finally {
    await served.close();
    await browser.close();
  }
  try {
    const ours = await runLighthouse(runs, dir);
    printLighthouse(ours, await runLighthouse(runs, dir, FLOOR_STATIC));
  } finally {
    removeFloorPages(dir);
  }
}
