/**
 * Reading and writing the app's URL state:
 *
 *     ?scenario=ID            a built-in scenario, by id
 *     ?t=MS                   a deep link to a simulated time (whole ms, 0 to 600000)
 *     #s=ENCODED              a custom scenario (see `codec.ts`), which wins over ?scenario=
 *
 * e.g. `index.html?scenario=network-delay&t=21500` or `index.html?t=10100#s=N4Ig…`.
 * Pure TypeScript: callers pass `location.search` and `location.hash`. Nothing here throws on a bad
 * link; problems come back as messages and the caller falls back to the default scenario.
 * @module
 */
import { MAX_DURATION_MS, type Scenario, type ScenarioInput, type ScenarioIssue } from '../model/scenario';
import { findBuiltIn } from '../scenarios';
import { decodeScenario, encodeScenario, MAX_ENCODED_LENGTH } from './codec';

/** What a link opens: a built-in scenario by id, or a whole custom scenario document. */
export type LinkScenario = { kind: 'builtin'; id: string } | { kind: 'custom'; input: ScenarioInput };

/** Everything a share link carries. */
export interface LinkState {
  scenario: LinkScenario;
  /** Simulated time to open at (ms, whole, 0 to 600000); omitted for the start. */
  timeMs?: number;
}

/** One thing wrong with a link, named by the URL parameter it came from. */
export interface LinkProblem {
  param: 'scenario' | 's' | 't';
  /** One sentence for the user, e.g. "Unknown scenario 'foo'". */
  message: string;
  /** Scenario validation issues with field paths, for an invalid `#s=` document. */
  issues?: ScenarioIssue[];
}

/** The result of {@link parseLocation}. */
export interface ParsedLocation {
  /**
   * The scenario to open: the `#s=` document if it decodes, else the `?scenario=` built-in if it
   * exists, else `undefined` (open the default scenario).
   */
  scenario: LinkScenario | undefined;
  /** For a custom scenario: the validated document, ready for `simulate`. */
  customScenario?: Scenario;
  /** The deep-link time (ms), when `t` is present and valid. */
  timeMs: number | undefined;
  /** Every problem found; empty for a good link (or no link at all). */
  problems: LinkProblem[];
}

const SCENARIO_PARAM = 'scenario';
const TIME_PARAM = 't';
const HASH_SCENARIO_KEY = 's';

/** Splits `a=1&b=2` (with or without a leading `?` or `#`) into raw key/value pairs, in order. */
function splitParams(part: string): { key: string; value: string; raw: string }[] {
  const body = part.startsWith('?') || part.startsWith('#') ? part.slice(1) : part;
  return body
    .split('&')
    .filter((raw) => raw !== '')
    .map((raw) => {
      const eq = raw.indexOf('=');
      const key = eq < 0 ? raw : raw.slice(0, eq);
      return { key: safeDecode(key), value: eq < 0 ? '' : raw.slice(eq + 1), raw };
    });
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** Quotes a user-supplied value for a message, cut short if long. */
function quoted(value: string): string {
  return `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
}

function parseTime(raw: string): { timeMs: number } | { problem: LinkProblem } {
  const value = safeDecode(raw).trim();
  if (!/^\d+$/.test(value)) {
    const got = value === '' ? 'an empty value' : quoted(value);
    return { problem: { param: 't', message: `t must be a whole number of milliseconds, 0 or more (got ${got}).` } };
  }
  const timeMs = Number(value);
  if (timeMs > MAX_DURATION_MS) {
    return { problem: { param: 't', message: `t must be at most ${MAX_DURATION_MS} ms (10 minutes), got ${value}.` } };
  }
  return { timeMs };
}

/**
 * Reads the URL state. Never throws.
 *
 * @param search `location.search`, e.g. `?scenario=network-delay&t=21500` (the `?` is optional).
 * @param hash `location.hash`, e.g. `#s=N4Ig…` (the `#` is optional).
 * @returns The scenario to open (or `undefined` for the default), the time, and every problem, e.g.
 *   "Unknown scenario 'foo'", "t must be a whole number of milliseconds, 0 or more (got 'abc').",
 *   or the codec's message for a truncated or invalid `#s=`.
 */
export function parseLocation(search: string, hash: string): ParsedLocation {
  const problems: LinkProblem[] = [];
  const query = splitParams(search);
  const fragment = splitParams(hash);

  let timeMs: number | undefined;
  const t = query.find((p) => p.key === TIME_PARAM);
  if (t) {
    const r = parseTime(t.value);
    if ('problem' in r) problems.push(r.problem);
    else timeMs = r.timeMs;
  }

  let builtin: LinkScenario | undefined;
  const id = query.find((p) => p.key === SCENARIO_PARAM);
  if (id) {
    const value = safeDecode(id.value).trim();
    if (value === '') problems.push({ param: 'scenario', message: 'The link names no scenario (scenario= is empty).' });
    else if (!findBuiltIn(value)) problems.push({ param: 'scenario', message: `Unknown scenario ${quoted(value)}.` });
    else builtin = { kind: 'builtin', id: value };
  }

  const s = fragment.find((p) => p.key === HASH_SCENARIO_KEY);
  if (s) {
    const decoded = decodeScenario(s.value);
    if (decoded.ok) {
      return { scenario: { kind: 'custom', input: decoded.input }, customScenario: decoded.scenario, timeMs, problems };
    }
    problems.push({ param: 's', message: decoded.message, ...(decoded.issues.length > 0 ? { issues: decoded.issues } : {}) });
  }
  return { scenario: builtin, timeMs, problems };
}

/**
 * Builds a share link: `base` with its query's `scenario` and `t` replaced (other parameters kept)
 * and its hash replaced by `#s=…` for a custom scenario (or removed for a built-in).
 *
 * @param base The page URL, absolute or relative, e.g. `location.href`.
 * @param state What to share; `timeMs` must be a whole number of ms from 0 to 600000 if given.
 *   For a custom scenario pass the document to reproduce, interventions merged into its faults
 *   (e.g. from `toScenarioInput`, which leaves out the test-only `expect`).
 * @throws {RangeError} if `timeMs` is not a whole number from 0 to 600000, or if the custom
 *   scenario encodes to more than {@link MAX_ENCODED_LENGTH} characters (share it as a file instead).
 */
export function buildShareUrl(base: string, state: LinkState): string {
  const { timeMs } = state;
  if (timeMs !== undefined && (!Number.isInteger(timeMs) || timeMs < 0 || timeMs > MAX_DURATION_MS)) {
    throw new RangeError(`timeMs must be a whole number of ms from 0 to ${MAX_DURATION_MS}, got ${timeMs}`);
  }
  const hashAt = base.indexOf('#');
  const withoutHash = hashAt < 0 ? base : base.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  const path = queryAt < 0 ? withoutHash : withoutHash.slice(0, queryAt);
  const kept =
    queryAt < 0
      ? []
      : splitParams(withoutHash.slice(queryAt))
          .filter((p) => p.key !== SCENARIO_PARAM && p.key !== TIME_PARAM)
          .map((p) => p.raw);

  const params = [...kept];
  if (state.scenario.kind === 'builtin') params.push(`${SCENARIO_PARAM}=${encodeURIComponent(state.scenario.id)}`);
  if (timeMs !== undefined) params.push(`${TIME_PARAM}=${timeMs}`);
  let url = params.length > 0 ? `${path}?${params.join('&')}` : path;

  if (state.scenario.kind === 'custom') {
    const encoded = encodeScenario(state.scenario.input);
    if (encoded.length > MAX_ENCODED_LENGTH) {
      throw new RangeError(
        `This scenario is too large for a link (${encoded.length} characters encoded; at most ${MAX_ENCODED_LENGTH}). Export it as a file instead.`,
      );
    }
    url += `#${HASH_SCENARIO_KEY}=${encoded}`;
  }
  return url;
}
