/**
 * The LMS packages (`npm run build:scorm`, `npm run build:cmi5`; `npm test` builds them) run as an
 * LMS would run them, in real Chromium. A tiny Node server of the test plays the LMS: it serves
 * the unzipped package and a launch page on one origin.
 *
 * SCORM 1.2: the launch page holds scorm-again's `Scorm12API` as `window.API` (the LMS-side
 * runtime), fed as an LMS feeds it from the manifest (`adlcp:datafromlms` → `cmi.launch_data`,
 * `adlcp:masteryscore` → `cmi.student_data.mastery_score`), and frames the manifest's `href`.
 * The quiz finds the API in its parent, sets status incomplete, keeps suspend data and location
 * as questions are answered, ends the session (LMSFinish) when the frame goes away; a second
 * session resumes from the suspend data; Finish sets score and pass / fail.
 *
 * cmi5: the launch URL carries the launch parameters (endpoint, fetch, actor, registration,
 * activityId, as `@xapi/cmi5`'s LaunchParameters type names them) against a local LRS stub (the
 * same server): the auth token is fetched, LMS.LaunchData read (masteryScore, launchParameters
 * from cmi5.xml), and every statement the LRS receives passes Learning Locker's validator:
 * initialized, answered, failed/passed, completed, terminated, in that order, with the cmi5
 * context template.
 *
 * Both packages ask every question the hosted quiz asks (issue 42, item 8): the last test reads the
 * hosted build's "Question 1 of N" and finds the same in each package.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import validate from '@learninglocker/xapi-validation';
import type { LaunchParameters } from '@xapi/cmi5';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { isAvailable } from '../../src/quiz/answers';
import { QUESTIONS } from '../../src/quiz/questions';
import { COMPACT, SUSPEND_DATA_MAX, unpackSuspendData } from '../../src/lms/suspend-data';
import type { QuizProgress } from '../../src/quiz/progress';
import { launchChromium } from './chromium';
import { patientPolls } from './settle';

const root = join(import.meta.dirname, '..', '..');
const packages = process.env.FL_PACKAGES ?? join(root, 'dist-packages');
// The packages carry the single file, which has every question (issue 42, item 8).
const available = QUESTIONS.filter((q) => isAvailable(q));

patientPolls();

let browser: Browser;
let server: Server;
let origin = '';
/** Files served, by path. */
const files = new Map<string, { type: string; body: Uint8Array | string }>();
/** The LRS stub's state and what it received. */
const lrs = { statements: [] as Record<string, unknown>[], headers: [] as Record<string, string | string[] | undefined>[], state: new Map<string, string>(), launchData: '', fetched: [] as string[] };

const body = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let s = '';
    req.on('data', (c: Buffer) => (s += c.toString('utf8')));
    req.on('end', () => resolve(s));
  });

function serve(prefix: string, zip: string): string {
  const entries = unzipSync(readFileSync(join(packages, zip)));
  for (const [name, data] of Object.entries(entries)) files.set(`${prefix}${name}`, { type: name.endsWith('.xml') ? 'application/xml' : 'text/html; charset=utf-8', body: data });
  return strFromU8(entries[zip.includes('scorm') ? 'imsmanifest.xml' : 'cmi5.xml']!);
}

let manifest = '';
let courseStructure = '';

beforeAll(async () => {
  for (const z of ['fencing-lab-quiz-scorm12.zip', 'fencing-lab-quiz-cmi5.zip']) {
    if (!existsSync(join(packages, z))) throw new Error(`${join(packages, z)} is missing: run \`npm run build:scorm\` and \`npm run build:cmi5\` (npm test does), or set FL_PACKAGES.`);
  }
  manifest = serve('/scorm/', 'fencing-lab-quiz-scorm12.zip');
  courseStructure = serve('/cmi5/', 'fencing-lab-quiz-cmi5.zip');
  files.set('/scorm-again.js', { type: 'text/javascript', body: readFileSync(join(root, 'node_modules', 'scorm-again', 'dist', 'scorm12.js')) });
  server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      // The LRS stub (cmi5).
      if (url.pathname === '/lrs/fetch' && req.method === 'POST') {
        // Once per launch, as cmi5 8.2.3 requires: a second POST of the same fetch URL is error-code 1.
        const again = lrs.fetched.includes(url.search);
        lrs.fetched.push(url.search);
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(again ? { 'error-code': '1', 'error-text': 'already in use' } : { 'auth-token': 'dGVzdDp0b2tlbg==' }));
      }
      if (url.pathname.startsWith('/lrs/xapi/')) {
        lrs.headers.push(req.headers);
        if (req.headers.authorization !== 'Basic dGVzdDp0b2tlbg==' || req.headers['x-experience-api-version'] !== '1.0.3') {
          res.writeHead(401);
          return res.end();
        }
        if (url.pathname === '/lrs/xapi/statements' && req.method === 'POST') {
          const s = JSON.parse(await body(req)) as Record<string, unknown>;
          lrs.statements.push(s);
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(JSON.stringify([s.id]));
        }
        if (url.pathname === '/lrs/xapi/activities/state') {
          const id = url.searchParams.get('stateId')!;
          if (req.method === 'PUT') {
            lrs.state.set(id, await body(req));
            res.writeHead(204);
            return res.end();
          }
          const doc = id === 'LMS.LaunchData' ? lrs.launchData : lrs.state.get(id);
          if (doc === undefined) {
            res.writeHead(404);
            return res.end();
          }
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(doc);
        }
      }
      const f = files.get(url.pathname);
      if (!f) {
        res.writeHead(404);
        return res.end();
      }
      res.writeHead(200, { 'content-type': f.type });
      res.end(f.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium(inject('chromiumPath'));
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const attr = (xml: string, re: RegExp): string => (re.exec(xml)?.[1] ?? '').replace(/&amp;/g, '&');

/** A launch page holding scorm-again's SCORM 1.2 API, loaded with `cmi` (as an LMS restores it), framing the SCO. */
function scormLaunchPage(cmi: Record<string, unknown>): string {
  const href = attr(manifest, /adlcp:scormtype="sco" href="([^"]+)"/);
  return `<!doctype html><meta charset="utf-8"><title>LMS</title><link rel="icon" href="data:,">
<script src="/scorm-again.js"></script>
<script>
  window.API = new Scorm12API({ autocommit: false, lmsCommitUrl: false, logLevel: 5 });
  window.API.loadFromJSON(${JSON.stringify(cmi)});
  window.calls = [];
  ['LMSInitialize', 'LMSCommit', 'LMSFinish'].forEach(function (n) { window.API.on(n, function () { window.calls.push(n); }); });
</script>
<iframe title="Fencing Lab quiz" src="/scorm/${href}" style="width:1000px;height:900px;border:0"></iframe>`;
}

interface Run {
  page: Page;
  frame: Frame;
  problems: string[];
}

async function openScorm(cmi: Record<string, unknown>): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1040, height: 940 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  files.set('/lms.html', { type: 'text/html; charset=utf-8', body: scormLaunchPage(cmi) });
  await page.goto(`${origin}/lms.html`);
  const frame = page.frames().find((f) => f.url().includes('/scorm/'))!;
  await frame.getByRole('heading', { name: 'Check your understanding' }).waitFor({ timeout: 20_000 });
  await frame.getByText('Your score is sent to your course.').waitFor();
  return { page, frame, problems };
}

const cmiOf = (page: Page) => page.evaluate(() => (window as unknown as { API: { renderCMIToJSONObject(): { cmi: unknown } } }).API.renderCMIToJSONObject().cmi) as Promise<{
  core: Record<string, string> & { score: Record<string, string> };
  suspend_data: string;
  launch_data: string;
  interactions: Record<string, Record<string, unknown>>;
}>;

describe('SCORM 1.2 package under scorm-again', () => {
  it('the manifest names the SCO, its launch data and mastery score', () => {
    expect(manifest).toContain('<schemaversion>1.2</schemaversion>');
    expect(attr(manifest, /<adlcp:masteryscore>(\d+)</)).toBe('70');
    expect(attr(manifest, /<adlcp:datafromlms>([^<]+)</)).toContain('quizRetry=0');
    expect(files.has('/scorm/index.html')).toBe(true);
  });

  it('sets status, keeps suspend data, resumes in a second session, then scores and fails or passes', async () => {
    const lms = {
      core: { student_id: 'u-42', student_name: 'Lovelace, Ada', entry: 'ab-initio' },
      launch_data: attr(manifest, /<adlcp:datafromlms>([^<]+)</),
      student_data: { mastery_score: attr(manifest, /<adlcp:masteryscore>(\d+)</) },
    };
    const first = await openScorm(lms);
    const { page, frame } = first;
    expect(await page.evaluate(() => (window as unknown as { calls: string[] }).calls[0])).toBe('LMSInitialize');
    await expect.poll(async () => (await cmiOf(page)).core.lesson_status).toBe('incomplete');
    // Question 1 right, question 2 wrong; no Retry (the package's launch data says quizRetry=0).
    await frame.getByRole('radio', { name: 'In the storage or resource that receives the write' }).check();
    await frame.getByRole('button', { name: 'Check' }).click();
    await frame.getByText('Correct.').waitFor();
    expect(await frame.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await frame.getByRole('button', { name: 'Next' }).click();
    const q2 = available[1]!;
    if (q2.kind !== 'choice') throw new Error('question 2 is expected to be multiple choice');
    const wrong = q2.options.find((o) => !o.correct)!;
    await frame.getByRole(q2.multiple ? 'checkbox' : 'radio', { name: wrong.text, exact: true }).check();
    await frame.getByRole('button', { name: 'Check' }).click();
    await frame.getByText('Not quite.').waitFor();
    await frame.getByRole('button', { name: 'Next' }).click();
    await frame.getByRole('heading', { name: `Question 3 of ${available.length}` }).waitFor();
    // The quiz has told the LMS where it is (it does so as it renders the question).
    await expect.poll(async () => (await cmiOf(page)).core.lesson_location).toBe('2');
    let cmi = await cmiOf(page);
    expect(cmi.core.lesson_status).toBe('incomplete');
    expect(cmi.core.lesson_location).toBe('2');
    expect(cmi.core.exit).toBe('suspend');
    // Compact (src/lms/suspend-data.ts): SCORM 1.2 keeps 4,096 characters, a full quiz's JSON is more.
    expect(cmi.suspend_data.startsWith(COMPACT)).toBe(true);
    expect(JSON.parse(unpackSuspendData(cmi.suspend_data)!)).toMatchObject({ version: 1, index: 2 });
    expect(cmi.suspend_data.length).toBeLessThanOrEqual(4096);
    expect(cmi.interactions['0']).toMatchObject({ type: 'choice', result: 'correct', student_response: 'storage' });
    expect(cmi.interactions['1']).toMatchObject({ result: 'wrong' });
    // The session ends when the SCO goes away (LMSFinish, with the session time).
    await page.evaluate(() => document.querySelector('iframe')!.remove());
    await page.waitForFunction(() => (window as unknown as { calls: string[] }).calls.includes('LMSFinish'));
    cmi = await cmiOf(page);
    expect(cmi.core.session_time).toMatch(/^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/);
    expect(first.problems).toEqual([]);
    await page.context().close();

    // Session 2: the LMS restores what it kept; the quiz resumes at question 3 with the same score.
    const second = await openScorm({ ...lms, core: { ...lms.core, entry: 'resume', lesson_location: cmi.core.lesson_location, lesson_status: 'incomplete' }, suspend_data: cmi.suspend_data });
    await second.frame.getByRole('heading', { name: `Question 3 of ${available.length}` }).waitFor();
    await second.frame.getByText(`Right so far: 1 of ${available.length}`).waitFor();
    await second.frame.getByRole('button', { name: 'Previous' }).click();
    await second.frame.getByText('Not quite.').waitFor();
    // Finish with unanswered questions asks first.
    for (let i = 1; i < available.length - 1; i++) await second.frame.getByRole('button', { name: 'Next' }).click();
    await second.frame.getByRole('button', { name: 'Finish' }).click();
    await second.frame.getByRole('alertdialog').waitFor();
    await second.frame.getByRole('button', { name: 'Finish anyway' }).click();
    await second.frame.getByRole('heading', { name: 'Your result' }).waitFor();
    await expect.poll(async () => (await cmiOf(second.page)).core.lesson_status).toBe('failed');
    const end = await cmiOf(second.page);
    expect(end.core.lesson_status).toBe('failed');
    expect(end.core.score).toMatchObject({ raw: String(Math.floor(100 / available.length)), min: '0', max: '100' });
    expect(end.core.exit).toBe('');
    await second.page.screenshot({ path: join(root, 'tests', 'browser', '__screenshots__', 'scorm-run.png') });
    expect(second.problems).toEqual([]);
    await second.page.context().close();
  });
});

/**
 * Answers the question shown with its first option (or the slider's last stop, or the order as it
 * stands), presses Check and waits for the verdict.
 */
async function answerShown(frame: Frame): Promise<void> {
  // The answers' radios or checkboxes (not the checkboxes of a question's timeline).
  const option = frame.locator('.fl-quiz input[type="radio"], .fl-quiz input[type="checkbox"]:not(.fl-timeline input)').first();
  if ((await option.count()) > 0) await option.check();
  const slider = frame.locator('.fl-quiz input[type="range"]').first();
  if ((await slider.count()) > 0) await slider.press('End');
  await frame.getByRole('button', { name: 'Check' }).click();
  await frame.getByText('Correct.').or(frame.getByText('Not quite.')).first().waitFor();
}

/**
 * Answers the question shown as fully as it can be answered: every checkbox ticked (a radio
 * question's first option), the slider at its last stop, the order as it stands; presses Check,
 * waits for the verdict, and shows the solution where it is offered.
 */
async function answerFullest(frame: Frame): Promise<void> {
  const boxes = frame.locator('.fl-quiz input[type="checkbox"]:not(.fl-timeline input)');
  for (const box of await boxes.all()) await box.check();
  const radio = frame.locator('.fl-quiz input[type="radio"]').first();
  if ((await boxes.count()) === 0 && (await radio.count()) > 0) await radio.check();
  const slider = frame.locator('.fl-quiz input[type="range"]').first();
  if ((await slider.count()) > 0) await slider.press('End');
  await frame.getByRole('button', { name: 'Check' }).click();
  await frame.getByText('Correct.').or(frame.getByText('Not quite.')).first().waitFor();
  const reveal = frame.getByRole('button', { name: 'Show solution' });
  if ((await reveal.count()) > 0) await reveal.click();
}

describe('SCORM 1.2: the fullest progress is kept and resumed under scorm-again (issue 43, item 3)', () => {
  it('every question answered as fully as it can be fits in cmi.suspend_data with room to spare, and a second session resumes every answer', async () => {
    const lms = {
      core: { student_id: 'u-9', student_name: 'Liskov, Barbara', entry: 'ab-initio' },
      launch_data: attr(manifest, /<adlcp:datafromlms>([^<]+)</),
      student_data: { mastery_score: attr(manifest, /<adlcp:masteryscore>(\d+)</) },
    };
    const first = await openScorm(lms);
    const n = available.length;
    for (let i = 0; i < n; i++) {
      await first.frame.getByRole('heading', { name: `Question ${i + 1} of ${n}` }).waitFor();
      await answerFullest(first.frame);
      if (i < n - 1) await first.frame.getByRole('button', { name: 'Next' }).click();
    }
    const kept = async (page: Page) => JSON.parse(unpackSuspendData((await cmiOf(page)).suspend_data) ?? 'null') as QuizProgress | null;
    // Every question answered and checked in what the LMS keeps.
    await expect.poll(async () => Object.values((await kept(first.page))?.answers ?? {}).filter((a) => a.checked).length).toBe(n);
    const cmi = await cmiOf(first.page);
    console.log(`SCORM suspend data with every question answered fully: ${cmi.suspend_data.length} of ${SUSPEND_DATA_MAX} characters (${n} questions)`);
    expect(cmi.suspend_data.startsWith(COMPACT)).toBe(true);
    expect(cmi.suspend_data.length).toBeLessThan(SUSPEND_DATA_MAX / 2);
    const before = (await kept(first.page))!;
    // The choice questions with checkboxes have every option ticked.
    for (const q of available) {
      if (q.kind === 'choice' && q.multiple) expect(before.answers[q.id]?.response, q.id).toEqual({ kind: 'choice', selected: q.options.map((o) => o.id) });
    }
    expect(await first.frame.getByText(/could not keep your latest answers/).count()).toBe(0);
    await first.page.evaluate(() => document.querySelector('iframe')!.remove());
    await first.page.waitForFunction(() => (window as unknown as { calls: string[] }).calls.includes('LMSFinish'));
    const ended = await cmiOf(first.page);
    expect(first.problems).toEqual([]);
    await first.page.context().close();

    // Session 2: the quiz resumes at the last question with every answer, and keeps them as they were.
    const second = await openScorm({ ...lms, core: { ...lms.core, entry: 'resume', lesson_location: ended.core.lesson_location, lesson_status: 'incomplete' }, suspend_data: ended.suspend_data });
    await second.frame.getByRole('heading', { name: `Question ${n} of ${n}` }).waitFor();
    await second.frame.getByText(`Right so far: ${Object.values(before.answers).filter((a) => a.correct).length} of ${n}`).waitFor();
    await second.frame.getByRole('button', { name: 'Previous' }).click();
    await second.frame.getByText('Correct.').or(second.frame.getByText('Not quite.')).first().waitFor();
    await expect.poll(async () => (await kept(second.page))?.index).toBe(n - 2);
    const after = (await kept(second.page))!;
    expect(after.answers).toEqual(before.answers);
    expect(after.registration).toBe(before.registration);
    expect(second.problems).toEqual([]);
    await second.page.context().close();
  }, 240_000);
});

describe('SCORM 1.2: a whole graded run, every link clicked, as a strict LMS would check it (issue 42, items 1 and 6)', () => {
  it('records the percent the learner sees, stable ids and 1.2 patterns, and one commit per answer', async () => {
    const lms = {
      core: { student_id: 'u-7', student_name: 'Hopper, Grace', entry: 'ab-initio' },
      launch_data: attr(manifest, /<adlcp:datafromlms>([^<]+)</),
      student_data: { mastery_score: attr(manifest, /<adlcp:masteryscore>(\d+)</) },
    };
    const { page, frame, problems } = await openScorm(lms);
    // Every link the quiz shows is clicked (issue 42, item 1): one opening in the SCO's own frame would end the session half-way.
    const opened: string[] = [];
    page.context().on('page', (p) => {
      opened.push(p.url());
      void p.close();
    });
    const n = available.length;
    let links = 0;
    for (let i = 0; i < n; i++) {
      await frame.getByRole('heading', { name: `Question ${i + 1} of ${n}` }).waitFor();
      await answerShown(frame);
      for (const a of await frame.locator('.fl-quiz a[href]').all()) {
        await a.click();
        links++;
      }
      await frame.getByRole('button', { name: i < n - 1 ? 'Next' : 'Finish' }).click();
    }
    expect(links).toBeGreaterThan(0);
    await expect.poll(() => opened.length).toBe(links);
    expect(page.frames().some((f) => f === frame && !f.isDetached())).toBe(true);
    await frame.getByRole('heading', { name: 'Your result' }).waitFor();
    const shown = /\((\d+)%\)/.exec((await frame.locator('.fl-quiz__summary-score').textContent()) ?? '')?.[1];
    expect(shown).toBeDefined();
    await expect.poll(async () => (await cmiOf(page)).core.lesson_status).toMatch(/^(passed|failed)$/);
    const cmi = await cmiOf(page);
    // One rounding rule: the LMS records the percent the summary shows, and passes on it.
    expect(cmi.core.score.raw).toBe(shown);
    expect(cmi.core.lesson_status).toBe(Number(shown) >= Number(lms.student_data.mastery_score) ? 'passed' : 'failed');
    // Ids are the questions' own (RTE 3.4.2.7.1: letters, digits, '-', '_'), not the launch URL.
    const records = Object.values(cmi.interactions) as { id: string; type: string; correct_responses?: Record<string, { pattern: string }> }[];
    expect(records).toHaveLength(n);
    const ids = new Set(available.map((q) => q.id.replace(/[^A-Za-z0-9_-]/g, '_')));
    for (const r of records) {
      expect(r.id).toMatch(/^[A-Za-z0-9_-]{1,255}$/);
      expect(ids.has(r.id)).toBe(true);
      // A numeric answer's pattern is one CMIDecimal (no SCORM 2004 range 'a:b').
      if (r.type === 'numeric') for (const c of Object.values(r.correct_responses ?? {})) expect(c.pattern).toMatch(/^-?\d+(\.\d+)?$/);
    }
    expect(records.some((r) => r.type === 'numeric')).toBe(true);
    // Commits: the session's start, one per answer, the finish (navigation and choices ride along).
    const commits = (await page.evaluate(() => (window as unknown as { calls: string[] }).calls)).filter((c) => c === 'LMSCommit').length;
    expect(commits).toBeLessThanOrEqual(n + 2);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 240_000);
});

/**
 * Launches the cmi5 AU as an LMS does: LMS.LaunchData from cmi5.xml (mastery score, moveOn, launch
 * parameters, a context template with session id `session-1`) in the LRS stub, then the AU's URL
 * with the launch parameters; resolves once the quiz says it reports to the course.
 */
async function launchCmi5(registration: string, fetch: string) {
  const auId = attr(courseStructure, /<au id="([^"]+)"/);
  lrs.launchData = JSON.stringify({
    contextTemplate: {
      contextActivities: { grouping: [{ objectType: 'Activity', id: `${auId}/course-grouping` }] },
      extensions: { 'https://w3id.org/xapi/cmi5/context/extensions/sessionid': 'session-1' },
    },
    launchMode: 'Normal',
    moveOn: attr(courseStructure, /moveOn="([^"]+)"/),
    masteryScore: Number(attr(courseStructure, /masteryScore="([^"]+)"/)),
    launchParameters: attr(courseStructure, /<launchParameters>([^<]*)</),
  });
  const params: LaunchParameters = {
    endpoint: `${origin}/lrs/xapi/`,
    fetch,
    actor: { objectType: 'Agent', name: 'Ada', account: { homePage: 'https://lms.example.edu', name: 'u-42' } },
    registration,
    activityId: auId,
  };
  const url = attr(courseStructure, /<url>([^<]+)</);
  const page = await (await browser.newContext()).newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${origin}/cmi5/${url}&${new URLSearchParams({ ...params, actor: JSON.stringify(params.actor) })}`);
  await page.getByText('Your score is sent to your course.').waitFor({ timeout: 20_000 });
  return { auId, params, page, problems };
}

describe('cmi5 package against a local LRS stub', () => {
  it('fetches the token, reads LMS.LaunchData, and sends valid statements in cmi5 order', async () => {
    expect(Number(attr(courseStructure, /masteryScore="([^"]+)"/))).toBe(0.7);
    const registration = 'c0ffee00-1234-4abc-8def-000000000001';
    const { auId, params, page, problems } = await launchCmi5(registration, `${origin}/lrs/fetch`);
    const context = page.context();
    await page.getByRole('radio', { name: 'In the storage or resource that receives the write' }).check();
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText('Correct.').waitFor();
    for (let i = 1; i < available.length; i++) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByRole('button', { name: 'Finish anyway' }).click();
    await page.getByRole('heading', { name: 'Your result' }).waitFor();
    // A second Finish sends nothing more.
    await page.getByRole('button', { name: 'Back to the questions' }).click();
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByRole('heading', { name: 'Your result' }).waitFor();
    // Terminated at Finish (cmi5 9.3: it must be the session's last statement), and the learner is told.
    await expect.poll(() => lrs.statements.length).toBe(5);
    await page.getByText('This session with your course ended when you finished').waitFor();
    // Nothing after it: the page going away sends no statement.
    await page.goto('about:blank');
    await new Promise((r) => setTimeout(r, 500));
    expect(lrs.statements).toHaveLength(5);
    const verbs = lrs.statements.map((s) => (s.verb as { id: string }).id.split('/').pop());
    expect(verbs).toEqual(['initialized', 'answered', 'failed', 'completed', 'terminated']);
    for (const s of lrs.statements) {
      expect(validate(s).map((w) => `${w.path.join('.')}: ${w.message}`)).toEqual([]);
      const ctx = s.context as { registration: string; extensions: Record<string, string> };
      expect(ctx.registration).toBe(registration);
      expect(ctx.extensions['https://w3id.org/xapi/cmi5/context/extensions/sessionid']).toBe('session-1');
      expect(s.actor).toEqual(params.actor);
    }
    expect((lrs.statements[0]!.object as { id: string }).id).toBe(auId);
    expect((lrs.statements[1]!.object as { id: string }).id).toBe(`${auId}/seed-quick-check`);
    expect(lrs.statements[2]!.result).toMatchObject({ success: false, score: { raw: 1, max: available.length } });
    expect(lrs.statements[3]!.result).toMatchObject({ completion: true });
    // Progress kept in the LRS's state API for the next session.
    expect(JSON.parse(lrs.state.get('https://fencinglab.dev/xapi/state/progress')!)).toMatchObject({ version: 1, registration, completedSent: true });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a reload after three answers keeps the launch: no second fetch, resumes at question 4 (issue 42, item 2)', async () => {
    lrs.statements.length = 0;
    lrs.state.clear();
    const { page, problems } = await launchCmi5('c0ffee00-1234-4abc-8def-000000000002', `${origin}/lrs/fetch?launch=reload-1`);
    const context = page.context();
    const n = available.length;
    for (let i = 0; i < 3; i++) {
      await page.getByRole('heading', { name: `Question ${i + 1} of ${n}` }).waitFor();
      await answerShown(page.mainFrame());
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await page.getByRole('heading', { name: `Question 4 of ${n}` }).waitFor();
    // The progress is in the LRS's state document before the reload.
    await expect.poll(() => lrs.state.get('https://fencinglab.dev/xapi/state/progress') ?? '').toContain('"index":3');
    await page.reload();
    await page.getByRole('heading', { name: `Question 4 of ${n}` }).waitFor({ timeout: 20_000 });
    await page.getByText('Your score is sent to your course.').waitFor();
    expect(await page.getByText('Could not reach your course').count()).toBe(0);
    expect(lrs.fetched.filter((f) => f.includes('reload-1'))).toHaveLength(1);
    // Still connected: the next answer reaches the LRS.
    await answerShown(page.mainFrame());
    await expect.poll(() => lrs.statements.filter((s) => (s.verb as { id: string }).id.endsWith('/answered')).length).toBe(4);
    const verbs = lrs.statements.map((s) => (s.verb as { id: string }).id.split('/').pop());
    expect(verbs.filter((v) => v === 'initialized')).toHaveLength(1);
    // The reload ended nothing: no Terminated before the statements that follow it (cmi5 9.3).
    expect(verbs).not.toContain('terminated');
    for (const s of lrs.statements) expect(validate(s).map((w) => `${w.path.join('.')}: ${w.message}`)).toEqual([]);
    // Finish ends the session with Terminated last; a reload after it records nothing more and says so.
    for (let i = 4; i < n; i++) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByRole('button', { name: 'Finish anyway' }).click();
    await page.getByRole('heading', { name: 'Your result' }).waitFor();
    await expect.poll(() => lrs.statements.map((s) => (s.verb as { id: string }).id.split('/').pop()).at(-1)).toBe('terminated');
    const sent = lrs.statements.length;
    await page.reload();
    await page.getByText('This session with your course ended when you finished').waitFor({ timeout: 20_000 });
    await page.goto('about:blank');
    await new Promise((r) => setTimeout(r, 500));
    expect(lrs.statements).toHaveLength(sent);
    expect(lrs.fetched.filter((f) => f.includes('reload-1'))).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});

/** "Question 1 of N" as the hosted app's quiz (`?view=quiz` of the production build) shows it. */
async function hostedQuizProgress(): Promise<string | null> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${inject('baseURL')}?view=quiz`);
  const text = await page.getByRole('heading', { name: /^Question 1 of \d+$/ }).textContent({ timeout: 20_000 });
  await context.close();
  return text;
}

// Last: its cmi5 launch adds statements to the LRS stub, which the tests above count.
describe('the packages carry the whole quiz (issue 42, item 8)', () => {
  it('the SCORM and cmi5 packages ask as many questions as the hosted quiz', async () => {
    const hosted = await hostedQuizProgress();
    expect(hosted).toBe(`Question 1 of ${available.length}`);
    const scorm = await openScorm({
      core: { student_id: 'u-8', student_name: 'Parity, Pat', entry: 'ab-initio' },
      launch_data: attr(manifest, /<adlcp:datafromlms>([^<]+)</),
      student_data: { mastery_score: attr(manifest, /<adlcp:masteryscore>(\d+)</) },
    });
    expect(await scorm.frame.getByRole('heading', { name: /^Question 1 of \d+$/ }).textContent()).toBe(hosted);
    expect(scorm.problems).toEqual([]);
    await scorm.page.context().close();
    const cmi5 = await launchCmi5('c0ffee00-1234-4abc-8def-000000000042', `${origin}/lrs/fetch?parity`);
    expect(await cmi5.page.getByRole('heading', { name: /^Question 1 of \d+$/ }).textContent()).toBe(hosted);
    // The package's link to the full page says it is a practice copy, and carries no launch parameter.
    const open = cmi5.page.getByRole('link', { name: /^Practise in Fencing Lab \(not sent to your course\)/ });
    const href = new URL((await open.getAttribute('href'))!);
    expect([...href.searchParams.keys()].filter((k) => ['endpoint', 'fetch', 'actor', 'registration', 'activityId'].includes(k))).toEqual([]);
    expect(cmi5.problems).toEqual([]);
    await cmi5.page.context().close();
  });
});
