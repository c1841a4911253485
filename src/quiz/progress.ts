/**
 * Quiz progress: the state of one quiz run as plain data, the pure reducer that changes it, and
 * saving it across reloads in `localStorage` where the browser allows.
 *
 * Storage may be missing or blocked: a sandboxed iframe without `allow-same-origin`, or private
 * modes, make even reading `window.localStorage` THROW a SecurityError. Every access goes through
 * {@link loadProgress} / {@link saveProgress}, which catch everything: the quiz then works without
 * saving.
 * @module
 */
import * as z from 'zod/mini';
import { grade } from './answers';
import type { Question, Response } from './types';

/** The state of one question. */
export interface QuestionState {
  /** The student's current answer (kept after Check, cleared by Retry). */
  response?: Response;
  /** Check was pressed for the current answer. */
  checked: boolean;
  /** The checked answer was right (false before Check). */
  correct: boolean;
  /** Show solution was pressed: the score of this question is final. */
  revealed: boolean;
}

/** The state of a quiz run. */
export interface QuizProgress {
  /** The question shown (index into the available questions). */
  index: number;
  /** Per question id. */
  answers: Record<string, QuestionState>;
  /** The summary is shown. */
  finished: boolean;
}

/** What the student can do. */
export type QuizAction =
  | { type: 'answer'; id: string; response: Response }
  | { type: 'check'; id: string }
  | { type: 'retry'; id: string }
  | { type: 'reveal'; id: string }
  | { type: 'goto'; index: number }
  | { type: 'finish' }
  | { type: 'restart' };

/** A fresh run. */
export function initialProgress(): QuizProgress {
  return { index: 0, answers: {}, finished: false };
}

const EMPTY: QuestionState = { checked: false, correct: false, revealed: false };

/** The state of question `id` (an untouched one if none yet). */
export function stateOf(p: QuizProgress, id: string): QuestionState {
  return p.answers[id] ?? EMPTY;
}

/**
 * The pure reducer of a quiz run over `questions` (the available ones, in order).
 * A checked or revealed question ignores new answers until Retry.
 */
export function reduceProgress(questions: readonly Question[], p: QuizProgress, a: QuizAction): QuizProgress {
  const put = (id: string, s: QuestionState): QuizProgress => ({ ...p, answers: { ...p.answers, [id]: s } });
  switch (a.type) {
    case 'answer': {
      const s = stateOf(p, a.id);
      if (s.checked || s.revealed) return p;
      return put(a.id, { ...s, response: a.response });
    }
    case 'check': {
      const q = questions.find((x) => x.id === a.id);
      const s = stateOf(p, a.id);
      if (!q || !s.response || s.checked || s.revealed) return p;
      return put(a.id, { ...s, checked: true, correct: grade(q, s.response).correct });
    }
    case 'retry': {
      const s = stateOf(p, a.id);
      if (s.revealed) return p;
      return put(a.id, { ...EMPTY });
    }
    case 'reveal': {
      const s = stateOf(p, a.id);
      if (!s.checked) return p;
      return put(a.id, { ...s, revealed: true });
    }
    case 'goto':
      return { ...p, index: Math.min(Math.max(0, a.index), Math.max(0, questions.length - 1)), finished: false };
    case 'finish':
      return { ...p, finished: true };
    case 'restart':
      return initialProgress();
  }
}

/** The score of a run: one point per question answered right at Check. */
export function scoreOf(questions: readonly Question[], p: QuizProgress): { raw: number; max: number } {
  return { raw: questions.filter((q) => stateOf(p, q.id).correct).length, max: questions.length };
}

const responseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('choice'), selected: z.array(z.string()) }),
  z.object({ kind: z.literal('predict'), value: z.string() }),
  z.object({ kind: z.literal('order'), order: z.array(z.string()) }),
  z.object({ kind: z.literal('moment'), atMs: z.number() }),
]);

const progressSchema = z.object({
  version: z.literal(1),
  index: z.number().check(z.int(), z.gte(0)),
  finished: z.boolean(),
  answers: z.record(
    z.string(),
    z.object({ response: z.optional(responseSchema), checked: z.boolean(), correct: z.boolean(), revealed: z.boolean() }),
  ),
});

/** The `localStorage` key of an embed instance's progress. */
export function progressKey(instance: string): string {
  return `fencing-lab.quiz.v1.${instance}`;
}

/** The browser's storage, or `undefined` where it is missing or access throws. Never throws. */
function storage(win: Window | undefined): Storage | undefined {
  try {
    return win?.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Loads saved progress; `undefined` if there is none, it is malformed (ignored), or storage is
 * blocked. Answers to questions no longer in `questions` are dropped; grading is redone against
 * the current questions, so an edited question never keeps a stale score. Never throws.
 */
export function loadProgress(instance: string, questions: readonly Question[], win: Window | undefined = globalThis.window): QuizProgress | undefined {
  try {
    const raw = storage(win)?.getItem(progressKey(instance));
    if (!raw) return undefined;
    const parsed = progressSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return undefined;
    const answers: Record<string, QuestionState> = {};
    for (const q of questions) {
      const s = parsed.data.answers[q.id];
      if (!s) continue;
      const response = s.response && s.response.kind === q.kind ? (s.response as Response) : undefined;
      const checked = s.checked && response !== undefined;
      answers[q.id] = {
        ...(response ? { response } : {}),
        checked,
        correct: checked && response !== undefined && grade(q, response).correct,
        revealed: s.revealed && checked,
      };
    }
    return {
      index: Math.min(parsed.data.index, Math.max(0, questions.length - 1)),
      finished: parsed.data.finished,
      answers,
    };
  } catch {
    return undefined;
  }
}

/** Saves progress; returns false where storage is blocked or full. Never throws. */
export function saveProgress(instance: string, p: QuizProgress, win: Window | undefined = globalThis.window): boolean {
  try {
    const s = storage(win);
    if (!s) return false;
    s.setItem(progressKey(instance), JSON.stringify({ version: 1, ...p }));
    return true;
  } catch {
    return false;
  }
}

/** Forgets saved progress. Never throws. */
export function clearProgress(instance: string, win: Window | undefined = globalThis.window): void {
  try {
    storage(win)?.removeItem(progressKey(instance));
  } catch {
    // Storage blocked: nothing was saved either.
  }
}
