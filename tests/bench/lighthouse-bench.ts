/**
 * Lighthouse 12.2.3 (pinned devDependency) on the production build served locally (Vite's preview
 * server), with Lighthouse's default settings: mobile form factor, simulated slow 4G and a 4x
 * slower CPU. Three runs, each in a fresh headless Chromium, alternating with the floor page's
 * ({@link runLighthouseAlternating}); the median run (Lighthouse's own
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
import { ROOT, median as medianOf, serveBuild } from './serve';

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

/** Every run of one page, the median run, the median of each figure, and the versions. */
export interface LighthouseRun {
  all: LighthouseFigures[];
  /** Lighthouse's median run (`computeMedianRun`: the run closest to the median FCP and TTI). */
  median: LighthouseFigures;
  /** The median of each figure over the runs, taken separately (the TBT median is not the median run's TBT). */
  medians: Pick<LighthouseFigures, 'performance' | 'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls' | 'speedIndexMs'>;
  version: string;
  chromium: string;
}

/** One Lighthouse run of `url` in a fresh headless Chromium; also returns that Chromium's version. */
async function runOnce(url: string): Promise<{ lhr: Result; chromium: string }> {
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    logLevel: 'silent',
  });
  try {
    const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    if (!r) throw new Error('Lighthouse returned nothing');
    if (r.lhr.runtimeError) throw new Error(`Lighthouse: ${r.lhr.runtimeError.message}`);
    // The user agent string is reduced (156.0.0.0); the DevTools endpoint has the full version.
    const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser?: string };
    return { lhr: r.lhr, chromium: version.Browser?.replace(/^\D*\//, '') ?? '' };
  } finally {
    await chrome.kill();
  }
}

function summarise(results: Result[], chromium: string): LighthouseRun {
  const median = computeMedianRun(results);
  const all = results.map(figures);
  const of = (f: (x: LighthouseFigures) => number): number => medianOf(all.map(f));
  const medians = {
    performance: of((x) => x.performance),
    fcpMs: of((x) => x.fcpMs),
    lcpMs: of((x) => x.lcpMs),
    tbtMs: of((x) => x.tbtMs),
    cls: of((x) => x.cls),
    speedIndexMs: of((x) => x.speedIndexMs),
  };
  return { all, median: figures(median), medians, version: results[0]?.lighthouseVersion ?? '?', chromium };
}

/**
 * Runs Lighthouse `runs` times on the build in `outDir` (on `path` in it: the floor page is
 * `floor-static.html`, see `floor.ts`); returns every run and the median one.
 */
export async function runLighthouse(runs = 3, outDir?: string, path = ''): Promise<LighthouseRun> {
  return (await runLighthouseAlternating([{ label: 'page', dir: outDir, path }], runs)).get('page')!;
}

/** A page for {@link runLighthouseAlternating}: a build directory and a path in it. */
export interface LighthouseTarget {
  label: string;
  /** The build directory (default FL_DIST or dist/). */
  dir?: string | undefined;
  /** The page in it ('' for the app, `floor-static.html` for the floor). */
  path?: string;
}

/**
 * Runs Lighthouse `runs` times on each target, alternating (ours, floor, ours, floor, ...), so that a
 * change in the machine's load while it runs falls on every page alike; each build directory is
 * served once for all its pages.
 * @returns each target's runs and median run, by label
 */
export async function runLighthouseAlternating(targets: readonly LighthouseTarget[], runs = 3): Promise<Map<string, LighthouseRun>> {
  const servers = new Map<string, Awaited<ReturnType<typeof serveBuild>>>();
  const results = new Map<string, Result[]>(targets.map((t) => [t.label, []]));
  let chromium = '';
  try {
    for (const t of targets) {
      const key = t.dir ?? '';
      if (!servers.has(key)) servers.set(key, await serveBuild(t.dir));
    }
    for (let i = 0; i < runs; i++) {
      for (const t of targets) {
        const r = await runOnce(`${servers.get(t.dir ?? '')!.base}${t.path ?? ''}`);
        results.get(t.label)!.push(r.lhr);
        chromium = r.chromium;
      }
    }
  } finally {
    for (const s of servers.values()) await s.close();
  }
  return new Map([...results].map(([label, rs]) => [label, summarise(rs, chromium)]));
}

const pct = (n: number): string => n.toFixed(2);

/**
 * Prints the median run's figures and whether each score meets its target; with `floor` (the static
 * floor page's runs, same server, same run), the floor's performance score and timings beside ours.
 */
export function printLighthouse(r: LighthouseRun, floor?: LighthouseRun, heading = 'lighthouse'): void {
  const m = r.median;
  const d = r.medians;
  const ok = (v: number, min: number): string => (v >= min ? 'ok' : 'MISSES');
  const ms = (x: number): string => `${Math.round(x)}`;
  const each = (x: LighthouseRun, f: (y: LighthouseFigures) => number, fmt: (n: number) => string = ms): string => x.all.map((y) => fmt(f(y))).join(', ');
  console.log(`${heading} ${r.version} (Chromium ${r.chromium}), mobile defaults, ${r.all.length} runs${floor ? ' alternating with the floor' : ''}:`);
  console.log(
    `  medians: performance ${pct(d.performance)} (${ok(d.performance, 0.98)} ≥ 0.98), FCP ${ms(d.fcpMs)} ms, LCP ${ms(d.lcpMs)} ms, ` +
      `TBT ${ms(d.tbtMs)} ms (${d.tbtMs <= 100 ? 'ok' : 'MISSES'} ≤ 100), CLS ${d.cls.toFixed(3)}, Speed Index ${ms(d.speedIndexMs)} ms`,
  );
  console.log(`  each run: performance ${each(r, (y) => y.performance, pct)}; TBT ${each(r, (y) => y.tbtMs)} ms; LCP ${each(r, (y) => y.lcpMs)} ms`);
  console.log(
    `  median run: accessibility ${pct(m.accessibility)} (${ok(m.accessibility, 1)} = 1), best practices ${pct(m.bestPractices)} (${ok(m.bestPractices, 1)} = 1), ` +
      `SEO ${pct(m.seo)} (${ok(m.seo, 0.9)} ≥ 0.9), total transfer ${(m.totalBytes / 1024).toFixed(1)} KB`,
  );
  for (const f of m.findings) console.log(`  not passing: ${f}`);
  if (floor) {
    const f = floor.medians;
    console.log(
      `  floor (a static snapshot of the page, no script, same server): medians performance ${pct(f.performance)}, FCP ${ms(f.fcpMs)} ms, LCP ${ms(f.lcpMs)} ms, TBT ${ms(f.tbtMs)} ms; ` +
        `each run: performance ${each(floor, (y) => y.performance, pct)}; TBT ${each(floor, (y) => y.tbtMs)} ms`,
    );
    console.log(`  ours/floor: performance ${(d.performance / f.performance).toFixed(2)}, LCP ${(d.lcpMs / f.lcpMs).toFixed(2)}; TBT ours - floor ${ms(d.tbtMs - f.tbtMs)} ms`);
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
    const r = await runLighthouseAlternating([{ label: 'ours', dir }, { label: 'floor', dir, path: FLOOR_STATIC }], runs);
    printLighthouse(r.get('ours')!, r.get('floor'));
  } finally {
    removeFloorPages(dir);
  }
}
