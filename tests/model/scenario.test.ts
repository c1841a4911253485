import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIssue, parseScenario, parseScenarioText, pyRepr, simulate, toScenarioInput } from '../../src/model';
import { scenarioInputArb } from './arbitraries';

const seed = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'cases', 'seed-gc-pause.json'), 'utf8')) as Record<string, unknown>;

function issuesOf(input: unknown): string[] {
  const r = parseScenario(input);
  if (r.ok) throw new Error('expected the scenario to be invalid');
  return r.issues.map(formatIssue);
}

function withChange(change: (s: any) => void): unknown {
  const s = structuredClone(seed);
  change(s);
  return s;
}

describe('scenario validation', () => {
  it('names the path and the expected values of a bad op', () => {
    const bad = withChange((s) => {
      s.clients[1].program[0].op = 'lock';
    });
    expect(issuesOf(bad)).toContain('clients[1].program[0].op: expected one of acquire, write, read, work, release, got "lock"');
  });

  it('rejects unknown fields, naming them', () => {
    expect(issuesOf(withChange((s) => (s.lease.tll = 5)))).toContain(
      'lease.tll: unknown field (check its spelling; see the scenario format)',
    );
  });

  it('rejects wrong types and negative times', () => {
    const issues = issuesOf(
      withChange((s) => {
        s.lease.ttlMs = '10s';
        s.faults[0].atMs = -5;
      }),
    );
    expect(issues).toContain('lease.ttlMs: expected a number, got "10s"');
    expect(issues).toContain('faults[0].atMs: expected 0 or more (ms), got number -5');
  });

  it('rejects unknown client ids and duplicate ids', () => {
    expect(issuesOf(withChange((s) => (s.faults[0].client = 'client-9')))).toEqual([
      'faults[0].client: unknown client "client-9"; expected one of client-1, client-2',
    ]);
    expect(issuesOf(withChange((s) => (s.clients[1].id = 'client-1')))).toEqual(['clients[1].id: duplicate client id "client-1"']);
  });

  it('requires format and title', () => {
    const issues = issuesOf(withChange((s) => {
      delete s.format;
      delete s.title;
    }));
    expect(issues).toContain('format: required: expected "fencing-lab.scenario/v1"');
    expect(issues).toContain('title: required: expected string');
  });

  it('reports JSON syntax errors and non-objects without throwing', () => {
    const r = parseScenarioText('{"format": ');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]!.message).toMatch(/^not valid JSON/);
    expect(issuesOf([1, 2])).toEqual(['expected a scenario object, got a list']);
    expect(issuesOf(null)).toEqual(['expected a scenario object, got null']);
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), (x) => {
        expect(() => parseScenario(x)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  it('fills the documented defaults', () => {
    const r = parseScenario({
      format: 'fencing-lab.scenario/v1',
      title: 'defaults',
      lease: { ttlMs: 9000 },
      clients: [{ id: 'a', program: [] }],
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.scenario.lease).toEqual({ ttlMs: 9000, firstToken: 1, tokens: 'monotonic', seed: 1 });
    expect(r.scenario.network.latencyMs).toBe(100);
    expect(r.scenario.storage).toEqual({ fencing: 'token', fenceReads: false });
    expect(r.scenario.clients[0]).toMatchObject({ name: 'a', startAtMs: 0, renewEveryMs: 3000, checkLeaseBeforeWrite: false, clockRate: 1 });
  });

  it('round-trips through the file form: same scenario, same trace', () => {
    fc.assert(
      fc.property(scenarioInputArb, (input) => {
        const a = parseScenario(input);
        expect(a.ok).toBe(true);
        if (!a.ok) return;
        const b = parseScenario(JSON.parse(JSON.stringify(toScenarioInput(a.scenario))));
        expect(b.ok).toBe(true);
        if (!b.ok) return;
        expect(simulate(b.scenario).events).toEqual(simulate(a.scenario).events);
      }),
      { numRuns: 100 },
    );
  });
});

describe('pyRepr quotes values as the seed (Python repr) does', () => {
  it('uses single quotes, or double quotes around a single quote', () => {
    expect(pyRepr('from client 1')).toBe("'from client 1'");
    expect(pyRepr("it's")).toBe('"it\'s"');
    expect(pyRepr('a\'b"c')).toBe("'a\\'b\"c'");
  });
});

describe('simulate CLI', { timeout: 30_000 }, () => {
  const root = join(import.meta.dirname, '..', '..');
  const tsx = join(root, 'node_modules', '.bin', 'tsx');
  const cli = join(root, 'src', 'cli', 'simulate.ts');

  it('prints the storage log of a valid file and exits 0', () => {
    const out = execFileSync(tsx, [cli, join(root, 'tests', 'cases', 'seed-gc-pause.json')], { encoding: 'utf8' });
    expect(out.trim().split('\n')).toEqual(seed.expect && (seed.expect as { storageLog: string[] }).storageLog);
  });

  it('prints the whole trace with --json', () => {
    const out = execFileSync(tsx, [cli, join(root, 'tests', 'cases', 'seed-gc-pause.json'), '--json'], { encoding: 'utf8' });
    const trace = JSON.parse(out) as { storageLog: string[]; leases: { token: number }[] };
    expect(trace.leases.map((l) => l.token)).toEqual([33, 34]);
    expect(trace.storageLog).toHaveLength(3);
  });

  it('prints the errors of an invalid file and exits 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fl-'));
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify(withChange((s) => (s.clients[0].program[0].op = 'grab'))));
    const r = spawnSync(tsx, [cli, file], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('clients[0].program[0].op: expected one of acquire, write, read, work, release, got "grab"');
  });
});
