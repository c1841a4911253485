/**
 * Command-line entry for the schedule explorer ("Try to break it").
 *
 *   npm run --silent explore -- FILE.json          explores the default schedule space, prints counts
 *                                                  and one counterexample per property and fencing mode
 *   npm run --silent explore -- FILE.json --json   prints the space and the whole result as JSON
 *
 * Exit codes: 0 when every property fencing promises held (1 and 2 with fencing on, 1 only with
 * monotonic tokens), or broke only after the storage restarted and forgot its highest token (the
 * promises hold only if it keeps it; the report names the restart as the cause); 1 when one of
 * those failed otherwise (a bug in the model or the storage); 2 for an
 * unreadable or invalid file (every issue printed to stderr with its field path, as `simulate`).
 * @module
 */
import { readScenarioArgs } from './read-scenario';
import { jsonTerminalSafe, terminalSafe } from './terminal';
import {
  PROPERTY_IDS,
  PROPERTY_LABELS,
  WRITE_AFTER_EXPIRY_CAUSES,
  countSchedules,
  defaultScheduleSpace,
  dimensions,
  explore,
  fencingModes,
  isPromised,
  unexplainedViolations,
  type ExplorationResult,
  type FencingMode,
  type ScheduleSpace,
} from '../explorer';

const pad = (s: string, n: number): string => s.padEnd(n);
const lpad = (s: string, n: number): string => s.padStart(n);

function describeSpace(space: ScheduleSpace): string {
  const d = dimensions(space);
  const parts: string[] = [];
  if (space.pauseClients.length > 0) {
    parts.push(`${d.client} pausing client${d.client === 1 ? '' : 's'}`, `${d.start} pause starts`, `${d.duration} pause durations`);
  }
  if (space.delay) parts.push(`${d.delay} delays of message #${space.delay.nth} ${space.delay.from} → ${space.delay.to}`);
  parts.push(`fencing ${fencingModes(space).join('/')}`);
  return parts.join(' × ');
}

/** The report printed for a result (exported for tests through the CLI's stdout only). */
function report(file: string, space: ScheduleSpace, result: ExplorationResult, tokens: 'monotonic' | 'random', seconds: number): { text: string; broken: string[] } {
  const lines: string[] = [];
  const modes = fencingModes(space);
  lines.push(`${file}: ${result.schedules} schedules tried (${describeSpace(space)}) in ${seconds.toFixed(2)} s`);
  lines.push('');
  lines.push(`${pad('property', 34)}${lpad('fencing on', 12)}${lpad('fencing off', 13)}   promised by fencing?`);
  const broken: string[] = [];
  const afterRestart: string[] = [];
  const cell = (mode: FencingMode, n: number): string => (modes.includes(mode) ? String(n) : '-');
  for (const p of PROPERTY_IDS) {
    const on = result.byFencing.on.violations[p];
    const off = result.byFencing.off.violations[p];
    const promised = isPromised(p, { fencing: 'token', tokens });
    const note = promised ? 'yes (fencing on, storage keeps its highest token)' : p === 'no-stale-overwrite' ? 'no (random tokens)' : p === 'no-write-after-expiry' ? 'no (first-write window)' : 'no (process pauses)';
    lines.push(`${pad(PROPERTY_LABELS[p], 34)}${lpad(cell('on', on), 12)}${lpad(cell('off', off), 13)}   ${note}`);
    const restarted = result.byFencing.on.afterRestart[p];
    if (promised && restarted > 0) afterRestart.push(`  ${PROPERTY_LABELS[p].slice(0, 2)} with fencing on, ${restarted} of ${on} broke it only after the storage restarted and forgot its highest token`);
    if (promised && unexplainedViolations(result.byFencing.on, p) > 0) {
      broken.push(`${PROPERTY_LABELS[p]} failed in ${unexplainedViolations(result.byFencing.on, p)} schedules with fencing on`);
    }
  }
  lines.push(...afterRestart);
  for (const mode of modes) {
    const causes = result.byFencing[mode].writeAfterExpiryCauses;
    if (result.byFencing[mode].violations['no-write-after-expiry'] === 0) continue;
    const parts = WRITE_AFTER_EXPIRY_CAUSES.filter((c) => causes[c] > 0).map((c) => `${causes[c]} ${c.replaceAll('-', ' ')}`);
    lines.push(`  3. with fencing ${mode}, late writes by cause: ${parts.join(', ')}`);
  }
  if (result.truncatedRuns > 0) lines.push(`  (${result.truncatedRuns} runs hit the 10-minute cap)`);
  lines.push('');
  const shown: string[] = [];
  for (const mode of modes) {
    for (const p of PROPERTY_IDS) {
      const ce = result.counterexamples.find((c) => c.schedule.fencing === mode && c.violated.includes(p));
      if (!ce) continue;
      const what = ce.summary.slice(ce.summary.indexOf(': ') + 2, ce.summary.indexOf(' → '));
      shown.push(`  [fencing ${mode}] ${PROPERTY_LABELS[p]}: #${ce.index} ${what}. ${ce.witnesses[p] ?? ''}`);
    }
  }
  lines.push(shown.length > 0 ? 'Counterexamples (the first for each property and fencing mode):' : 'No counterexamples: every property held in every schedule.');
  lines.push(...shown);
  if (broken.length > 0) {
    lines.push('');
    for (const b of broken) lines.push(`FAIL: ${b}, which fencing promises`);
  }
  return { text: `${lines.join('\n')}\n`, broken };
}

function main(argv: string[]): number {
  const input = readScenarioArgs('explore', argv);
  if (!input.ok) return input.exitCode;
  const { file, json, scenario } = input;
  const space = defaultScheduleSpace(scenario);
  const t0 = performance.now();
  let result: ReturnType<typeof explore>;
  try {
    result = explore(scenario, space);
  } catch (e) {
    // A schedule whose run is past the simulator's event budget (issue 18): its message, exit 2.
    if ((e as Error)?.name !== 'SimulationLimitError') throw e;
    process.stderr.write(`${terminalSafe(file)}: ${terminalSafe((e as Error).message)}\n`);
    return 2;
  }
  const seconds = (performance.now() - t0) / 1000;
  const out = report(file, space, result, scenario.lease.tokens, seconds);
  // Witnesses quote values from the file: control characters are shown escaped (issue 18).
  if (json) process.stdout.write(`${jsonTerminalSafe(JSON.stringify({ file, total: countSchedules(space), space, result }, null, 2))}\n`);
  else process.stdout.write(terminalSafe(out.text));
  return out.broken.length > 0 ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
