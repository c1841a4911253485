/**
 * The load the browser benchmarks run under (issue 44, item 3): a stated one, not whatever the
 * machine happens to be doing.
 *
 * - {@link startBusyCore}: one core kept busy by a child process (`node -e 'for(;;){}'`), as a
 *   phone's background app or a laptop's thirty tabs would; the bench starts it and stops it itself,
 *   also when it fails or is interrupted (Ctrl-C, SIGTERM).
 * - {@link sampleMachine}: what else was using the CPU just before a measurement (Linux `/proc`),
 *   so that a printed figure says what it was measured beside.
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

/** A running busy loop; `stop` kills it (idempotent) and resolves once it has exited. */
export interface BusyCore {
  pid: number;
  stop(): Promise<void>;
}

/** Every busy loop still running, killed on exit and on Ctrl-C / SIGTERM whatever happens. */
const running = new Set<ChildProcess>();
let handlersInstalled = false;

function killAll(): void {
  for (const child of running) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
  running.clear();
}

function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  // 'exit' runs synchronously at any exit (including process.exit and an uncaught error).
  process.on('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      killAll();
      console.error(`\n${signal}: stopped the busy core; exiting`);
      process.exit(130);
    });
  }
}

/**
 * Starts one busy loop in a child process (`node -e 'for(;;){}'`), which keeps one core of the
 * machine busy until {@link BusyCore.stop} (or until this process exits, however it exits).
 * @throws Error if the child cannot be started.
 */
export async function startBusyCore(): Promise<BusyCore> {
  installHandlers();
  const child = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      running.delete(child);
      await exited;
    },
  };
}

/** What the machine was doing over a short sample: whole-machine CPU use and its busiest programs. */
export interface MachineSample {
  /** 1-minute load average at the end of the sample. */
  load1: number;
  cores: number;
  /** CPU in use over the sample, in cores (0 .. cores); NaN where `/proc` is not readable. */
  busyCores: number;
  /** The busiest programs, grouped by name (and the `/work/<folder>` they run from), CPU in % of one core. */
  top: { what: string; pct: number; processes: number }[];
}

function cpuTotals(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const xs = line.trim().split(/\s+/).slice(1).map(Number);
    const total = xs.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = (xs[3] ?? 0) + (xs[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

function processTimes(): Map<number, { ticks: number; what: string }> {
  const out = new Map<number, { ticks: number; what: string }>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The name is in parentheses and may hold spaces: the fields after it are counted from its end.
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(rest[11]) + Number(rest[12]); // utime + stime (fields 14 and 15)
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const folder = /\/work\/([\w.-]+)\//.exec(cmd)?.[1];
      const tool = /node_modules\/(vitest|vite|tsx|lighthouse|playwright-core|typescript)\b/.exec(cmd)?.[1];
      const what = `${comm}${tool ? ` ${tool}` : ''}${folder ? ` (${folder})` : ''}`;
      out.set(Number(pid), { ticks, what });
    } catch {
      // the process ended while it was read
    }
  }
  return out;
}

/**
 * Samples the machine for `ms`: CPU in use (whole machine) and the busiest programs. Linux only
 * (`/proc`); elsewhere the figures are NaN and the list is empty.
 */
export async function sampleMachine(ms = 2000): Promise<MachineSample> {
  const a = cpuTotals();
  const pa = processTimes();
  await new Promise((r) => setTimeout(r, ms));
  const b = cpuTotals();
  const pb = processTimes();
  const cores = cpus().length;
  const busyCores = a && b && b.total > a.total ? ((b.busy - a.busy) / (b.total - a.total)) * cores : Number.NaN;
  const hz = 100; // USER_HZ: 100 on every Linux this runs on
  const groups = new Map<string, { ticks: number; processes: number }>();
  for (const [pid, now] of pb) {
    const before = pa.get(pid);
    const d = now.ticks - (before?.ticks ?? now.ticks);
    if (d <= 0) continue;
    const g = groups.get(now.what) ?? { ticks: 0, processes: 0 };
    g.ticks += d;
    g.processes++;
    groups.set(now.what, g);
  }
  const top = [...groups]
    .map(([what, g]) => ({ what, pct: (g.ticks / hz / (ms / 1000)) * 100, processes: g.processes }))
    .filter((g) => g.pct >= 3)
    .sort((x, y) => y.pct - x.pct)
    .slice(0, 6);
  return { load1: loadavg()[0]!, cores, busyCores, top };
}

/** One line: `load 3.2; CPU in use 1.4 of 2 cores: chromium (wt-lesson) 60% ×4, node vitest (fresh) 35%`. */
export function describeSample(s: MachineSample): string {
  const busy = Number.isNaN(s.busyCores) ? 'CPU in use unknown' : `CPU in use ${s.busyCores.toFixed(1)} of ${s.cores} cores`;
  const top = s.top.map((g) => `${g.what} ${Math.round(g.pct)}%${g.processes > 1 ? ` ×${g.processes}` : ''}`).join(', ');
  return `load average ${s.load1.toFixed(1)}; ${busy}${top ? `: ${top}` : ''}`;
}
