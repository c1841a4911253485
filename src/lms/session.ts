/**
 * What the quiz needs from an LMS, whichever runtime it speaks (SCORM 1.2 `scorm.ts`, cmi5
 * `cmi5.ts`). Both live in chunks of their own, loaded only when {@link detectLms} finds an LMS,
 * so the hosted first render does not grow.
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
  /** A question was checked. */
  answered(s: XapiStatement, interaction: { type: string; response: string; pattern: string; correct: boolean }): void;
  /** Keep `progress` (JSON) for a later session; `location` is the question shown. */
  suspend(progress: string, location: number): void;
  /**
   * The quiz was finished (once per attempt): score in points, pass or fail (`undefined` in
   * self-check), and the time since the attempt began.
   */
  finish(raw: number, max: number, success: boolean | undefined, durationMs: number): void;
  /** The page goes away: end the session (SCORM LMSFinish, cmi5 terminated). */
  end(durationMs: number): void;
}

/** The window that holds the SCORM 1.2 API adapter, found per the SCORM 1.2 RTE. */
export interface Scorm12Api {
  LMSInitialize(s: ''): string;
  LMSFinish(s: ''): string;
  LMSGetValue(k: string): string;
  LMSSetValue(k: string, v: string): string;
  LMSCommit(s: ''): string;
  LMSGetLastError(): string;
}

/**
 * Finds the SCORM 1.2 API adapter: the `API` object of this window or a parent (at most 7 levels,
 * as the ADL sample in the SCORM 1.2 RTE, 3.3.6.1, searches), else of the opener and its parents.
 * Frames of other origins throw on access; they are skipped. Never throws.
 */
export function findScormApi(win: Window): Scorm12Api | undefined {
  const search = (w: Window | null): Scorm12Api | undefined => {
    for (let i = 0; w && i <= 7; i++) {
      try {
        const api = (w as unknown as { API?: Scorm12Api }).API;
        if (api && typeof api.LMSInitialize === 'function') return api;
        if (w.parent === w) return undefined;
        w = w.parent;
      } catch {
        return undefined;
      }
    }
    return undefined;
  };
  try {
    return search(win) ?? search(win.opener as Window | null);
  } catch {
    return undefined;
  }
}

/** True when the URL carries the five cmi5 launch parameters (cmi5 spec, 8.1). */
export function isCmi5Launch(search: string): boolean {
  try {
    const q = new URLSearchParams(search);
    return ['endpoint', 'fetch', 'actor', 'registration', 'activityId'].every((k) => q.get(k));
  } catch {
    return false;
  }
}

/** Which LMS runtime the page is launched by, if any: cmi5 (launch parameters) or SCORM 1.2 (an API adapter). */
export function detectLms(win: Window | undefined, search: string): 'cmi5' | 'scorm' | undefined {
  // The plain single file (`--mode single`) has no LMS runtime; the packages (`--mode package`) do.
  if (!import.meta.env.FENCING_LAB_LMS) return undefined;
  if (isCmi5Launch(search)) return 'cmi5';
  return win && findScormApi(win) ? 'scorm' : undefined;
}

/** Opens the session of the runtime `kind` (its module loaded on demand); `undefined` if it will not start. */
export async function openLms(kind: 'cmi5' | 'scorm', win: Window, search: string): Promise<LmsSession | undefined> {
  if (!import.meta.env.FENCING_LAB_LMS) return undefined;
  try {
    return kind === 'scorm' ? (await import('./scorm')).openScorm(win) : await (await import('./cmi5')).openCmi5(win, search);
  } catch {
    return undefined;
  }
}
