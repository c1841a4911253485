/**
 * Share links: the scenario codec and the URL state (`?scenario=ID`, `?t=MS`, `#s=…`).
 *
 * This barrel includes decoding (zod/mini): code in the first render imports `./url` (reading the
 * URL, `#s=` left encoded; building links) instead, and decodes with a lazy `import('./codec')`.
 * @module
 */
export { DAMAGED_MESSAGE, decodeScenario, encodeScenario, INCOMPLETE_MESSAGE, MAX_ENCODED_LENGTH, type DecodeResult } from './codec';
export { buildShareUrl, parseLocation, readLocation, type LinkProblem, type LinkQuery, type LinkScenario, type LinkState, type ParsedLocation } from './location';
