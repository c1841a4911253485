/**
 * Hostile input (issue 18): each finding of the robustness pass, pinned. Each test here failed
 * before its fix.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { checkScheduleSpace, defaultScheduleSpace } from '../../src/explorer/space';
import { parseLocation } from '../../src/links';
import { parseScenario, parseScenarioOrThrow, parseScenarioText, simulate } from '../../src/model';
import { MAX_NESTING, nestingDepth, tooDeep } from '../../src/model/validate';
import { ALL_BUILT_IN_SCENARIOS } from '../../src/scenarios/all';
import { decodeScenario, encodeScenario } from '../../src/links/codec';

const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'fl-hostile-'));

async function cli(script: 'simulate' | 'explore', ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)('npx', ['tsx', `src/cli/${script}.ts`, ...args], { cwd: root, maxBuffer: 256 << 20 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const doc = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  format: 'fencing-lab.scenario/v1',
  title: 'Hostile',
  lease: { ttlMs: 10_000 },
  clients: [{ id: 'client-1', program: [{ op: 'acquire' }, { op: 'write', value: 'v' }] }],
  ...over,
});

// The CLI tests start `npx tsx`: seconds each on a busy machine.
describe('1. work bounds in the CLI', { timeout: 120_000 }, () => {
  it('simulate --json on the hostile link\'s scenario gives a clear message and exits 2 (it died with RangeError: Invalid string length)', async () => {
    const path = file('hostile.json', JSON.stringify(doc({ lease: { ttlMs: 600_000 }, network: { latencyMs: 0 }, clients: [{ id: 'client-1', renewEveryMs: 1, program: [{ op: 'acquire' }, { op: 'work', ms: 600_000 }] }] })));
    const { code, stdout, stderr } = await cli('simulate', path, '--json');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('clients[0].renewEveryMs: expected 0 (no keepalives) or at least 100 (ms)');
    expect(stderr).not.toMatch(/RangeError|at \w+ \(/);
  });
});

describe('5. explore with a long TTL', { timeout: 120_000 }, () => {
  it.each([400_000, 500_000, 600_000])('derives a default space within bounds for ttlMs %i', (ttlMs) => {
    const scenario = parseScenarioOrThrow(doc({ lease: { ttlMs } }));
    const space = defaultScheduleSpace(scenario);
    expect(checkScheduleSpace(scenario, space)).toMatchObject({ ok: true });
    expect(Math.max(...space.pauseDurationsMs)).toBeLessThanOrEqual(600_000);
  });

  it('the CLI explores such a scenario instead of crashing', async () => {
    const path = file('long-ttl.json', JSON.stringify(doc({ lease: { ttlMs: 400_000 } })));
    const { code, stdout, stderr } = await cli('explore', path);
    expect(stderr).not.toMatch(/at \w+ \(|ScheduleSpaceError/);
    expect([0, 1]).toContain(code);
    expect(stdout).toMatch(/schedules tried/);
  });
});

describe('6. the CLI never echoes control characters', { timeout: 120_000 }, () => {
  it('escapes ESC, BEL and NUL from the file in validation messages and in the storage log', async () => {
    const evil = file('evil.json', JSON.stringify(doc({ title: 'x', clients: [{ id: 'client-1', program: [{ op: 'acquire\u001b[2J\u0007' }] }] })));
    const bad = await cli('simulate', evil);
    expect(bad.code).toBe(2);
    expect(bad.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(bad.stderr).toContain('\\u001b[2J\\u0007');

    const value = file('value.json', JSON.stringify(doc({ clients: [{ id: 'client-1', program: [{ op: 'acquire' }, { op: 'write', value: 'a\u001b]0;owned\u0007b\u0000' }] }] })));
    const log = await cli('simulate', value);
    expect(log.code).toBe(0);
    expect(log.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(log.stdout).toContain('\\u001b]0;owned\\u0007b\\u0000');
    const json = await cli('simulate', value, '--json');
    expect(json.code).toBe(0);
    expect(json.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(JSON.parse(json.stdout).storageLog[0]).toContain('a\u001b]0;owned\u0007b\u0000');
  });
});

describe('7. smaller findings', { timeout: 120_000 }, () => {
  it('the CLI accepts a UTF-8 byte-order mark, as the app does', async () => {
    const path = file('bom.json', `\uFEFF${JSON.stringify(doc())}`);
    const { code, stdout } = await cli('simulate', path);
    expect(code).toBe(0);
    expect(stdout).toBe("stored 'v' with token 1\n");
    expect(parseScenarioText(`\uFEFF${JSON.stringify(doc())}`)).toMatchObject({ ok: true });
  });

  it('a repeated t (or scenario, or #s) gets a notice; the first value is used', () => {
    const r = parseLocation('?t=1000&t=2000', '');
    expect(r.timeMs).toBe(1000);
    expect(r.problems).toEqual([{ param: 't', message: 't is given 2 times; using the first.' }]);
    expect(parseLocation('?scenario=seed-gc-pause&scenario=network-delay', '').problems.map((p) => p.message)).toEqual([
      'scenario is given 2 times; using the first.',
    ]);
  });

  it('removes bidi embedding, override and isolate characters from every text of a scenario', () => {
    const r = parseScenario(
      doc({
        title: 'Safe \u202Egnp.exe\u202C title \u2066x\u2069',
        clients: [{ id: 'client-1', name: 'Cl\u202Dient', program: [{ op: 'acquire' }, { op: 'write', value: '\u202Bv\u202A' }] }],
      }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.scenario.title).toBe('Safe gnp.exe title x');
    expect(r.scenario.clients[0]!.name).toBe('Client');
    expect(simulate(r.scenario).storageLog).toEqual(["stored 'v' with token 1"]);
    // Right-to-left text itself is kept: it needs no control characters.
    const rtl = parseScenario(doc({ title: 'قفل موزع' }));
    expect(rtl.ok && rtl.scenario.title).toBe('قفل موزع');
  });

  it('a "__proto__" key stays an unknown-field error, never a prototype', () => {
    const r = parseScenario(JSON.parse(`{"format":"fencing-lab.scenario/v1","title":"p","lease":{"ttlMs":1000},"clients":[{"id":"c","program":[]}],"__proto__":{"polluted":1}}`));
    expect(r).toMatchObject({ ok: false, issues: [{ path: '__proto__' }] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('issue 43, item 2: deep nesting is refused with a message, never a stack overflow', { timeout: 120_000 }, () => {
  /** A scenario whose title is an array nested `depth` levels deep, as JSON text (JSON.parse itself handles any depth). */
  const nested = (depth: number): string => `{"format":"fencing-lab.scenario/v1","title":${'['.repeat(depth)}${']'.repeat(depth)},"lease":{"ttlMs":1000},"clients":[{"id":"c","program":[]}]}`;

  it('tooDeep finds the first path past the limit without recursion, at any depth', () => {
    expect(tooDeep({ a: [{ b: 1 }] }, 3)).toBeUndefined();
    expect(tooDeep({ a: [{ b: [1] }] }, 3)).toBe('a[0].b');
    expect(tooDeep(JSON.parse('['.repeat(200_000) + ']'.repeat(200_000)))).toBe('[0]'.repeat(MAX_NESTING));
  });

  it('every built-in scenario nests well within the limit', () => {
    // A client's program steps are the deepest objects, 4 levels down.
    for (const b of ALL_BUILT_IN_SCENARIOS) expect(tooDeep(b.scenario, 5), b.id).toBeUndefined();
  });

  it('parseScenario and parseScenarioText give one issue naming the depth, the limit and the field (4,000 levels overflowed the stack before)', () => {
    for (const depth of [MAX_NESTING, 4_000, 100_000]) {
      const r = parseScenarioText(nested(depth));
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.issues).toHaveLength(1);
      // The scenario object is one level, the title's arrays the rest.
      const levels = (depth + 1).toLocaleString('en-US');
      expect(r.issues[0]).toEqual({ path: 'title', message: `nested ${levels} levels deep; at most ${MAX_NESTING} levels are allowed (a scenario's own fields go 5 deep)` });
    }
    // 32 levels: an ordinary type error, not the depth.
    expect(parseScenarioText(nested(MAX_NESTING - 1))).toMatchObject({ ok: false, issues: [{ path: 'title', message: 'expected a string, got a list' }] });
  });

  it('nestingDepth measures any depth without recursion; the limit is far above every built-in scenario', () => {
    expect(nestingDepth(1)).toBe(0);
    expect(nestingDepth({})).toBe(1);
    expect(nestingDepth({ a: [{ b: [1] }], c: {} })).toBe(4);
    expect(nestingDepth(JSON.parse('['.repeat(200_000) + ']'.repeat(200_000)))).toBe(200_000);
    const deepest = Math.max(...ALL_BUILT_IN_SCENARIOS.map((b) => nestingDepth(b.scenario)));
    expect(deepest).toBe(5);
    expect(MAX_NESTING).toBeGreaterThanOrEqual(deepest * 6);
  });

  it('a #s= link nested 4,000 deep decodes to a message naming the depth, not a throw', () => {
    const r = decodeScenario(encodeScenario(JSON.parse(nested(4_000)) as never));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toBe(`The link's scenario is not valid: title: nested 4,001 levels deep; at most ${MAX_NESTING} levels are allowed (a scenario's own fields go 5 deep)`);
  });

  it('the CLI prints the message and exits 2, with no stack trace', async () => {
    const r = await cli('simulate', file('deep.json', nested(4_000)));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/: not a valid fencing-lab.scenario\/v1 file:\n {2}title: nested 4,001 levels deep; at most \d+ levels are allowed/);
    expect(r.stderr).not.toMatch(/RangeError|at .*\.ts:\d+/);
  });
});

describe('issue 43, item 4: titles lose zero-width characters too', () => {
  it('zero-width characters and direction marks are removed from the title; a title of only those is an issue', () => {
    const r = parseScenario(doc({ title: 'Seed\u200b GC\u200e pause\ufeff' }));
    expect(r.ok && r.scenario.title).toBe('Seed GC pause');
    expect(parseScenario(doc({ title: '\u200b\u2060\u200f' }))).toMatchObject({ ok: false, issues: [{ path: 'title', message: 'expected a title with visible characters (it had only invisible ones)' }] });
  });
});

describe('issue 43, item 4: client names that look alike', () => {
  const two = (a: Record<string, unknown>, b: Record<string, unknown>) =>
    parseScenario(doc({ clients: [{ id: 'client-1', program: [], ...a }, { id: 'client-2', program: [], ...b }] }));

  it('zero-width characters and direction marks are removed from names, so look-alike names are caught', () => {
    for (const hidden of ['\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u2060', '\ufeff', '\u061c']) {
      const r = two({ name: 'Client 1' }, { name: `Client${hidden} 1` });
      expect(r, JSON.stringify(hidden)).toMatchObject({ ok: false, issues: [{ path: 'clients[1].name', message: 'shows as "Client 1", as clients[0] does: give each client a name of its own' }] });
    }
    const ok = parseScenario(doc({ clients: [{ id: 'client-1', name: 'A\u200bda', program: [] }] }));
    expect(ok.ok && ok.scenario.clients[0]!.name).toBe('Ada');
  });

  it("a name like another client's id (its shown name) is caught; a name of only invisible characters too", () => {
    expect(two({}, { name: 'client-1' })).toMatchObject({ ok: false, issues: [{ path: 'clients[1].name' }] });
    expect(two({ name: '\u200b\u200e' }, {})).toMatchObject({ ok: false, issues: [{ path: 'clients[0].name', message: 'expected a name with visible characters (it had only invisible ones)' }] });
    expect(two({ name: 'Ada' }, { name: 'Bob' }).ok).toBe(true);
  });
});
