/**
 * The SCORM 1.2 session (`src/lms/scorm.ts`) against a recording adapter that checks values as a
 * strict SCORM 1.2 LMS would (RTE 3.4.2: CMIIdentifier, CMIDecimal): the percent the learner sees
 * is the one recorded, ids are the questions' own, a numeric range (SCORM 2004 syntax) is never
 * written, and commits come with answers, not with every value (issue 42, item 6).
 */
import { describe, expect, it } from 'vitest';
import { openScorm, scormIdentifier, scormPatterns } from '../../src/lms/scorm';
import { percentOf } from '../../src/quiz/progress';
import type { XapiStatement } from '../../src/quiz/xapi';

/** A window whose `API` records every value set and every commit. */
function lms(cmi: Record<string, string> = {}) {
  const values = new Map(Object.entries(cmi));
  const calls: string[] = [];
  const API = {
    LMSInitialize: () => 'true',
    LMSFinish: () => (calls.push('finish'), 'true'),
    LMSGetValue: (k: string) => values.get(k) ?? '',
    LMSSetValue: (k: string, v: string) => (values.set(k, v), calls.push(`set ${k}`), 'true'),
    LMSCommit: () => (calls.push('commit'), 'true'),
    LMSGetLastError: () => '0',
    LMSGetErrorString: () => '',
    LMSGetDiagnostic: () => '',
  };
  const win = { API, location: { origin: 'https://lms.example.edu' } } as unknown as Window & { parent: Window };
  (win as { parent: Window }).parent = win;
  return { win, values, calls };
}

const statement = { object: { id: 'https://lms.example.edu/course/123/quiz/fencing-lab/moment-two-believe' } } as unknown as XapiStatement;

describe('SCORM 1.2 session', () => {
  it('records the percent the learner sees (2 of 16 is 12, not 13)', () => {
    const { win, values } = lms();
    const s = openScorm(win)!;
    s.finish(2, 16, false, 1000);
    expect(values.get('cmi.core.score.raw')).toBe(String(percentOf(2, 16)));
    expect(values.get('cmi.core.score.raw')).toBe('12');
    expect(values.get('cmi.core.lesson_status')).toBe('failed');
  });

  it('writes the question id as a CMIIdentifier and only the patterns SCORM 1.2 can hold', () => {
    const { win, values } = lms();
    const s = openScorm(win)!;
    s.answered(statement, { id: 'moment.two-believe', type: 'numeric', response: '10250', patterns: ['10200[:]10300', '5[:]5'], correct: true });
    s.answered(statement, { id: 'why-fence', type: 'choice', response: 'a[,]c', patterns: ['a[,]c'], correct: true });
    expect(values.get('cmi.interactions.0.id')).toBe('moment_two-believe');
    expect(values.get('cmi.interactions.0.id')).toMatch(/^[A-Za-z0-9_-]{1,255}$/);
    expect(values.get('cmi.interactions.0.correct_responses.0.pattern')).toBe('5');
    expect(values.has('cmi.interactions.0.correct_responses.1.pattern')).toBe(false);
    expect(values.get('cmi.interactions.1.correct_responses.0.pattern')).toBe('a,c');
    expect(values.get('cmi.interactions.1.student_response')).toBe('a,c');
  });

  it('commits once at the start, once per answer and at the finish; moving between questions rides along', () => {
    const { win, calls } = lms();
    const s = openScorm(win)!;
    const commits = () => calls.filter((c) => c === 'commit').length;
    s.suspend('{}', 0);
    expect(commits()).toBe(1);
    for (let i = 1; i <= 5; i++) s.suspend('{}', i);
    expect(commits()).toBe(1);
    s.answered(statement, { id: 'q', type: 'choice', response: 'a', patterns: ['a'], correct: true });
    s.suspend('{"a":1}', 5);
    s.suspend('{"a":1}', 6);
    expect(commits()).toBe(2);
    s.finish(1, 1, true, 10);
    expect(commits()).toBe(3);
    s.end(20);
    expect(calls.slice(-2)).toEqual(['commit', 'finish']);
  });

  it('keeps no range and no empty or malformed numeric pattern', () => {
    expect(scormPatterns('numeric', ['1[:]2', '[:]', 'x[:]x', '-2.5[:]-2.5', '7'])).toEqual(['-2.5', '7']);
    expect(scormIdentifier('')).toBe('question');
    expect(scormIdentifier('a'.repeat(300))).toHaveLength(255);
  });
});
