/**
 * Benchmark of the schedule explorer on the seed scenario: schedules checked per second (simulate
 * + the four property checks + tallying), median of several runs of the default space, and the
 * split between simulating and checking. Printed figures, not a test.
 *
 *   npx tsx tests/bench/explorer-bench.ts [RUNS]
 *
 * Note: under tsx (esbuild with keepNames) every closure `simulate` creates is wrapped in a
 * `__name` call, which costs about 15% here; the Vite build for the browser does not do that.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseScenarioOrThrow, simulate } from '../../src/model';
import { checkProperties, countSchedules, defaultScheduleSpace, explore, keptBaseFaults, scheduleAt, scheduleScenario } from '../../src/explorer';

const runs = Math.max(3, Number(process.argv[2] ?? 7));
const seed = parseScenarioOrThrow(JSON.parse(readFileSync(join(import.meta.dirname, '..', 'cases', 'seed-gc-pause.json'), 'utf8')));
const space = defaultScheduleSpace(seed);
const total = countSchedules(space);

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
const rate = (count: number, ms: number): number => count / (ms / 1000);

/** One whole exploration of the default space; returns schedules per second. */
function timeExplore(): number {
  const t0 = performance.now();
  const r = explore(seed, space);
  const ms = performance.now() - t0;
  if (r.schedules !== total) throw new Error('explored the wrong number of schedules');
  return rate(total, ms);
}

const row = (label: string, value: string): void => console.log(`  ${label.padEnd(30)}${value}`);

console.log(`explorer benchmark: seed scenario, default space = ${fmt(total)} schedules; node ${process.version}`);
row('first (cold) run', `${fmt(timeExplore())} schedules/s`);
const rates = Array.from({ length: runs }, timeExplore);
row(`warm, median of ${runs}`, `${fmt(median(rates))} schedules/s  (min ${fmt(Math.min(...rates))}, max ${fmt(Math.max(...rates))})`);

// Where the time goes: simulate alone (traces dropped at once), then the four checks alone.
const kept = keptBaseFaults(seed, space);
const scenarios = Array.from({ length: total }, (_, i) => scheduleScenario(seed, space, scheduleAt(space, i), kept));
const traces = scenarios.map((s) => simulate(s));
const simRates: number[] = [];
const checkRates: number[] = [];
for (let r = 0; r < runs; r++) {
  let t0 = performance.now();
  let events = 0;
  for (const s of scenarios) events += simulate(s).events.length;
  simRates.push(rate(total, performance.now() - t0));
  if (events === 0) throw new Error('no events');
  t0 = performance.now();
  for (const t of traces) checkProperties(t);
  checkRates.push(rate(total, performance.now() - t0));
}
row('simulate only, median', `${fmt(median(simRates))} runs/s`);
row('4 property checks, median', `${fmt(median(checkRates))} traces/s`);
row('target >= 10,000 schedules/s', median(rates) >= 10_000 ? 'met' : 'NOT met');
