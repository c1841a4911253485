/**
 * Every xAPI statement kind the quiz can produce, for every shipped question (right and wrong
 * answers), through Learning Locker's validator (`@learninglocker/xapi-validation`, the one Learning
 * Locker's LRS runs): answered, completed (graded and self-check), passed, failed, initialized,
 * terminated, with each form of actor, plain and with a cmi5 context template. Also pins the fields
 * issue 16 asks for (IRIs, interaction definitions, score, duration, parent, registration, instance).
 */
import validate from '@learninglocker/xapi-validation';
import { describe, expect, it } from 'vitest';
import { isAvailable, orderAnswer, predictAnswer, responseString, traceFor, grade } from '../../src/quiz/answers';
import { QUESTIONS } from '../../src/quiz/questions';
import { defaultResponse, promptOf } from '../../src/quiz/QuestionView';
import type { Question, Response } from '../../src/quiz/types';
import {
  anonymousActor,
  answeredStatement,
  isoDuration,
  parseActor,
  quizActivityId,
  quizStatement,
  uuid,
  xapiBase,
  type XapiAttempt,
  type XapiStatement,
} from '../../src/quiz/xapi';
import { cmi5Statement } from '../../src/lms/cmi5-statements';

const problems = (s: unknown): string[] => validate(s).map((w) => `${w.path.join('.')}: ${(w as { typeName?: string }).typeName ?? w.message}`);

const registration = uuid();
const base = xapiBase('https://courses.example.edu/lab/index.html?embed=1&view=quiz');
const actors = [
  { objectType: 'Agent' as const, name: 'Ada', mbox: 'mailto:ada@example.edu' },
  { objectType: 'Agent' as const, account: { homePage: 'https://moodle.example.edu', name: '42' } },
  anonymousActor('https://courses.example.edu/', registration),
];
const attempt = (actor = actors[0]!): XapiAttempt => ({ actor, registration, quizId: quizActivityId(base, 'week-3') });
const available = QUESTIONS.filter(isAvailable);

/** A right and a wrong response to a question, computed from its answer. */
function responses(q: Question): Response[] {
  switch (q.kind) {
    case 'choice': {
      const right = q.options.filter((o) => o.correct).map((o) => o.id);
      const wrong = q.options.filter((o) => !o.correct).map((o) => o.id).slice(0, 1);
      return [{ kind: 'choice', selected: right }, { kind: 'choice', selected: wrong }];
    }
    case 'predict': {
      const a = predictAnswer(q, traceFor(q.scenarioId)!)!;
      return [{ kind: 'predict', value: a.correct }, { kind: 'predict', value: a.choices.find((c) => c !== a.correct)! }];
    }
    case 'order': {
      const right = orderAnswer(q, traceFor(q.scenarioId)!)!.map((r) => r.id);
      return [{ kind: 'order', order: right }, { kind: 'order', order: [...right].reverse() }];
    }
    case 'moment':
      return [defaultResponse(q)!];
  }
}

function answered(q: Question, r: Response, at = attempt()): XapiStatement {
  return answeredStatement(
    at,
    { question: q, prompt: promptOf(q), response: responseString(r), success: grade(q, r).correct, durationMs: 12_345 },
    uuid(),
    new Date(0).toISOString(),
  );
}

describe('xAPI statements pass the validator', () => {
  it('the validator rejects the old xAPI-shaped statements (no actor, ids not IRIs)', () => {
    const old = { verb: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } }, object: { id: 'seed-quick-check' } };
    expect(problems(old).length).toBeGreaterThan(0);
  });

  it.each(available.map((q) => [q.id, q] as const))('answered: %s (right and wrong, each actor)', (_id, q) => {
    for (const r of responses(q)) {
      for (const actor of actors) {
        const s = answered(q, r, attempt(actor));
        expect(problems(s)).toEqual([]);
      }
    }
  });

  it('answered carries an H5P-like interaction definition, score, duration, parent and registration', () => {
    const q = available.find((x) => x.kind === 'choice')!;
    const s = answered(q, responses(q)[0]!);
    expect(s.object.id).toBe(`https://courses.example.edu/lab/quiz/week-3/${q.id}`);
    expect(s.object.definition?.type).toBe('http://adlnet.gov/expapi/activities/cmi.interaction');
    expect(s.object.definition?.interactionType).toBe('choice');
    expect(s.object.definition?.choices?.length).toBeGreaterThan(1);
    expect(s.object.definition?.correctResponsesPattern?.[0]).toBe(responseString(responses(q)[0]!));
    expect(s.result).toMatchObject({ success: true, score: { min: 0, max: 1, raw: 1, scaled: 1 }, duration: 'PT12.35S' });
    expect(s.context.registration).toBe(registration);
    expect(s.context.contextActivities?.parent?.[0]?.id).toBe('https://courses.example.edu/lab/quiz/week-3');
    const kinds = new Set(available.map((x) => answered(x, responses(x)[0]!).object.definition?.interactionType));
    expect([...kinds].sort()).toEqual(['choice', 'numeric', 'sequencing']);
    for (const x of available) expect(answered(x, responses(x)[0]!).object.definition?.correctResponsesPattern?.length).toBeGreaterThan(0);
  });

  it('quiz-level statements: completed (graded, self-check), passed, failed, initialized, terminated', () => {
    const input = { raw: 7, max: 10, success: true, durationMs: 600_000 };
    const all = [
      quizStatement(attempt(), 'completed', input, uuid(), new Date().toISOString()),
      quizStatement(attempt(), 'completed', { ...input, success: undefined }, uuid(), new Date().toISOString()),
      quizStatement(attempt(), 'passed', input, uuid(), new Date().toISOString()),
      quizStatement(attempt(), 'failed', { ...input, raw: 2, success: false }, uuid(), new Date().toISOString()),
      quizStatement(attempt(), 'initialized', undefined, uuid(), new Date().toISOString()),
      quizStatement(attempt(), 'terminated', input, uuid(), new Date().toISOString()),
      quizStatement(attempt(), 'completed', { raw: 0, max: 0, durationMs: 0 }, uuid(), new Date().toISOString()),
    ];
    for (const s of all) expect(problems(s)).toEqual([]);
    expect(all[0]!.result).toEqual({ score: { min: 0, max: 10, raw: 7, scaled: 0.7 }, completion: true, success: true, duration: 'PT600S' });
    expect(all[1]!.result).not.toHaveProperty('success');
  });

  it('cmi5 statements (context template, categories, session id) pass too', () => {
    const at: XapiAttempt = {
      ...attempt(actors[1]),
      quizId: 'https://lms.example.edu/au/fencing-lab',
      contextTemplate: {
        registration,
        contextActivities: { grouping: [{ objectType: 'Activity', id: 'https://lms.example.edu/course/1' }] },
        extensions: { 'https://w3id.org/xapi/cmi5/context/extensions/sessionid': 'abc-123' },
      },
    };
    const input = { raw: 8, max: 10, success: true, durationMs: 90_000 };
    for (const verb of ['initialized', 'completed', 'passed', 'failed', 'terminated'] as const) {
      const s = cmi5Statement(at, verb, input, 0.7, uuid(), new Date().toISOString());
      expect(problems(s)).toEqual([]);
      expect(s.context.contextActivities?.category?.map((c) => c.id)).toContain('https://w3id.org/xapi/cmi5/context/categories/cmi5');
    }
    for (const q of available) expect(problems(answered(q, responses(q)[0]!, at))).toEqual([]);
  });
});

describe('actor, base and duration', () => {
  it('parseActor accepts exactly one identifier of the right form', () => {
    expect(parseActor('{"mbox":"mailto:a@b.c","name":"A"}')).toEqual({ objectType: 'Agent', mbox: 'mailto:a@b.c', name: 'A' });
    expect(parseActor({ account: { homePage: 'https://lms.example', name: 'u1' } })).toBeDefined();
    expect(parseActor('{"mbox":"a@b.c"}')).toBeUndefined();
    expect(parseActor('{"mbox":"mailto:a@b.c","account":{"homePage":"https://x","name":"y"}}')).toBeUndefined();
    expect(parseActor('not json')).toBeUndefined();
    expect(parseActor('[]')).toBeUndefined();
    expect(parseActor({ objectType: 'Group', mbox: 'mailto:a@b.c' })).toBeUndefined();
  });
  it('the base is the page folder, or the configured IRI', () => {
    expect(xapiBase('https://h.example/lab/?embed=1#x')).toBe('https://h.example/lab/');
    expect(xapiBase('https://h.example/lab/index.html', 'https://ids.example.edu/fl')).toBe('https://ids.example.edu/fl/');
    expect(xapiBase('https://h.example/lab/', 'not an iri')).toBe('https://h.example/lab/');
    expect(xapiBase('about:blank')).toBe('urn:fencing-lab:');
  });
  it('isoDuration and uuid', () => {
    expect(isoDuration(75_200)).toBe('PT75.2S');
    expect(isoDuration(-5)).toBe('PT0S');
    expect(uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
