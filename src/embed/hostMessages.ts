/**
 * Quiz events for the host page (an LMS, a course page), xAPI-shaped, in the envelope of the embed
 * protocol (`protocol.ts`). The ONE place the quiz talks to its host. Nothing is sent unless the
 * page is embedded (`window.parent !== window`); a host that went away never breaks the quiz.
 *
 * Every message is posted with `window.parent.postMessage(message, '*')` and looks like:
 *
 * ```ts
 * {
 *   source: 'fencing-lab',
 *   version: 1,
 *   type: 'answered' | 'completed',
 *   instance: string,     // the `instance` URL parameter, default 'fencing-lab'
 *   statement: { ... },   // xAPI-shaped, below
 * }
 * ```
 *
 * `answered` (each time the student presses Check):
 * ```ts
 * statement: {
 *   verb: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } },
 *   object: { id: 'seed-quick-check', definition: { name: { 'en-US': 'Where must a fencing token be checked…' } } },
 *   result: { response: 'storage', success: true },
 * }
 * ```
 * `response` is the xAPI response string: chosen option ids joined by `[,]`, the order of item ids
 * joined by `[,]`, `accepted` / `rejected` / a token for a prediction, or the chosen moment in
 * simulated ms.
 *
 * `completed` (when the student finishes the quiz):
 * ```ts
 * statement: {
 *   verb: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed' } },
 *   object: { id: 'fencing-lab-quiz', definition: { name: { 'en-US': 'Fencing Lab quiz' } } },
 *   result: { score: { raw: 11, max: 16, scaled: 0.6875 }, success: false },
 * }
 * ```
 * `success` is whether `scaled` reached the pass mark; in `quizMode=self-check` it is left out.
 *
 * A host listens with:
 * ```js
 * window.addEventListener('message', (e) => {
 *   if (e.source !== iframe.contentWindow || e.data?.source !== 'fencing-lab') return;
 *   if (e.data.type === 'completed') lms.record(e.data.statement);
 * });
 * ```
 * @module
 */
import { postToHost } from './protocol';

/** The xAPI verb of a statement. */
export interface XapiVerb {
  id: 'http://adlnet.gov/expapi/verbs/answered' | 'http://adlnet.gov/expapi/verbs/completed';
  display: { 'en-US': 'answered' | 'completed' };
}

/** The xAPI object of a statement: a question, or the quiz. */
export interface XapiObject {
  id: string;
  definition: { name: { 'en-US': string } };
}

/** The statement of an `answered` message. */
export interface AnsweredStatement {
  verb: XapiVerb & { display: { 'en-US': 'answered' } };
  object: XapiObject;
  result: { response: string; success: boolean };
}

/** The statement of a `completed` message. */
export interface CompletedStatement {
  verb: XapiVerb & { display: { 'en-US': 'completed' } };
  object: XapiObject;
  /** `success` is left out in self-check mode. */
  result: { score: { raw: number; max: number; scaled: number }; success?: boolean };
}

/** The id and name of the quiz as an xAPI object. */
export const QUIZ_OBJECT: XapiObject = { id: 'fencing-lab-quiz', definition: { name: { 'en-US': 'Fencing Lab quiz' } } };

/** Builds the statement of an answered question. */
export function answeredStatement(questionId: string, questionText: string, response: string, success: boolean): AnsweredStatement {
  return {
    verb: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } },
    object: { id: questionId, definition: { name: { 'en-US': questionText } } },
    result: { response, success },
  };
}

/**
 * Builds the statement of a completed quiz.
 * @param raw points scored
 * @param max points possible (`scaled` is 0 when there are none)
 * @param success pass or fail; `undefined` in self-check mode, which leaves the field out
 */
export function completedStatement(raw: number, max: number, success: boolean | undefined): CompletedStatement {
  const scaled = max > 0 ? raw / max : 0;
  return {
    verb: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed' } },
    object: QUIZ_OBJECT,
    result: { score: { raw, max, scaled }, ...(success === undefined ? {} : { success }) },
  };
}

/** Posts `answered` to the host, if embedded. Never throws. */
export function postAnswered(instance: string, statement: AnsweredStatement, win: Window = window): void {
  postToHost('answered', instance, { statement }, win);
}

/** Posts `completed` to the host, if embedded. Never throws. */
export function postCompleted(instance: string, statement: CompletedStatement, win: Window = window): void {
  postToHost('completed', instance, { statement }, win);
}
