/**
 * The exhaustive schedule explorer: runs every schedule of a {@link ScheduleSpace} through
 * `simulate`, checks the four properties (see `properties.ts`) and tallies the results.
 *
 * Synchronous and pure, but chunkable: {@link exploreRange} runs schedules `[from, to)` and
 * {@link mergeResults} combines consecutive ranges, so a worker can report progress and stop
 * between chunks. Merging the chunks of a range gives exactly what one call over the whole range
 * gives (counts, and the same counterexamples in the same order).
 *
 * @module
 */
import { simulate, toScenarioInput, type Scenario, type ScenarioInput } from '../model';
import {
  PROPERTY_IDS,
  PROPERTY_LABELS,
  WRITE_AFTER_EXPIRY_CAUSES,
  checkProperties,
  type PropertyId,
  type PropertyReport,
  type WriteAfterExpiryCause,
} from './properties';
import {
  assertScheduleSpace,
  countSchedules,
  describeSchedule,
  keptBaseFaults,
  scheduleAt,
  scheduleScenario,
  type FencingMode,
  type Schedule,
  type ScheduleSpace,
} from './space';

/** Tallies for the schedules run with one fencing mode. */
export interface ModeTally {
  /** Schedules run with this mode. */
  schedules: number;
  /** How many of them violate each property (a schedule counts once per property). */
  violations: Record<PropertyId, number>;
  /**
   * Of the schedules violating property 3, how many had at least one late write of each cause
   * (a schedule can count under several causes).
   */
  writeAfterExpiryCauses: Record<WriteAfterExpiryCause, number>;
  /**
   * Of the schedules violating each property, how many violated it only after the storage
   * restarted and forgot its highest token (every violation's `afterRestart`; see `properties.ts`).
   * Fencing promises properties 1 and 2 only if the storage keeps its highest token.
   */
  afterRestart: Record<PropertyId, number>;
}

/** A schedule that broke at least one property, with everything needed to replay it. */
export interface Counterexample {
  /** The schedule's index in the space. */
  index: number;
  schedule: Schedule;
  /** The properties it violates, in property order. */
  violated: PropertyId[];
  /** One sentence per violated property, with times (ms) and tokens. */
  witnesses: Partial<Record<PropertyId, string>>;
  /** One line: the schedule, then what broke. */
  summary: string;
  /**
   * A complete, valid `fencing-lab.scenario/v1` document (no `expect`) that reproduces it:
   * `simulate(parseScenario(scenario))` violates exactly `violated`.
   */
  scenario: ScenarioInput;
}

/** What exploring a range of schedules found. Plain data (structured-clone safe). */
export interface ExplorationResult {
  /** The range explored, `[from, to)` in schedule indices. */
  from: number;
  to: number;
  /** Schedules tried: `to - from`. */
  schedules: number;
  /** Tallies per fencing mode (a mode the space does not try has all zeros). */
  byFencing: Record<FencingMode, ModeTally>;
  /** Schedules whose run hit the 10-minute cap (or `durationMs`) with work left. */
  truncatedRuns: number;
  /**
   * Counterexamples, in schedule order: for each fencing mode and property, the first
   * `counterexamplesPerProperty` schedules (in index order) that violate it, merged.
   */
  counterexamples: Counterexample[];
}

/** Options for {@link exploreRange} and {@link explore}. */
export interface ExploreOptions {
  /** How many counterexamples to keep per fencing mode and property. Default 3. */
  counterexamplesPerProperty?: number;
}

const emptyViolations = (): Record<PropertyId, number> => ({
  'no-stale-overwrite': 0,
  'token-order': 0,
  'no-write-after-expiry': 0,
  'mutual-exclusion': 0,
});
const emptyCauses = (): Record<WriteAfterExpiryCause, number> => ({
  'no-new-holder': 0,
  'token-not-higher': 0,
  'storage-restarted': 0,
  unfenced: 0,
  'token-in-flight': 0,
  'first-write-window': 0,
});
const emptyTally = (): ModeTally => ({ schedules: 0, violations: emptyViolations(), writeAfterExpiryCauses: emptyCauses(), afterRestart: emptyViolations() });

/**
 * How many schedules broke a property that fencing promises with the token check on for reasons
 * other than a storage restart: violations minus those that came only after a restart.
 */
export function unexplainedViolations(tally: ModeTally, property: PropertyId): number {
  return tally.violations[property] - tally.afterRestart[property];
}

/** An empty result for the range `[at, at)`. */
export function emptyResult(at = 0): ExplorationResult {
  return { from: at, to: at, schedules: 0, byFencing: { on: emptyTally(), off: emptyTally() }, truncatedRuns: 0, counterexamples: [] };
}

/** The properties a report says are violated, in property order. */
export function violatedProperties(report: PropertyReport): PropertyId[] {
  return PROPERTY_IDS.filter((p) => !report[p].holds);
}

/**
 * The counterexample for one schedule: its replayable scenario (title and description say which
 * schedule it is), what it violates and the witness sentences.
 */
export function makeCounterexample(base: Scenario, space: ScheduleSpace, schedule: Schedule, scenario: Scenario, report: PropertyReport): Counterexample {
  const violated = violatedProperties(report);
  const witnesses: Partial<Record<PropertyId, string>> = {};
  for (const p of violated) {
    const v = report[p];
    if (!v.holds) witnesses[p] = v.witness.text;
  }
  const what = describeSchedule(space, schedule);
  const input = toScenarioInput(scenario);
  const suffix = ` (explorer schedule #${schedule.index})`;
  input.title = `${base.title.slice(0, 200 - suffix.length)}${suffix}`;
  input.description = `Found by the schedule explorer: ${what}. Violates: ${violated.map((p) => PROPERTY_LABELS[p]).join(', ')}.`.slice(0, 2000);
  const first = violated[0];
  const firstText = first ? witnesses[first] : undefined;
  return {
    index: schedule.index,
    schedule,
    violated,
    witnesses,
    summary: `#${schedule.index}: ${what} → breaks ${violated.map((p) => PROPERTY_LABELS[p].replace(/^\d+\. /, '')).join(', ')}${firstText ? `. ${firstText}` : ''}`,
    scenario: input,
  };
}

/**
 * Runs schedules `[from, to)` of a space over a base scenario and tallies what they break.
 *
 * @param base A validated scenario (see `parseScenario`).
 * @param space A schedule space that fits it (see `checkScheduleSpace`).
 * @param from First schedule index (inclusive), default 0.
 * @param to Last schedule index (exclusive), default {@link countSchedules}.
 * @throws {ScheduleSpaceError} if the space does not fit the scenario; {RangeError} if the range is
 *   not within `0..countSchedules(space)`.
 */
export function exploreRange(base: Scenario, space: ScheduleSpace, from = 0, to?: number, options: ExploreOptions = {}): ExplorationResult {
  assertScheduleSpace(base, space);
  const total = countSchedules(space);
  const end = to ?? total;
  if (!Number.isInteger(from) || !Number.isInteger(end) || from < 0 || end < from || end > total) {
    throw new RangeError(`schedule range [${from}, ${end}) is not within [0, ${total})`);
  }
  const cap = options.counterexamplesPerProperty ?? 3;
  const result = emptyResult(from);
  result.to = end;
  result.schedules = end - from;
  const kept = keptBaseFaults(base, space);
  // Violators seen so far per fencing mode and property: the first `cap` become counterexamples.
  const seen: Record<FencingMode, Record<PropertyId, number>> = { on: emptyViolations(), off: emptyViolations() };
  for (let i = from; i < end; i++) {
    const schedule = scheduleAt(space, i);
    const scenario = scheduleScenario(base, space, schedule, kept);
    const trace = simulate(scenario);
    const report = checkProperties(trace);
    const tally = result.byFencing[schedule.fencing];
    tally.schedules += 1;
    if (trace.truncated) result.truncatedRuns += 1;
    let keep = false;
    let any = false;
    for (const p of PROPERTY_IDS) {
      const v = report[p];
      if (v.holds) continue;
      any = true;
      tally.violations[p] += 1;
      if (v.afterRestart > 0 && v.afterRestart === v.count) tally.afterRestart[p] += 1;
      if (seen[schedule.fencing][p] < cap) keep = true;
      seen[schedule.fencing][p] += 1;
      if (v.property === 'no-write-after-expiry') {
        for (const c of v.witness.causes) tally.writeAfterExpiryCauses[c] += 1;
      }
    }
    if (any && keep) result.counterexamples.push(makeCounterexample(base, space, schedule, scenario, report));
  }
  return result;
}

/**
 * Merges the results of two consecutive ranges (`a.to === b.from`) of the same exploration.
 * Merging every chunk of a range gives exactly what {@link exploreRange} gives for the whole range.
 * @throws {RangeError} if the ranges are not consecutive.
 */
export function mergeResults(a: ExplorationResult, b: ExplorationResult, options: ExploreOptions = {}): ExplorationResult {
  if (a.to !== b.from) throw new RangeError(`cannot merge [${a.from}, ${a.to}) with [${b.from}, ${b.to}): not consecutive`);
  const cap = options.counterexamplesPerProperty ?? 3;
  const byFencing = { on: emptyTally(), off: emptyTally() };
  for (const mode of ['on', 'off'] as const) {
    const t = byFencing[mode];
    t.schedules = a.byFencing[mode].schedules + b.byFencing[mode].schedules;
    for (const p of PROPERTY_IDS) {
      t.violations[p] = a.byFencing[mode].violations[p] + b.byFencing[mode].violations[p];
      t.afterRestart[p] = a.byFencing[mode].afterRestart[p] + b.byFencing[mode].afterRestart[p];
    }
    for (const c of WRITE_AFTER_EXPIRY_CAUSES) {
      t.writeAfterExpiryCauses[c] = a.byFencing[mode].writeAfterExpiryCauses[c] + b.byFencing[mode].writeAfterExpiryCauses[c];
    }
  }
  // Keep, per mode and property, the first `cap` violators in index order; each chunk kept its own
  // first `cap`, so these are the first `cap` overall.
  const all = [...a.counterexamples, ...b.counterexamples];
  const count: Record<FencingMode, Record<PropertyId, number>> = { on: emptyViolations(), off: emptyViolations() };
  const counterexamples: Counterexample[] = [];
  for (const ce of all) {
    let keep = false;
    for (const p of ce.violated) {
      if (count[ce.schedule.fencing][p] < cap) keep = true;
      count[ce.schedule.fencing][p] += 1;
    }
    if (keep) counterexamples.push(ce);
  }
  return {
    from: a.from,
    to: b.to,
    schedules: a.schedules + b.schedules,
    byFencing,
    truncatedRuns: a.truncatedRuns + b.truncatedRuns,
    counterexamples,
  };
}

/**
 * Explores a whole space at once. For progress and cancellation use {@link exploreRange} in
 * chunks (as the worker does) or {@link exploreChunks}.
 * @throws as {@link exploreRange}.
 */
export function explore(base: Scenario, space: ScheduleSpace, options: ExploreOptions = {}): ExplorationResult {
  return exploreRange(base, space, 0, undefined, options);
}

/**
 * Explores a space chunk by chunk, yielding the running result after each chunk of `chunkSize`
 * schedules (`done` = result.to, `total`). Stop iterating to cancel; the last value yielded is the
 * whole result.
 * @throws as {@link exploreRange}; {RangeError} if `chunkSize` is not a positive integer.
 */
export function* exploreChunks(
  base: Scenario,
  space: ScheduleSpace,
  chunkSize = 500,
  options: ExploreOptions = {},
): Generator<{ done: number; total: number; result: ExplorationResult }, void, void> {
  if (!Number.isInteger(chunkSize) || chunkSize < 1) throw new RangeError(`chunk size must be a positive integer, got ${chunkSize}`);
  const total = countSchedules(space);
  let acc = emptyResult(0);
  if (total === 0) yield { done: 0, total, result: acc };
  while (acc.to < total) {
    const next = exploreRange(base, space, acc.to, Math.min(total, acc.to + chunkSize), options);
    acc = mergeResults(acc, next, options);
    yield { done: acc.to, total, result: acc };
  }
}
