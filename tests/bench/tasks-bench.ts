/**
 * Work after the first paint (issue 44, item 2): the main-thread tasks over 50 ms that run after
 * the first contentful paint while the default page loads, hydrates and settles, with the CPU slowed
 * 4x from the start (CDP `Emulation.setCPUThrottlingRate`, set before the page is requested).
 * A task over 50 ms is what Lighthouse's Total Blocking Time counts (the part over 50 ms) and what
 * makes a tap wait.
 *
 * Measured in the page, from the first byte: `PerformanceObserver` entries of type `longtask`
 * (every task over 50 ms; `buffered`), `paint` (the first contentful paint) and
 * `long-animation-frame` (whose `scripts` say which script, function and character position ran:
 * the attribution). With `FL_SOURCEMAP=1` and a build with source maps (`vite build --sourcemap`),
 * each script's position is read back to its source file and line (Node's `module.SourceMap`); with
 * `FL_PROFILE=1` as well, a CPU profile of each load names the app's functions in each stretch of
 * work over 50 ms (inside React's tasks, which the entries attribute to the scheduler alone).
 *
 *   npx vite build --sourcemap --outDir /tmp/fl-map && FL_DIST=/tmp/fl-map FL_SOURCEMAP=1 FL_PROFILE=1 npx tsx tests/bench/tasks-bench.ts 1
 *
 * The page is watched until the explainer is live (`html[data-fl-live]`), the network is idle, and
 * then {@link SETTLE_MS} more (the parts mounted when the browser is idle, `GoFurtherSlot`).
 *
 *   npx tsx tests/bench/tasks-bench.ts [runs]     (FL_DIST chooses the build; default dist/)
 * @module
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { SourceMap } from 'node:module';
import { findChromium, launchChromium } from '../browser/chromium';
import { CPU_THROTTLE } from './frames-bench';
import { ROOT, median, serveBuild } from './serve';

/** How long the page is watched after it is live and the network is idle (ms). */
export const SETTLE_MS = 3000;

const OBSERVE = `
  (() => {
    const w = { long: [], loaf: [], fcp: 0 };
    window.__flTasks = w;
    try { new PerformanceObserver((l) => { for (const e of l.getEntries()) w.long.push({ start: e.startTime, duration: e.duration }); }).observe({ type: 'longtask', buffered: true }); } catch (e) { w.noLong = String(e); }
    try { new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') w.fcp = e.startTime; }).observe({ type: 'paint', buffered: true }); } catch (e) {}
    try {
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) w.loaf.push({
          start: e.startTime, duration: e.duration,
          scripts: (e.scripts || []).map((x) => ({
            start: x.startTime, duration: x.duration, invoker: x.invoker || x.invokerType || '?',
            fn: x.sourceFunctionName || '', url: String(x.sourceURL || ''), pos: x.sourceCharPosition,
            forced: x.forcedStyleAndLayoutDuration || 0,
          })),
        });
      }).observe({ type: 'long-animation-frame', buffered: true });
    } catch (e) { w.noLoaf = String(e); }
  })();
`;

/** One script's part in a long task (from the long animation frames that overlap it). */
export interface TaskScript {
  /** `invoker function@file:position`, or with source maps `invoker function (src/file.ts:line)`. */
  what: string;
  durationMs: number;
}

/** A task over 50 ms after the first contentful paint. Times in ms from navigation start. */
export interface LongTask {
  startMs: number;
  durationMs: number;
  scripts: TaskScript[];
}

/** One load of the page. */
export interface TaskRun {
  /** With `FL_PROFILE=1`: the stretches of main-thread work over 50 ms in a CPU profile of the load, with the source functions that ran longest in each. */
  profiled?: string[];
  fcpMs: number;
  /** The tasks over 50 ms that started after the first contentful paint. */
  tasks: LongTask[];
  /** Their time over 50 ms, summed (what Lighthouse's TBT adds up, here until the page settled). */
  blockingMs: number;
  /** When the explainer was live (ms from navigation start). */
  liveMs: number;
}

interface Raw {
  long: { start: number; duration: number }[];
  loaf: { start: number; duration: number; scripts: { start: number; duration: number; invoker: string; fn: string; url: string; pos: number; forced: number }[] }[];
  fcp: number;
  noLong?: string;
  noLoaf?: string;
}

/** Reads script positions back to sources, with the build's source maps (`FL_SOURCEMAP=1`). */
class Sources {
  private maps = new Map<string, SourceMap | null>();
  constructor(private dist: string) {}
  where(url: string, pos: number): string | undefined {
    const file = url.split('/').pop() ?? '';
    if (!this.maps.has(file)) {
      const path = join(this.dist, 'assets', `${file}.map`);
      this.maps.set(file, existsSync(path) ? new SourceMap(JSON.parse(readFileSync(path, 'utf8'))) : null);
    }
    const map = this.maps.get(file);
    if (!map || pos < 0) return undefined;
    // A character position in the file: find its line and column.
    const text = this.text(file);
    if (!text) return undefined;
    let line = 0;
    let last = -1;
    for (let i = text.indexOf('\n'); i >= 0 && i < pos; i = text.indexOf('\n', i + 1)) {
      line++;
      last = i;
    }
    const o = map.findEntry(line, pos - last - 1) as { originalSource?: string; originalLine?: number; name?: string };
    return o.originalSource ? `${o.originalSource.replace(/^.*?\/(src|node_modules)\//, '$1/')}:${(o.originalLine ?? 0) + 1}${o.name ? ` ${o.name}` : ''}` : undefined;
  }
  /** A 0-based line and column of a served file, as `src/file.ts:line`, or the file's name. */
  at(url: string, line: number, column: number): string {
    const file = url.split('/').pop() ?? '';
    if (!this.maps.has(file)) {
      const path = join(this.dist, 'assets', `${file}.map`);
      this.maps.set(file, existsSync(path) ? new SourceMap(JSON.parse(readFileSync(path, 'utf8'))) : null);
    }
    const o = this.maps.get(file)?.findEntry(line, column) as { originalSource?: string; originalLine?: number } | undefined;
    return o?.originalSource ? `${o.originalSource.replace(/^.*?\/(src|node_modules)\//, '$1/')}:${(o.originalLine ?? 0) + 1}` : file;
  }
  private texts = new Map<string, string | null>();
  private text(file: string): string | null {
    if (!this.texts.has(file)) {
      const path = join(this.dist, 'assets', file);
      this.texts.set(file, existsSync(path) ? readFileSync(path, 'utf8') : null);
    }
    return this.texts.get(file)!;
  }
}

/**
 * Loads `url` once with the CPU slowed {@link CPU_THROTTLE}x from the start and returns the tasks
 * over 50 ms after the first contentful paint, each with the scripts that ran in it.
 * @throws Error if this Chromium reports no long tasks or no long animation frames
 */
export async function measureStartTasks(browser: Browser, url: string, sources?: Sources): Promise<TaskRun> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.addInitScript(OBSERVE);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    if (sources && process.env.FL_PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
    }
    await page.goto(url);
    await page.locator('html[data-fl-live]').waitFor({ state: 'attached', timeout: 60_000 });
    const liveMs = (await page.evaluate('performance.now()')) as number;
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(SETTLE_MS);
    const raw = (await page.evaluate('window.__flTasks')) as Raw;
    const profiled = sources && process.env.FL_PROFILE ? profileTasks(((await cdp.send('Profiler.stop')) as { profile: Profile }).profile, sources) : undefined;
    if (raw.noLong) throw new Error(`no longtask entries in this Chromium: ${raw.noLong}`);
    if (raw.noLoaf) throw new Error(`no long-animation-frame entries in this Chromium: ${raw.noLoaf}`);
    const tasks: LongTask[] = raw.long
      .filter((t) => t.start >= raw.fcp)
      .map((t) => {
        const end = t.start + t.duration;
        const scripts = raw.loaf
          .filter((f) => f.start < end && f.start + f.duration > t.start)
          .flatMap((f) => f.scripts)
          .filter((x) => x.start < end + 1 && x.start + x.duration > t.start - 1)
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 4)
          .map((x) => {
            const file = x.url.split('/').pop() ?? '';
            const src = sources?.where(x.url, x.pos);
            return { what: `${x.invoker}${x.fn ? ` ${x.fn}` : ''} ${src ? `(${src})` : `@${file}:${x.pos}`}`, durationMs: x.duration };
          });
        return { startMs: t.start, durationMs: t.duration, scripts };
      });
    return { ...(profiled ? { profiled } : {}), fcpMs: raw.fcp, tasks, blockingMs: tasks.reduce((a, t) => a + t.durationMs - 50, 0), liveMs };
  } finally {
    await page.close();
  }
}

/** The parts of a CDP CPU profile read here. */
interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Splits a CPU profile into stretches of main-thread work (runs of samples that are not idle; a
 * task, or tasks back to back), and names, for each stretch over 50 ms, the source functions of the
 * app (`src/`) that were on the stack longest (inclusive time), else the library or the engine's
 * work (`(program)`: parsing, compiling, style, layout). Times from the profile's start, in ms.
 */
function profileTasks(profile: Profile, sources: Sources): string[] {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const out: string[] = [];
  let t = profile.startTime;
  let cur: { start: number; ms: number; by: Map<string, number> } | undefined;
  const flush = () => {
    if (cur && cur.ms > 50)
      out.push(`${Math.round(cur.start)} ms: ${Math.round(cur.ms)} ms; ${[...cur.by].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${Math.round(v)}`).join('; ')}`);
    cur = undefined;
  };
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const leaf = nodes.get(profile.samples[i]!)!;
    if (leaf.callFrame.functionName === '(idle)') {
      flush();
      continue;
    }
    cur ??= { start: (t - profile.startTime) / 1000, ms: 0, by: new Map() };
    cur.ms += ms;
    const seen = new Set<string>();
    for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
      const f = nodes.get(id)!.callFrame;
      if (!f.url) continue;
      const where = sources.at(f.url, f.lineNumber, f.columnNumber);
      if (where.startsWith('src/')) seen.add(`${where.split(':')[0]}${f.functionName ? ` ${f.functionName}` : ''}`);
    }
    const keys = seen.size ? seen : new Set([leaf.callFrame.url ? `[${sources.at(leaf.callFrame.url, leaf.callFrame.lineNumber, leaf.callFrame.columnNumber).split(':')[0]}]` : `[${leaf.callFrame.functionName || 'native'}]`]);
    for (const k of keys) cur.by.set(k, (cur.by.get(k) ?? 0) + ms);
  }
  flush();
  return out;
}

/** `runs` loads of the default page of the build in `dist` (served here), one browser. */
export async function runStartTasks(dist = process.env.FL_DIST ?? join(ROOT, 'dist'), runs = 3): Promise<TaskRun[]> {
  const served = await serveBuild(dist);
  const browser = await launchChromium(findChromium());
  const sources = process.env.FL_SOURCEMAP ? new Sources(dist) : undefined;
  try {
    const out: TaskRun[] = [];
    for (let i = 0; i < runs; i++) out.push(await measureStartTasks(browser, served.base, sources));
    return out;
  } finally {
    await browser.close();
    await served.close();
  }
}

/** Prints each run's tasks over 50 ms after the first paint, and the medians. */
export function printStartTasks(runs: readonly TaskRun[], heading = 'tasks over 50 ms after the first paint'): void {
  console.log(`${heading} (default page, 1280x800, CPU slowed ${CPU_THROTTLE}x from the start, ${runs.length} loads):`);
  console.log(
    `  medians: ${median(runs.map((r) => r.tasks.length))} tasks, blocking ${Math.round(median(runs.map((r) => r.blockingMs)))} ms, ` +
      `longest ${Math.round(median(runs.map((r) => Math.max(0, ...r.tasks.map((t) => t.durationMs)))))} ms; FCP ${Math.round(median(runs.map((r) => r.fcpMs)))} ms, live ${Math.round(median(runs.map((r) => r.liveMs)))} ms`,
  );
  runs.forEach((r, i) => {
    console.log(`  load ${i + 1}: FCP ${Math.round(r.fcpMs)} ms, live ${Math.round(r.liveMs)} ms, ${r.tasks.length} tasks over 50 ms, blocking ${Math.round(r.blockingMs)} ms`);
    for (const line of r.profiled ?? []) console.log(`    profile, work from ${line}`);
    for (const t of r.tasks)
      console.log(`    at ${Math.round(t.startMs)} ms: ${Math.round(t.durationMs)} ms; ${t.scripts.map((x) => `${x.what} ${Math.round(x.durationMs)}`).join('; ') || '(no script over 5 ms: style, layout, paint)'}`);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printStartTasks(await runStartTasks(undefined, Math.max(1, Number(process.argv[2] ?? 3))));
}
