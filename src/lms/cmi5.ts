/**
 * The quiz as a cmi5 AU (cmi5 spec, AICC/CMI-5_Spec_Current, sections 8 to 11). Loaded on demand.
 *
 * 1. Launch parameters from the URL: `endpoint`, `fetch`, `actor`, `registration`, `activityId`.
 * 2. POST to `fetch` once per launch: `{ "auth-token": … }` (used as `Authorization: Basic …`); the
 *    token is kept in `sessionStorage` for reloads of the same launch (the fetch URL answers once).
 * 3. GET the state document `LMS.LaunchData` (contextTemplate, launchMode, masteryScore, moveOn,
 *    launchParameters) and this AU's saved progress (state `https://fencinglab.dev/xapi/state/progress`).
 * 4. Statements: `initialized`; `answered` per Check (cmi5 "allowed"); at Finish `passed` or `failed`
 *    (graded) and `completed`, then `terminated`. In Browse / Review launches no completed / passed /
 *    failed (cmi5 spec, 10.2.2), but still `terminated` at Finish.
 *
 * When `terminated` is sent: Terminated "must be the last statement" of an AU session (cmi5 spec 9.3,
 * verb ordering rules), and a page cannot tell a reload from a close when it goes away. Sent on
 * `pagehide`, a reload (which must keep the launch: issue 42, item 2) would go on recording in a session
 * that had ended. So it is sent when the learner finishes, and the launch remembers it (a reload of a
 * finished launch records nothing more). A tab closed before Finish sends none: the LMS then records
 * the session as Abandoned when the learner next launches (cmi5 spec 9.3.6, the LMS's determination
 * "in the absence of a Terminated statement"), and the progress kept in the state API resumes it.
 * Every request carries `X-Experience-API-Version: 1.0.3`. Failures never break the quiz.
 * @module
 */
import { cmi5Statement, type Cmi5Verb } from './cmi5-statements';
import type { LmsSession } from './types';
import { parseActor, uuid, type XapiAttempt, type XapiStatement } from '../quiz/xapi';

/** The state id of the quiz's saved progress (an IRI, as xAPI state ids may be any string). */
export const PROGRESS_STATE_ID = 'https://fencinglab.dev/xapi/state/progress';

/** What a launch keeps across reloads of its page: the auth token, and whether Initialized and Terminated were sent. */
interface KeptLaunch {
  token: string;
  initialized?: boolean;
  terminated?: boolean;
}

const launchKey = (fetchUrl: string) => `fencing-lab:cmi5:${fetchUrl}`;

/** The launch kept in `sessionStorage` (this tab only, gone when it closes), if storage can be read. */
function keptLaunch(win: Window, fetchUrl: string): KeptLaunch | undefined {
  try {
    const raw = win.sessionStorage.getItem(launchKey(fetchUrl));
    const v = raw ? (JSON.parse(raw) as Partial<KeptLaunch>) : undefined;
    return typeof v?.token === 'string' && v.token ? { token: v.token, initialized: v.initialized === true, terminated: v.terminated === true } : undefined;
  } catch {
    // Storage blocked (a sandboxed or third-party frame): a reload fetches again, which the LMS refuses.
    return undefined;
  }
}

function keepLaunch(win: Window, fetchUrl: string, launch: KeptLaunch): void {
  try {
    win.sessionStorage.setItem(launchKey(fetchUrl), JSON.stringify(launch));
  } catch {
    // As above.
  }
}

/** Opens a cmi5 session from the launch URL's query string; `undefined` if the launch is incomplete or the LMS refuses the token. */
export async function openCmi5(win: Window, search: string): Promise<LmsSession | undefined> {
  const q = new URLSearchParams(search);
  const endpoint = q.get('endpoint') ?? '';
  const base = endpoint.endsWith('/') ? endpoint : `${endpoint}/`;
  const actor = parseActor(q.get('actor') ?? '');
  const registration = q.get('registration') ?? '';
  const activityId = q.get('activityId') ?? '';
  const fetchUrl = q.get('fetch') ?? '';
  if (!actor || !registration || !activityId || !fetchUrl) return undefined;
  // The fetch URL answers once per launch (cmi5 8.2.3: a second POST gets error-code 1): a reload
  // of the same launch uses the token kept for it.
  const kept = keptLaunch(win, fetchUrl);
  let token = kept?.token;
  if (!token) {
    const tokenResponse = await win.fetch(fetchUrl, { method: 'POST' });
    token = ((await tokenResponse.json()) as Record<string, string>)['auth-token'];
    if (!tokenResponse.ok || !token) return undefined;
    keepLaunch(win, fetchUrl, { token });
  }
  const headers = { Authorization: `Basic ${token}`, 'X-Experience-API-Version': '1.0.3', 'Content-Type': 'application/json' };
  const stateUrl = (stateId: string) =>
    `${base}activities/state?${new URLSearchParams({ activityId, agent: JSON.stringify(actor), registration, stateId })}`;
  const launch = (await (await win.fetch(stateUrl('LMS.LaunchData'), { headers })).json()) as {
    contextTemplate?: XapiStatement['context'];
    launchMode?: string;
    masteryScore?: number;
    launchParameters?: string;
  };
  let suspended: string | undefined;
  try {
    const r = await win.fetch(stateUrl(PROGRESS_STATE_ID), { headers });
    if (r.ok) suspended = await r.text();
  } catch {
    // No saved progress.
  }
  const at: XapiAttempt = { actor, registration, quizId: activityId, contextTemplate: launch.contextTemplate };
  const started = Date.now();
  const send = (s: XapiStatement) =>
    void win.fetch(`${base}statements`, { method: 'POST', headers, body: JSON.stringify(s), keepalive: true }).catch(() => undefined);
  const cmi5 = (verb: Cmi5Verb, raw = 0, max = 0, success?: boolean) =>
    send(cmi5Statement(at, verb, { raw, max, success, durationMs: Date.now() - started }, launch.masteryScore, uuid(), new Date().toISOString()));
  // Once per launch (cmi5 9.3.2: one Initialized per AU session), not again after a reload.
  if (!kept?.initialized) cmi5('initialized');
  keepLaunch(win, fetchUrl, { token, initialized: true, ...(kept?.terminated ? { terminated: true } : {}) });
  // Ended in this page or before a reload of this launch: nothing more is recorded in it.
  let ended = kept?.terminated === true;
  const terminate = () => {
    if (ended) return;
    ended = true;
    cmi5('terminated');
    keepLaunch(win, fetchUrl, { token, initialized: true, terminated: true });
  };
  const graded = (launch.launchMode ?? 'Normal') === 'Normal';
  const mastery = launch.masteryScore;
  return {
    kind: 'cmi5',
    settings: launch.launchParameters ?? '',
    passMark: typeof mastery === 'number' && mastery >= 0 && mastery <= 1 ? Math.round(mastery * 100) : undefined,
    suspended,
    actor,
    registration,
    activityId,
    ...(launch.contextTemplate ? { contextTemplate: launch.contextTemplate } : {}),
    graded,
    answered: (s) => {
      if (!ended) send(s);
    },
    suspend: (progress) => {
      void win.fetch(stateUrl(PROGRESS_STATE_ID), { method: 'PUT', headers, body: progress, keepalive: true }).catch(() => undefined);
      return true;
    },
    finish(raw, max, success) {
      if (ended) return;
      if (graded) {
        if (success !== undefined) cmi5(success ? 'passed' : 'failed', raw, max, success);
        cmi5('completed', raw, max);
      }
      terminate();
    },
    // The page goes away: nothing to send (a reload keeps the session; see the module's note).
    end() {},
    ended: () => ended,
  };
}
