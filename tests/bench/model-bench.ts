/**
 * Model speed: `simulate` on the seed scenario and on a generated scenario with 8 clients and about
 * 10,000 trace events (each client takes the lock 40 times: acquire, write, 1.5 s of work, read,
 * release, with a keepalive every 200 ms while it holds the lock; one GC pause). Prints events per
 * second and ms per run (median of several warm runs, after warm-up). Target (issue 7): the large
 * one in under 50 ms. Printed figures, not a test.
 *
 *   npx tsx tests/bench/model-bench.ts [RUNS]
 *
 * Note: under tsx (esbuild with keepNames) every closure `simulate` creates is wrapped in a
 * `__name` call; the Vite build for the browser does not do that, so the app is a little faster.
 * @module
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseScenarioOrThrow, simulate, type Scenario } from '../../src/model';
import { median } from './serve';

/** The generated large scenario (deterministic). */
export function largeScenario(): Scenario {
  const clients = 8;
  const rounds = 40;
  return parseScenarioOrThrow({
    format: 'fencing-lab.scenario/v1',
    title: 'Benchmark: 8 clients taking turns 40 times each',
    lease: { ttlMs: 3000 },
    network: { latencyMs: 20 },
    clients: Array.from({ length: clients }, (_, i) => ({
      id: `client-${i + 1}`,
      startAtMs: i * 7,
      renewEveryMs: 200,
      program: Array.from({ length: rounds }, () => [
        { op: 'acquire' as const },
        { op: 'write' as const, value: `from client ${i + 1}` },
        { op: 'work' as const, ms: 1500 },
        { op: 'read' as const },
        { op: 'release' as const },
      ]).flat(),
    })),
    faults: [{ kind: 'pause', client: 'client-3', atMs: 5000, forMs: 4000 }],
  });
}

/** The seed scenario (the shared test case file). */
export function seedScenario(): Scenario {
  return parseScenarioOrThrow(JSON.parse(readFileSync(join(import.meta.dirname, '..', 'cases', 'seed-gc-pause.json'), 'utf8')));
}

/** Timing of one scenario. */
export interface ModelTiming {
  label: string;
  clients: number;
  events: number;
  /** Median wall time of one `simulate` call (ms). */
  msPerRun: number;
  eventsPerSecond: number;
  runs: number;
}

/** Times `simulate(scenario)`: warm-up, then the median of `runs` runs (at least 0.2 s of work in all). */
export function timeSimulate(label: string, scenario: Scenario, runs: number): ModelTiming {
  const events = simulate(scenario).events.length;
  for (let i = 0; i < 5; i++) simulate(scenario);
  const times: number[] = [];
  const started = performance.now();
  while (times.length < runs || performance.now() - started < 200) {
    const t0 = performance.now();
    simulate(scenario);
    times.push(performance.now() - t0);
  }
  const msPerRun = median(times);
  return { label, clients: scenario.clients.length, events, msPerRun, eventsPerSecond: events / (msPerRun / 1000), runs: times.length };
}

/** Runs both timings. */
export function runModelBenchmarks(runs = 15): ModelTiming[] {
  return [timeSimulate('seed scenario', seedScenario(), runs), timeSimulate('generated, 8 clients', largeScenario(), runs)];
}

/** Prints the timings and whether the large one meets its 50 ms target. */
export function printModelTimings(results: readonly ModelTiming[]): void {
  console.log(`model: simulate(), node ${process.version}, median of warm runs`);
  for (const r of results) {
    const target = r.events > 5000 ? (r.msPerRun < 50 ? '  meets target (< 50 ms)' : '  MISSES target (< 50 ms)') : '';
    console.log(
      `  ${r.label.padEnd(22)} ${r.clients} clients, ${String(r.events).padStart(6)} events: ${r.msPerRun.toFixed(2).padStart(7)} ms per run, ` +
        `${Math.round(r.eventsPerSecond).toLocaleString('en-US')} events/s (${r.runs} runs)${target}`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printModelTimings(runModelBenchmarks(Math.max(3, Number(process.argv[2] ?? 15))));
}
