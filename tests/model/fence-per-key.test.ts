/**
 * Fence granularity (issue 41, item 9): writes and reads that name an object (`key`), and a storage
 * that keeps its highest token for the whole lock (`storage.fencePer: "lock"`, the default) or per
 * object (`"key"`). Property tests over random scenarios with keys, against an oracle written here
 * from the rule itself; the two shared cases through the CLI; validation and the file form.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScenario, simulate, toScenarioInput, type Op, type Scenario, type Trace } from '../../src/model';
import { scenarioArb } from './arbitraries';

const RUNS = { numRuns: Number(process.env.FC_RUNS ?? 300) };
const KEYS = ['row-1', 'row-2', 'row-3'] as const;

/** A random scenario whose writes and reads name one of three rows (or none: the default object). */
const keyedArb: fc.Arbitrary<Scenario> = scenarioArb.chain((s) =>
  fc
    .array(fc.constantFrom<string | undefined>(...KEYS, undefined), { minLength: 64, maxLength: 64 })
    .map((keys): Scenario => {
      let i = 0;
      const withKey = (op: Op): Op => {
        const key = keys[i++ % keys.length];
        return (op.op === 'write' || op.op === 'read') && key !== undefined ? { ...op, key } : op;
      };
      return { ...s, clients: s.clients.map((c) => ({ ...c, program: c.program.map(withKey) })) };
    }),
);

/**
 * Walks the storage's events in order with an independent model of the rule: the highest token
 * seen (accepted writes, and served reads when reads are fenced), by scope, forgotten at a reset.
 * Checks every decision against it; returns how many writes it checked.
 */
function checkAgainstOracle(trace: Trace, scopeOf: (key: string | undefined) => string): number {
  const highest = new Map<string, number>();
  let checked = 0;
  for (const e of trace.events) {
    if (e.actor !== 'storage') continue;
    if (e.kind === 'storage-reset') highest.clear();
    if (e.token === undefined) continue;
    const scope = scopeOf(e.key);
    const seen = highest.get(scope) ?? 0;
    if (e.kind === 'write-accepted') {
      // The rule: no write with a token below the highest seen in its scope is accepted.
      expect(e.token, `write to ${e.key ?? '(default)'} at ${e.atMs} ms`).toBeGreaterThanOrEqual(seen);
      highest.set(scope, Math.max(seen, e.token));
      checked += 1;
    } else if (e.kind === 'write-rejected') {
      // ...and one is rejected only for that reason (the storage checks tokens, no sequence numbers).
      expect(e.token, `rejected write to ${e.key ?? '(default)'} at ${e.atMs} ms`).toBeLessThan(seen);
      checked += 1;
    } else if (e.kind === 'read-served' && trace.scenario.storage.fenceReads) {
      highest.set(scope, Math.max(seen, e.token));
    }
  }
  return checked;
}

const tokenChecked = (s: Scenario, fencePer: 'lock' | 'key'): Scenario => ({
  ...s,
  storage: { ...s.storage, fencing: 'token', sequence: undefined, fencePer },
});

describe('storage.fencePer: properties over random scenarios with keys', { timeout: 120_000 }, () => {
  it('per lock: no write with a token below the highest seen for the lock is accepted, on any key', () => {
    let writes = 0;
    fc.assert(
      fc.property(keyedArb, (s) => {
        writes += checkAgainstOracle(simulate(tokenChecked(s, 'lock')), () => 'the lock');
      }),
      RUNS,
    );
    expect(writes, 'the generator makes writes to check').toBeGreaterThan(0);
  });

  it('per key: no write with a token below the highest seen for its own key is accepted, and none is rejected for another key', () => {
    fc.assert(
      fc.property(keyedArb, (s) => {
        checkAgainstOracle(simulate(tokenChecked(s, 'key')), (key) => key ?? '');
      }),
      RUNS,
    );
  });

  it('per key accepts every write that per lock accepts, in runs where the two see the same events up to it', () => {
    // Per lock fences a superset of what per key fences: with one run's messages fixed, a write per
    // lock accepts is accepted per key. Runs diverge after a first differing decision (replies come
    // back and programs go on), so compare up to it.
    fc.assert(
      fc.property(keyedArb, (s) => {
        const lock = simulate(tokenChecked(s, 'lock')).storage;
        const key = simulate(tokenChecked(s, 'key')).storage;
        for (let i = 0; i < Math.min(lock.length, key.length); i++) {
          const [a, b] = [lock[i]!, key[i]!];
          expect(b.messageId).toBe(a.messageId);
          if (a.accepted !== b.accepted) {
            expect(b.accepted, 'only per key can accept what per lock rejects').toBe(true);
            break;
          }
        }
      }),
      RUNS,
    );
  });

  it('without keys, per key and per lock give the same trace (one object: every older scenario is unchanged)', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const a = simulate({ ...s, storage: { ...s.storage, fencePer: 'lock' } });
        const b = simulate({ ...s, storage: { ...s.storage, fencePer: 'key' } });
        expect(b.storageLog).toEqual(a.storageLog);
        expect(b.events).toEqual(a.events);
        expect(simulate(s).events).toEqual(a.events);
      }),
      { numRuns: 100 },
    );
  });

  it('the storage log and the reads name the key only when the step names one', () => {
    fc.assert(
      fc.property(keyedArb, (s) => {
        const trace = simulate(s);
        for (const d of trace.storage) {
          if (d.key === undefined) expect(d.text).not.toMatch(/ in '/);
          else expect(d.text).toContain(` in '${d.key}'`);
        }
        for (const r of trace.reads ?? []) if (r.key !== undefined) expect(r.text).toContain(`'${r.key}'`);
      }),
      { numRuns: 100 },
    );
  });
});

describe('keys in the scenario file', () => {
  const root = join(import.meta.dirname, '..', '..');
  const read = (name: string): unknown => JSON.parse(readFileSync(join(root, 'tests', 'cases', name), 'utf8'));

  it('a bad key is refused with the path of the field', () => {
    const doc = read('fence-per-key.json') as { clients: { program: Record<string, unknown>[] }[] };
    doc.clients[0]!.program[1]!.key = 'row 2';
    doc.clients[1]!.program[1]!.key = '';
    const r = parseScenario(doc);
    expect(r.ok).toBe(false);
    const paths = r.ok ? [] : r.issues.map((i) => i.path);
    expect(paths).toContain('clients[0].program[1].key');
    expect(paths).toContain('clients[1].program[1].key');
  });

  it('an unknown fencePer is refused, and the file form keeps fencePer and every key', () => {
    const doc = read('fence-per-key.json') as { storage: Record<string, unknown> };
    expect(parseScenario({ ...doc, storage: { ...doc.storage, fencePer: 'row' } }).ok).toBe(false);
    const r = parseScenario(doc);
    if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
    const back = toScenarioInput(r.scenario);
    expect(back.storage?.fencePer).toBe('key');
    expect(back.clients.flatMap((c) => c.program.map((op) => ('key' in op ? op.key : undefined)))).toEqual([
      undefined, 'row-1', undefined, 'row-2', undefined, 'row-1', undefined, 'row-2',
    ]);
    // A scenario without the field does not grow one in its file form (older links stay as they were).
    const seed = parseScenario(read('seed-gc-pause.json'));
    expect(seed.ok && 'fencePer' in (toScenarioInput(seed.scenario).storage ?? {})).toBe(false);
  });

  it.each(['fence-per-key.json', 'fence-per-lock.json'])('%s: the CLI prints exactly its expected storage log', (name) => {
    const tsx = join(root, 'node_modules', '.bin', 'tsx');
    const out = execFileSync(tsx, [join(root, 'src', 'cli', 'simulate.ts'), join(root, 'tests', 'cases', name)], { encoding: 'utf8' });
    const expected = (read(name) as { expect: { storageLog: string[] } }).expect.storageLog;
    expect(out.trim().split('\n')).toEqual(expected);
    // The two cases differ only in fencePer, and only on the late write to row 2.
    expect(expected[2]).toMatch(name === 'fence-per-key.json' ? /^stored 'late write from client 1' in 'row-2' with token 33$/ : /^rejected 'late write from client 1' in 'row-2' \(token 33 < 34\)$/);
  }, 30_000);
});

describe('fence-per-object: what the lesson teaches agrees with the trace', () => {
  // Loaded here, not at the top: the registry of every built-in is only needed by this block.
  const load = async () => {
    const [{ builtInScenario }, { normalizeScenario }, moments, text, quiz, answers, { SEED_GUIDE }] = await Promise.all([
      import('../../src/scenarios/all'),
      import('../../src/model/scenario'),
      import('../../src/story/moments'),
      import('../../src/story/text'),
      import('../../src/quiz/questions'),
      import('../../src/quiz/answers'),
      import('../../src/story/guide'),
    ]);
    const b = builtInScenario('fence-per-object')!;
    const s = normalizeScenario(b.scenario);
    return { b, s, moments, text, quiz, answers, SEED_GUIDE };
  };

  it('per row, the late write to row 2 is stored at 21.5 s although client 2 holds the lock; per lock it is rejected', async () => {
    const { b, s, moments } = await load();
    const trace = simulate(s);
    const late = trace.storage.find((d) => d.client === 'client-1' && d.key === 'row-2')!;
    expect(late).toMatchObject({ atMs: 21_500, accepted: true, staleAccepted: true, highestBefore: 0, token: 33 });
    // The narration's times and numbers are the trace's.
    const step = b.narration.find((n) => n.title.startsWith('The late write goes to row 2'))!;
    expect(step.text).toContain('At 21.5 s');
    expect(b.narration.find((n) => n.title === 'Client 2 writes row 2')!.text).toContain('At 25.5 s');
    expect(trace.storage.find((d) => d.client === 'client-2' && d.key === 'row-2')!.atMs).toBe(25_500);
    // The ending names the object, not the lock-wide highest token, and whose data it replaced: none (row 2 was empty).
    expect(moments.runOutcome(trace)).toBe(
      "The storage stored Client 1's late write: the storage keeps a highest token per object, and for 'row-2' it had accepted none yet: no newer holder had written that object yet.",
    );
    const perLock = simulate({ ...s, storage: { ...s.storage, fencePer: 'lock' } });
    expect(perLock.storage.find((d) => d.client === 'client-1' && d.key === 'row-2')).toMatchObject({ accepted: false, highestBefore: 34 });
    expect(moments.runOutcome(perLock)).toBe("The storage rejected Client 1's late write: its token 33 is lower than 34, the highest it had accepted.");
  });

  it("the story's prediction says whose highest token it compares with", async () => {
    const { s, moments, text } = await load();
    const trace = simulate(s);
    const m = moments.keyMoments(trace).find((k) => k.predict && k.decision?.key === 'row-2' && k.client === 'client-1')!;
    expect(m.predict!.key).toBe('row-2');
    expect(text.predictQuestion(trace, m.predict!)).toContain("the highest token the storage has accepted for 'row-2' (it keeps one per object) so far is 0");
    expect(text.predictReason(trace, m.predict!)).toContain("the highest it had accepted for 'row-2'");
  });

  it('the quiz asks about the same write, and its answer (computed from the trace) is "accepted"', async () => {
    const { quiz, answers } = await load();
    const q = quiz.QUESTIONS.find((x) => x.id === 'predict-fence-per-row');
    if (q?.kind !== 'predict') throw new Error('predict-fence-per-row is missing');
    const a = answers.predictAnswer(q, answers.traceFor(q.scenarioId)!)!;
    expect(a.decision.key).toBe('row-2');
    expect(a.correct).toBe('accepted');
    expect(answers.fillPredictPrompt(q, answers.traceFor(q.scenarioId)!)).toContain('“late write from client 1” to row 2 with token 33');
  });

  it("issue 41's other lessons: the guide asks what the lock is for right after the first grant; each new question names a scenario that exists", async () => {
    const { quiz, answers, SEED_GUIDE } = await load();
    const titles = SEED_GUIDE.map((g) => g.title);
    expect(titles.indexOf('What is the lock for?')).toBe(titles.indexOf('A lock') + 1);
    for (const q of quiz.ISSUE41_QUESTIONS) {
      expect(answers.isAvailable(q), q.id).toBe(true);
      expect(q.scenarioId && answers.traceFor(q.scenarioId), q.id).toBeDefined();
    }
  });
});
