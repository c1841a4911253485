/**
 * The scenario codec for share links: a whole `fencing-lab.scenario/v1` document (with the user's
 * interventions already merged into its `faults`) as a compact, URL-safe string.
 *
 * The string is lz-string's `compressToEncodedURIComponent` of the scenario's JSON: only the
 * characters `A–Z a–z 0–9 + - $`, so it can sit in a URL hash (`#s=…`) without escaping.
 * Pure TypeScript: no DOM. Encoding lives in `encode.ts` (re-exported here); this module adds
 * decoding, which validates with zod/mini and so is loaded only when a link carries `#s=`.
 * @module
 */
import { decompressFromEncodedURIComponent } from 'lz-string';
import { formatIssue, type Scenario, type ScenarioInput, type ScenarioIssue } from '../model/scenario';
import { parseScenario } from '../model/validate';
import { MAX_ENCODED_LENGTH } from './encode';

export { encodeScenario, MAX_ENCODED_LENGTH } from './encode';

/** The message for a link whose scenario decompresses to only the start of a JSON document. */
export const INCOMPLETE_MESSAGE = "The link's scenario is incomplete (it may have been cut off when copied).";

/** The message for a link whose scenario decompresses to something that is not JSON at all. */
export const DAMAGED_MESSAGE = "The link's scenario is damaged (it does not decode to a scenario document).";

const ENCODED_ALPHABET = /^[A-Za-z0-9+\-$]*$/;

/** The result of {@link decodeScenario}: the scenario, or why the link cannot be used (never both). */
export type DecodeResult =
  | {
      ok: true;
      /** The document exactly as it was encoded. */
      input: ScenarioInput;
      /** The same document validated, with defaults filled in (ready for `simulate`). */
      scenario: Scenario;
    }
  | {
      ok: false;
      /** One sentence naming what is wrong, for the user. */
      message: string;
      /** The scenario validation issues, with field paths, when the document parsed but is invalid. */
      issues: ScenarioIssue[];
    };

/**
 * Decodes a link's scenario string. Never throws: an empty, overlong, garbled, truncated or invalid
 * string gives `{ ok: false, message }` naming the problem, e.g. {@link INCOMPLETE_MESSAGE},
 * {@link DAMAGED_MESSAGE} or
 * "The link's scenario is not valid: clients[0].program[1].op: expected one of …".
 *
 * @param encoded The value after `#s=`; percent-escapes (`%24` for `$`, …) are undone first, and
 *   spaces are read as `+` (some tools turn `+` into a space).
 */
export function decodeScenario(encoded: string): DecodeResult {
  const fail = (message: string, issues: ScenarioIssue[] = []): DecodeResult => ({ ok: false, message, issues });
  let text = encoded.trim();
  if (text.includes('%')) {
    try {
      text = decodeURIComponent(text);
    } catch {
      return fail("The link's scenario has a broken %-escape (it may have been changed when copied).");
    }
  }
  text = text.replace(/ /g, '+');
  if (text === '') return fail("The link's scenario is empty.");
  if (text.length > MAX_ENCODED_LENGTH) {
    return fail(`The link's scenario is too long (${text.length} characters; a link can carry at most ${MAX_ENCODED_LENGTH}).`);
  }
  if (!ENCODED_ALPHABET.test(text)) {
    return fail("The link's scenario contains characters a Fencing Lab link never has (it may have been changed when copied).");
  }
  let json: string | null;
  try {
    json = decompressFromEncodedURIComponent(text) as string | null;
  } catch {
    json = null;
  }
  if (!json) return fail(INCOMPLETE_MESSAGE);
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    // A cut-off link decompresses to a prefix of the document (or to nothing); anything else is noise.
    return fail(json.trimStart().startsWith('{') ? INCOMPLETE_MESSAGE : DAMAGED_MESSAGE);
  }
  const parsed = parseScenario(data);
  if (!parsed.ok) {
    return fail(`The link's scenario is not valid: ${parsed.issues.map(formatIssue).join('; ')}`, parsed.issues);
  }
  return { ok: true, input: data as ScenarioInput, scenario: parsed.scenario };
}
