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
import type { Scenario } from '../model/scenario';
import { decodeScenario } from './codec';
import { decodeSettings, type LinkSetting } from './settings-param';
import { readLocation, type LinkProblem, type LinkScenario } from './url';

export { buildShareUrl, readLocation, type LinkProblem, type LinkQuery, type LinkScenario, type LinkState } from './url';

/** The result of {@link parseLocation}. */
export interface ParsedLocation {
  /**
   * The scenario to open: the `#s=` document if it decodes, else the `?scenario=` built-in if it
   * exists, else `undefined` (open the default scenario).
   */
  scenario: LinkScenario | undefined;
  /** For a custom scenario: the validated document, ready for `simulate`. */
  customScenario?: Scenario;
  /**
   * For a custom scenario: the learner's setting changes the link names (`&set=…`), well-formed
   * but not yet checked against the built-in (`library/restore.ts` does that).
   */
  settings?: LinkSetting[];
  /** The deep-link time (ms), when `t` is present and valid. */
  timeMs: number | undefined;
  /** Every problem found; empty for a good link (or no link at all). */
  problems: LinkProblem[];
}

/**
 * Reads the URL state, decoding and validating a `#s=` document. Never throws.
 *
 * @param search `location.search`, e.g. `?scenario=network-delay&t=21500` (the `?` is optional).
 * @param hash `location.hash`, e.g. `#s=N4Ig…` (the `#` is optional).
 * @returns The scenario to open (or `undefined` for the default), the time, and every problem, e.g.
 *   "Unknown scenario 'foo'", "t must be a whole number of milliseconds, 0 or more (got 'abc').",
 *   or the codec's message for a truncated or invalid `#s=`.
 */
export function parseLocation(search: string, hash: string): ParsedLocation {
  const { builtin, timeMs, encoded, settings: rawSettings, problems } = readLocation(search, hash);
  if (rawSettings !== undefined && encoded === undefined) {
    problems.push({ param: 'set', message: 'set: the link names setting changes but no scenario (#s=); they are ignored.' });
  }
  if (encoded !== undefined) {
    const decoded = decodeScenario(encoded);
    if (decoded.ok) {
      const read = rawSettings === undefined ? undefined : decodeSettings(rawSettings);
      for (const message of read?.problems ?? []) problems.push({ param: 'set', message });
      return {
        scenario: { kind: 'custom', input: decoded.input },
        customScenario: decoded.scenario,
        ...(read && read.settings.length > 0 ? { settings: read.settings } : {}),
        timeMs,
        problems,
      };
    }
    problems.push({ param: 's', message: decoded.message, ...(decoded.issues.length > 0 ? { issues: decoded.issues } : {}) });
  }
  return { scenario: builtin, timeMs, problems };
}
