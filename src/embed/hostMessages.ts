/**
 * Quiz events for the host page (an LMS, a course page), as real xAPI 1.0.3 statements
 * (`quiz/xapi.ts`), in the envelope of the embed protocol (`protocol.ts`). The ONE place the quiz
 * talks to its host. Nothing is sent unless the page is embedded (`window.parent !== window`); a
 * host that went away never breaks the quiz.
 *
 * Frame → host, posted with `window.parent.postMessage(message, '*')`:
 *
 * ```ts
 * { source: 'fencing-lab', version: 1, type: 'answered' | 'completed', instance: string, statement: XapiStatement }
 * ```
 *
 * `answered` (each Check), e.g.
 * ```json
 * { "id": "…uuid…", "actor": { "objectType": "Agent", "mbox": "mailto:ada@example.edu" },
 *   "verb": { "id": "http://adlnet.gov/expapi/verbs/answered", "display": { "en-US": "answered" } },
 *   "object": { "objectType": "Activity", "id": "https://host/lab/quiz/week-3/seed-quick-check",
 *     "definition": { "type": "http://adlnet.gov/expapi/activities/cmi.interaction", "name": { "en-US": "Where must…" },
 *       "interactionType": "choice", "choices": [{ "id": "storage", "description": { "en-US": "…" } }, …],
 *       "correctResponsesPattern": ["storage"] } },
 *   "result": { "response": "storage", "success": true, "score": { "min": 0, "max": 1, "raw": 1, "scaled": 1 }, "duration": "PT14.2S" },
 *   "context": { "registration": "…uuid…", "contextActivities": { "parent": [{ "objectType": "Activity", "id": "https://host/lab/quiz/week-3" }] } },
 *   "timestamp": "2026-12-01T19:20:00.000Z" }
 * ```
 * `completed` (the first Finish of an attempt; a later Finish sends nothing): the quiz activity
 * (`definition.type` …/assessment), `result.score` {min 0, max, raw, scaled}, `completion: true`,
 * `success` (pass mark reached; left out in `quizMode=self-check`), `duration` since the attempt began.
 * Version 1 hosts keep working: `statement.verb`, `statement.object.id` and `statement.result`
 * are still there; the ids are now IRIs and there are more fields.
 *
 * Host → frame (new in version 1, optional): who the learner is, for the statements' `actor`:
 * ```js
 * iframe.contentWindow.postMessage({ source: 'fencing-lab', version: 1, type: 'setActor', instance: 'week-3',
 *   actor: { name: 'Ada', mbox: 'mailto:ada@example.edu' } }, 'https://FENCING-LAB-ORIGIN');
 * ```
 * It is accepted only from the parent window, for this embed's `instance`, with a valid xAPI Agent
 * (one of `mbox`, `mbox_sha1sum`, `openid`, `account`). The `actor` URL parameter (the same JSON)
 * does the same. Without either, the actor is an anonymous account per attempt.
 * @module
 */
import type { XapiAgent, XapiStatement } from '../quiz/xapi';
import { PROTOCOL_SOURCE, PROTOCOL_VERSION, postToHost } from './protocol';

/** Posts a statement (`answered` or `completed`) to the host, if embedded. Never throws. */
export function postStatement(type: 'answered' | 'completed', instance: string, statement: XapiStatement, win: Window = window): void {
  postToHost(type, instance, { statement }, win);
}

/**
 * Listens for `setActor` from the parent window for embed `instance`; calls `onActor` with each
 * actor that `parse` accepts (`parseActor` of `quiz/xapi.ts`, passed in so that this module stays
 * free of quiz code). Returns the function that stops listening. Never throws.
 */
export function listenForActor(win: Window, instance: string, parse: (v: unknown) => XapiAgent | undefined, onActor: (actor: XapiAgent) => void): () => void {
  const listener = (e: MessageEvent) => {
    try {
      const d = e.data as Record<string, unknown> | null;
      if (e.source !== win.parent || e.source === win || !d || d.source !== PROTOCOL_SOURCE || d.version !== PROTOCOL_VERSION) return;
      if (d.type !== 'setActor' || d.instance !== instance) return;
      const actor = parse(d.actor);
      if (actor) onActor(actor);
    } catch {
      // A malformed message is ignored.
    }
  };
  try {
    win.addEventListener('message', listener);
  } catch {
    return () => undefined;
  }
  return () => win.removeEventListener('message', listener);
}
