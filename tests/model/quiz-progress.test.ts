/**
 * The quiz's pure state: the reducer, the score, saving and loading progress (including storage
 * that throws), the xAPI statements, and that the quiz stays out of the first-render bundle.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answeredStatement, completedStatement } from '../../src/embed/hostMessages';
import {
  initialProgress,
  loadProgress,
  progressKey,
  reduceProgress,
  saveProgress,
  scoreOf,
  stateOf,
  type QuizProgress,
} from '../../src/quiz/progress';
import { QUESTIONS } from '../../src/quiz/questions';
import { passed, percentOf, scenarioHref } from '../../src/quiz/Summary';

const qs = QUESTIONS;
const seed = qs[0]!;
const run = (...actions: Parameters<typeof reduceProgress>[2][]) => actions.reduce((p, a) => reduceProgress(qs, p, a), initialProgress());

/** A stand-in window whose localStorage is a Map, or throws like a sandboxed iframe. */
function fakeWindow(mode: 'ok' | 'throws' | 'setThrows'): Window {
  const map = new Map<string, string>();
  const storage = {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (mode === 'setThrows') throw new DOMException('quota', 'QuotaExceededError');
      map.set(k, v);
    },
    removeItem: (k: string) => void map.delete(k),
  };
  const win = {};
  Object.defineProperty(win, 'localStorage', {
    get() {
      if (mode === 'throws') throw new DOMException('The operation is insecure.', 'SecurityError');
      return storage;
    },
  });
  return win as Window;
}

describe('reduceProgress', () => {
  it('checks, scores, retries and reveals', () => {
    let p = run({ type: 'answer', id: seed.id, response: { kind: 'choice', selected: ['client'] } }, { type: 'check', id: seed.id });
    expect(stateOf(p, seed.id)).toMatchObject({ checked: true, correct: false });
    expect(scoreOf(qs, p)).toEqual({ raw: 0, max: qs.length });
    // Answers are locked after Check.
    p = reduceProgress(qs, p, { type: 'answer', id: seed.id, response: { kind: 'choice', selected: ['storage'] } });
    expect(stateOf(p, seed.id).response).toEqual({ kind: 'choice', selected: ['client'] });
    p = reduceProgress(qs, p, { type: 'retry', id: seed.id });
    expect(stateOf(p, seed.id)).toEqual({ checked: false, correct: false, revealed: false });
    p = reduceProgress(qs, p, { type: 'answer', id: seed.id, response: { kind: 'choice', selected: ['storage'] } });
    p = reduceProgress(qs, p, { type: 'check', id: seed.id });
    expect(scoreOf(qs, p).raw).toBe(1);
  });

  it('makes the score final once the solution is shown', () => {
    let p = run({ type: 'answer', id: seed.id, response: { kind: 'choice', selected: ['client'] } }, { type: 'check', id: seed.id }, { type: 'reveal', id: seed.id });
    expect(stateOf(p, seed.id).revealed).toBe(true);
    p = reduceProgress(qs, p, { type: 'retry', id: seed.id });
    expect(stateOf(p, seed.id)).toMatchObject({ checked: true, correct: false, revealed: true });
  });

  it('will not check without an answer, nor reveal before Check', () => {
    expect(run({ type: 'check', id: seed.id })).toEqual(initialProgress());
    expect(run({ type: 'reveal', id: seed.id })).toEqual(initialProgress());
  });

  it('keeps the index in range and restarts', () => {
    expect(run({ type: 'goto', index: 99 }).index).toBe(qs.length - 1);
    expect(run({ type: 'goto', index: -3 }).index).toBe(0);
    expect(run({ type: 'goto', index: 2 }, { type: 'finish' }, { type: 'restart' })).toEqual(initialProgress());
  });
});

describe('saving progress', () => {
  const p: QuizProgress = run({ type: 'answer', id: seed.id, response: { kind: 'choice', selected: ['storage'] } }, { type: 'check', id: seed.id }, { type: 'goto', index: 3 });

  it('round-trips through localStorage, regrading against the current questions', () => {
    const win = fakeWindow('ok');
    expect(saveProgress('week-3', p, win)).toBe(true);
    expect(loadProgress('week-3', qs, win)).toEqual(p);
    expect(loadProgress('other', qs, win)).toBeUndefined();
  });

  it('works without saving where reading localStorage throws a SecurityError', () => {
    const win = fakeWindow('throws');
    expect(saveProgress('x', p, win)).toBe(false);
    expect(loadProgress('x', qs, win)).toBeUndefined();
  });

  it('survives a full storage', () => {
    expect(saveProgress('x', p, fakeWindow('setThrows'))).toBe(false);
  });

  it('ignores malformed saved data and drops answers to questions that are gone', () => {
    const win = fakeWindow('ok');
    win.localStorage.setItem(progressKey('bad'), '{not json');
    expect(loadProgress('bad', qs, win)).toBeUndefined();
    win.localStorage.setItem(progressKey('bad'), JSON.stringify({ version: 1, index: 'two', finished: false, answers: {} }));
    expect(loadProgress('bad', qs, win)).toBeUndefined();
    win.localStorage.setItem(
      progressKey('old'),
      JSON.stringify({
        version: 1,
        index: 40,
        finished: false,
        answers: {
          gone: { checked: true, correct: true, revealed: false, response: { kind: 'choice', selected: ['a'] } },
          [seed.id]: { checked: true, correct: true, revealed: false, response: { kind: 'choice', selected: ['client'] } },
        },
      }),
    );
    const loaded = loadProgress('old', qs, win)!;
    expect(Object.keys(loaded.answers)).toEqual([seed.id]);
    // A tampered "correct: true" is regraded.
    expect(loaded.answers[seed.id]!.correct).toBe(false);
    expect(loaded.index).toBe(qs.length - 1);
  });
});

describe('summary helpers', () => {
  it('computes the percent and the pass mark without rounding up to a pass', () => {
    expect(percentOf(11, 16)).toBe(68);
    expect(passed(11, 16, 70)).toBe(false);
    expect(passed(7, 10, 70)).toBe(true);
    expect(passed(0, 16, 0)).toBe(true);
  });
  it('links to scenarios with ?scenario=ID', () => {
    expect(scenarioHref('seed-gc-pause')).toBe('?scenario=seed-gc-pause');
  });
});

describe('xAPI statements', () => {
  it('answered', () => {
    expect(answeredStatement('seed-quick-check', 'Where…?', 'storage', true)).toEqual({
      verb: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } },
      object: { id: 'seed-quick-check', definition: { name: { 'en-US': 'Where…?' } } },
      result: { response: 'storage', success: true },
    });
  });
  it('completed, with and without success', () => {
    const graded = completedStatement(12, 16, true);
    expect(graded.verb.id).toBe('http://adlnet.gov/expapi/verbs/completed');
    expect(graded.result).toEqual({ score: { raw: 12, max: 16, scaled: 0.75 }, success: true });
    const selfCheck = completedStatement(12, 16, undefined);
    expect(selfCheck.result).toEqual({ score: { raw: 12, max: 16, scaled: 0.75 } });
    expect('success' in selfCheck.result).toBe(false);
  });
});

describe('lazy loading', () => {
  it('nothing outside src/quiz imports the quiz statically (only React.lazy(() => import(...)))', () => {
    const root = join(import.meta.dirname, '..', '..', 'src');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
          if (relative(root, path) !== 'quiz') walk(path);
        } else if (/\.(ts|tsx)$/.test(name)) {
          const text = readFileSync(path, 'utf8');
          for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]*quiz[^'"]*)['"]/g)) {
            if (/\/quiz(\/|$)/.test(m[1]!)) offenders.push(`${relative(root, path)}: ${m[1]}`);
          }
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
