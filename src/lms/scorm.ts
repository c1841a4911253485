/**
 * The quiz as a SCORM 1.2 SCO: LMSInitialize, then score, status, suspend data and interactions
 * through the API adapter the LMS provides (`scorm-api.ts` finds it). Loaded on demand.
 *
 * Data model elements (SCORM 1.2 RTE, 3.4): `cmi.core.lesson_status` (incomplete while running;
 * passed / failed when graded, completed in self-check), `cmi.core.score.raw|min|max` (percent,
 * 0 to 100), `cmi.suspend_data` (progress, compressed: at most 4096 characters; `suspend-data.ts`), `cmi.core.lesson_location`,
 * `cmi.core.exit` (suspend until finished), `cmi.core.session_time` (HHHH:MM:SS.SS),
 * `cmi.interactions.n.*`; read: `cmi.launch_data` (settings), `cmi.student_data.mastery_score`,
 * `cmi.core.student_id` / `student_name`, `cmi.core.entry`.
 * @module
 */
import { findScormApi } from './scorm-api';
import { packSuspendData, SUSPEND_DATA_MAX, unpackSuspendData } from './suspend-data';
import type { LmsSession } from './types';
import { percentOf } from '../quiz/progress';

/** SCORM 1.2 CMITimespan: `HHHH:MM:SS.SS`. */
export function scormTime(ms: number): string {
  const cs = Math.max(0, Math.round(ms / 10));
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(Math.floor(cs / 360000), 4)}:${p(Math.floor(cs / 6000) % 60)}:${p(Math.floor(cs / 100) % 60)}.${p(cs % 100)}`;
}

/** A SCORM 1.2 CMIIdentifier (RTE 3.4.2.7.1: letters, digits, '-' and '_'; at most 255) from a question id. */
export function scormIdentifier(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 255) || 'question';
}

/**
 * The correct-responses patterns SCORM 1.2 can hold, from xAPI patterns (`[,]` between items):
 * items joined by ',' (RTE 3.4.2.7.5); a numeric answer is one CMIDecimal, so a range `a[:]b`
 * (SCORM 2004 and xAPI syntax) is written only where a = b: a strict 1.2 LMS refuses `a:b`, and
 * `cmi.interactions.n.result` says whether the answer was right anyway.
 */
export function scormPatterns(type: string, patterns: readonly string[]): string[] {
  if (type !== 'numeric') return patterns.map((p) => p.replace(/\[,\]/g, ',').slice(0, 255));
  return patterns.flatMap((p) => {
    const [lo, hi = lo] = p.split('[:]');
    return lo !== undefined && lo !== '' && lo === hi && /^-?\d*(\.\d+)?$/.test(lo) ? [lo] : [];
  });
}

/** Opens a SCORM 1.2 session, or `undefined` when there is no adapter or LMSInitialize fails. */
export function openScorm(win: Window): LmsSession | undefined {
  const api = findScormApi(win);
  if (!api || String(api.LMSInitialize('')) !== 'true') return undefined;
  const get = (k: string): string => {
    try {
      return String(api.LMSGetValue(k) ?? '');
    } catch {
      return '';
    }
  };
  const set = (k: string, v: string | number): void => {
    try {
      api.LMSSetValue(k, String(v));
    } catch {
      // The LMS refused a value: the quiz goes on.
    }
  };
  const commit = (): void => {
    try {
      api.LMSCommit('');
    } catch {
      // As above.
    }
  };
  let done = false;
  let finished = get('cmi.core.lesson_status');
  finished = finished === 'passed' || finished === 'failed' || finished === 'completed' ? finished : '';
  if (!finished) set('cmi.core.lesson_status', 'incomplete');
  const mastery = Number.parseFloat(get('cmi.student_data.mastery_score'));
  const id = get('cmi.core.student_id');
  const suspended = get('cmi.suspend_data');
  let interactions = Number.parseInt(get('cmi.interactions._count'), 10) || 0;
  // Something the LMS should store at once (the session's start, an answer): the next suspend commits.
  let unsaved = true;
  return {
    kind: 'scorm',
    settings: get('cmi.launch_data'),
    passMark: Number.isFinite(mastery) && mastery >= 0 && mastery <= 100 ? Math.round(mastery) : undefined,
    suspended: unpackSuspendData(suspended),
    actor: id ? { objectType: 'Agent', name: get('cmi.core.student_name') || id, account: { homePage: win.location.origin === 'null' ? 'urn:scorm' : win.location.origin, name: id } } : undefined,
    graded: true,
    answered(_s, i) {
      const n = `cmi.interactions.${interactions++}.`;
      // The question's own id, not the statement's activity id (which holds the launch URL and
      // moves with the package): a CMIIdentifier has only letters, digits, '-' and '_' (RTE 3.4.2.7.1).
      set(`${n}id`, scormIdentifier(i.id));
      set(`${n}type`, i.type);
      set(`${n}student_response`, i.response.replace(/\[,\]/g, ',').slice(0, 255));
      scormPatterns(i.type, i.patterns).forEach((p, k) => set(`${n}correct_responses.${k}.pattern`, p));
      set(`${n}result`, i.correct ? 'correct' : 'wrong');
      // Committed with the progress this answer makes (`suspend`, which follows at once): one
      // server round trip per answer in an LMS such as Moodle, not one per value.
      unsaved = true;
    },
    suspend(progress, location) {
      // Compressed (suspend-data.ts): a full quiz's JSON is over the 4,096 characters SCORM 1.2 keeps.
      const packed = packSuspendData(progress);
      const fits = packed.length <= SUSPEND_DATA_MAX;
      if (fits) set('cmi.suspend_data', packed);
      set('cmi.core.lesson_location', location);
      set('cmi.core.exit', finished ? '' : 'suspend');
      // Moving between questions or choosing an option is kept by the LMS's adapter and committed
      // with the next answer, the finish or the session's end.
      if (unsaved) commit();
      unsaved = false;
      return fits;
    },
    finish(raw, max, success) {
      // The percent the learner sees (rounded down), on which the pass decision was taken.
      const percent = percentOf(raw, max);
      set('cmi.core.score.min', 0);
      set('cmi.core.score.max', 100);
      set('cmi.core.score.raw', percent);
      finished = success === undefined ? 'completed' : success ? 'passed' : 'failed';
      set('cmi.core.lesson_status', finished);
      set('cmi.core.exit', '');
      commit();
    },
    end(durationMs) {
      if (done) return;
      done = true;
      set('cmi.core.session_time', scormTime(durationMs));
      commit();
      try {
        api.LMSFinish('');
      } catch {
        // The LMS went away first.
      }
    },
  };
}
