/**
 * The LMS session as the quiz and both runtimes (`scorm.ts`, `cmi5.ts`) see it. A module of its own
 * so that those runtimes, loaded on demand by `session.ts`, need not import the module that loads them.
 * @module
 */
import type { XapiAgent, XapiStatement } from '../quiz/xapi';

/** An open LMS session. Every method never throws (an LMS that fails must not break the quiz). */
export interface LmsSession {
  kind: 'scorm' | 'cmi5';
  /** Quiz settings from the LMS, as a query string (SCORM `cmi.launch_data`, cmi5 `launchParameters`). */
  settings: string;
  /** The LMS's mastery score as a pass mark in percent, if it has one (it overrides `passMark`). */
  passMark: number | undefined;
  /** Saved progress from an earlier session (SCORM `cmi.suspend_data`, a cmi5 state document). */
  suspended: string | undefined;
  /** The learner, when the LMS says who it is (cmi5 `actor`; SCORM `cmi.core.student_id` as an account). */
  actor: XapiAgent | undefined;
  /** The cmi5 registration and AU activity id, and its context template. */
  registration?: string;
  activityId?: string;
  contextTemplate?: XapiStatement['context'];
  /** False in cmi5 Browse / Review launches: then no completed, passed or failed is sent. */
  graded: boolean;
  /**
   * A question was checked: its xAPI statement, and the interaction as SCORM records it: the
   * question's own id (stable wherever the package is served from), its xAPI interaction type,
   * the response and every correct-responses pattern in xAPI syntax (`[,]` between items, `[:]`
   * in a numeric range), and whether it was right.
   */
  answered(s: XapiStatement, interaction: { id: string; type: string; response: string; patterns: readonly string[]; correct: boolean }): void;
  /**
   * Keep `progress` (JSON) for a later session; `location` is the question shown. Returns false
   * when the LMS cannot keep it (too long for SCORM 1.2's `cmi.suspend_data`): the quiz then tells
   * the learner.
   */
  suspend(progress: string, location: number): boolean;
  /**
   * The quiz was finished (once per attempt): score in points, pass or fail (`undefined` in
   * self-check), and the time since the attempt began.
   */
  finish(raw: number, max: number, success: boolean | undefined, durationMs: number): void;
  /**
   * The page goes away: end the session where the runtime ends it then (SCORM LMSFinish; cmi5 ends
   * its session at Finish instead, see `cmi5.ts`).
   */
  end(durationMs: number): void;
  /**
   * True once the session has ended and records nothing more (cmi5: Terminated was sent, in this page
   * or before a reload of the same launch). Absent where the session lasts until the page goes (SCORM).
   */
  ended?(): boolean;
}
