/**
 * The quiz's question file and its pure parts: the file validates, covers what it must, starts
 * with the seed's quick check word for word, and every computed answer (predict, order, moment)
 * agrees with an independent reading of `simulate`'s trace. Also the instructor settings parser.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario, simulate, type Trace } from '../../src/model';
import { builtInScenario } from '../../src/scenarios/all';
import { beliefOverlaps, believersAt } from '../../src/store/beliefs';
import {
  fillPredictPrompt,
  grade,
  isAvailable,
  momentAnswer,
  momentStops,
  orderAnswer,
  predictAnswer,
  responseString,
  traceFor,
} from '../../src/quiz/answers';
import { QUESTIONS } from '../../src/quiz/questions';
import { questionsSchema } from '../../src/quiz/schema';
import { DEFAULT_QUIZ_SETTINGS, instanceFromSearch, parseQuizSettings } from '../../src/quiz/settings';
import { xapiBase } from '../../src/quiz/xapi';
import { TOPICS, type MomentQuestion, type OrderQuestion, type PredictQuestion } from '../../src/quiz/types';

/** The seed's quick check, copied word for word from the brief (shared/seed). */
const SEED_QUESTION = 'Where must a fencing token be checked to prevent writes from a paused former lock holder?';
const SEED_OPTIONS = [
  'In the client, before every write',
  'In the lock service, when the lease expires',
  'In the network load balancer',
  'In the storage or resource that receives the write',
];

/** simulate() run directly on the built-in, without the quiz's cache. */
function freshTrace(id: string): Trace | undefined {
  const found = builtInScenario(id);
  if (!found) return undefined;
  const parsed = parseScenario(found.scenario);
  if (!parsed.ok) throw new Error(`built-in ${id} does not validate`);
  return simulate(parsed.scenario);
}

const missing = (id: string) => builtInScenario(id) === undefined;

describe('question file', () => {
  it('validates against the schema', () => {
    const r = questionsSchema.safeParse(QUESTIONS);
    if (!r.success) throw new Error(r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
    expect(r.success).toBe(true);
  });

  it('has at least 12 questions of at least 3 kinds', () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(QUESTIONS.map((q) => q.kind)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(QUESTIONS.map((q) => q.kind))).toEqual(new Set(['choice', 'predict', 'order', 'moment']));
  });

  it('starts with the seed question, word for word, in the seed order, with the storage as the answer', () => {
    const q = QUESTIONS[0]!;
    expect(q.kind).toBe('choice');
    if (q.kind !== 'choice') return;
    expect(q.prompt).toBe(SEED_QUESTION);
    expect(q.multiple).toBe(false);
    expect(q.options.map((o) => o.text)).toEqual(SEED_OPTIONS);
    expect(q.options.filter((o) => o.correct).map((o) => o.text)).toEqual(['In the storage or resource that receives the write']);
    expect(grade(q, { kind: 'choice', selected: ['storage'] }).correct).toBe(true);
    expect(grade(q, { kind: 'choice', selected: ['client'] }).correct).toBe(false);
  });

  it('covers every topic', () => {
    expect(new Set(QUESTIONS.map((q) => q.topic))).toEqual(new Set(TOPICS));
  });

  it('puts at least one source on every question, and feedback on every option', () => {
    for (const q of QUESTIONS) {
      expect(q.sources.length, q.id).toBeGreaterThan(0);
      if (q.kind === 'choice') for (const o of q.options) expect(o.feedback.length, `${q.id}/${o.id}`).toBeGreaterThan(20);
    }
  });

  it('covers etcd, ZooKeeper and Chubby tokens in the words of their docs', () => {
    const text = JSON.stringify(QUESTIONS);
    expect(text).toMatch(/revision/);
    expect(text).toMatch(/create revision|create_revision/);
    expect(text).toMatch(/zxid/);
    // Issue 12, correction 1: the ZooKeeper token is the zxid-based czxid (the sequence number and
    // the parent's cversion are safe only under a parent that is never deleted), so the old
    // "znode version number" wording is no longer pinned here; tests/model/corrections.test.ts pins the new one.
    expect(text).toMatch(/czxid/);
    expect(text).toMatch(/sequencer/);
  });
});

describe('scenario links', () => {
  for (const q of QUESTIONS) {
    const id = q.scenarioId;
    if (!id) continue;
    // A link to a built-in that is not registered fails here (it used to be skipped, so a misspelt id
    // dropped the question from the quiz with every test green).
    it(`${q.id} links to built-in "${id}"`, () => {
      expect(missing(id), `"${id}" is not a registered built-in scenario`).toBe(false);
      expect(builtInScenario(id)).toBeDefined();
      expect(isAvailable(q)).toBe(true);
    });
  }
});

describe('predict questions: the answer is what simulate gives', () => {
  const predicts = QUESTIONS.filter((q): q is PredictQuestion => q.kind === 'predict');
  it('there are some, with both outcomes among them', () => {
    expect(predicts.length).toBeGreaterThanOrEqual(3);
  });
  for (const q of predicts) {
    it(`${q.id} (${q.scenarioId})`, () => {
      const trace = freshTrace(q.scenarioId)!;
      // Read the decision straight from the trace: the nth write from that client the storage decided on.
      const decisions = trace.storage.filter((d) => d.client === q.decision.client);
      const d = decisions[q.decision.nth - 1];
      expect(d, 'the decision exists').toBeDefined();
      const line = trace.storageLog[trace.storage.indexOf(d!)]!;
      const a = predictAnswer(q, traceFor(q.scenarioId)!)!;
      expect(a).toBeDefined();
      if (q.ask === 'outcome') {
        const expected = line.startsWith('stored') ? 'accepted' : 'rejected';
        expect(line.startsWith('stored') || line.startsWith('rejected')).toBe(true);
        expect(a.correct).toBe(expected);
        expect(grade(q, { kind: 'predict', value: expected }).correct).toBe(true);
        expect(grade(q, { kind: 'predict', value: expected === 'accepted' ? 'rejected' : 'accepted' }).correct).toBe(false);
      } else {
        // Highest accepted token up to and including this decision (no fenced reads in these scenarios).
        const upTo = trace.storage.slice(0, trace.storage.indexOf(d!) + 1);
        expect(trace.scenario.storage.fenceReads).toBe(false);
        const highest = Math.max(0, ...upTo.filter((x) => x.accepted).map((x) => x.token ?? 0));
        expect(a.correct).toBe(String(highest));
        expect(a.choices).toContain(String(highest));
        expect(grade(q, { kind: 'predict', value: String(highest) }).correct).toBe(true);
        for (const other of a.choices.filter((c) => c !== String(highest))) {
          expect(grade(q, { kind: 'predict', value: other }).correct).toBe(false);
        }
      }
      // The timeline stops before the decision, and after every earlier event that shows the story so far.
      expect(a.stopMs).toBeLessThan(d!.atMs);
      // Every placeholder is filled.
      expect(fillPredictPrompt(q, trace)).not.toMatch(/\{\w+\}/);
    });
  }

  it('the computed answers are not all the same (the quiz does not always say "rejected")', () => {
    const answers = predicts
      .filter((q) => !missing(q.scenarioId) && q.ask === 'outcome')
      .map((q) => predictAnswer(q, traceFor(q.scenarioId)!)!.correct);
    if (answers.length >= 3) expect(new Set(answers)).toEqual(new Set(['accepted', 'rejected']));
  });
});

describe('order questions: the right order is the trace order', () => {
  for (const q of QUESTIONS.filter((x): x is OrderQuestion => x.kind === 'order')) {
    it(`${q.id} (${q.scenarioId})`, () => {
      const trace = freshTrace(q.scenarioId)!;
      const right = orderAnswer(q, trace)!;
      expect(right, 'every item matches an event').toBeDefined();
      expect(right).toHaveLength(q.items.length);
      // Independently: each item's event, then sorted by time (event ids are in time order).
      const times = right.map((r) => r.event.atMs);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(new Set(right.map((r) => r.event.id)).size).toBe(right.length);
      for (const r of right) expect(trace.events[r.event.id]).toEqual(r.event);
      expect(grade(q, { kind: 'order', order: right.map((r) => r.id) }).correct).toBe(true);
      // As first shown, the items are not already in order, and that order is graded wrong.
      const shown = q.items.map((i) => i.id);
      expect(shown).not.toEqual(right.map((r) => r.id));
      expect(grade(q, { kind: 'order', order: shown }).correct).toBe(false);
      // Labels are filled from the events.
      for (const r of right) expect(r.label).not.toMatch(/\{\w+\}/);
    });
  }
});

describe('moment questions: the answer comes from the belief intervals', () => {
  for (const q of QUESTIONS.filter((x): x is MomentQuestion => x.kind === 'moment')) {
    it(`${q.id} (${q.scenarioId})`, () => {
      const trace = freshTrace(q.scenarioId)!;
      const stops = momentStops(trace);
      const right = momentAnswer(q, trace);
      expect(right.length).toBeGreaterThan(0);
      expect(right.length).toBeLessThan(stops.length);
      // Independently from the raw intervals: two or more beliefs cover the moment.
      const covering = (ms: number) => trace.beliefs.filter((b) => b.startMs <= ms && ms < b.endMs).length;
      for (const ms of stops) {
        expect(right.includes(ms), `${ms} ms`).toBe(covering(ms) >= 2);
        expect(grade(q, { kind: 'moment', atMs: ms }).correct).toBe(covering(ms) >= 2);
      }
      // The overlap spans agree with the stops inside them.
      const spans = beliefOverlaps(trace);
      expect(spans.length).toBeGreaterThan(0);
      for (const ms of right) expect(spans.some((s) => s.startMs <= ms && ms < s.endMs)).toBe(true);
      expect(believersAt(trace, right[0]!).length).toBeGreaterThanOrEqual(2);
    });
  }
});

describe('grading', () => {
  it('grades multi-select all or nothing, with a partial count', () => {
    const q = QUESTIONS.find((x) => x.id === 'client-checks')!;
    expect(q.kind).toBe('choice');
    expect(grade(q, { kind: 'choice', selected: ['pause-gap', 'network', 'slow-clock'] }).correct).toBe(true);
    expect(grade(q, { kind: 'choice', selected: ['pause-gap'] })).toEqual({ correct: false, partial: { right: 2, of: 4 } });
    expect(grade(q, { kind: 'choice', selected: ['pause-gap', 'network', 'slow-clock', 'none'] }).correct).toBe(false);
  });

  it('never grades a response of the wrong kind as right', () => {
    expect(grade(QUESTIONS[0]!, { kind: 'predict', value: 'storage' }).correct).toBe(false);
  });

  it('writes xAPI responses the xAPI way', () => {
    expect(responseString({ kind: 'choice', selected: ['a', 'b'] })).toBe('a[,]b');
    expect(responseString({ kind: 'order', order: ['x', 'y', 'z'] })).toBe('x[,]y[,]z');
    expect(responseString({ kind: 'predict', value: 'rejected' })).toBe('rejected');
    expect(responseString({ kind: 'moment', atMs: 10200 })).toBe('10200');
  });
});

describe('parseQuizSettings', () => {
  it('gives the defaults for an empty query', () => {
    expect(parseQuizSettings('')).toEqual({ settings: DEFAULT_QUIZ_SETTINGS, notices: [] });
  });

  it('reads every valid setting', () => {
    const { settings, notices } = parseQuizSettings('?quizRetry=0&quizSolution=0&passMark=85&quizMode=self-check');
    expect(settings).toEqual({ retry: false, solution: false, passMark: 85, mode: 'self-check', questions: undefined, shuffle: false, xapiBase: undefined, actor: undefined });
    expect(notices).toEqual([]);
  });

  it('accepts the bounds of the pass mark', () => {
    expect(parseQuizSettings('?passMark=0').settings.passMark).toBe(0);
    expect(parseQuizSettings('?passMark=100').settings.passMark).toBe(100);
  });

  it('ignores and reports malformed values, keeping the defaults', () => {
    const { settings, notices } = parseQuizSettings('?quizRetry=yes&quizSolution=2&passMark=101&quizMode=exam');
    expect(settings).toEqual(DEFAULT_QUIZ_SETTINGS);
    expect(notices).toEqual([
      'quizRetry: expected 0 or 1, got "yes"; ignored',
      'quizSolution: expected 0 or 1, got "2"; ignored',
      'passMark: expected a whole number from 0 to 100, got "101"; ignored',
      'quizMode: expected graded or self-check, got "exam"; ignored',
    ]);
    for (const bad of ['-5', '72.5', '', 'abc', '1e2']) {
      const r = parseQuizSettings(`?passMark=${encodeURIComponent(bad)}`);
      expect(r.settings.passMark, bad).toBe(70);
      expect(r.notices, bad).toHaveLength(1);
    }
  });

  it('asks a repeated question once and says so (issue 43: "a,a,a" made a one-question quiz silently)', () => {
    const { settings, notices } = parseQuizSettings('?quizQuestions=b,a,b,b,c,a');
    expect(settings.questions).toEqual(['b', 'a', 'c']);
    expect(notices).toEqual(['quizQuestions: "b", "a" given more than once; each question is asked once']);
    expect(parseQuizSettings('?quizQuestions=a,b').notices).toEqual([]);
  });

  it('takes an http(s) xapiBase only; javascript: and other schemes are refused with a notice', () => {
    expect(parseQuizSettings('?xapiBase=https%3A%2F%2Fids.example.edu%2Ffl%2F')).toMatchObject({ settings: { xapiBase: 'https://ids.example.edu/fl/' }, notices: [] });
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'urn:x:y', 'ftp://h/x']) {
      const r = parseQuizSettings(`?xapiBase=${encodeURIComponent(bad)}`);
      expect(r.settings.xapiBase, bad).toBeUndefined();
      expect(r.notices, bad).toEqual([`xapiBase: expected an http(s) address such as https://example.edu/lab/, got ${JSON.stringify(bad)}; ignored`]);
      expect(xapiBase('https://h.example/lab/index.html', bad), bad).toBe('https://h.example/lab/');
    }
  });

  it('reports unknown quiz parameters by name and leaves other parameters to the app', () => {
    const { settings, notices } = parseQuizSettings('?quizRetries=0&scenario=seed-gc-pause&view=quiz&passmark=50');
    expect(settings).toEqual(DEFAULT_QUIZ_SETTINGS);
    expect(notices).toHaveLength(2);
    expect(notices[0]).toMatch(/^"quizRetries" is not a quiz setting; ignored/);
    expect(notices[1]).toMatch(/^"passmark" is not a quiz setting; ignored/);
  });

  it('uses the first of a repeated parameter and says so', () => {
    const r = parseQuizSettings('?passMark=50&passMark=90');
    expect(r.settings.passMark).toBe(50);
    expect(r.notices).toEqual(['passMark: given 2 times; using the first']);
  });

  it('never throws', () => {
    for (const s of ['?%', '?quizMode=%E0%A4%A', '&&&', '?=1', '?passMark']) expect(() => parseQuizSettings(s)).not.toThrow();
  });

  it('reads the embed instance id, defaulting to fencing-lab', () => {
    expect(instanceFromSearch('?instance=week-3')).toBe('week-3');
    expect(instanceFromSearch('')).toBe('fencing-lab');
    expect(instanceFromSearch('?instance=<script>')).toBe('fencing-lab');
  });
});
