/**
 * Text from a scenario file on its way to a terminal. A title, a value or a client name can hold
 * control characters (ESC starts a terminal escape sequence, BEL rings, NUL and C1 codes confuse
 * terminals) and bidirectional overrides (U+202A–U+202E, U+2066–U+2069, which reorder what is
 * shown: "Trojan Source", CVE-2021-42574). The CLIs print every such character as a visible escape
 * instead (issue 18).
 * @module
 */

/** C0 controls but tab and newline, DEL, C1 controls, and the bidi embedding/override/isolate marks. */
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** What `JSON.stringify` leaves raw in strings but a terminal acts on (it escapes C0 itself). */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

const hex = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Text with every unsafe character shown as `\uXXXX` (tab and newline kept, so a report keeps its
 * layout). Safe characters, including any other Unicode, are unchanged.
 * @example terminalSafe('a\u001b[2Jb') === 'a\\u001b[2Jb'
 */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, hex);
}

/**
 * JSON text (from `JSON.stringify`) with the characters JSON leaves raw but a terminal acts on
 * (DEL, C1, bidi marks) escaped as `\uXXXX`: still valid JSON, parsing to the same value, since such
 * characters can only stand inside JSON strings.
 */
export function jsonTerminalSafe(json: string): string {
  return json.replace(UNSAFE_IN_JSON, hex);
}
