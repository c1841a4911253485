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
  /**
   * The first answer checked (kept through Retry). Unless the instructor allows retries, the
   * question's score is this one's grade.
   */
  first?: Response;
}

/** The state of a quiz run. */
export interface QuizProgress {
  /** The question shown (index into the available questions). */
  index: number;
  /** Per question id. */
  answers: Record<string, QuestionState>;
  /** The summary is shown. */
  finished: boolean;
  /**
   * The attempt's UUID (xAPI `context.registration`, the seed of the shuffle); empty until the
   * quiz gives the run one ({@link withRegistration}). A restart starts a new attempt.
   */
  registration: string;
  /** Wall-clock ms since the epoch when the attempt began (for `duration`); 0 until set. */
  startedAt: number;
  /** `completed` was sent for this attempt (a later Finish sends none: issue 16). */
  completedSent: boolean;
}

/** What the student can do. */
export type QuizAction =
  | { type: 'answer'; id: string; response: Response }
  | { type: 'check'; id: string }
  | { type: 'retry'; id: string }
  | { type: 'reveal'; id: string }
  | { type: 'goto'; index: number }
  | { type: 'finish' }
  | { type: 'restart'; registration?: string; startedAt?: number }
  | { type: 'sent' };

/** What the instructor's settings change in the reducer. */
export interface ProgressRules {
  /** Retries are allowed: Retry resets a question and the last check counts. */
  retry: boolean;
}

/** A fresh run. */
export function initialProgress(registration = '', startedAt = 0): QuizProgress {
  return { index: 0, answers: {}, finished: false, registration, startedAt, completedSent: false };
}

/** `p` with an attempt id and start time if it has none yet (a run saved before issue 16, or a fresh one). */
export function withRegistration(p: QuizProgress, registration: string, startedAt: number): QuizProgress {
  return p.registration ? p : { ...p, registration, startedAt };
}

const EMPTY: QuestionState = { checked: false, correct: false, revealed: false };

/** The state of question `id` (an untouched one if none yet). */
export function stateOf(p: QuizProgress, id: string): QuestionState {
  return p.answers[id] ?? EMPTY;
}

/**
 * The pure reducer of a quiz run over `questions` (the available ones, in order).
 * A checked or revealed question ignores new answers until Retry; Retry does nothing unless
 * `rules.retry`, nor after Show solution (which ends the attempt at that question). After the
 * result was sent (`sent`), no answer changes any more.
 */
export function reduceProgress(questions: readonly Question[], p: QuizProgress, a: QuizAction, rules: ProgressRules = { retry: true }): QuizProgress {
  const put = (id: string, s: QuestionState): QuizProgress => ({ ...p, answers: { ...p.answers, [id]: s } });
  // Once the result is sent the attempt is over: its answers are final (a new attempt is `restart`).
  if (p.completedSent && (a.type === 'answer' || a.type === 'check' || a.type === 'retry' || a.type === 'reveal')) return p;
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
      return put(a.id, { ...s, checked: true, correct: grade(q, s.response).correct, first: s.first ?? s.response });
    }
    case 'retry': {
      const s = stateOf(p, a.id);
      if (s.revealed || !rules.retry) return p;
      return put(a.id, s.first ? { ...EMPTY, first: s.first } : { ...EMPTY });
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
      return initialProgress(a.registration ?? '', a.startedAt ?? 0);
    case 'sent':
      return { ...p, completedSent: true };
  }
}

/**
 * Whether a question counts as right: its first checked answer, or (when retries are allowed) its
 * last one.
 */
export function countsRight(q: Question, s: QuestionState, retry: boolean): boolean {
  if (!s.checked && !s.first) return false;
  if (retry) return s.correct;
  return s.first ? grade(q, s.first).correct : s.correct;
}

/** The score of a run: one point per question {@link countsRight}. */
export function scoreOf(questions: readonly Question[], p: QuizProgress, retry = true): { raw: number; max: number } {
  return { raw: questions.filter((q) => countsRight(q, stateOf(p, q.id), retry)).length, max: questions.length };
}

/**
 * Percent of the points, rounded down (so 69.9 % never shows as a pass at 70), in integers: the
 * one number the learner sees, the LMS records (SCORM `cmi.core.score.raw`) and the pass decision
 * is taken on.
 */
export function percentOf(raw: number, max: number): number {
  return max > 0 ? Math.floor((raw * 100) / max) : 0;
}

/** True when the percent the learner sees ({@link percentOf}) reaches the pass mark (percent). */
export function passed(raw: number, max: number, passMark: number): boolean {
  return max > 0 ? percentOf(raw, max) >= passMark : passMark === 0;
}

/** The questions not yet checked (nor revealed). */
export function unanswered(questions: readonly Question[], p: QuizProgress): Question[] {
  return questions.filter((q) => !stateOf(p, q.id).checked && !stateOf(p, q.id).first);
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
  registration: z.optional(z.string().check(z.maxLength(64))),
  startedAt: z.optional(z.number()),
  completedSent: z.optional(z.boolean()),
  answers: z.record(
    z.string(),
    z.object({ response: z.optional(responseSchema), checked: z.boolean(), correct: z.boolean(), revealed: z.boolean(), first: z.optional(responseSchema) }),
  ),
});

/** The `localStorage` key of an embed instance's progress. */
export function progressKey(instance: string): string {
  return `fencing-lab.quiz.v1.${instance}`;
}

/** The browser's storage, or `undefined` where it is missing or access throws. Never throws. */
/** Whether `s` can be written (a quota of 0 or a blocked store throws on `setItem`). */
function writable(s: Storage | undefined): boolean {
  try {
    if (!s) return false;
    const k = 'fencing-lab.quiz.probe';
    s.setItem(k, '1');
    s.removeItem(k);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where the quiz keeps its progress: `localStorage`, or where a browser blocks it in a cross-site
 * frame, `sessionStorage` (kept across reloads of the tab; issue 42, item 5); `undefined` when
 * neither can be written (a sandbox without `allow-same-origin`). Never throws.
 */
export function quizStorage(win: Window | undefined): Storage | undefined {
  for (const pick of [(w: Window) => w.localStorage, (w: Window) => w.sessionStorage]) {
    try {
      const s = win ? pick(win) : undefined;
      if (writable(s)) return s;
    } catch {
      // Reading the store itself throws where it is blocked: try the next.
    }
  }
  return undefined;
}

const storage = quizStorage;

/**
 * Loads saved progress; `undefined` if there is none, it is malformed (ignored), or storage is
 * blocked. Answers to questions no longer in `questions` are dropped; grading is redone against
 * the current questions, so an edited question never keeps a stale score. Never throws.
 */
export function loadProgress(instance: string, questions: readonly Question[], win: Window | undefined = globalThis.window): QuizProgress | undefined {
  try {
    return parseProgress(storage(win)?.getItem(progressKey(instance)) ?? undefined, questions);
  } catch {
    return undefined;
  }
}

/** The saved form of progress (JSON, as `localStorage`, SCORM `cmi.suspend_data` and the cmi5 state document keep it). */
export function serializeProgress(p: QuizProgress): string {
  return JSON.stringify({ version: 1, ...p });
}

/**
 * Parses saved progress ({@link serializeProgress}); `undefined` if missing or malformed. Answers
 * to questions not in `questions` are dropped; grading is redone against them. Never throws.
 */
export function parseProgress(raw: string | undefined, questions: readonly Question[]): QuizProgress | undefined {
  try {
    if (!raw) return undefined;
    const parsed = progressSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return undefined;
    const answers: Record<string, QuestionState> = {};
    for (const q of questions) {
      const s = parsed.data.answers[q.id];
      if (!s) continue;
      const response = s.response && s.response.kind === q.kind ? (s.response as Response) : undefined;
      const checked = s.checked && response !== undefined;
      const first = s.first && s.first.kind === q.kind ? (s.first as Response) : undefined;
      answers[q.id] = {
        ...(response ? { response } : {}),
        checked,
        correct: checked && response !== undefined && grade(q, response).correct,
        revealed: s.revealed && checked,
        ...(first ? { first } : {}),
      };
    }
    return {
      index: Math.min(parsed.data.index, Math.max(0, questions.length - 1)),
      finished: parsed.data.finished,
      answers,
      registration: parsed.data.registration ?? '',
      startedAt: parsed.data.startedAt ?? 0,
      completedSent: parsed.data.completedSent ?? false,
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
    s.setItem(progressKey(instance), serializeProgress(p));
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
