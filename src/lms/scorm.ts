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

/** SCORM 1.2 CMITimespan: `HHHH:MM:SS.SS`. */
export function scormTime(ms: number): string {
  const cs = Math.max(0, Math.round(ms / 10));
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(Math.floor(cs / 360000), 4)}:${p(Math.floor(cs / 6000) % 60)}:${p(Math.floor(cs / 100) % 60)}.${p(cs % 100)}`;
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
  return {
    kind: 'scorm',
    settings: get('cmi.launch_data'),
    passMark: Number.isFinite(mastery) && mastery >= 0 && mastery <= 100 ? Math.round(mastery) : undefined,
    suspended: unpackSuspendData(suspended),
    actor: id ? { objectType: 'Agent', name: get('cmi.core.student_name') || id, account: { homePage: win.location.origin === 'null' ? 'urn:scorm' : win.location.origin, name: id } } : undefined,
    graded: true,
    answered(_s, i) {
      const n = `cmi.interactions.${interactions++}.`;
      set(`${n}id`, _s.object.id.slice(-255).replace(/[^\w.-]/g, '_'));
      set(`${n}type`, i.type === 'numeric' ? 'numeric' : i.type);
      set(`${n}student_response`, i.response.replace(/\[,\]/g, ',').slice(0, 255));
      set(`${n}correct_responses.0.pattern`, i.pattern.replace(/\[,\]/g, ',').replace('[:]', ':').slice(0, 255));
      set(`${n}result`, i.correct ? 'correct' : 'wrong');
      commit();
    },
    suspend(progress, location) {
      // Compressed (suspend-data.ts): a full quiz's JSON is over the 4,096 characters SCORM 1.2 keeps.
      const packed = packSuspendData(progress);
      const fits = packed.length <= SUSPEND_DATA_MAX;
      if (fits) set('cmi.suspend_data', packed);
      set('cmi.core.lesson_location', location);
      set('cmi.core.exit', finished ? '' : 'suspend');
      commit();
      return fits;
    },
    finish(raw, max, success) {
      const percent = max > 0 ? Math.round((raw / max) * 100) : 0;
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
