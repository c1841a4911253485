/**
 * Command-line entry for scenario authors.
 *
 *   npm run --silent simulate -- FILE.json          prints the storage log, one decision a line; exit 0
 *   npm run --silent simulate -- FILE.json --json   prints the whole trace as JSON; exit 0
 *
 * An unreadable or invalid file prints every issue (with the field's path) to stderr and exits 2.
 * @module
 */
import { simulate } from '../model';
import { readScenarioArgs } from './read-scenario';
import { jsonTerminalSafe, terminalSafe } from './terminal';

function main(argv: string[]): number {
  const input = readScenarioArgs('simulate', argv);
  if (!input.ok) return input.exitCode;
  const { json } = input;
  const trace = simulate(input.scenario);
  // Values come from the file: control characters are shown escaped (issue 18).
  if (json) process.stdout.write(`${jsonTerminalSafe(JSON.stringify(trace, null, 2))}\n`);
  else for (const line of trace.storageLog) process.stdout.write(`${terminalSafe(line)}\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
