/**
 * Share links: the scenario codec and the URL state (`?scenario=ID`, `?t=MS`, `#s=…`).
 * @module
 */
export { DAMAGED_MESSAGE, decodeScenario, encodeScenario, INCOMPLETE_MESSAGE, MAX_ENCODED_LENGTH, type DecodeResult } from './codec';
export { buildShareUrl, parseLocation, type LinkProblem, type LinkScenario, type LinkState, type ParsedLocation } from './location';
