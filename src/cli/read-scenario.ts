/**
 * Shared by the command-line entries: reads `FILE.json [--json]` from argv, loads and validates the
 * scenario file, and prints usage or every validation issue (with field paths) to stderr.
 * @module
 */
import { readFileSync } from 'node:fs';
import { formatIssue, parseScenarioText, type Scenario } from '../model';
import { terminalSafe } from './terminal';

/** A loaded scenario, or the exit code (2) after the problem was printed. */
export type CliInput = { ok: true; file: string; json: boolean; scenario: Scenario } | { ok: false; exitCode: 2 };

/**
 * Parses `FILE.json [--json]` and loads the file.
 * @param command the npm script name, for the usage line (`simulate`, `explore`).
 */
export function readScenarioArgs(command: string, argv: string[]): CliInput {
  const args = argv.filter((a) => a !== '--json');
  const json = argv.includes('--json');
  const file = args[0];
  if (!file || args.length > 1 || file.startsWith('-')) {
    process.stderr.write(`usage: npm run --silent ${command} -- FILE.json [--json]\n`);
    return { ok: false, exitCode: 2 };
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    process.stderr.write(terminalSafe(`${file}: cannot read: ${(e as Error).message}`) + '\n');
    return { ok: false, exitCode: 2 };
  }
  const parsed = parseScenarioText(text);
  if (!parsed.ok) {
    process.stderr.write(`${terminalSafe(file)}: not a valid fencing-lab.scenario/v1 file:\n`);
    // Issues quote the file's own text (`got "…"`): shown with control characters escaped.
    for (const issue of parsed.issues) process.stderr.write(`  ${terminalSafe(formatIssue(issue))}\n`);
    return { ok: false, exitCode: 2 };
  }
  return { ok: true, file, json, scenario: parsed.scenario };
}
