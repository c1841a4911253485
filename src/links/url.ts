/**
 * Reading and writing the app's URL state:
 *
 *     ?scenario=ID            a built-in scenario, by id
 *     ?t=MS                   a deep link to a simulated time (whole ms, 0 to 600000)
 *     ?quiet=skip             the time axis skips quiet stretches (`scale`, the default, or absent: to scale)
 *     #s=ENCODED              a custom scenario (see `codec.ts`), which wins over ?scenario=
 *
 * e.g. `index.html?scenario=network-delay&t=21500` or `index.html?t=10100#s=N4Ig…`.
 * Pure TypeScript: callers pass `location.search` and `location.hash`. Nothing here throws on a bad
 * link; problems come back as messages and the caller falls back to the default scenario.
 *
 * This module does not decode `#s=` (that validates with zod/mini, which the first render must not
 * load; issue 7): {@link readLocation} hands the encoded string back, and `location.ts`'s
 * `parseLocation` (or a lazy `import('./codec')`) decodes it.
 * @module
 */
import { MAX_DURATION_MS } from '../model/scenario';
import { encodeScenario, MAX_ENCODED_LENGTH } from './encode';
import { encodeSettings } from './settings-param';
import { HASH_SCENARIO_KEY, HASH_SETTINGS_KEY, QUIET_PARAM, SCENARIO_PARAM, splitParams, TIME_PARAM, type LinkState } from './read';

export { readLocation, type LinkProblem, type LinkQuery, type LinkScenario, type LinkState } from './read';

/**
 * Builds a share link: `base` with its query's `scenario`, `t` and `quiet` replaced (other
 * parameters kept) and its hash replaced by `#s=…` for a custom scenario, followed by `&set=…`
 * when it carries the learner's setting changes (`settings-param.ts`); the hash is removed for a
 * built-in.
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
          .filter((p) => p.key !== SCENARIO_PARAM && p.key !== TIME_PARAM && p.key !== QUIET_PARAM)
          .map((p) => p.raw);

  const params = [...kept];
  if (state.scenario.kind === 'builtin') params.push(`${SCENARIO_PARAM}=${encodeURIComponent(state.scenario.id)}`);
  if (timeMs !== undefined) params.push(`${TIME_PARAM}=${timeMs}`);
  if (state.skipQuiet) params.push(`${QUIET_PARAM}=skip`);
  let url = params.length > 0 ? `${path}?${params.join('&')}` : path;

  if (state.scenario.kind === 'custom') {
    const encoded = encodeScenario(state.scenario.input);
    if (encoded.length > MAX_ENCODED_LENGTH) {
      throw new RangeError(
        `This scenario is too large for a link (${encoded.length} characters encoded; at most ${MAX_ENCODED_LENGTH}). Export it as a file instead.`,
      );
    }
    url += `#${HASH_SCENARIO_KEY}=${encoded}`;
    const settings = encodeSettings(state.settings ?? []);
    if (settings !== '') url += `&${HASH_SETTINGS_KEY}=${settings}`;
  }
  return url;
}
