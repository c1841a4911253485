/**
 * Command-line entry of the recorder (issue 17):
 *
 *   npm run record:etcd -- SCENARIO.json [--endpoint URL] [--out FILE]
 *
 * Runs the scenario's clients against a real etcd on loopback (a throwaway one unless `--endpoint`
 * names a running etcd on 127.0.0.1), one process per client, and writes the recording to FILE
 * (default `SCENARIO.recording.json`) and a v1 scenario that replays it in the etcd-flavoured model
 * beside it (`….replay.json`). Prints the tokens, the storage decisions and the measured expiry lags.
 * Exit 0 on success, 2 for bad arguments or a scenario etcd cannot express, 1 if the run failed.
 * @module
 */
import { writeFileSync } from 'node:fs';
import { formatIssue, parseScenarioText } from '../model';
import { readFileSync } from 'node:fs';
import { etcdInexpressible, recordScenario } from '../etcd/record';
import { terminalSafe } from './terminal';

const USAGE = 'usage: npm run record:etcd -- SCENARIO.json [--endpoint URL] [--out FILE]\n';

function parseArgs(argv: string[]): { file: string; endpoint?: string; out?: string } | undefined {
  const rest: string[] = [];
  let endpoint: string | undefined;
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--endpoint' || a === '--out') {
      const v = argv[++i];
      if (!v) return undefined;
      if (a === '--endpoint') endpoint = v;
      else out = v;
    } else if (a.startsWith('-')) return undefined;
    else rest.push(a);
  }
  if (rest.length !== 1) return undefined;
  return { file: rest[0]!, ...(endpoint ? { endpoint } : {}), ...(out ? { out } : {}) };
}

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (!args) {
    process.stderr.write(USAGE);
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(args.file, 'utf8');
  } catch (e) {
    process.stderr.write(terminalSafe(`${args.file}: cannot read: ${(e as Error).message}`) + '\n');
    return 2;
  }
  const parsed = parseScenarioText(text);
  if (!parsed.ok) {
    process.stderr.write(`${terminalSafe(args.file)}: not a valid fencing-lab.scenario/v1 file:\n`);
    for (const issue of parsed.issues) process.stderr.write(`  ${terminalSafe(formatIssue(issue))}\n`);
    return 2;
  }
  const problems = etcdInexpressible(parsed.scenario);
  if (problems.length > 0) {
    process.stderr.write(`${terminalSafe(args.file)}: cannot be run on etcd:\n`);
    for (const p of problems) process.stderr.write(`  ${terminalSafe(`${p.path}: ${p.message}`)}\n`);
    return 2;
  }
  if (args.endpoint && !/^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\/?$/.test(args.endpoint)) {
    process.stderr.write(`--endpoint must be an etcd on loopback, e.g. http://127.0.0.1:2379; got ${terminalSafe(args.endpoint)}\n`);
    return 2;
  }
  const out = args.out ?? args.file.replace(/(\.json)?$/, '.recording.json');
  const replayOut = out.replace(/(\.recording)?(\.json)?$/, '.replay.json');
  try {
    const rec = await recordScenario(parsed.scenario, { endpoint: args.endpoint, log: (l) => process.stderr.write(`${l}\n`) });
    writeFileSync(out, `${JSON.stringify(rec, null, 2)}\n`);
    writeFileSync(replayOut, `${JSON.stringify(rec.replay, null, 2)}\n`);
    const tokens = rec.events.filter((e) => e.kind === 'lock-put').map((e) => `${e.client} ${e.token}`);
    process.stdout.write(`etcd ${rec.etcdVersion}: lock tokens (create revisions): ${tokens.join(', ')}\n`);
    for (const e of rec.events) if (e.kind === 'write-decided' && e.text) process.stdout.write(`${terminalSafe(e.text)}\n`);
    for (const l of rec.measures.expiryLagsMs) process.stdout.write(`lease of ${l.client} (token ${l.token}) revoked ${l.lagMs} ms after its deadline\n`);
    process.stdout.write(`recording: ${out}\nreplay scenario: ${replayOut}\n`);
    return 0;
  } catch (e) {
    process.stderr.write(`${terminalSafe((e as Error).message)}\n`);
    return 1;
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
