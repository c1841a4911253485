/**
 * Command-line entry for scenario authors.
 *
 *   npm run --silent simulate -- FILE.json          prints the storage log, one decision a line; exit 0
 *   npm run --silent simulate -- FILE.json --json   prints the whole trace as JSON; exit 0
 *
 * An unreadable or invalid file prints every issue (with the field's path) to stderr and exits 2;
 * so does a scenario that makes more events than the simulator's budget (`SimulationLimitError`,
 * issue 18: the message names the cause), never a stack trace or `RangeError: Invalid string length`.
 * @module
 */
import { SimulationLimitError, simulate, type Trace } from '../model';
import { readScenarioArgs } from './read-scenario';
import { jsonTerminalSafe, terminalSafe } from './terminal';

function main(argv: string[]): number {
  const input = readScenarioArgs('simulate', argv);
  if (!input.ok) return input.exitCode;
  const { json } = input;
  let trace: Trace;
  try {
    trace = simulate(input.scenario);
  } catch (e) {
    if (!(e instanceof SimulationLimitError)) throw e;
    process.stderr.write(`${terminalSafe(input.file)}: ${e.message}\n`);
    return 2;
  }
  // Values come from the file: control characters are shown escaped (issue 18).
  if (json) {
    let text: string;
    try {
      text = JSON.stringify(trace, null, 2);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      process.stderr.write(`${terminalSafe(input.file)}: the trace (${trace.events.length} events) is too large to print as JSON\n`);
      return 2;
    }
    process.stdout.write(`${jsonTerminalSafe(text)}\n`);
  }
  else for (const line of trace.storageLog) process.stdout.write(`${terminalSafe(line)}\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
