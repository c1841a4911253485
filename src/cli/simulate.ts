/**
 * Command-line entry for scenario authors.
 *
 *   npm run --silent simulate -- FILE.json          prints the storage log, one decision a line; exit 0
 *   npm run --silent simulate -- FILE.json --json   prints the whole trace as JSON; exit 0
 *
 * An unreadable or invalid file prints every issue (with the field's path) to stderr and exits 2.
 * @module
 */
import { readFileSync } from 'node:fs';
import { formatIssue, parseScenarioText, simulate } from '../model';

function main(argv: string[]): number {
  const args = argv.filter((a) => a !== '--json');
  const json = argv.includes('--json');
  const file = args[0];
  if (!file || args.length > 1 || file.startsWith('-')) {
    process.stderr.write('usage: npm run --silent simulate -- FILE.json [--json]\n');
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    process.stderr.write(`${file}: cannot read: ${(e as Error).message}\n`);
    return 2;
  }
  const parsed = parseScenarioText(text);
  if (!parsed.ok) {
    process.stderr.write(`${file}: not a valid fencing-lab.scenario/v1 file:\n`);
    for (const issue of parsed.issues) process.stderr.write(`  ${formatIssue(issue)}\n`);
    return 2;
  }
  const trace = simulate(parsed.scenario);
  if (json) process.stdout.write(`${JSON.stringify(trace, null, 2)}\n`);
  else for (const line of trace.storageLog) process.stdout.write(`${line}\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
