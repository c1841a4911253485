/**
 * Instructor settings of the quiz, from the page URL:
 *
 * | parameter      | values                   | default  | meaning                                             |
 * |----------------|--------------------------|----------|-----------------------------------------------------|
 * | `quizRetry`    | `0` or `1`               | `0`      | allow Retry on each question and on the whole quiz; then the last check counts, else the first |
 * | `quizSolution` | `0` or `1`               | `1`      | offer Show solution after a wrong answer (it ends the attempt at that question) |
 * | `passMark`     | whole number `0` to `100` | `70`     | percent of the points needed to pass                |
 * | `quizMode`     | `graded` or `self-check` | `graded` | self-check shows no pass/fail verdict at all        |
 * | `quizQuestions`| question ids, commas     | all      | which questions, in this order                      |
 * | `quizShuffle`  | `0` or `1`               | `0`      | shuffle them, the same way for the same attempt id  |
 * | `xapiBase`     | an http(s) IRI           | the page's folder | base of the xAPI activity ids               |
 * | `actor`        | an xAPI Agent as JSON    | anonymous | who the xAPI statements are about (also the `setActor` message) |
 * | `registration` | a UUID                   | a new one | the attempt's xAPI registration, when no saved progress names one (the host keeps one attempt across reloads where the browser lets the frame save nothing) |
 *
 * These are URL parameters, so a student can edit them (a graded setup uses the SCORM or cmi5
 * package, whose settings come from the LMS: `cmi.launch_data` / the manifest's mastery score,
 * cmi5 `launchParameters` / `masteryScore`; they override the URL, {@link parseQuizSettings}).
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
  /** The question ids to ask, in order; `undefined` for all. */
  questions: string[] | undefined;
  /** Shuffle the questions (seeded by the attempt id). */
  shuffle: boolean;
  /** The configured xAPI base IRI, if any. */
  xapiBase: string | undefined;
  /** The actor as given (JSON text), if any; parsed by `xapi.ts`. */
  actor: string | undefined;
  /** The host's xAPI registration for a new attempt (a UUID, lower case), if any. */
  registration?: string | undefined;
}

/** The defaults. */
export const DEFAULT_QUIZ_SETTINGS: Readonly<QuizSettings> = {
  retry: false,
  solution: true,
  passMark: 70,
  mode: 'graded',
  questions: undefined,
  shuffle: false,
  xapiBase: undefined,
  actor: undefined,
};

/** The URL parameters the quiz reads. */
export const QUIZ_PARAMS = ['quizRetry', 'quizSolution', 'passMark', 'quizMode', 'quizQuestions', 'quizShuffle', 'xapiBase', 'actor', 'registration'] as const;

const flag = z.enum(['0', '1']);
const percent = z.string().check(z.regex(/^\d{1,3}$/), z.refine((s) => Number(s) <= 100));
const mode = z.enum(['graded', 'self-check']);

const EXPECTED: Record<(typeof QUIZ_PARAMS)[number], string> = {
  quizRetry: 'expected 0 or 1',
  quizSolution: 'expected 0 or 1',
  passMark: 'expected a whole number from 0 to 100',
  quizMode: 'expected graded or self-check',
  quizQuestions: 'expected question ids separated by commas',
  quizShuffle: 'expected 0 or 1',
  xapiBase: 'expected an http(s) address such as https://example.edu/lab/',
  actor: 'expected an xAPI Agent as JSON, e.g. {"mbox":"mailto:ada@example.edu"}',
  registration: 'expected a UUID such as 3f2504e0-4f89-41d3-9a0c-0305e82c3301',
};
// xAPI 1.0.3, 2.4.6: a registration is a UUID (RFC 4122 form).
const uuidText = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));
const ids = z.string().check(z.regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/));
// http(s) only: an activity id is an IRI that an LRS stores and a report may link to, so
// `javascript:` or `data:` ids are refused with a notice (issue 43, item 4).
const iri = z.string().check(z.regex(/^https?:\/\/[^\s<>"{}|\\^`]+$/i), z.maxLength(500));
const json = z.string().check(z.regex(/^\s*\{[\s\S]*\}\s*$/), z.maxLength(2000));

/** The settings and one notice per ignored parameter or value. */
export interface ParsedQuizSettings {
  settings: QuizSettings;
  notices: string[];
}

const quote = (v: string): string => JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);

/**
 * Parses the quiz settings from a query string (`location.search`). Never throws.
 * @param search e.g. `?quizRetry=0&passMark=80&quizMode=self-check`
 * @param overrides settings from the LMS in the same form (SCORM `cmi.launch_data`, cmi5
 *   `launchParameters`), which replace the URL's
 */
export function parseQuizSettings(search: string, overrides?: string): ParsedQuizSettings {
  let q: URLSearchParams;
  try {
    q = new URLSearchParams(search);
    if (overrides) for (const [k, v] of new URLSearchParams(overrides)) q.set(k, v);
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
  const questions = read('quizQuestions', ids);
  // Each question once, in the order first given: a repeated id is said, not silently dropped.
  const listed = questions?.split(',');
  const once = listed && [...new Set(listed)];
  if (listed && once && once.length < listed.length) {
    const repeated = [...new Set(listed.filter((id, i) => listed.indexOf(id) !== i))];
    notices.push(`quizQuestions: ${repeated.map(quote).join(', ')} given more than once; each question is asked once`);
  }
  const shuffle = read('quizShuffle', flag);
  const base = read('xapiBase', iri);
  const actor = read('actor', json);
  const registration = read('registration', uuidText)?.toLowerCase();
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
      questions: once,
      shuffle: shuffle === '1',
      xapiBase: base,
      actor,
      ...(registration ? { registration } : {}),
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

/** A 32-bit hash of a string (FNV-1a), the seed of {@link shuffled}. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** `items` shuffled (Fisher–Yates) by a PRNG (mulberry32) seeded from `seed`: the same seed, the same order. */
export function shuffled<T>(items: readonly T[], seed: string): T[] {
  let a = hash(seed);
  const rand = (): number => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The questions to ask: those `settings.questions` names (in its order; unknown ids reported), or
 * all; shuffled by the attempt id when `settings.shuffle`.
 */
export function pickQuestions<Q extends { id: string }>(all: readonly Q[], settings: Pick<QuizSettings, 'questions' | 'shuffle'>, attemptId: string): { questions: Q[]; unknown: string[] } {
  const unknown: string[] = [];
  let picked: Q[] = [...all];
  if (settings.questions) {
    picked = [];
    for (const id of settings.questions) {
      const q = all.find((x) => x.id === id);
      if (q && !picked.includes(q)) picked.push(q);
      else if (!q) unknown.push(id);
    }
    if (picked.length === 0) picked = [...all];
  }
  return { questions: settings.shuffle ? shuffled(picked, attemptId) : picked, unknown };
}
