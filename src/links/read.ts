/**
 * Reading the app's URL state (`?scenario=ID`, `?t=MS`, `?quiet=skip`, `#s=…`; see `url.ts`) without decoding
 * `#s=`: the part the page needs for its first render. It imports neither the decoder (zod/mini)
 * nor the encoder (lz-string); `url.ts` builds links and `location.ts` decodes (issue 7).
 * @module
 */
import { MAX_DURATION_MS, type ScenarioInput, type ScenarioIssue } from '../model/scenario';
import { findBuiltIn } from '../scenarios';

/** What a link opens: a built-in scenario by id, or a whole custom scenario document. */
export type LinkScenario = { kind: 'builtin'; id: string } | { kind: 'custom'; input: ScenarioInput };

/** Everything a share link carries. */
export interface LinkState {
  scenario: LinkScenario;
  /** Simulated time to open at (ms, whole, 0 to 600000); omitted for the start. */
  timeMs?: number;
  /**
   * For a custom scenario that is a built-in with the learner's setting changes: those changes
   * (`#s=…&set=…`, see `settings-param.ts`), so it reopens as that built-in.
   */
  settings?: readonly { path: string; value: number | boolean | string | null }[];
  /** Quiet stretches of the axis skipped (`?quiet=skip`); omitted or false for the true-scale axis. */
  skipQuiet?: boolean;
}

/** One thing wrong with a link, named by the URL parameter it came from. */
export interface LinkProblem {
  param: 'scenario' | 's' | 't' | 'set' | 'quiet';
  /** One sentence for the user, e.g. "Unknown scenario 'foo'". */
  message: string;
  /** Scenario validation issues with field paths, for an invalid `#s=` document. */
  issues?: ScenarioIssue[];
}

/** The URL state before `#s=` is decoded: see {@link readLocation}. */
export interface LinkQuery {
  /** The `?scenario=` built-in, if it names one that exists. */
  builtin: { kind: 'builtin'; id: string } | undefined;
  /** The deep-link time (ms), when `t` is present and valid. */
  timeMs: number | undefined;
  /** `?quiet=skip` (true) or `?quiet=scale` (false); undefined when absent or not understood. */
  skipQuiet: boolean | undefined;
  /** The raw value after `#s=`, when there is one (not yet decoded or checked). */
  encoded: string | undefined;
  /** The raw value after `set=` in the hash, when there is one (see `settings-param.ts`). */
  settings: string | undefined;
  /** Problems with `scenario` and `t` (those with `s` come from decoding it). */
  problems: LinkProblem[];
}

/** The URL parameters of a link. */
export const SCENARIO_PARAM = 'scenario';
export const TIME_PARAM = 't';
export const HASH_SCENARIO_KEY = 's';
export const HASH_SETTINGS_KEY = 'set';
/** `quiet=skip`: the time axis skips quiet stretches (each drawn as a labelled break); `quiet=scale`: all to scale, the default. */
export const QUIET_PARAM = 'quiet';

/** Splits `a=1&b=2` (with or without a leading `?` or `#`) into raw key/value pairs, in order. */
export function splitParams(part: string): { key: string; value: string; raw: string }[] {
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
  // Whole milliseconds (what the app writes: t=21500), or seconds with an "s" (t=21.5s), as a
  // person writing a link by hand may expect; the time is rounded to a whole millisecond.
  const seconds = /^(\d+(?:\.\d+)?)s$/.exec(value);
  if (!seconds && !/^\d+$/.test(value)) {
    const got = value === '' ? 'an empty value' : quoted(value);
    return { problem: { param: 't', message: `t must be a time in whole milliseconds (t=21500) or in seconds with an s (t=21.5s), 0 or more (got ${got}).` } };
  }
  const timeMs = seconds ? Math.round(Number(seconds[1]) * 1000) : Number(value);
  if (timeMs > MAX_DURATION_MS) {
    return { problem: { param: 't', message: `t must be at most ${MAX_DURATION_MS} ms (10 minutes), got ${value}.` } };
  }
  return { timeMs };
}

/**
 * Reads the URL state except the `#s=` document, which it returns still encoded. Never throws.
 *
 * @param search `location.search`, e.g. `?scenario=network-delay&t=21500` (the `?` is optional).
 * @param hash `location.hash`, e.g. `#s=N4Ig…` (the `#` is optional).
 */
export function readLocation(search: string, hash: string): LinkQuery {
  const problems: LinkProblem[] = [];
  const query = splitParams(search);
  const fragment = splitParams(hash);

  // A parameter given twice (`?t=1&t=2`) gets the first value and a notice, as the display
  // parameters do (issue 18): a link that silently means one of two things hides a mistake.
  const repeated = (params: { key: string }[], key: LinkProblem['param'], shown: string): void => {
    const n = params.filter((p) => p.key === key).length;
    if (n > 1) problems.push({ param: key, message: `${shown} is given ${n} times; using the first.` });
  };
  repeated(query, TIME_PARAM, 't');
  repeated(query, SCENARIO_PARAM, 'scenario');
  repeated(fragment, HASH_SCENARIO_KEY, '#s');
  repeated(query, QUIET_PARAM, 'quiet');

  let skipQuiet: boolean | undefined;
  const quiet = query.find((p) => p.key === QUIET_PARAM);
  if (quiet) {
    const value = safeDecode(quiet.value).trim();
    if (value === 'skip' || value === 'scale') skipQuiet = value === 'skip';
    else problems.push({ param: 'quiet', message: `quiet must be skip or scale (got ${value === '' ? 'an empty value' : quoted(value)}); showing the time axis to scale.` });
  }

  let timeMs: number | undefined;
  const t = query.find((p) => p.key === TIME_PARAM);
  if (t) {
    const r = parseTime(t.value);
    if ('problem' in r) problems.push(r.problem);
    else timeMs = r.timeMs;
  }

  let builtin: LinkQuery['builtin'];
  const id = query.find((p) => p.key === SCENARIO_PARAM);
  if (id) {
    const value = safeDecode(id.value).trim();
    if (value === '') problems.push({ param: 'scenario', message: 'The link names no scenario (scenario= is empty).' });
    else if (!findBuiltIn(value)) problems.push({ param: 'scenario', message: `Unknown scenario ${quoted(value)}.` });
    else builtin = { kind: 'builtin', id: value };
  }

  const s = fragment.find((p) => p.key === HASH_SCENARIO_KEY);
  const set = fragment.find((p) => p.key === HASH_SETTINGS_KEY);
  return { builtin, timeMs, skipQuiet, encoded: s?.value, settings: set?.value, problems };
}
