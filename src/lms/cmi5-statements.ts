/**
 * The cmi5-defined statements of the quiz (pure): `initialized`, `completed`, `passed`, `failed`,
 * `terminated` about the AU (`activityId` of the launch), with the LMS's context template, the
 * `cmi5` category on each, and `moveon` on completed / passed / failed. `answered` statements are
 * cmi5 "allowed" statements and carry the template without the cmi5 category (`xapi.ts`).
 *
 * Rules followed (cmi5 spec, "9.3 Verbs" and "9.5 Result", AICC/CMI-5_Spec_Current, and its
 * sample statements): completed has `result.completion: true` and `duration`, no score; passed and
 * failed have `success` and `score` (scaled), `duration`, and the `masteryscore` extension when the
 * LMS gave a mastery score; terminated has `duration`.
 * @module
 */
import { quizStatement, scoreOf, type QuizResultInput, type XapiAttempt, type XapiStatement } from '../quiz/xapi';

/** cmi5 context activity ids and extensions (cmi5 spec, 9.6). */
export const CMI5 = {
  category: 'https://w3id.org/xapi/cmi5/context/categories/cmi5',
  moveOn: 'https://w3id.org/xapi/cmi5/context/categories/moveon',
  masteryScore: 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore',
  sessionId: 'https://w3id.org/xapi/cmi5/context/extensions/sessionid',
} as const;

/** A cmi5 verb the quiz sends about the AU. */
export type Cmi5Verb = 'initialized' | 'completed' | 'passed' | 'failed' | 'terminated';

/**
 * A cmi5-defined statement.
 * @param masteryScore the LMS's `masteryScore` (0 to 1), if any
 */
export function cmi5Statement(at: XapiAttempt, verb: Cmi5Verb, input: QuizResultInput, masteryScore: number | undefined, id: string, timestamp: string): XapiStatement {
  const s = quizStatement(at, verb, verb === 'initialized' ? undefined : input, id, timestamp);
  const duration = s.result?.duration;
  if (verb === 'completed') s.result = { completion: true, duration: duration! };
  if (verb === 'passed' || verb === 'failed') s.result = { score: scoreOf(input.raw, input.max), success: verb === 'passed', duration: duration! };
  const moveOn = verb === 'completed' || verb === 'passed' || verb === 'failed';
  const ca = { ...(s.context.contextActivities ?? {}) };
  ca.category = [...(ca.category ?? []), { objectType: 'Activity', id: CMI5.category }, ...(moveOn ? [{ objectType: 'Activity' as const, id: CMI5.moveOn }] : [])];
  s.context = { ...s.context, contextActivities: ca };
  if ((verb === 'passed' || verb === 'failed') && masteryScore !== undefined) {
    s.context.extensions = { ...(s.context.extensions ?? {}), [CMI5.masteryScore]: masteryScore };
  }
  return s;
}
