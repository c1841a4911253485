/**
 * The schedule space: which faults the explorer tries on top of a base scenario, and how one
 * schedule (a point of the space) is numbered, decoded and turned into a scenario.
 *
 * A space is a grid with up to five dimensions, enumerated as a mixed-radix number (outermost
 * first): fencing mode × pausing client × pause start × pause duration × extra delay. Every
 * schedule adds at most one `pause` fault and at most one `delay` fault to the base scenario's
 * faults (see {@link ScheduleSpace.baseFaults}), and sets `storage.fencing`. All times are integer
 * simulated ms.
 *
 * @module
 */
import * as z from 'zod/mini';
import { LEASE_SERVICE, MAX_DURATION_MS, STORAGE, simulate, type Fault, type Scenario, type ScenarioIssue } from '../model';

/** The most schedules one space may hold (about a minute of exploring at 20,000 a second). */
export const MAX_SCHEDULES = 2_000_000;

/** Fencing modes as the explorer names them: `on` is `storage.fencing: "token"`, `off` is `"off"`. */
export type FencingMode = 'on' | 'off';

/**
 * A schedule space over a base scenario. Its size is
 * `fencingModes × pauseOptions × delayOptions` (see {@link countSchedules}).
 */
export interface ScheduleSpace {
  /**
   * Clients that may pause, one pause per schedule (a stop-the-world GC pause or VM freeze).
   * Empty means no schedule adds a pause (the pause dimension then counts as 1).
   */
  pauseClients: string[];
  /** When the pause starts (true ms from the start of the run). Each ≥ 0. */
  pauseStartsMs: number[];
  /** How long the pause lasts (ms). Each ≥ 1. */
  pauseDurationsMs: number[];
  /**
   * Optionally, one message to hold in the network: the `nth` message (counted from 1) from `from`
   * to `to` is delayed by each of `extraMs` in turn; 0 means "not delayed". Undefined: no delays
   * (the dimension counts as 1).
   */
  delay: { from: string; to: string; nth: number; extraMs: number[] } | undefined;
  /** Fencing at the storage: `on` (`"token"`), `off`, or `both` (every schedule twice). */
  fencing: FencingMode | 'both';
  /**
   * What to do with the base scenario's own faults: `keep` them all, `drop` them all, or
   * `drop-pauses` (keep crashes, partitions, delays and revocations; the grid replaces the
   * hand-placed pauses).
   */
  baseFaults: 'keep' | 'drop' | 'drop-pauses';
}

/** One point of a space, decoded from its index. */
export interface Schedule {
  /** Position in the enumeration, 0-based. */
  index: number;
  fencing: FencingMode;
  /** The pause this schedule adds, if the space has a pause dimension. */
  pause: { client: string; atMs: number; forMs: number } | undefined;
  /** The extra delay (ms) on the space's delayed message; 0 means not delayed. */
  delayExtraMs: number;
}

/** Thrown for a schedule space that does not fit its scenario; carries every issue found. */
export class ScheduleSpaceError extends Error {
  readonly issues: ScenarioIssue[];
  constructor(issues: ScenarioIssue[]) {
    super(issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('\n'));
    this.name = 'ScheduleSpaceError';
    this.issues = issues;
  }
}

const wholeMs = (min: number) =>
  z.number().check(z.int('expected a whole number of ms'), z.gte(min, `expected ${min} or more (ms)`), z.lte(600_000, 'expected at most 600000 (10 minutes)'));

/** The zod schema of a schedule space (shape only; {@link checkScheduleSpace} also checks it against a scenario). */
export const scheduleSpaceSchema = z.strictObject({
  pauseClients: z.array(z.string()).check(z.maxLength(8, 'expected at most 8 clients')),
  pauseStartsMs: z.array(wholeMs(0)).check(z.maxLength(1000, 'expected at most 1000 start times')),
  pauseDurationsMs: z.array(wholeMs(1)).check(z.maxLength(1000, 'expected at most 1000 durations')),
  delay: z.optional(
    z.strictObject({
      from: z.string(),
      to: z.string(),
      nth: z.number().check(z.int('expected a whole number'), z.gte(1, 'expected 1 or more (nth counts from 1)')),
      extraMs: z.array(wholeMs(0)).check(z.minLength(1, 'expected at least one extra delay (0 = not delayed)'), z.maxLength(1000, 'expected at most 1000 delays')),
    }),
  ),
  fencing: z.enum(['on', 'off', 'both']),
  baseFaults: z.enum(['keep', 'drop', 'drop-pauses']),
});

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out ? `.${String(part)}` : String(part);
  return out;
}

/** The result of {@link checkScheduleSpace}: a space, or every issue found (never both). */
export type SpaceCheck = { ok: true; space: ScheduleSpace } | { ok: false; issues: ScenarioIssue[] };

/**
 * Validates a schedule space (e.g. one that arrived in a worker message) against a scenario:
 * its shape, that pausing clients exist, that the delayed message's ends are known actors with a
 * client at one end, and that it holds at most {@link MAX_SCHEDULES} schedules. Never throws.
 */
export function checkScheduleSpace(scenario: Scenario, input: unknown): SpaceCheck {
  const parsed = scheduleSpaceSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, issues: parsed.error.issues.map((i) => ({ path: formatPath(i.path), message: i.message })) };
  }
  const raw = parsed.data;
  const space: ScheduleSpace = {
    pauseClients: raw.pauseClients,
    pauseStartsMs: raw.pauseStartsMs,
    pauseDurationsMs: raw.pauseDurationsMs,
    delay: raw.delay,
    fencing: raw.fencing,
    baseFaults: raw.baseFaults,
  };
  const issues: ScenarioIssue[] = [];
  const ids = new Set(scenario.clients.map((c) => c.id));
  const known = [...ids].join(', ');
  space.pauseClients.forEach((c, i) => {
    if (!ids.has(c)) issues.push({ path: `pauseClients[${i}]`, message: `unknown client "${c}"; expected one of ${known}` });
    else if (space.pauseClients.indexOf(c) !== i) issues.push({ path: `pauseClients[${i}]`, message: `duplicate client "${c}"` });
  });
  if (space.pauseClients.length > 0) {
    if (space.pauseStartsMs.length === 0) issues.push({ path: 'pauseStartsMs', message: 'expected at least one start time when clients may pause' });
    if (space.pauseDurationsMs.length === 0) issues.push({ path: 'pauseDurationsMs', message: 'expected at least one duration when clients may pause' });
  }
  if (space.delay) {
    const actors = new Set([...ids, LEASE_SERVICE, STORAGE]);
    for (const end of ['from', 'to'] as const) {
      const a = space.delay[end];
      if (!actors.has(a)) issues.push({ path: `delay.${end}`, message: `unknown actor "${a}"; expected one of ${[...actors].join(', ')}` });
    }
    if (space.delay.from === space.delay.to) issues.push({ path: 'delay.to', message: 'expected an actor other than "from"' });
    else if (!ids.has(space.delay.from) && !ids.has(space.delay.to) && actors.has(space.delay.from) && actors.has(space.delay.to)) {
      issues.push({ path: 'delay', message: 'the lease service and the storage never message each other; expected a client at one end' });
    }
  }
  if (issues.length === 0 && countSchedules(space) > MAX_SCHEDULES) {
    issues.push({ path: '', message: `expected at most ${MAX_SCHEDULES} schedules, got ${countSchedules(space)}` });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, space };
}

/**
 * Like {@link checkScheduleSpace} but throws.
 * @throws {ScheduleSpaceError} listing every issue.
 */
export function assertScheduleSpace(scenario: Scenario, input: unknown): ScheduleSpace {
  const r = checkScheduleSpace(scenario, input);
  if (!r.ok) throw new ScheduleSpaceError(r.issues);
  return r.space;
}

/** The fencing modes a space tries, in enumeration order. */
export function fencingModes(space: ScheduleSpace): FencingMode[] {
  return space.fencing === 'both' ? ['on', 'off'] : [space.fencing];
}

/** The sizes of the five dimensions, outermost first; their product is {@link countSchedules}. */
export function dimensions(space: ScheduleSpace): { fencing: number; client: number; start: number; duration: number; delay: number } {
  const pausing = space.pauseClients.length > 0;
  return {
    fencing: space.fencing === 'both' ? 2 : 1,
    client: pausing ? space.pauseClients.length : 1,
    start: pausing ? space.pauseStartsMs.length : 1,
    duration: pausing ? space.pauseDurationsMs.length : 1,
    delay: space.delay ? space.delay.extraMs.length : 1,
  };
}

/** How many schedules a space holds: the product of its {@link dimensions}. */
export function countSchedules(space: ScheduleSpace): number {
  const d = dimensions(space);
  return d.fencing * d.client * d.start * d.duration * d.delay;
}

/**
 * Decodes schedule number `index` (0 ≤ index < {@link countSchedules}) of a space. The delay
 * varies fastest, then the pause duration, start and client; the fencing mode slowest.
 * @throws {RangeError} if `index` is out of range.
 */
export function scheduleAt(space: ScheduleSpace, index: number): Schedule {
  const total = countSchedules(space);
  if (!Number.isInteger(index) || index < 0 || index >= total) throw new RangeError(`schedule index ${index} is outside 0..${total - 1}`);
  const d = dimensions(space);
  let rest = index;
  const delayI = rest % d.delay;
  rest = (rest - delayI) / d.delay;
  const durI = rest % d.duration;
  rest = (rest - durI) / d.duration;
  const startI = rest % d.start;
  rest = (rest - startI) / d.start;
  const clientI = rest % d.client;
  rest = (rest - clientI) / d.client;
  const fencing = fencingModes(space)[rest]!;
  const pause =
    space.pauseClients.length > 0
      ? { client: space.pauseClients[clientI]!, atMs: space.pauseStartsMs[startI]!, forMs: space.pauseDurationsMs[durI]! }
      : undefined;
  return { index, fencing, pause, delayExtraMs: space.delay ? space.delay.extraMs[delayI]! : 0 };
}

/** The base scenario's faults that a space keeps (see {@link ScheduleSpace.baseFaults}). */
export function keptBaseFaults(base: Scenario, space: ScheduleSpace): Fault[] {
  if (space.baseFaults === 'drop') return [];
  if (space.baseFaults === 'drop-pauses') return base.faults.filter((f) => f.kind !== 'pause');
  return base.faults;
}

/** The faults a schedule adds to the kept base faults: its pause, then its delay (if any). */
export function scheduleFaults(space: ScheduleSpace, schedule: Schedule): Fault[] {
  const out: Fault[] = [];
  if (schedule.pause) out.push({ kind: 'pause', client: schedule.pause.client, atMs: schedule.pause.atMs, forMs: schedule.pause.forMs });
  if (space.delay && schedule.delayExtraMs > 0) {
    const { from, to, nth } = space.delay;
    out.push({ kind: 'delay', from, to, nth, extraMs: schedule.delayExtraMs });
  }
  return out;
}

/**
 * The scenario one schedule runs: the base with its kept faults plus the schedule's faults, and
 * `storage.fencing` set by the schedule's mode. Shares the base's clients (scenarios are never
 * mutated). Pass `kept` (from {@link keptBaseFaults}) to save recomputing it in a loop.
 */
export function scheduleScenario(base: Scenario, space: ScheduleSpace, schedule: Schedule, kept = keptBaseFaults(base, space)): Scenario {
  const added = scheduleFaults(space, schedule);
  return {
    ...base,
    storage: { ...base.storage, fencing: schedule.fencing === 'on' ? 'token' : 'off' },
    faults: added.length === 0 ? kept : kept.length === 0 ? added : [...kept, ...added],
  };
}

/** One line describing a schedule, e.g. `client-1 pauses at 1000 ms for 8700 ms; fencing on`. */
export function describeSchedule(space: ScheduleSpace, schedule: Schedule): string {
  const parts: string[] = [];
  if (schedule.pause) parts.push(`${schedule.pause.client} pauses at ${schedule.pause.atMs} ms for ${schedule.pause.forMs} ms`);
  if (space.delay && schedule.delayExtraMs > 0) {
    parts.push(`message #${space.delay.nth} from ${space.delay.from} to ${space.delay.to} delayed ${schedule.delayExtraMs} ms`);
  }
  if (parts.length === 0) parts.push('no added fault');
  parts.push(`fencing ${schedule.fencing}`);
  return parts.join('; ');
}

// ---------------------------------------------------------------------------------------------
// The default space.

/** The most step-anchored pause starts {@link defaultScheduleSpace} uses. */
const MAX_ANCHORS = 32;

const uniqSorted = (xs: number[]): number[] => [...new Set(xs.map((x) => Math.max(0, Math.round(x))))].sort((a, b) => a - b);

/**
 * A sensible space for "try to break it" on any scenario:
 *
 * - every client may pause (one pause per schedule);
 * - pause starts: 16 evenly spaced times over the fault-free run (the base without its pauses),
 *   plus 1 ms after each thing a client does in that run (starts, sends a request or keepalive,
 *   hears a reply, starts work; at most 32 of these, evenly picked), so a pause lands inside each
 *   `work` and each wait; plus the base's own pause starts;
 * - pause durations: from a tenth of the TTL to twice the TTL, denser around the TTL, where a
 *   pause turns into an expired lease, plus the base's own pause durations; none longer than a
 *   whole run (`MAX_DURATION_MS`, 10 minutes), so a long TTL still gives a valid space (issue 18);
 * - the delayed message: the last `write` of the first client that writes (the write a paused
 *   holder sends late), held 0, 1, 2 or 5 one-way latencies, or a whole TTL;
 * - fencing both on and off; base pauses dropped (the grid replaces them), other faults kept.
 *
 * For the seed scenario (2 clients, TTL 10 s) this gives a few thousand schedules, every point
 * including the seed's own schedule (client-1 pauses at 1000 ms for 20000 ms).
 */
export function defaultScheduleSpace(scenario: Scenario): ScheduleSpace {
  const ttl = scenario.lease.ttlMs;
  const latency = scenario.network.latencyMs;
  const basePauses = scenario.faults.filter((f): f is Extract<Fault, { kind: 'pause' }> => f.kind === 'pause');
  const plain = simulate({ ...scenario, faults: scenario.faults.filter((f) => f.kind !== 'pause') });
  const horizon = Math.max(plain.endMs, 1);
  const even = Array.from({ length: 16 }, (_, i) => Math.floor((horizon * i) / 16));
  const anchors = uniqSorted(
    plain.events
      .filter((e) => e.actor !== LEASE_SERVICE && e.actor !== STORAGE && e.kind !== 'pause-started' && /-(sent|started|received)$|^client-start$/.test(e.kind))
      .map((e) => e.atMs + 1),
  );
  // At most MAX_ANCHORS anchors, evenly picked, so long programs do not blow up the grid.
  const picked = anchors.length <= MAX_ANCHORS ? anchors : Array.from({ length: MAX_ANCHORS }, (_, i) => anchors[Math.floor((i * anchors.length) / MAX_ANCHORS)]!);
  const starts = uniqSorted([...even, ...picked, ...basePauses.map((p) => p.atMs)]);
  const durations = uniqSorted([
    ...[0.1, 0.25, 0.5, 0.75, 0.85, 0.9, 0.95, 1, 1.05, 1.1, 1.25, 1.5, 2].map((k) => ttl * k),
    ...basePauses.map((p) => p.forMs),
  ]).filter((d) => d >= 1 && d <= MAX_DURATION_MS);
  const writer = scenario.clients.find((c) => c.program.some((op) => op.op === 'write'));
  const writes = writer ? writer.program.filter((op) => op.op === 'write').length : 0;
  const delay = writer
    ? { from: writer.id, to: STORAGE, nth: writes, extraMs: uniqSorted([0, latency, 2 * latency, 5 * latency, ttl]).filter((x, i) => (i === 0 || x > 0) && x <= MAX_DURATION_MS) }
    : undefined;
  return {
    pauseClients: scenario.clients.map((c) => c.id),
    pauseStartsMs: starts,
    pauseDurationsMs: durations,
    delay,
    fencing: 'both',
    baseFaults: 'drop-pauses',
  };
}
