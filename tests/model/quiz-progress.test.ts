/**
 * The quiz's pure state: the reducer, the score, saving and loading progress (including storage
 * that throws), the xAPI statements, and that the quiz stays out of the first-render bundle.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseQuizSettings, pickQuestions, shuffled } from '../../src/quiz/settings';
import {
  initialProgress,
  loadProgress,
  passed,
  percentOf,
  progressKey,
  quizStorage,
  reduceProgress,
  saveProgress,
  scoreOf,
  stateOf,
  unanswered,
  type QuizProgress,
} from '../../src/quiz/progress';
import { QUESTIONS } from '../../src/quiz/questions';
import { scenarioHref } from '../../src/quiz/Summary';

const qs = QUESTIONS;
const seed = qs[0]!;
// Retries allowed (`quizRetry=1`), as these tests retry; the default rules are in 'graded mode cannot be gamed'.
const run = (...actions: Parameters<typeof reduceProgress>[2][]) => actions.reduce((p, a) => reduceProgress(qs, p, a, { retry: true }), initialProgress());

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
    expect(stateOf(p, seed.id)).toEqual({ checked: false, correct: false, revealed: false, first: { kind: 'choice', selected: ['client'] } });
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
  it('counts in integers (29 of 100 is 29 %, not 28.999…) and passes on the percent shown', () => {
    expect(percentOf(29, 100)).toBe(29);
    expect(percentOf(2, 16)).toBe(12);
    for (let max = 1; max <= 40; max++) {
      for (let raw = 0; raw <= max; raw++) {
        const shown = percentOf(raw, max);
        expect(shown).toBe(Math.floor((raw / max) * 100 + 1e-9));
        for (const mark of [0, 50, 69.5, 70, 100]) expect(passed(raw, max, mark)).toBe(shown >= mark);
      }
    }
  });
  it('links to scenarios with ?scenario=ID', () => {
    expect(scenarioHref('seed-gc-pause')).toBe('?scenario=seed-gc-pause');
  });
});

describe('graded mode cannot be gamed (issue 16)', () => {
  const wrong = { kind: 'choice' as const, selected: ['client'] };
  const right = { kind: 'choice' as const, selected: ['storage'] };
  const step = (p: QuizProgress, a: Parameters<typeof reduceProgress>[2], retry: boolean) => reduceProgress(qs, p, a, { retry });
  it('without retries the first check is the score and Retry does nothing', () => {
    let p = initialProgress('00000000-0000-4000-8000-000000000000', 1);
    p = step(p, { type: 'answer', id: seed.id, response: wrong }, false);
    p = step(p, { type: 'check', id: seed.id }, false);
    expect(step(p, { type: 'retry', id: seed.id }, false)).toBe(p);
    expect(scoreOf(qs, p, false).raw).toBe(0);
  });
  it('with retries the last check counts, and the first answer is kept', () => {
    let p = initialProgress();
    for (const a of [
      { type: 'answer', id: seed.id, response: wrong },
      { type: 'check', id: seed.id },
      { type: 'retry', id: seed.id },
      { type: 'answer', id: seed.id, response: right },
      { type: 'check', id: seed.id },
    ] as const)
      p = step(p, a, true);
    expect(stateOf(p, seed.id).first).toEqual(wrong);
    expect(scoreOf(qs, p, true).raw).toBe(1);
    // Were retries switched off afterwards, the first answer would count.
    expect(scoreOf(qs, p, false).raw).toBe(0);
  });
  it('after the result is sent no answer changes; restart begins a new attempt', () => {
    let p = step(initialProgress('a', 1), { type: 'finish' }, true);
    p = step(p, { type: 'sent' }, true);
    expect(p.completedSent).toBe(true);
    expect(step(p, { type: 'answer', id: seed.id, response: right }, true)).toBe(p);
    const fresh = step(p, { type: 'restart', registration: 'b', startedAt: 2 }, true);
    expect(fresh).toEqual(initialProgress('b', 2));
  });
  it('lists unanswered questions', () => {
    const p = run({ type: 'answer', id: seed.id, response: right }, { type: 'check', id: seed.id });
    expect(unanswered(qs, p).map((q) => q.id)).not.toContain(seed.id);
    expect(unanswered(qs, p)).toHaveLength(qs.length - 1);
  });
});

describe('which questions, shuffled by the attempt id', () => {
  it('picks the named questions in order, reports unknown ids', () => {
    const r = pickQuestions(qs, { questions: [qs[2]!.id, 'nope', qs[0]!.id], shuffle: false }, 'x');
    expect(r.questions.map((q) => q.id)).toEqual([qs[2]!.id, qs[0]!.id]);
    expect(r.unknown).toEqual(['nope']);
  });
  it('shuffles deterministically: same attempt id, same order; another id, another order', () => {
    const a = pickQuestions(qs, { questions: undefined, shuffle: true }, '3f1c…attempt-1').questions.map((q) => q.id);
    const again = pickQuestions(qs, { questions: undefined, shuffle: true }, '3f1c…attempt-1').questions.map((q) => q.id);
    const b = pickQuestions(qs, { questions: undefined, shuffle: true }, 'attempt-2').questions.map((q) => q.id);
    expect(a).toEqual(again);
    expect([...a].sort()).toEqual(qs.map((q) => q.id).sort());
    expect(a).not.toEqual(b);
    expect(shuffled([1, 2, 3, 4, 5, 6, 7, 8], 'seed')).not.toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
  it('settings: defaults and LMS overrides', () => {
    expect(parseQuizSettings('').settings).toMatchObject({ retry: false, solution: true, passMark: 70, shuffle: false, questions: undefined });
    const r = parseQuizSettings('?quizRetry=1&passMark=50', 'quizRetry=0&quizQuestions=a,b&quizShuffle=1');
    expect(r.settings).toMatchObject({ retry: false, passMark: 50, questions: ['a', 'b'], shuffle: true });
    expect(r.notices).toEqual([]);
    expect(parseQuizSettings('?quizQuestions=A B').notices[0]).toMatch(/quizQuestions/);
  });
});

describe('lazy loading', () => {
  // src/lms (the LMS runtimes) is reached only from the quiz, so it may use the quiz's xAPI code.
  it('nothing outside src/quiz and src/lms imports the quiz statically (only React.lazy(() => import(...)))', () => {
    const root = join(import.meta.dirname, '..', '..', 'src');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
          if (relative(root, path) !== 'quiz' && relative(root, path) !== 'lms') walk(path);
        } else if (/\.(ts|tsx)$/.test(name)) {
          const text = readFileSync(path, 'utf8');
          for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s(?!type\s)[^;]*?from\s+['"]([^'"]*(?:quiz|lms)[^'"]*)['"]/g)) {
            if (/\/(quiz|lms)(\/|$)/.test(m[1]!)) offenders.push(`${relative(root, path)}: ${m[1]}`);
          }
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});

describe('a graded embed across reloads (issue 42, item 5)', () => {
  /** A store that works, or one whose every use throws (as a blocked store does). */
  const store = (works: boolean): Storage => {
    const m = new Map<string, string>();
    const fail = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    return {
      getItem: (k: string) => (works ? (m.get(k) ?? null) : fail()),
      setItem: (k: string, v: string) => (works ? void m.set(k, v) : fail()),
      removeItem: (k: string) => (works ? void m.delete(k) : fail()),
      clear: () => m.clear(),
      key: () => null,
      get length() {
        return m.size;
      },
    } as Storage;
  };
  const win = (local: 'works' | 'blocked' | 'throws', session: 'works' | 'blocked') =>
    ({
      get localStorage(): Storage {
        if (local === 'throws') throw new DOMException('blocked', 'SecurityError');
        return store(local === 'works');
      },
      sessionStorage: store(session === 'works'),
    }) as unknown as Window;

  it('keeps progress in sessionStorage where localStorage is blocked, and nowhere where both are', () => {
    const w = win('throws', 'works');
    expect(quizStorage(w)).toBe(w.sessionStorage);
    const p = { ...initialProgress('r-1', 5), index: 3 };
    expect(saveProgress('week-1', p, w)).toBe(true);
    expect(loadProgress('week-1', QUESTIONS, w)?.index).toBe(3);
    expect(quizStorage(win('blocked', 'works'))).toBeDefined();
    expect(quizStorage(win('blocked', 'blocked'))).toBeUndefined();
    expect(saveProgress('week-1', p, win('throws', 'blocked'))).toBe(false);
  });

  it('reads the host registration as a UUID (lower case), and names a bad one', () => {
    expect(parseQuizSettings('?registration=3F2504E0-4F89-41D3-9A0C-0305E82C3301').settings.registration).toBe('3f2504e0-4f89-41d3-9a0c-0305e82c3301');
    const bad = parseQuizSettings('?registration=week-3');
    expect(bad.settings.registration).toBeUndefined();
    expect(bad.notices.join(' ')).toMatch(/registration: expected a UUID/);
  });
});
