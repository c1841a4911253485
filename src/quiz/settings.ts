/**
 * Instructor settings of the quiz, from the page URL:
 *
 * | parameter      | values                   | default  | meaning                                             |
 * |----------------|--------------------------|----------|-----------------------------------------------------|
 * | `quizRetry`    | `0` or `1`               | `1`      | offer Retry on each question and on the whole quiz  |
 * | `quizSolution` | `0` or `1`               | `1`      | offer Show solution after a wrong answer            |
 * | `passMark`     | whole number `0` to `100` | `70`     | percent of the points needed to pass                |
 * | `quizMode`     | `graded` or `self-check` | `graded` | self-check shows no pass/fail verdict at all        |
 *
 * Bad values never break the page: each malformed value (and each unknown `quiz…` parameter, e.g.
 * a misspelt `quizRetries`) is ignored, its default used, and reported as a notice naming it.
 * Parsed with zod/mini, like the display parameters.
 * @module
 */
import * as z from 'zod/mini';

/** The quiz settings, with defaults filled in. */
export interface QuizSettings {
  /** Whether Retry is offered (per question and for the whole quiz). */
  retry: boolean;
  /** Whether Show solution is offered. */
  solution: boolean;
  /** Percent of the points needed to pass, 0 to 100. */
  passMark: number;
  /** `graded` shows pass or fail at the end; `self-check` shows no verdict. */
  mode: 'graded' | 'self-check';
}

/** The defaults. */
export const DEFAULT_QUIZ_SETTINGS: Readonly<QuizSettings> = { retry: true, solution: true, passMark: 70, mode: 'graded' };

/** The URL parameters the quiz reads. */
export const QUIZ_PARAMS = ['quizRetry', 'quizSolution', 'passMark', 'quizMode'] as const;

const flag = z.enum(['0', '1']);
const percent = z.string().check(z.regex(/^\d{1,3}$/), z.refine((s) => Number(s) <= 100));
const mode = z.enum(['graded', 'self-check']);

const EXPECTED: Record<(typeof QUIZ_PARAMS)[number], string> = {
  quizRetry: 'expected 0 or 1',
  quizSolution: 'expected 0 or 1',
  passMark: 'expected a whole number from 0 to 100',
  quizMode: 'expected graded or self-check',
};

/** The settings and one notice per ignored parameter or value. */
export interface ParsedQuizSettings {
  settings: QuizSettings;
  notices: string[];
}

const quote = (v: string): string => JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);

/**
 * Parses the quiz settings from a query string (`location.search`). Never throws.
 * @param search e.g. `?quizRetry=0&passMark=80&quizMode=self-check`
 */
export function parseQuizSettings(search: string): ParsedQuizSettings {
  let q: URLSearchParams;
  try {
    q = new URLSearchParams(search);
  } catch {
    return { settings: { ...DEFAULT_QUIZ_SETTINGS }, notices: [] };
  }
  const notices: string[] = [];
  const read = <T>(key: (typeof QUIZ_PARAMS)[number], schema: z.ZodMiniType<T>): T | undefined => {
    const all = q.getAll(key);
    if (all.length === 0) return undefined;
    if (all.length > 1) notices.push(`${key}: given ${all.length} times; using the first`);
    const raw = all[0]!;
    const r = schema.safeParse(raw);
    if (!r.success) {
      notices.push(`${key}: ${EXPECTED[key]}, got ${quote(raw)}; ignored`);
      return undefined;
    }
    return r.data;
  };
  const retry = read('quizRetry', flag);
  const solution = read('quizSolution', flag);
  const passMark = read('passMark', percent);
  const quizMode = read('quizMode', mode);
  for (const key of new Set(q.keys())) {
    if (/^quiz/i.test(key) || /^passmark$/i.test(key)) {
      if (!(QUIZ_PARAMS as readonly string[]).includes(key)) {
        notices.push(`${quote(key)} is not a quiz setting; ignored (known: ${QUIZ_PARAMS.join(', ')})`);
      }
    }
  }
  return {
    settings: {
      retry: retry === undefined ? DEFAULT_QUIZ_SETTINGS.retry : retry === '1',
      solution: solution === undefined ? DEFAULT_QUIZ_SETTINGS.solution : solution === '1',
      passMark: passMark === undefined ? DEFAULT_QUIZ_SETTINGS.passMark : Number(passMark),
      mode: quizMode ?? DEFAULT_QUIZ_SETTINGS.mode,
    },
    notices,
  };
}

/** The embed instance id from the `instance` URL parameter (the same rule as the display parameters), default `fencing-lab`. */
export function instanceFromSearch(search: string): string {
  try {
    const v = new URLSearchParams(search).get('instance');
    return v !== null && /^[A-Za-z0-9_.:-]{1,64}$/.test(v) ? v : 'fencing-lab';
  } catch {
    return 'fencing-lab';
  }
}
