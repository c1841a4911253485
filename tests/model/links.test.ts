import fc from 'fast-check';
import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { parseScenario, type ScenarioInput } from '../../src/model';
import {
  buildShareUrl,
  DAMAGED_MESSAGE,
  decodeScenario,
  encodeScenario,
  INCOMPLETE_MESSAGE,
  MAX_ENCODED_LENGTH,
  parseLocation,
  readLocation,
} from '../../src/links';
import { ALL_BUILT_IN_SCENARIOS, builtInScenario } from '../../src/scenarios/all';
import { scenarioInputArb } from './arbitraries';

/**
 * Valid scenario documents with more variety than the simulator's generator: random tokens, a
 * duration, descriptions and write values in any Unicode (lone surrogates included), optional
 * fields left out.
 */
const linkInputArb: fc.Arbitrary<ScenarioInput> = fc
  .record(
    {
      base: scenarioInputArb,
      description: fc.string({ unit: 'binary', maxLength: 120 }),
      random: fc.record({ seed: fc.integer({ min: -1000, max: 1_000_000 }) }),
      durationMs: fc.integer({ min: 1, max: 600_000 }),
      value: fc.string({ unit: 'binary', maxLength: 60 }),
      dropNetwork: fc.boolean(),
    },
    { requiredKeys: ['base', 'dropNetwork'] },
  )
  .map(({ base, description, random, durationMs, value, dropNetwork }) => {
    const input: ScenarioInput = { ...base };
    if (description !== undefined) input.description = description;
    if (random) input.lease = { ttlMs: base.lease.ttlMs, tokens: 'random', seed: random.seed };
    if (durationMs !== undefined) input.durationMs = durationMs;
    if (dropNetwork) delete input.network;
    if (value !== undefined) {
      input.clients = input.clients.map((c) => ({ ...c, program: [...c.program, { op: 'write' as const, value }] }));
    }
    return input;
  });

const builtInInputs = ALL_BUILT_IN_SCENARIOS.map((s) => [s.id, s.scenario] as const);

describe('scenario codec', () => {
  it.each(builtInInputs)('round-trips %s exactly', (_id, input) => {
    const encoded = encodeScenario(input);
    expect(encoded).toMatch(/^[A-Za-z0-9+\-$]+$/);
    const decoded = decodeScenario(encoded);
    expect(decoded.ok).toBe(true);
    if (decoded.ok) {
      expect(decoded.input).toEqual(input);
      expect(decoded.scenario.title).toBe(input.title);
    }
  });

  it('round-trips generated valid scenarios exactly', () => {
    fc.assert(
      fc.property(linkInputArb, (input) => {
        expect(parseScenario(input).ok).toBe(true);
        const decoded = decodeScenario(encodeScenario(input));
        expect(decoded.ok).toBe(true);
        if (decoded.ok) expect(decoded.input).toStrictEqual(JSON.parse(JSON.stringify(input)));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every built-in well inside the length a link may carry', () => {
    for (const [, input] of builtInInputs) expect(encodeScenario(input).length).toBeLessThan(MAX_ENCODED_LENGTH / 4);
  });

  it('says a link cut off when copied is incomplete, and never throws on any prefix', () => {
    for (const [id, input] of builtInInputs) {
      const encoded = encodeScenario(input);
      expect(decodeScenario(encoded.slice(0, Math.floor(encoded.length / 2)))).toEqual({ ok: false, message: INCOMPLETE_MESSAGE, issues: [] });
      for (let n = 0; n < encoded.length; n++) {
        const r = decodeScenario(encoded.slice(0, n));
        // A prefix that still decodes must be the original document (lz-string may drop padding).
        if (r.ok) expect(r.input, `${id} prefix ${n}`).toEqual(input);
        else expect(r.message.length).toBeGreaterThan(0);
      }
    }
  });

  it('never throws on garbled input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 100 }), fc.stringMatching(/^[A-Za-z0-9+\-$]{0,300}$/)), (s) => {
        const r = decodeScenario(s);
        if (!r.ok) expect(r.message).toMatch(/^The link's scenario /);
      }),
      { numRuns: 500 },
    );
  });

  it('names what is wrong: empty, foreign characters, broken escapes, too long', () => {
    expect(decodeScenario('')).toMatchObject({ ok: false, message: "The link's scenario is empty." });
    expect(decodeScenario('abc!def')).toMatchObject({ ok: false, message: expect.stringContaining('characters a Fencing Lab link never has') });
    expect(decodeScenario('abc%E0%A4%A')).toMatchObject({ ok: false, message: expect.stringContaining('broken %-escape') });
    expect(decodeScenario('A'.repeat(MAX_ENCODED_LENGTH + 1))).toMatchObject({ ok: false, message: expect.stringContaining('too long') });
  });

  it('lists the validation issues, with field paths, of a document that is not a valid scenario', () => {
    const bad = structuredClone(builtInScenario('seed-gc-pause')!.scenario) as unknown as { clients: { program: { op: string }[] }[] };
    bad.clients[0]!.program[0]!.op = 'jump';
    const r = decodeScenario(compressToEncodedURIComponent(JSON.stringify(bad)));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.message).toMatch(/^The link's scenario is not valid: clients\[0\]\.program\[0\]\.op: expected one of acquire, write, read, work, release/);
      expect(r.issues[0]?.path).toBe('clients[0].program[0].op');
    }
    expect(decodeScenario(compressToEncodedURIComponent('not json at all'))).toEqual({ ok: false, message: DAMAGED_MESSAGE, issues: [] });
    expect(decodeScenario(compressToEncodedURIComponent('[1,2]'))).toMatchObject({ ok: false, message: expect.stringContaining('expected a scenario object') });
  });

  it('reads percent-escaped links and links whose + became a space', () => {
    const input = builtInScenario('jepsen-three-clients')!.scenario;
    const encoded = encodeScenario(input);
    expect(decodeScenario(encodeURIComponent(encoded))).toMatchObject({ ok: true, input });
    expect(decodeScenario(encoded.replace(/\+/g, ' '))).toMatchObject({ ok: true, input });
  });
});

describe('URL state', () => {
  it('opens the default scenario, with no problems, when there is no link state', () => {
    expect(parseLocation('', '')).toEqual({ scenario: undefined, timeMs: undefined, problems: [] });
    expect(parseLocation('?', '#')).toEqual({ scenario: undefined, timeMs: undefined, problems: [] });
  });

  it('reads a built-in id and a time', () => {
    expect(parseLocation('?scenario=network-delay&t=21500', '')).toEqual({
      scenario: { kind: 'builtin', id: 'network-delay' },
      timeMs: 21_500,
      problems: [],
    });
    expect(parseLocation('scenario=crash-holder&t=0', '').timeMs).toBe(0);
  });

  it('names an unknown or empty scenario id and falls back', () => {
    expect(parseLocation('?scenario=foo', '')).toEqual({
      scenario: undefined,
      timeMs: undefined,
      problems: [{ param: 'scenario', message: "Unknown scenario 'foo'." }],
    });
    expect(parseLocation('?scenario=', '').problems[0]?.message).toBe('The link names no scenario (scenario= is empty).');
    expect(parseLocation(`?scenario=${'x'.repeat(100)}`, '').problems[0]?.message).toBe(`Unknown scenario '${'x'.repeat(40)}…'.`);
  });

  it.each([
    ['abc', "t must be a time in whole milliseconds (t=21500) or in seconds with an s (t=21.5s), 0 or more (got 'abc')."],
    ['-5', "t must be a time in whole milliseconds (t=21500) or in seconds with an s (t=21.5s), 0 or more (got '-5')."],
    ['1.5', "t must be a time in whole milliseconds (t=21500) or in seconds with an s (t=21.5s), 0 or more (got '1.5')."],
    ['1e3', "t must be a time in whole milliseconds (t=21500) or in seconds with an s (t=21.5s), 0 or more (got '1e3')."],
    ['', 't must be a time in whole milliseconds (t=21500) or in seconds with an s (t=21.5s), 0 or more (got an empty value).'],
    ['600001', 't must be at most 600000 ms (10 minutes), got 600001.'],
    ['1.5 s', "t must be a time in whole milliseconds (t=21500) or in seconds with an s (t=21.5s), 0 or more (got '1.5 s')."],
    ['601s', 't must be at most 600000 ms (10 minutes), got 601s.'],
  ])('rejects t=%s with a message and keeps the scenario', (t, message) => {
    expect(parseLocation(`?scenario=seed-gc-pause&t=${t}`, '')).toEqual({
      scenario: { kind: 'builtin', id: 'seed-gc-pause' },
      timeMs: undefined,
      problems: [{ param: 't', message }],
    });
  });

  it('reads t in seconds with an s (t=21.5s), as a person writing a link by hand may', () => {
    expect(parseLocation('?t=21.5s', '').timeMs).toBe(21_500);
    expect(parseLocation('?t=10s', '').timeMs).toBe(10_000);
    expect(parseLocation('?t=0.0004s', '').timeMs).toBe(0);
    expect(parseLocation('?t=21500', '').timeMs).toBe(21_500);
  });

  it('reads a custom scenario from the hash, which wins over ?scenario=', () => {
    const input = builtInScenario('slow-clock')!.scenario;
    const r = parseLocation('?scenario=seed-gc-pause&t=12400', `#s=${encodeScenario(input)}`);
    expect(r.scenario).toEqual({ kind: 'custom', input });
    expect(r.customScenario?.clients[0]?.clockRate).toBe(0.5);
    expect(r.timeMs).toBe(12_400);
    expect(r.problems).toEqual([]);
  });

  it('reports a truncated #s= and falls back to ?scenario= if there is one, else to the default', () => {
    const encoded = encodeScenario(builtInScenario('slow-clock')!.scenario);
    const cut = `#s=${encoded.slice(0, 20)}`;
    expect(parseLocation('?scenario=crash-holder', cut)).toEqual({
      scenario: { kind: 'builtin', id: 'crash-holder' },
      timeMs: undefined,
      problems: [{ param: 's', message: INCOMPLETE_MESSAGE }],
    });
    expect(parseLocation('', cut).scenario).toBeUndefined();
  });

  it('passes validation issues of an invalid #s= document to the caller', () => {
    const bad = { ...builtInScenario('slow-clock')!.scenario, lease: { ttlMs: -1 } };
    const r = parseLocation('', `#s=${compressToEncodedURIComponent(JSON.stringify(bad))}`);
    expect(r.scenario).toBeUndefined();
    expect(r.problems[0]?.param).toBe('s');
    expect(r.problems[0]?.issues?.[0]?.path).toBe('lease.ttlMs');
  });

  it('never throws on any search and hash', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ maxLength: 80 }), (search, hash) => {
        const r = parseLocation(search, hash);
        for (const p of r.problems) expect(p.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the quiet-time axis setting in links (?quiet=)', () => {
  it('reads skip and scale, and names a bad or repeated value without losing the rest of the link', () => {
    expect(readLocation('?scenario=network-delay&quiet=skip', '').skipQuiet).toBe(true);
    expect(readLocation('?quiet=scale', '').skipQuiet).toBe(false);
    expect(readLocation('?t=5', '').skipQuiet).toBeUndefined();
    const bad = readLocation('?scenario=network-delay&t=200&quiet=yes', '');
    expect(bad.skipQuiet).toBeUndefined();
    expect(bad.builtin).toEqual({ kind: 'builtin', id: 'network-delay' });
    expect(bad.timeMs).toBe(200);
    expect(bad.problems).toEqual([{ param: 'quiet', message: "quiet must be skip or scale (got 'yes'); showing the time axis to scale." }]);
    expect(readLocation('?quiet=', '').problems[0]!.message).toMatch(/got an empty value/);
    const twice = readLocation('?quiet=skip&quiet=scale', '');
    expect(twice.skipQuiet).toBe(true);
    expect(twice.problems.map((p) => p.param)).toEqual(['quiet']);
  });

  it('writes quiet=skip into a share link only when quiet stretches are skipped, replacing an old value', () => {
    const builtin = { kind: 'builtin', id: 'seed-gc-pause' } as const;
    expect(buildShareUrl('./index.html?quiet=skip', { scenario: builtin, timeMs: 10 })).toBe('./index.html?scenario=seed-gc-pause&t=10');
    const url = buildShareUrl('./index.html?quiet=scale', { scenario: builtin, timeMs: 10, skipQuiet: true });
    expect(url).toBe('./index.html?scenario=seed-gc-pause&t=10&quiet=skip');
    expect(readLocation(url.slice(url.indexOf('?')), '').skipQuiet).toBe(true);
  });
});

describe('share links', () => {
  it('links a built-in by id and time, keeping unrelated parameters and dropping an old hash', () => {
    expect(buildShareUrl('https://example.org/lab/index.html?lang=fr&scenario=old&t=5#s=OLD', { scenario: { kind: 'builtin', id: 'network-delay' }, timeMs: 21_500 })).toBe(
      'https://example.org/lab/index.html?lang=fr&scenario=network-delay&t=21500',
    );
    expect(buildShareUrl('./index.html', { scenario: { kind: 'builtin', id: 'seed-gc-pause' } })).toBe('./index.html?scenario=seed-gc-pause');
  });

  it('links a custom scenario in the hash, with the time in the query', () => {
    const input = builtInScenario('random-tokens')!.scenario;
    const url = buildShareUrl('https://example.org/lab/?scenario=seed-gc-pause', { scenario: { kind: 'custom', input }, timeMs: 21_500 });
    expect(url).toBe(`https://example.org/lab/?t=21500#s=${encodeScenario(input)}`);
  });

  it('round-trips through parseLocation for every built-in, as id and as a custom document', () => {
    for (const b of ALL_BUILT_IN_SCENARIOS) {
      for (const scenario of [{ kind: 'builtin' as const, id: b.id }, { kind: 'custom' as const, input: b.scenario }]) {
        const url = new URL(buildShareUrl('https://example.org/lab/index.html', { scenario, timeMs: 1234 }));
        expect(parseLocation(url.search, url.hash)).toMatchObject({ scenario, timeMs: 1234, problems: [] });
      }
    }
  });

  it('round-trips generated scenarios and times through a real URL', () => {
    fc.assert(
      fc.property(linkInputArb, fc.option(fc.integer({ min: 0, max: 600_000 }), { nil: undefined }), (input, timeMs) => {
        const url = new URL(buildShareUrl('https://example.org/lab/', { scenario: { kind: 'custom', input }, ...(timeMs !== undefined ? { timeMs } : {}) }));
        const r = parseLocation(url.search, url.hash);
        expect(r.problems).toEqual([]);
        expect(r.timeMs).toBe(timeMs);
        expect(r.scenario).toStrictEqual({ kind: 'custom', input: JSON.parse(JSON.stringify(input)) });
      }),
      { numRuns: 200 },
    );
  });

  it('throws RangeError for a time outside 0 to 600000 ms or a scenario too large for a link', () => {
    const scenario = { kind: 'builtin' as const, id: 'seed-gc-pause' };
    expect(() => buildShareUrl('x', { scenario, timeMs: -1 })).toThrow(RangeError);
    expect(() => buildShareUrl('x', { scenario, timeMs: 1.5 })).toThrow(RangeError);
    expect(() => buildShareUrl('x', { scenario, timeMs: 600_001 })).toThrow(RangeError);
    const huge = structuredClone(builtInScenario('seed-gc-pause')!.scenario);
    const noise = fc.sample(fc.string({ unit: 'binary', minLength: 200, maxLength: 200 }), { numRuns: 200, seed: 7 });
    huge.clients[0]!.program = noise.map((value) => ({ op: 'write' as const, value: value.slice(0, 200) }));
    expect(() => buildShareUrl('x', { scenario: { kind: 'custom', input: huge } })).toThrow(/too large for a link/);
  });
});
