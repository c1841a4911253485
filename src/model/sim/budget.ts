/**
 * The work budget of a run (issue 18): what happens when a scenario makes more events than
 * `MAX_SIMULATION_EVENTS`, and the message that says why, naming the cause.
 *
 * @module
 */
import { MIN_RENEW_EVERY_MS, type Scenario } from '../scenario';
import type { TraceEvent } from '../trace';

/** What made a run too big: the (kind, actor) of trace event that was most common, and how often. */
export interface LimitCause {
  /** The event kind, e.g. `keepalive-sent`. */
  kind: string;
  /** The actor that recorded it, e.g. `client-1`. */
  actor: string;
  /** How many of them the run made before it stopped. */
  count: number;
}

/**
 * Thrown by `simulate` when a run makes more than its budget of events (`MAX_SIMULATION_EVENTS`
 * unless the caller gives another). A scenario that passes `parseScenario` never gets it; a scenario
 * built some other way (or with a field the validator does not yet bound) may. `name` is
 * `"SimulationLimitError"`, so it can be told apart also after crossing a worker boundary.
 */
export class SimulationLimitError extends Error {
  /** The budget (events) that was exceeded. */
  readonly limit: number;
  /** The simulated time (ms) the run had reached when it stopped. */
  readonly atMs: number;
  /** The most common event, if any. */
  readonly busiest: LimitCause | undefined;

  constructor(message: string, limit: number, atMs: number, cause: LimitCause | undefined) {
    super(message);
    this.name = 'SimulationLimitError';
    this.limit = limit;
    this.atMs = atMs;
    this.busiest = cause;
  }
}

/** The (kind, actor) that occurs most often among `events` (the first such in a tie), if any. */
export function mostCommon(events: readonly TraceEvent[]): LimitCause | undefined {
  const counts = new Map<string, LimitCause>();
  let best: LimitCause | undefined;
  for (const e of events) {
    const key = `${e.kind}\u0000${e.actor}`;
    let c = counts.get(key);
    if (!c) {
      c = { kind: e.kind, actor: e.actor, count: 0 };
      counts.set(key, c);
    }
    c.count += 1;
    if (!best || c.count > best.count) best = c;
  }
  return best;
}

/** The event kinds of a keepalive's round trip. */
const KEEPALIVE_KINDS = new Set(['keepalive-sent', 'lease-renewed', 'keepalive-rejected', 'keepalive-ok-received', 'keepalive-lost-received']);

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/**
 * The error for a run that stopped at `atMs` (ms) after `limit` events, naming the cause, e.g.
 * `This scenario makes more than 50,000 events by 16.7 s, too many to simulate and show:
 * client-1 sends a keepalive every 1 ms (renewEveryMs). Set its renewEveryMs to 0 (no keepalives)
 * or 100 or more, or shorten the run.`
 */
export function limitError(scenario: Scenario, events: readonly TraceEvent[], limit: number, atMs: number): SimulationLimitError {
  const cause = mostCommon(events);
  const head = `This scenario makes more than ${limit.toLocaleString('en-US')} events by ${seconds(atMs)}, too many to simulate and show`;
  let why = '';
  // A keepalive stream shows as the client's keepalive events and the lease service's replies to
  // them: name the client that sent the most keepalives.
  const keepalives = cause && KEEPALIVE_KINDS.has(cause.kind) ? mostCommon(events.filter((e) => e.kind === 'keepalive-sent')) : undefined;
  const client = scenario.clients.find((c) => c.id === keepalives?.actor);
  if (client) {
    why =
      `: ${client.id} sends a keepalive every ${client.renewEveryMs} ms (renewEveryMs). ` +
      (client.renewEveryMs < MIN_RENEW_EVERY_MS
        ? `Set its renewEveryMs to 0 (no keepalives) or ${MIN_RENEW_EVERY_MS} or more, or shorten the run.`
        : 'Renew less often, or shorten the run (durationMs).');
  } else if (cause) {
    why = `: most of them are "${cause.kind}" events of ${cause.actor} (${cause.count.toLocaleString('en-US')}). Shorten the run (durationMs) or simplify the scenario.`;
  } else {
    why = '. Shorten the run (durationMs) or simplify the scenario.';
  }
  return new SimulationLimitError(head + why, limit, atMs, cause);
}

