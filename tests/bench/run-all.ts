/**
 * `npm run bench`: every benchmark of issue 7, on a fresh production build, with printed figures.
 * Timing benchmarks are never part of `npm test` (figures vary with the machine); the size budgets
 * and the idle test are.
 *
 * 1. builds the app (normal and single-file) into a temporary directory, unless FL_DIST is set;
 * 2. size budgets (`tests/budget/check-budgets.ts`), for reference;
 * 3. model speed (`model-bench.ts`);
 * 4. schedule explorer (`explorer-bench.ts`);
 * 5. playback smoothness and scrubbing in Chromium, CPU slowed 4x (`frames-bench.ts`);
 * 6. Lighthouse, mobile defaults, median of 3 runs (`lighthouse-bench.ts`).
 *
 *   npm run bench                 print everything
 *   npm run bench -- --write      also rewrite the generated part of BENCHMARKS.md
 *   npm run bench -- --skip-lighthouse
 *   npm run bench -- --before DIR  also measure frames and Lighthouse of another build (e.g. main's
 *                                  `dist/`) in the same run, for a before/after on the same machine
 *
 * Frames and Lighthouse are measured with a floor page in the same run (`floor.ts`, issue 15): a
 * snapshot of our page of the same size, static for Lighthouse, with one element moved by a
 * transform for the frames; the ratios ours/floor are what stays comparable on a busy machine.
 * @module
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { findChromium, launchChromium } from '../browser/chromium';
import { FLOOR_STATIC, removeFloorPages, writeFloorPages } from './floor';
import { printFrameStats, ratio, runFrameBenchmarks, type FrameRun } from './frames-bench';
import { printLighthouse, runLighthouse, type LighthouseRun } from './lighthouse-bench';
import { printModelTimings, runModelBenchmarks, type ModelTiming } from './model-bench';
import { ROOT, serveBuild } from './serve';

const argv = process.argv.slice(2);
const args = new Set(argv);
const beforeAt = argv.indexOf('--before');
/** Another build's directory to measure beside this one (`--before DIR`). */
const beforeDir = beforeAt >= 0 ? argv[beforeAt + 1] : undefined;

/** Runs a script of this repository with tsx and returns what it printed (it may exit non-zero). */
function runScript(script: string, env: Record<string, string> = {}): string {
  try {
    return execFileSync(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), script], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    return `${err.stdout ?? ''}${err.stderr ?? ''}`;
  }
}

async function main(): Promise<void> {
  const started = new Date();
  let tmp: string | undefined;
  let dist = process.env.FL_DIST;
  let single = process.env.FL_SINGLE;
  if (!dist) {
    tmp = mkdtempSync(join(tmpdir(), 'fencing-lab-bench-'));
    dist = join(tmp, 'dist');
    console.log(`building into ${tmp} ...`);
    await build({ root: ROOT, logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
    await build({ root: ROOT, logLevel: 'warn', mode: 'single', build: { outDir: join(tmp, 'single'), emptyOutDir: true } });
    single = join(tmp, 'single', 'index.html');
  }
  try {
    const budget = runScript('tests/budget/check-budgets.ts', { FL_DIST: dist, ...(single ? { FL_SINGLE: single } : {}) });
    console.log(budget.trimEnd());
    console.log();

    const model = runModelBenchmarks();
    printModelTimings(model);
    console.log();

    const explorer = runScript('tests/bench/explorer-bench.ts');
    console.log(explorer.trimEnd());
    console.log();

    // The floor pages: a snapshot of this build's page, written beside it (removed at the end).
    const floorPage = await snapshotFloor(dist);
    console.log(`floor page: a snapshot of the default page, ${floorPage.elements} elements, ${(floorPage.chars / 1024).toFixed(1)} KB of HTML, scripts removed`);
    const frames = await runFrameBenchmarks(dist, beforeDir);
    printFrameStats(frames.chromium, frames.results, frames.floor);
    if (frames.before) printFrameStats(frames.chromium, frames.before, frames.floor, `frames, before (${beforeDir})`);
    console.log();

    let lighthouse: LighthouseRuns | undefined;
    if (!args.has('--skip-lighthouse')) {
      const ours = await runLighthouse(3, dist);
      const floor = await runLighthouse(3, dist, FLOOR_STATIC);
      const before = beforeDir ? await runLighthouse(3, beforeDir) : undefined;
      lighthouse = { ours, floor, ...(before ? { before } : {}) };
      printLighthouse(ours, floor);
      if (before) printLighthouse(before, floor, `lighthouse, before (${beforeDir})`);
    }

    if (args.has('--write')) {
      writeBenchmarks({ started, budget, model, explorer, frames, lighthouse, floorPage });
      console.log('\nwrote BENCHMARKS.md');
    }
  } finally {
    removeFloorPages(dist);
    if (tmp && existsSync(tmp)) rmSync(tmp, { recursive: true, force: true });
  }
}

/** Lighthouse's runs of this build, of the floor page and (with `--before`) of the other build. */
interface LighthouseRuns {
  ours: LighthouseRun;
  floor: LighthouseRun;
  before?: LighthouseRun;
}

/** Writes the floor pages into `dist` from a snapshot of its default page. */
async function snapshotFloor(dist: string): Promise<{ chars: number; elements: number }> {
  const served = await serveBuild(dist);
  const browser = await launchChromium(findChromium());
  try {
    return await writeFloorPages(browser, served.base, dist);
  } finally {
    await browser.close();
    await served.close();
  }
}

const START = '<!-- bench:start (generated by `npm run bench -- --write`; edit outside these markers) -->';
const END = '<!-- bench:end -->';

/** Rewrites the generated part of BENCHMARKS.md (between the markers), keeping everything else. */
function writeBenchmarks(r: {
  started: Date;
  budget: string;
  model: ModelTiming[];
  explorer: string;
  frames: FrameRun;
  lighthouse: LighthouseRuns | undefined;
  floorPage: { chars: number; elements: number };
}): void {
  const f1 = (n: number): string => n.toFixed(1);
  const cpu = cpus();
  const lines: string[] = [
    START,
    `## Latest run: ${r.started.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GB, ` +
      `load average ${loadavg()[0]!.toFixed(1)} at the end; Node ${process.version}; Chromium ${r.frames.chromium} headless, software rendering.`,
    '',
    '### Size budgets',
    '',
    '```',
    r.budget.trimEnd(),
    '```',
    '',
    '### Model speed (`simulate`, median of warm runs)',
    '',
    '| scenario | clients | events | ms per run | events per second | target |',
    '| --- | --- | --- | --- | --- | --- |',
    ...r.model.map(
      (m) =>
        `| ${m.label} | ${m.clients} | ${m.events} | ${m.msPerRun.toFixed(2)} | ${Math.round(m.eventsPerSecond).toLocaleString('en-US')} | ${m.events > 5000 ? (m.msPerRun < 50 ? 'met (< 50 ms)' : '**missed** (< 50 ms)') : ''} |`,
    ),
    '',
    '### Schedule explorer',
    '',
    '```',
    r.explorer.trimEnd(),
    '```',
    '',
    `### Frames (1280x800, CPU slowed 4x; busiest built-in: ${r.frames.busiest.id}, ${r.frames.busiest.events} events)`,
    '',
    `The floor: a snapshot of the default page (${r.floorPage.elements} elements, ${(r.floorPage.chars / 1024).toFixed(1)} KB of HTML, no script) with one element moved by a CSS transform every frame, measured in the same run for as long as the seed's playback took.`,
    '',
    '| build | measurement | frames | p50 ms | p95 ms | p99 ms | frames over 33 ms | long frames (> 50 ms) | longest ms | p95 / floor | long frames / floor | target |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...[
      ...(r.frames.before ?? []).map((s) => ['before', s] as const),
      ...r.frames.results.map((s) => ['after', s] as const),
      ['floor', r.frames.floor] as const,
    ].map(([build, s]) => {
      const playing = s.label.startsWith('play');
      const ok = playing ? s.p95 <= 20 && s.longFrames === 0 : s.longFrames === 0;
      const vs = build === 'floor' ? '| - | - ' : `| ${ratio(s.p95, r.frames.floor.p95)} | ${s.longFrames} vs ${r.frames.floor.longFrames} `;
      return `| ${build} | ${s.label} | ${s.frames} | ${f1(s.p50)} | ${f1(s.p95)} | ${f1(s.p99)} | ${s.over33} | ${s.longFrames} | ${Math.round(s.longestMs)} ${vs}| ${build === 'floor' ? '-' : ok ? 'met' : '**missed**'} |`;
    }),
    '',
  ];
  if (r.lighthouse) {
    const l = r.lighthouse;
    const row = (build: string, x: LighthouseRun) => {
      const m = x.median;
      return `| ${build} | ${m.performance.toFixed(2)} | ${x.all.map((y) => y.performance.toFixed(2)).join(', ')} | ${m.accessibility.toFixed(2)} | ${m.bestPractices.toFixed(2)} | ${m.seo.toFixed(2)} | ${Math.round(m.fcpMs)} ms | ${Math.round(m.lcpMs)} ms | ${Math.round(m.tbtMs)} ms | ${m.cls.toFixed(3)} | ${Math.round(m.speedIndexMs)} ms | ${(m.totalBytes / 1024).toFixed(1)} KB |`;
    };
    const m = l.ours.median;
    lines.push(
      `### Lighthouse ${l.ours.version} (mobile defaults, median of ${l.ours.all.length} runs)`,
      '',
      'The floor: the same snapshot as a static page (no script), served by the same server in the same run.',
      '',
      '| build | performance | each run | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | Speed Index | total transfer |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...(l.before ? [row('before', l.before)] : []),
      row('after', l.ours),
      row('floor', l.floor),
      '',
      ...(m.findings.length ? ['Not passing in the median run (after):', ...m.findings.map((x) => `- ${x}`), ''] : []),
    );
  }
  lines.push(END);
  const file = join(ROOT, 'BENCHMARKS.md');
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n\n';
  const a = old.indexOf(START);
  const b = old.indexOf(END);
  const text = a >= 0 && b > a ? `${old.slice(0, a)}${lines.join('\n')}${old.slice(b + END.length)}` : `${old.trimEnd()}\n\n${lines.join('\n')}\n`;
  writeFileSync(file, text);
}

await main();
