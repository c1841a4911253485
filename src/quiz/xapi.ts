/**
 * xAPI 1.0.3 statements of the quiz, as plain data (pure functions; the caller passes the clock
 * and the ids). Every statement kind built here is run through Learning Locker's validator
 * (`@learninglocker/xapi-validation`) in `xapi.test.ts`.
 *
 * - Activity ids are IRIs under a base: `xapiBase` (URL parameter or package setting), else the
 *   page's own address (its folder), e.g. `https://host/lab/`. The quiz is
 *   `BASE quiz/INSTANCE`, a question `BASE quiz/INSTANCE/QUESTION-ID`, so two embeds (two
 *   `instance` values) never share an id. Under cmi5 the quiz is the AU's `activityId`.
 * - Questions are `cmi.interaction` activities with `interactionType`, `choices` (or `source` /
 *   `target`), and `correctResponsesPattern`, as H5P sends them. Predict questions are `choice`,
 *   order questions `sequencing`, moment questions `numeric` (the pattern is each span of
 *   simulated ms when two clients believe they hold the lock, `start[:]end`).
 * - `result.score` (`min`, `max`, `raw`, `scaled`) on `answered` (0 or 1 point) and `completed`;
 *   `result.duration` in ISO 8601 (`PT12.5S`); `context.registration` is the attempt's UUID;
 *   `context.contextActivities.parent` links a question to its quiz.
 * - The actor is the host's (`setActor` message, `actor` URL parameter, cmi5 launch); without one
 *   it is an anonymous account per attempt: `{ account: { homePage: ORIGIN, name: 'anonymous-REGISTRATION' } }`.
 *
 * Sources: xAPI 1.0.3 specification, "Data" part (statement, result, context, interaction
 * activities, ISO 8601 durations), https://github.com/adlnet/xAPI-Spec; H5P's xAPI (cmi.interaction
 * with interactionType and correctResponsesPattern).
 * @module
 */
import { beliefOverlaps } from '../store/beliefs';
import { momentStops, orderAnswer, predictAnswer, traceFor, fill } from './answers';
import type { Question } from './types';

/** An xAPI language map. */
export type LangMap = Record<string, string>;

/** An xAPI Agent (the actor). One inverse functional identifier is required. */
export interface XapiAgent {
  objectType?: 'Agent';
  name?: string;
  mbox?: string;
  mbox_sha1sum?: string;
  openid?: string;
  account?: { homePage: string; name: string };
}

/** An xAPI activity. */
export interface XapiActivity {
  objectType: 'Activity';
  id: string;
  definition?: {
    type?: string;
    name?: LangMap;
    description?: LangMap;
    interactionType?: 'choice' | 'sequencing' | 'numeric';
    correctResponsesPattern?: string[];
    choices?: { id: string; description: LangMap }[];
  };
}

/** An xAPI score. */
export interface XapiScore {
  min: number;
  max: number;
  raw: number;
  scaled: number;
}

/** An xAPI statement as the quiz sends it. */
export interface XapiStatement {
  id: string;
  actor: XapiAgent;
  verb: { id: string; display: LangMap };
  object: XapiActivity;
  result?: { score?: XapiScore; success?: boolean; completion?: boolean; response?: string; duration?: string };
  context: {
    registration: string;
    contextActivities?: { parent?: XapiActivity[]; grouping?: XapiActivity[]; category?: XapiActivity[] };
    extensions?: Record<string, unknown>;
  };
  timestamp: string;
}

/** ADL verbs the quiz uses (xAPI 1.0.3 / ADL vocabulary; the cmi5 ones per the cmi5 spec). */
export const VERBS = {
  answered: 'http://adlnet.gov/expapi/verbs/answered',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  passed: 'http://adlnet.gov/expapi/verbs/passed',
  failed: 'http://adlnet.gov/expapi/verbs/failed',
  initialized: 'http://adlnet.gov/expapi/verbs/initialized',
  terminated: 'http://adlnet.gov/expapi/verbs/terminated',
} as const;

/** A verb name. */
export type VerbName = keyof typeof VERBS;

const INTERACTION = 'http://adlnet.gov/expapi/activities/cmi.interaction';
const ASSESSMENT = 'http://adlnet.gov/expapi/activities/assessment';

/** Who and what an attempt's statements are about. */
export interface XapiAttempt {
  actor: XapiAgent;
  /** The attempt's UUID (`context.registration`). */
  registration: string;
  /** The quiz's activity id (an IRI), {@link quizActivityId}. */
  quizId: string;
  /** Extra context every statement carries (cmi5's context template), merged in. */
  contextTemplate?: XapiStatement['context'] | undefined;
}

/** A v4 UUID from `crypto.getRandomValues` (works outside secure contexts too, unlike `randomUUID`). */
export function uuid(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** True for an absolute IRI the quiz accepts as a base or id: `scheme:` then no spaces. */
export function isIri(s: string): boolean {
  return /^[a-z][a-z0-9+.-]*:[^\s<>"{}|\\^`]+$/i.test(s);
}

/**
 * The base of the activity ids: `xapiBase` when given (a trailing `/` added), else the folder of
 * `pageHref` (query and hash dropped), e.g. `https://host/lab/index.html?x` → `https://host/lab/`.
 */
export function xapiBase(pageHref: string, configured?: string): string {
  // A configured base is http(s) only (as `parseQuizSettings` reads it): never a `javascript:` id.
  if (configured && /^https?:\/\//i.test(configured) && isIri(configured)) return configured.endsWith('/') ? configured : `${configured}/`;
  const page = pageHref.split(/[?#]/)[0] ?? '';
  const base = page.slice(0, page.lastIndexOf('/') + 1);
  return isIri(base) ? base : 'urn:fencing-lab:';
}

/** The quiz's activity id for an embed instance. */
export function quizActivityId(base: string, instance: string): string {
  return `${base}quiz/${encodeURIComponent(instance)}`;
}

/** A question's activity id, under its quiz. */
export function questionActivityId(quizId: string, questionId: string): string {
  return `${quizId}/${encodeURIComponent(questionId)}`;
}

/** ISO 8601 duration of `ms` milliseconds, e.g. `PT75.2S` (seconds to 0.01 s, as SCORM and cmi5 LMSs read it). */
export function isoDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 10) / 100);
  return `PT${s}S`;
}

/**
 * Parses an xAPI Agent from JSON text (the `actor` URL parameter or a `setActor` message's field):
 * `undefined` unless it names exactly one identifier of the right form (`mbox` a `mailto:` IRI,
 * `mbox_sha1sum` 40 hex digits, `openid` an IRI, `account` with an IRI `homePage` and a `name`).
 * Never throws.
 */
export function parseActor(input: unknown): XapiAgent | undefined {
  let v: unknown = input;
  if (typeof input === 'string') {
    try {
      v = JSON.parse(input);
    } catch {
      return undefined;
    }
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const a = v as Record<string, unknown>;
  if (a.objectType !== undefined && a.objectType !== 'Agent') return undefined;
  const out: XapiAgent = { objectType: 'Agent' };
  if (typeof a.name === 'string' && a.name.length <= 200) out.name = a.name;
  let ids = 0;
  if (typeof a.mbox === 'string' && /^mailto:[^\s@]+@[^\s@]+$/.test(a.mbox)) ((out.mbox = a.mbox), ids++);
  if (typeof a.mbox_sha1sum === 'string' && /^[0-9a-f]{40}$/i.test(a.mbox_sha1sum)) ((out.mbox_sha1sum = a.mbox_sha1sum), ids++);
  if (typeof a.openid === 'string' && isIri(a.openid)) ((out.openid = a.openid), ids++);
  const acc = a.account as Record<string, unknown> | undefined;
  if (acc && typeof acc === 'object' && typeof acc.homePage === 'string' && isIri(acc.homePage) && typeof acc.name === 'string' && acc.name !== '') {
    out.account = { homePage: acc.homePage, name: acc.name };
    ids++;
  }
  const given = ['mbox', 'mbox_sha1sum', 'openid', 'account'].filter((k) => a[k] !== undefined).length;
  return ids === 1 && given === 1 ? out : undefined;
}

/** The actor used when the host gave none: an anonymous account for this attempt. */
export function anonymousActor(homePage: string, registration: string): XapiAgent {
  return { objectType: 'Agent', account: { homePage: isIri(homePage) ? homePage : 'urn:fencing-lab', name: `anonymous-${registration}` } };
}

const en = (s: string): LangMap => ({ 'en-US': s });

/**
 * The interaction definition of a question (H5P-style): type, name, interactionType, choices and
 * correctResponsesPattern, all computed from the question and its scenario's trace.
 */
export function questionDefinition(q: Question, prompt: string): NonNullable<XapiActivity['definition']> {
  const base = { type: INTERACTION, name: en(prompt), description: en(prompt) };
  switch (q.kind) {
    case 'choice':
      return {
        ...base,
        interactionType: 'choice',
        choices: q.options.map((o) => ({ id: o.id, description: en(o.text) })),
        correctResponsesPattern: [q.options.filter((o) => o.correct).map((o) => o.id).join('[,]')],
      };
    case 'predict': {
      const trace = traceFor(q.scenarioId);
      const a = trace && predictAnswer(q, trace);
      const choices = a?.choices ?? [];
      return {
        ...base,
        interactionType: 'choice',
        choices: choices.map((c) => ({ id: c, description: en(q.ask === 'outcome' ? `The storage ${c} the write` : `Token ${c}`) })),
        correctResponsesPattern: a ? [a.correct] : [],
      };
    }
    case 'order': {
      const trace = traceFor(q.scenarioId);
      const right = trace && orderAnswer(q, trace);
      return {
        ...base,
        interactionType: 'sequencing',
        choices: (right ?? []).map((r) => ({ id: r.id, description: en(r.label) })),
        correctResponsesPattern: right ? [right.map((r) => r.id).join('[,]')] : [],
      };
    }
    case 'moment': {
      const trace = traceFor(q.scenarioId);
      // The stops the student can pick that fall in a span; a pattern per span (inclusive bounds).
      const stops = trace ? momentStops(trace) : [];
      const spans = trace ? beliefOverlaps(trace) : [];
      const patterns = spans
        .map((s) => stops.filter((ms) => ms >= s.startMs && ms < s.endMs))
        .filter((in_) => in_.length > 0)
        .map((in_) => fill('{a}[:]{b}', { a: in_[0]!, b: in_[in_.length - 1]! }));
      return { ...base, interactionType: 'numeric', correctResponsesPattern: patterns };
    }
  }
}

/** Merges the attempt's context (registration, template) with a statement's own. */
function contextOf(at: XapiAttempt, parent?: XapiActivity): XapiStatement['context'] {
  const t = at.contextTemplate;
  const ca = { ...(t?.contextActivities ?? {}) };
  if (parent) ca.parent = [...(ca.parent ?? []), parent];
  const ctx: XapiStatement['context'] = { ...(t ?? {}), registration: at.registration };
  if (Object.keys(ca).length > 0) ctx.contextActivities = ca;
  return ctx;
}

/** The quiz as an activity. */
export function quizActivity(at: XapiAttempt, withDefinition = true): XapiActivity {
  return withDefinition
    ? { objectType: 'Activity', id: at.quizId, definition: { type: ASSESSMENT, name: en('Fencing Lab quiz') } }
    : { objectType: 'Activity', id: at.quizId };
}

/** What an `answered` statement reports. */
export interface AnsweredInput {
  question: Question;
  prompt: string;
  /** The xAPI response string (`responseString`). */
  response: string;
  success: boolean;
  /** Time from showing the question to Check (ms of wall-clock time). */
  durationMs: number;
}

/**
 * An `answered` statement: the question as a cmi.interaction, its quiz as the parent, 0 or 1 point.
 * @param id the statement's UUID; `timestamp` an ISO 8601 time
 */
export function answeredStatement(at: XapiAttempt, input: AnsweredInput, id: string, timestamp: string): XapiStatement {
  const raw = input.success ? 1 : 0;
  return {
    id,
    actor: at.actor,
    verb: { id: VERBS.answered, display: en('answered') },
    object: { objectType: 'Activity', id: questionActivityId(at.quizId, input.question.id), definition: questionDefinition(input.question, input.prompt) },
    result: { response: input.response, success: input.success, score: { min: 0, max: 1, raw, scaled: raw }, duration: isoDuration(input.durationMs) },
    context: contextOf(at, quizActivity(at, false)),
    timestamp,
  };
}

/** What a quiz-level statement reports. */
export interface QuizResultInput {
  raw: number;
  max: number;
  /** Pass or fail; `undefined` in self-check mode (left out). */
  success?: boolean | undefined;
  /** Time since the attempt started (ms). */
  durationMs: number;
}

/** A score with `scaled` = raw / max (0 when there are no points). */
export function scoreOf(raw: number, max: number): XapiScore {
  return { min: 0, max, raw, scaled: max > 0 ? Math.round((raw / max) * 10000) / 10000 : 0 };
}

/**
 * A quiz-level statement: `completed` (score, success, completion, duration), `passed` / `failed`
 * (score, success, duration), `initialized` (no result) or `terminated` (duration).
 */
export function quizStatement(at: XapiAttempt, verb: Exclude<VerbName, 'answered'>, input: QuizResultInput | undefined, id: string, timestamp: string): XapiStatement {
  const s: XapiStatement = { id, actor: at.actor, verb: { id: VERBS[verb], display: en(verb) }, object: quizActivity(at), context: contextOf(at), timestamp };
  if (!input) return s;
  const duration = isoDuration(input.durationMs);
  if (verb === 'completed') {
    s.result = { score: scoreOf(input.raw, input.max), completion: true, duration };
    if (input.success !== undefined) s.result.success = input.success;
  } else if (verb === 'passed' || verb === 'failed') {
    s.result = { score: scoreOf(input.raw, input.max), success: verb === 'passed', duration };
  } else if (verb === 'terminated') {
    s.result = { duration };
  }
  return s;
}
