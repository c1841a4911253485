/**
 * Python's `repr` of a string, which the storage's log lines use (the seed prints them with Python).
 * Its own module so that views can quote values without loading the simulator.
 * @module
 */

/**
 * Quotes a value as Python's `repr` does for a str, so storage decisions read exactly like the
 * seed's output (`'from client 1'`).
 */
export function pyRepr(value: string): string {
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  let out = '';
  for (const ch of value) {
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else out += ch;
  }
  return `${quote}${out}${quote}`;
}
