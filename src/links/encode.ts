/**
 * Encoding a scenario for a share link: lz-string's `compressToEncodedURIComponent` of its JSON.
 * Apart from decoding (`codec.ts`) because decoding validates with zod/mini, which the first render
 * must not load (issue 7), while building links (the embed bar's "Open in Fencing Lab") needs only
 * this.
 * @module
 */
import { compressToEncodedURIComponent } from 'lz-string';
import type { ScenarioInput } from '../model/scenario';

/**
 * The longest encoded scenario a link may carry (characters). The built-in scenarios need 660 to 980;
 * the cap keeps a crafted link from making the decompressor build a huge string (its output can grow
 * with the square of its input: 5,651 characters can expand to 5 million).
 */
export const MAX_ENCODED_LENGTH = 8_000;

/**
 * Encodes a scenario document for a link. Round-trips exactly through `decodeScenario` (`codec.ts`).
 *
 * @param input A scenario document as it would be exported (interventions merged into `faults`).
 * @returns A string of `A–Z a–z 0–9 + - $` characters; empty input never occurs (a document is an object).
 */
export function encodeScenario(input: ScenarioInput): string {
  const json = JSON.stringify(input);
  // The page's URL is rewritten after every scrub (`library/url-sync.ts`) with the same scenario:
  // compressing a large one again took over 200 ms each time (eight clients of 200 steps, issue 43).
  if (json !== last.json) last = { json, encoded: compressToEncodedURIComponent(json) };
  return last.encoded;
}

/** The last scenario encoded (its JSON) and its encoding. */
let last = { json: '', encoded: '' };
