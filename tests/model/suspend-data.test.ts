/**
 * Issue 43, item 3: SCORM progress is never silently dropped. The largest progress the quiz can
 * make (every question answered with every option ticked, checked, revealed, with its first
 * answer kept, and the longest registration and ids) fits in SCORM 1.2's `cmi.suspend_data` with
 * room to spare, through scorm-again's own SCORM 1.2 API (an LMS-side implementation), and comes
 * back whole; a session that cannot keep it says so.
 */
import { describe, expect, it } from 'vitest';
import * as scorm12 from 'scorm-again/scorm12';
import { QUESTIONS } from '../../src/quiz/questions';
import { isAvailable } from '../../src/quiz/answers';
import { parseProgress, serializeProgress, type QuizProgress } from '../../src/quiz/progress';
import type { Question, Response } from '../../src/quiz/types';
import { openScorm } from '../../src/lms/scorm';
import { compressToEncodedURIComponent } from 'lz-string';
import { COMPACT, PACKED, SUSPEND_DATA_MAX, packSuspendData, unpackSuspendData } from '../../src/lms/suspend-data';

// The module exports the class by name (its type declarations say default).
const { Scorm12API } = scorm12 as unknown as { Scorm12API: typeof scorm12.default };

/** The longest answer question `q` can hold. */
function fullest(q: Question): Response {
  switch (q.kind) {
    case 'choice':
      return { kind: 'choice', selected: q.options.map((o) => o.id) };
    case 'order':
      return { kind: 'order', order: q.items.map((i) => i.id) };
    case 'predict':
      return { kind: 'predict', value: 'rejected' };
    case 'moment':
      return { kind: 'moment', atMs: 599_999 };
  }
}

/** Every question answered as fully as it can be, checked, revealed, its first answer kept. */
function maximal(): QuizProgress {
  const answers: QuizProgress['answers'] = {};
  for (const q of QUESTIONS) answers[q.id] = { response: fullest(q), checked: true, correct: false, revealed: true, first: fullest(q) };
  return { index: QUESTIONS.length - 1, answers, finished: false, registration: 'ffffffff-ffff-4fff-bfff-ffffffffffff', startedAt: 9_999_999_999_999, completedSent: true };
}

describe('SCORM suspend data', () => {
  it('the fullest progress is over 4,096 characters as JSON, and packs to under a quarter of it, compactly (ids, bit sets, base 36)', () => {
    const json = serializeProgress(maximal());
    const packed = packSuspendData(json);
    console.log(`fullest progress: ${json.length} characters of JSON, ${packed.length} packed (limit ${SUSPEND_DATA_MAX}); ${QUESTIONS.length} questions`);
    expect(json.length).toBeGreaterThan(SUSPEND_DATA_MAX);
    expect(packed.length).toBeLessThan(SUSPEND_DATA_MAX / 4);
    expect(packed.startsWith(COMPACT)).toBe(true);
    // Plain ASCII that every LMS stores as it is.
    expect(packed).toMatch(/^[\x21-\x7e]+$/);
    expect(JSON.parse(unpackSuspendData(packed)!)).toEqual(JSON.parse(json));
  });

  it('every state a question can be in comes back as it was (grading is redone from the questions)', () => {
    const p = maximal();
    const [a, b, c, d] = QUESTIONS;
    p.answers = {
      [a!.id]: { checked: false, correct: false, revealed: false },
      [b!.id]: { response: fullest(b!), checked: false, correct: false, revealed: false },
      [c!.id]: { response: fullest(c!), checked: true, correct: false, revealed: false, first: fullest(c!) },
      [d!.id]: { checked: false, correct: false, revealed: false, first: fullest(d!) },
    };
    p.finished = true;
    p.completedSent = false;
    p.registration = '';
    p.startedAt = 0;
    const json = serializeProgress(p);
    expect(packSuspendData(json).startsWith(COMPACT)).toBe(true);
    expect(JSON.parse(unpackSuspendData(packSuspendData(json))!)).toEqual(JSON.parse(json));
  });

  it('an answer the compact form cannot say (an unknown question, a value no option has) falls back to the whole progress compressed', () => {
    const p = maximal();
    p.answers['not-a-question'] = { response: { kind: 'predict', value: 'maybe' }, checked: false, correct: false, revealed: false };
    const json = serializeProgress(p);
    const packed = packSuspendData(json);
    expect(packed.startsWith(PACKED)).toBe(true);
    expect(unpackSuspendData(packed)).toBe(json);
  });

  it('a question whose options changed since the progress was kept loses that answer only', () => {
    const choice = QUESTIONS.find((q) => q.kind === 'choice')!;
    const other = QUESTIONS.find((q) => q.kind === 'choice' && q !== choice)!;
    const p: QuizProgress = { ...maximal(), answers: { [choice.id]: { response: fullest(choice), checked: true, correct: false, revealed: false }, [other.id]: { response: fullest(other), checked: true, correct: false, revealed: false } } };
    const packed = packSuspendData(serializeProgress(p));
    const edited = QUESTIONS.map((q) => (q === choice && q.kind === 'choice' ? { ...q, options: [...q.options].reverse().map((o, i) => ({ ...o, id: `${o.id}-${i}` })) } : q));
    const back = JSON.parse(unpackSuspendData(packed, edited)!) as QuizProgress;
    expect(back.answers[choice.id]).toBeUndefined();
    expect(back.answers[other.id]?.response).toEqual(fullest(other));
  });

  it('reads suspend data kept by earlier versions (JSON, and lz-string packed), and gives nothing for a damaged value', () => {
    const json = serializeProgress(maximal());
    expect(unpackSuspendData(json)).toBe(json);
    expect(unpackSuspendData(PACKED + compressToEncodedURIComponent(json))).toBe(json);
    expect(unpackSuspendData(undefined)).toBeUndefined();
    expect(unpackSuspendData('')).toBeUndefined();
    expect(unpackSuspendData(`${PACKED}@@@`)).toBeUndefined();
    expect(unpackSuspendData(`${COMPACT}x|y`)).toBeUndefined();
    expect(unpackSuspendData(`${COMPACT}${'|'.repeat(10_000)}`)).toBeUndefined();
  });

  it('under scorm-again, the fullest progress is kept and resumes whole in a second session', () => {
    const lms = new Scorm12API({ autocommit: false, lmsCommitUrl: false, logLevel: 5 });
    const win = { API: lms, parent: null, opener: null, location: { origin: 'https://lms.example' } } as unknown as Window;
    (win as unknown as { parent: Window }).parent = win;
    const session = openScorm(win)!;
    expect(session).toBeDefined();
    const progress = maximal();
    expect(session.suspend(serializeProgress(progress), progress.index)).toBe(true);
    const kept = lms.LMSGetValue('cmi.suspend_data');
    expect(kept.startsWith(COMPACT)).toBe(true);
    // A second session of the same learner: the LMS hands the data back.
    const second = new Scorm12API({ autocommit: false, lmsCommitUrl: false, logLevel: 5 });
    second.loadFromJSON({ suspend_data: kept, core: { entry: 'resume' } } as never, '');
    const win2 = { API: second, parent: null, opener: null, location: { origin: 'https://lms.example' } } as unknown as Window;
    (win2 as unknown as { parent: Window }).parent = win2;
    const resumed = parseProgress(openScorm(win2)!.suspended, QUESTIONS.filter(isAvailable));
    expect(resumed).toBeDefined();
    for (const q of QUESTIONS.filter(isAvailable)) expect(resumed!.answers[q.id]?.response, q.id).toEqual(fullest(q));
  });

  it('a session that cannot keep the progress says so (the quiz then tells the learner)', () => {
    const lms = new Scorm12API({ autocommit: false, lmsCommitUrl: false, logLevel: 5 });
    const win = { API: lms, parent: null, opener: null, location: { origin: 'https://lms.example' } } as unknown as Window;
    (win as unknown as { parent: Window }).parent = win;
    const session = openScorm(win)!;
    // Random text does not compress: 8,000 characters of it cannot fit.
    let noise = '';
    for (let i = 0; noise.length < 8000; i++) noise += ((i * 2654435761) >>> 0).toString(36);
    expect(session.suspend(JSON.stringify({ noise }), 0)).toBe(false);
    expect(lms.LMSGetValue('cmi.suspend_data')).toBe('');
  });
});
