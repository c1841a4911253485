/**
 * `npm run bench`: the benchmarks of issues 7, 15 and 44 on a fresh production build, with printed
 * figures. Timing benchmarks are never part of `npm test` (figures vary with the machine); the size
 * budgets and the idle test are.
 *
 * 1. builds the app (normal and single-file) into a temporary directory, unless FL_DIST is set;
 * 2. size budgets (`tests/budget/check-budgets.ts`), for reference;
 * 3. model speed (`model-bench.ts`);
 * 4. schedule explorer (`explorer-bench.ts`);
 * 5. under each load (issue 44): quiet, then one core kept busy by a child process this script
 *    starts and stops itself (`node -e 'for(;;){}'`, `load.ts`; killed also on Ctrl-C or an error):
 *    - frames in Chromium, CPU slowed 4x (`frames-bench.ts`): the seed and the three-client run
 *      played 8 s at 1x with the story's key-moment stops off, the floor page for 8 s, each the
 *      median of 3 passes (`FL_PASSES`), the builds alternating, then (under the first load only)
 *      scrubbing the seed; p50/p95/long frames and the ratios ours/floor;
 *    - the default page's tasks over 50 ms after the first paint, CPU slowed 4x from the start, 3
 *      loads, with the scripts that ran in them (`tasks-bench.ts`, item 2);
 *    - Lighthouse 12.2.3, mobile defaults, 3 runs alternating with the floor page, the median of
 *      each figure (`lighthouse-bench.ts`).
 *    What else used the CPU just before each load is sampled and printed (`load.ts`).
 *
 *   npm run bench                          everything, both loads (about 14 minutes on 2 cores;
 *                                          `--before` adds a few minutes a load)
 *   npm run bench -- --write               also rewrite the generated part of BENCHMARKS.md
 *   npm run bench -- --only frames         only some parts: budget, model, explorer, frames, scrub,
 *                                          tasks, lighthouse (comma-separated or repeated)
 *   npm run bench -- --load busy           only one load: quiet or busy (default both)
 *   npm run bench -- --skip-lighthouse     everything but Lighthouse
 *   npm run bench -- --before DIR          also measure frames and Lighthouse of another build (e.g.
 *                                          main's `dist/`) in the same run, under the same loads
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
import { CPU_THROTTLE, PLAY_MS, TARGET, meetsTarget, printFrameStats, ratio, runFrameBenchmarks, type FrameRun, type FrameStats } from './frames-bench';
import { printLighthouse, runLighthouseAlternating, type LighthouseRun } from './lighthouse-bench';
import { describeSample, sampleMachine, startBusyCore, type MachineSample } from './load';
import { printModelTimings, runModelBenchmarks, type ModelTiming } from './model-bench';
import { ROOT, median, serveBuild } from './serve';
import { printStartTasks, runStartTasks, type TaskRun } from './tasks-bench';

/** The parts `--only` chooses from. */
const PARTS = ['budget', 'model', 'explorer', 'frames', 'scrub', 'tasks', 'lighthouse'] as const;
type Part = (typeof PARTS)[number];
/** The loads `--load` chooses from: quiet (nothing of ours beside), busy (one core kept busy). */
const LOADS = ['quiet', 'busy'] as const;
type Load = (typeof LOADS)[number];

const LOAD_TEXT: Record<Load, string> = {
  quiet: 'quiet (nothing of the bench beside it)',
  busy: "one core kept busy (`node -e 'for(;;){}'`, started and stopped by the bench)",
};

interface Options {
  parts: Set<Part>;
  loads: Load[];
  beforeDir?: string;
  write: boolean;
}

/**
 * Reads the command line: `--only`, `--load`, `--skip-lighthouse`, `--before DIR`, `--write`.
 * @throws Error on an unknown option or value.
 */
function parseArgs(argv: readonly string[]): Options {
  const only: string[] = [];
  const loads: string[] = [];
  let beforeDir: string | undefined;
  let write = false;
  let skipLighthouse = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string => {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (!v) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--write') write = true;
    else if (a === '--skip-lighthouse') skipLighthouse = true;
    else if (a === '--only' || a.startsWith('--only=')) only.push(...value().split(','));
    else if (a === '--load' || a.startsWith('--load=')) loads.push(...value().split(','));
    else if (a === '--before' || a.startsWith('--before=')) beforeDir = value();
    else throw new Error(`unknown option ${a}; options: --only ${PARTS.join(',')}; --load ${LOADS.join(',')}; --skip-lighthouse; --before DIR; --write`);
  }
  for (const p of only) if (!(PARTS as readonly string[]).includes(p)) throw new Error(`--only ${p}: not one of ${PARTS.join(', ')}`);
  for (const l of loads) if (!(LOADS as readonly string[]).includes(l)) throw new Error(`--load ${l}: not one of ${LOADS.join(', ')}`);
  const parts = new Set<Part>(only.length ? (only as Part[]) : PARTS);
  if (skipLighthouse) parts.delete('lighthouse');
  return { parts, loads: loads.length ? LOADS.filter((l) => loads.includes(l)) : [...LOADS], ...(beforeDir ? { beforeDir } : {}), write };
}

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

/** Lighthouse's runs of this build, of the floor page and (with `--before`) of the other build. */
interface LighthouseRuns {
  ours: LighthouseRun;
  floor: LighthouseRun;
  before?: LighthouseRun;
}

/** What was measured under one load. */
interface LoadRun {
  load: Load;
  /** The machine just before (the busy core not started yet): what else was running. */
  machine: MachineSample;
  /** 1-minute load average when this load's measurements ended. */
  loadAfter: number;
  minutes: number;
  frames?: FrameRun;
  /** The default page's tasks over 50 ms after the first paint, 3 loads (and the `before` build's). */
  tasks?: { ours: TaskRun[]; before?: TaskRun[] };
  lighthouse?: LighthouseRuns;
}

const mmss = (ms: number): string => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
};

async function main(): Promise<void> {
  const { parts, loads, beforeDir, write } = parseArgs(process.argv.slice(2));
  const t0 = Date.now();
  const started = new Date();
  const browserParts = parts.has('frames') || parts.has('scrub') || parts.has('tasks') || parts.has('lighthouse');
  let tmp: string | undefined;
  let dist = process.env.FL_DIST;
  let single = process.env.FL_SINGLE;
  if (!dist && (browserParts || parts.has('budget'))) {
    tmp = mkdtempSync(join(tmpdir(), 'fencing-lab-bench-'));
    dist = join(tmp, 'dist');
    console.log(`building into ${tmp} ...`);
    await build({ root: ROOT, logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
    if (parts.has('budget')) {
      await build({ root: ROOT, logLevel: 'warn', mode: 'single', build: { outDir: join(tmp, 'single'), emptyOutDir: true } });
      single = join(tmp, 'single', 'index.html');
    }
  }
  // Also on Ctrl-C (load.ts exits the process then): leave no floor page in a build directory, no temporary build.
  const cleanUp = (): void => {
    if (dist && browserParts) removeFloorPages(dist);
    if (tmp && existsSync(tmp)) rmSync(tmp, { recursive: true, force: true });
  };
  process.on('exit', cleanUp);
  const runs: LoadRun[] = [];
  let budget: string | undefined;
  let model: ModelTiming[] | undefined;
  let explorer: string | undefined;
  let floorPage: { chars: number; elements: number } | undefined;
  try {
    if (parts.has('budget')) {
      budget = runScript('tests/budget/check-budgets.ts', { FL_DIST: dist!, ...(single ? { FL_SINGLE: single } : {}) });
      console.log(budget.trimEnd());
      console.log();
    }
    if (parts.has('model')) {
      model = runModelBenchmarks();
      printModelTimings(model);
      console.log();
    }
    if (parts.has('explorer')) {
      explorer = runScript('tests/bench/explorer-bench.ts');
      console.log(explorer.trimEnd());
      console.log();
    }
    if (browserParts) {
      // The floor pages: a snapshot of this build's page, written beside it (removed at the end).
      floorPage = await snapshotFloor(dist!);
      console.log(`floor page: a snapshot of the default page, ${floorPage.elements} elements, ${(floorPage.chars / 1024).toFixed(1)} KB of HTML, scripts removed`);
      // Scrubbing only under the first load: with a core kept busy it takes a minute, and issue 44 asks for playback.
      for (const load of loads) runs.push(await underLoad(load, dist!, load === loads[0] ? parts : new Set([...parts].filter((p) => p !== 'scrub')), beforeDir));
      printSummary(runs);
    }
    console.log(`\nbench took ${mmss(Date.now() - t0)}`);
    if (write) {
      writeBenchmarks({ started, minutes: (Date.now() - t0) / 60000, budget, model, explorer, runs, floorPage, beforeDir });
      console.log('wrote BENCHMARKS.md');
    }
  } finally {
    cleanUp();
  }
}

/**
 * Measures frames and Lighthouse (as `parts` asks) under `load`: samples what else runs, starts the
 * busy core for `busy`, and stops it again whatever happens.
 */
async function underLoad(load: Load, dist: string, parts: Set<Part>, beforeDir: string | undefined): Promise<LoadRun> {
  const t = Date.now();
  const machine = await sampleMachine(2000);
  console.log(`\n=== load: ${LOAD_TEXT[load]} ===`);
  console.log(`before it: ${describeSample(machine)}`);
  const busy = load === 'busy' ? await startBusyCore() : undefined;
  if (busy) console.log(`busy core: pid ${busy.pid}`);
  const run: LoadRun = { load, machine, loadAfter: Number.NaN, minutes: 0 };
  try {
    if (parts.has('frames') || parts.has('scrub')) {
      run.frames = await runFrameBenchmarks(dist, beforeDir, { scrub: parts.has('scrub'), play: parts.has('frames') });
      printFrameStats(run.frames.chromium, run.frames.results, run.frames.floor, `frames, ${load}`);
      if (run.frames.before) printFrameStats(run.frames.chromium, run.frames.before, run.frames.floor, `frames, ${load}, before (${beforeDir})`);
    }
    if (parts.has('tasks')) {
      const ours = await runStartTasks(dist);
      const before = beforeDir ? await runStartTasks(beforeDir) : undefined;
      run.tasks = { ours, ...(before ? { before } : {}) };
      printStartTasks(ours, `tasks over 50 ms after the first paint, ${load}`);
      if (before) printStartTasks(before, `tasks over 50 ms after the first paint, ${load}, before (${beforeDir})`);
    }
    if (parts.has('lighthouse')) {
      const l = await runLighthouseAlternating(
        [{ label: 'ours', dir: dist }, { label: 'floor', dir: dist, path: FLOOR_STATIC }, ...(beforeDir ? [{ label: 'before', dir: beforeDir }] : [])],
        3,
      );
      run.lighthouse = { ours: l.get('ours')!, floor: l.get('floor')!, ...(l.get('before') ? { before: l.get('before')! } : {}) };
      printLighthouse(run.lighthouse.ours, run.lighthouse.floor, `lighthouse, ${load}`);
      if (run.lighthouse.before) printLighthouse(run.lighthouse.before, run.lighthouse.floor, `lighthouse, ${load}, before (${beforeDir})`);
    }
  } finally {
    await busy?.stop();
  }
  run.loadAfter = loadavg()[0]!;
  run.minutes = (Date.now() - t) / 60000;
  console.log(`load average at the end: ${run.loadAfter.toFixed(1)}; this load took ${mmss(Date.now() - t)}`);
  return run;
}

/** The issue-44 targets, per load: one line each. */
function printSummary(runs: readonly LoadRun[]): void {
  console.log(`\nsummary (issue 44 targets: p95 ≤ ${TARGET.p95OverFloor}x the floor's, ≤ ${TARGET.longFramesPlaying} frame over 50 ms in ${PLAY_MS / 1000} s of playing; Lighthouse TBT median ≤ 100 ms)`);
  for (const r of runs) {
    const bits: string[] = [];
    const f = r.frames;
    if (f)
      for (const s of f.results.filter((x) => x.label.startsWith('play')))
        bits.push(`${s.label.split(' ')[1]}: p95 ${s.p95.toFixed(1)} ms (${ratio(s.p95, f.floor.p95)}), ${s.longFrames} over 50 ms ${meetsTarget(s, f.floor) ? 'met' : 'MISSED'}`);
    if (f) bits.push(`floor p95 ${f.floor.p95.toFixed(1)} ms, ${f.floor.longFrames} over 50 ms`);
    if (r.tasks) bits.push(`after paint: ${median(r.tasks.ours.map((x) => x.tasks.length))} tasks over 50 ms (median of ${r.tasks.ours.length} loads)`);
    if (r.lighthouse) bits.push(`TBT median ${Math.round(r.lighthouse.ours.medians.tbtMs)} ms ${r.lighthouse.ours.medians.tbtMs <= 100 ? 'met' : 'MISSED'} (floor ${Math.round(r.lighthouse.floor.medians.tbtMs)} ms), performance ${r.lighthouse.ours.medians.performance.toFixed(2)} (floor ${r.lighthouse.floor.medians.performance.toFixed(2)})`);
    console.log(`  ${r.load.padEnd(5)} ${bits.join('; ')}`);
  }
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
  minutes: number;
  budget: string | undefined;
  model: ModelTiming[] | undefined;
  explorer: string | undefined;
  runs: readonly LoadRun[];
  floorPage: { chars: number; elements: number } | undefined;
  beforeDir: string | undefined;
}): void {
  const f1 = (n: number): string => n.toFixed(1);
  const cpu = cpus();
  const chromium = r.runs.find((x) => x.frames)?.frames?.chromium ?? r.runs.find((x) => x.lighthouse)?.lighthouse?.ours.chromium ?? '?';
  const lines: string[] = [
    START,
    `## Latest run: ${r.started.toISOString().slice(0, 16).replace('T', ' ')} UTC (${Math.round(r.minutes)} min)`,
    '',
    `Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GB; Node ${process.version}; Chromium ${chromium} headless, software rendering.`,
    '',
  ];
  if (r.runs.length) {
    lines.push('What else used the CPU just before each load (sampled for 2 s; % of one core):', '');
    for (const x of r.runs) lines.push(`- ${x.load}: ${describeSample(x.machine)}; load average ${f1(x.loadAfter)} at its end (${Math.round(x.minutes)} min).`);
    lines.push('');
  }
  if (r.budget) lines.push('### Size budgets', '', '```', r.budget.trimEnd(), '```', '');
  if (r.model)
    lines.push(
      '### Model speed (`simulate`, median of warm runs)',
      '',
      '| scenario | clients | events | ms per run | events per second | target |',
      '| --- | --- | --- | --- | --- | --- |',
      ...r.model.map(
        (m) =>
          `| ${m.label} | ${m.clients} | ${m.events} | ${m.msPerRun.toFixed(2)} | ${Math.round(m.eventsPerSecond).toLocaleString('en-US')} | ${m.events > 5000 ? (m.msPerRun < 50 ? 'met (< 50 ms)' : '**missed** (< 50 ms)') : ''} |`,
      ),
      '',
    );
  if (r.explorer) lines.push('### Schedule explorer', '', '```', r.explorer.trimEnd(), '```', '');
  const framed = r.runs.filter((x) => x.frames);
  if (framed.length) {
    lines.push(
      `### Frames (1280x800, CPU slowed ${CPU_THROTTLE}x; ${PLAY_MS / 1000} s of playing at 1x from the start, the story's key-moment stops off)`,
      '',
      `The floor: a snapshot of the default page (${r.floorPage?.elements ?? '?'} elements, ${((r.floorPage?.chars ?? 0) / 1024).toFixed(1)} KB of HTML, no script) with one element moved by a CSS transform every frame, measured for ${PLAY_MS / 1000} s in the same run, under the same load. Each playback and the floor: the median of ${framed[0]?.frames?.floor.passes?.length ?? 1} passes, the builds alternating (on the 2-core machine of issue 44, one pass moved by ±20 frames over 33 ms); scrubbing: one pass. "Long frames": long animation frames (over 50 ms). Target (issue 44): p95 at most ${TARGET.p95OverFloor}x the floor's and at most ${TARGET.longFramesPlaying} long frame while playing; no long frame while scrubbing.`,
      '',
      '| load | build | measurement | frames | p50 ms | p95 ms | p99 ms | frames over 33 ms | long frames (> 50 ms) | longest ms | p50 / floor | p95 / floor | target |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const x of framed) {
      const f = x.frames!;
      const rows: [string, FrameStats][] = [
        ...(f.before ?? []).map((s) => ['before', s] as [string, FrameStats]),
        ...f.results.map((s) => [f.before ? 'after' : 'this', s] as [string, FrameStats]),
        ['floor', f.floor],
      ];
      for (const [b, s] of rows) {
        const isFloor = b === 'floor';
        const vs = isFloor ? '- | -' : `${ratio(s.p50, f.floor.p50)} | ${ratio(s.p95, f.floor.p95)}`;
        lines.push(
          `| ${x.load} | ${b} | ${s.label}${s.playedTo ? ` (to ${s.playedTo})` : ''} | ${s.frames} | ${f1(s.p50)} | ${f1(s.p95)} | ${f1(s.p99)} | ${s.over33} | ${s.longFrames} | ${Math.round(s.longestMs)} | ${vs} | ${isFloor ? '-' : meetsTarget(s, f.floor) ? 'met' : '**missed**'} |`,
        );
      }
    }
    lines.push('');
  }
  const tasked = r.runs.filter((x) => x.tasks);
  if (tasked.length) {
    lines.push(
      `### Tasks over 50 ms after the first paint (default page, 1280x800, CPU slowed ${CPU_THROTTLE}x from the start; until live, network idle and 3 s more)`,
      '',
      'Target (issue 44, item 2): none, with one core kept busy. Each load: the tasks\' lengths in ms (and the scripts that ran longest in them are printed by the bench).',
      '',
      '| load | build | tasks (median of loads) | time over 50 ms (median) | each load: tasks over 50 ms, ms | FCP (median) | live (median) |',
      '| --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const x of tasked) {
      const row = (b: string, ts: TaskRun[]) =>
        `| ${x.load} | ${b} | ${median(ts.map((t) => t.tasks.length))} | ${Math.round(median(ts.map((t) => t.blockingMs)))} ms | ${ts.map((t) => (t.tasks.length ? t.tasks.map((k) => Math.round(k.durationMs)).join(' + ') : 'none')).join('; ')} | ${Math.round(median(ts.map((t) => t.fcpMs)))} ms | ${Math.round(median(ts.map((t) => t.liveMs)))} ms |`;
      if (x.tasks!.before) lines.push(row('before', x.tasks!.before));
      lines.push(row(x.tasks!.before ? 'after' : 'this', x.tasks!.ours));
    }
    lines.push('');
  }
  const lit = r.runs.filter((x) => x.lighthouse);
  if (lit.length) {
    const first = lit[0]!.lighthouse!.ours;
    lines.push(
      `### Lighthouse ${first.version} (mobile defaults, ${first.all.length} runs alternating with the floor; medians of each figure)`,
      '',
      'The floor: the same snapshot as a static page (no script), served by the same server in the same run. Target (issue 44): TBT median at most 100 ms with one core kept busy.',
      '',
      '| load | build | performance | each run | FCP | LCP | TBT | TBT each run | CLS | Speed Index | accessibility | best practices | SEO | total transfer |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const x of lit) {
      const l = x.lighthouse!;
      const row = (b: string, y: LighthouseRun) => {
        const d = y.medians;
        const m = y.median;
        return `| ${x.load} | ${b} | ${d.performance.toFixed(2)} | ${y.all.map((z) => z.performance.toFixed(2)).join(', ')} | ${Math.round(d.fcpMs)} ms | ${Math.round(d.lcpMs)} ms | ${Math.round(d.tbtMs)} ms | ${y.all.map((z) => Math.round(z.tbtMs)).join(', ')} | ${d.cls.toFixed(3)} | ${Math.round(d.speedIndexMs)} ms | ${m.accessibility.toFixed(2)} | ${m.bestPractices.toFixed(2)} | ${m.seo.toFixed(2)} | ${(m.totalBytes / 1024).toFixed(1)} KB |`;
      };
      if (l.before) lines.push(row('before', l.before));
      lines.push(row(l.before ? 'after' : 'this', l.ours), row('floor', l.floor));
    }
    lines.push('');
    const findings = lit[0]!.lighthouse!.ours.median.findings;
    if (findings.length) lines.push(`Not passing in the median run (${lit[0]!.load}):`, ...findings.map((x) => `- ${x}`), '');
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
