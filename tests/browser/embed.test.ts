/**
 * Embedding in real Chromium, on the production build (FL_DIST or dist/), from a course page on
 * ANOTHER origin (`tests/embed-host.html`, served by a tiny server of the test on another port) that embeds
 * two instances (the timeline, instance `week-1`; the quiz alone, `week-1-quiz`) with the host
 * script `embed.js`:
 * 1. both iframes grow from their 300 px to their content (the frame document's scrollHeight, within
 *    a few px), and follow late content: a scenario with more lanes (loaded as its own chunk), and
 *    back (they shrink too); the quiz's feedback after Check;
 * 2. quiz events reach the host with the protocol's fields: `ready`, `answered`, `completed`;
 * 3. messages that imitate Fencing Lab from a foreign frame, from the host page itself, or from an
 *    embed naming another instance or a wrong version are ignored: no iframe changes height;
 * 4. an iframe sandboxed WITHOUT allow-same-origin (origin `null`: the server's
 *    Access-Control-Allow-Origin: * lets its module script and CSS load) shows, plays, resizes and
 *    runs the quiz with storage blocked, with no page errors and no console errors;
 * 5. the full page's Embed dialog keeps focus inside, closes with Esc, gives focus back, copies,
 *    and has no axe violations;
 * and the app requests nothing but its own files (no fonts, analytics or CDNs).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import validate from '@learninglocker/xapi-validation';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { isAvailable } from '../../src/quiz/answers';
import { QUESTIONS } from '../../src/quiz/questions';
import { launchChromium } from './chromium';
import { explainerLoaded, frames, patientPolls } from './settle';
import { openTools } from './tools';

const baseURL = inject('baseURL');
patientPolls();
const hostHtml = readFileSync(join(import.meta.dirname, '..', 'embed-host.html'), 'utf8').replaceAll('__BASE__', baseURL);
const available = QUESTIONS.filter(isAvailable);

let browser: Browser;
/**
 * The course page's server: another origin than the app's (another port), on the loopback address
 * too, because Chromium blocks a page that is not on loopback from loading loopback resources
 * (Local Network Access), and a page.route-fulfilled page counts as such. It serves whatever
 * {@link hostPage} holds, at any path.
 */
let hostServer: Server;
let HOST = '';
let HOST_PAGE = '';
let hostPage = hostHtml;

beforeAll(async () => {
  browser = await launchChromium(inject('chromiumPath'));
  hostServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(hostPage);
  });
  await new Promise<void>((resolve) => hostServer.listen(0, '127.0.0.1', resolve));
  HOST = `http://127.0.0.1:${(hostServer.address() as AddressInfo).port}/`;
  HOST_PAGE = `${HOST}week-1.html`;
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => hostServer?.close(resolve));
});

interface Opened {
  context: BrowserContext;
  page: Page;
  /** Page errors and console errors, from the host and every frame. */
  problems: string[];
  /** Every URL the page and its frames requested. */
  requests: string[];
}

/** Opens a host page (default: tests/embed-host.html) at {@link HOST_PAGE}, `width` px wide. */
async function openHost(html = hostHtml, width = 900): Promise<Opened> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const problems: string[] = [];
  const requests: string[] = [];
  hostPage = html;
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(HOST_PAGE);
  return { context, page, problems, requests };
}

/** The document inside the iframe `#id`. */
async function frameOf(page: Page, id: string): Promise<Frame> {
  const handle = await page.locator(`#${id}`).elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error(`no frame in #${id}`);
  return frame;
}

/** The iframe's height (its content box, as embed.js sets it) and its document's scrollHeight. */
async function heights(page: Page, id: string): Promise<{ frame: number; doc: number }> {
  const frame = await page.locator(`#${id}`).evaluate((el) => (el as HTMLIFrameElement).clientHeight);
  const doc = await (await frameOf(page, id)).evaluate(() => document.documentElement.scrollHeight);
  return { frame, doc };
}

/** Waits until the iframe's height matches its content (within 3 px) and differs from `not`. */
async function fitted(page: Page, id: string, not?: number): Promise<number> {
  await expect
    .poll(
      async () => {
        const h = await heights(page, id);
        return Math.abs(h.frame - h.doc) <= 3 && h.frame !== not;
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true);
  return (await heights(page, id)).frame;
}

/** Messages the host page recorded (window.got). */
async function got(page: Page): Promise<{ from: string; data: Record<string, unknown> }[]> {
  return page.evaluate(() => (window as unknown as { got: { from: string; data: Record<string, unknown> }[] }).got);
}

describe('embedded in a course page', () => {
  it('sizes both iframes to their content, also after late content, and requests only its own files', async () => {
    const { context, page, problems, requests } = await openHost();
    const timeline = page.frameLocator('#timeline');
    const quiz = page.frameLocator('#quiz');
    await timeline.getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 20_000 });
    await quiz.getByRole('heading', { name: 'Check your understanding' }).waitFor({ timeout: 20_000 });
    // Every part that loads later (the story bar, the settings) in place: the heights to compare with are final.
    await explainerLoaded(await frameOf(page, 'timeline'));
    await page.locator('#quiz').scrollIntoViewIfNeeded(); // on screen, so that it gets animation frames
    await explainerLoaded(await frameOf(page, 'quiz'));

    const t0 = await fitted(page, 'timeline', 300);
    const q0 = await fitted(page, 'quiz', 300);
    expect(t0).toBeGreaterThan(600);
    expect(q0).toBeGreaterThan(300);

    // Late content: a scenario with three clients (its own chunk) adds a lane: taller; and back: shorter.
    await timeline.getByRole('combobox', { name: 'Scenario' }).selectOption('jepsen-three-clients');
    await timeline.getByText('Client 3', { exact: true }).first().waitFor();
    const t1 = await fitted(page, 'timeline', t0);
    expect(t1).toBeGreaterThan(t0);
    await timeline.getByRole('combobox', { name: 'Scenario' }).selectOption('seed-gc-pause');
    const t2 = await fitted(page, 'timeline', t1);
    expect(Math.abs(t2 - t0)).toBeLessThanOrEqual(3);

    // The quiz: feedback after Check makes it taller.
    await quiz.getByRole('radio', { name: 'In the storage or resource that receives the write' }).check();
    await quiz.getByRole('button', { name: 'Check' }).click();
    await quiz.getByText('Correct.').waitFor();
    const q1 = await fitted(page, 'quiz', q0);
    expect(q1).toBeGreaterThan(q0);

    // The two embeds told the host who they are.
    const ready = (await got(page)).filter((m) => m.data.type === 'ready');
    expect(ready.map((m) => [m.from, m.data.instance]).sort()).toEqual([
      ['quiz', 'week-1-quiz'],
      ['timeline', 'week-1'],
    ]);

    // Only the host page (routed) and the app's own files; no fonts, analytics or CDNs.
    const foreign = requests.filter((u) => !u.startsWith(baseURL) && !u.startsWith(HOST) && !u.startsWith('data:') && !u.startsWith('blob:'));
    expect(foreign).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('posts answered and completed to the host with the protocol fields, as valid xAPI with the actor the host set', async () => {
    const { context, page, problems } = await openHost();
    const quiz = page.frameLocator('#quiz');
    await quiz.getByRole('heading', { name: 'Check your understanding' }).waitFor({ timeout: 20_000 });
    // A listener of the test in the frame, added after the app's: it sees a message once the app's listener has handled it.
    const quizFrame = await frameOf(page, 'quiz');
    await quizFrame.evaluate(() => {
      const w = window as unknown as { actorsSeen: number };
      w.actorsSeen = 0;
      window.addEventListener('message', (e) => {
        if ((e.data as { type?: string } | null)?.type === 'setActor') w.actorsSeen += 1;
      });
    });
    // The host says who the learner is (setActor); a message for another instance is ignored.
    await page.evaluate(() => {
      const f = document.getElementById('quiz') as HTMLIFrameElement;
      f.contentWindow!.postMessage({ source: 'fencing-lab', version: 1, type: 'setActor', instance: 'other', actor: { mbox: 'mailto:mallory@example.edu' } }, '*');
      f.contentWindow!.postMessage({ source: 'fencing-lab', version: 1, type: 'setActor', instance: 'week-1-quiz', actor: { name: 'Ada', mbox: 'mailto:ada@example.edu' } }, '*');
    });
    // Both arrived and were handled; the quiz has rendered with the host's actor (a state update of
    // the message's handler, rendered by React within the next frames).
    await quizFrame.waitForFunction(() => (window as unknown as { actorsSeen: number }).actorsSeen === 2, undefined, { polling: 50 });
    await page.locator('#quiz').scrollIntoViewIfNeeded(); // on screen, so that it gets animation frames
    await frames(quizFrame);
    await quiz.getByRole('radio', { name: 'In the storage or resource that receives the write' }).check();
    await quiz.getByRole('button', { name: 'Check' }).click();
    await quiz.getByText('Correct.').waitFor();
    for (let i = 1; i < available.length; i++) await quiz.getByRole('button', { name: 'Next' }).click();
    await quiz.getByRole('button', { name: 'Finish' }).click();
    await quiz.getByRole('button', { name: 'Finish anyway' }).click();
    await quiz.getByRole('heading', { name: 'Your result' }).waitFor();
    await expect.poll(async () => (await got(page)).some((m) => m.data.type === 'completed')).toBe(true);

    const messages = await got(page);
    const answered = messages.find((m) => m.data.type === 'answered');
    expect(answered?.from).toBe('quiz');
    expect(answered?.data).toMatchObject({
      source: 'fencing-lab',
      version: 1,
      type: 'answered',
      instance: 'week-1-quiz',
      statement: {
        actor: { objectType: 'Agent', name: 'Ada', mbox: 'mailto:ada@example.edu' },
        verb: { id: 'http://adlnet.gov/expapi/verbs/answered' },
        object: { id: `${baseURL}quiz/week-1-quiz/seed-quick-check` },
        result: { response: 'storage', success: true, score: { min: 0, max: 1, raw: 1, scaled: 1 } },
        context: { contextActivities: { parent: [{ id: `${baseURL}quiz/week-1-quiz` }] } },
      },
    });
    expect(validate((answered!.data as { statement: unknown }).statement)).toEqual([]);
    const completed = messages.find((m) => m.data.type === 'completed');
    expect(completed?.from).toBe('quiz');
    expect(completed?.data).toMatchObject({
      source: 'fencing-lab',
      version: 1,
      type: 'completed',
      instance: 'week-1-quiz',
      statement: {
        verb: { id: 'http://adlnet.gov/expapi/verbs/completed' },
        object: { id: `${baseURL}quiz/week-1-quiz` },
        // passMark=50 in the host page: 1 of 16 is not a pass.
        result: { score: { min: 0, raw: 1, max: available.length, scaled: Math.round((1 / available.length) * 10000) / 10000 }, success: false, completion: true },
      },
    });
    expect(validate((completed!.data as { statement: unknown }).statement)).toEqual([]);
    // embed.js re-posts accepted messages as `fencinglab` DOM events on the iframe.
    const events = await page.evaluate(() => (window as unknown as { events: { id: string; type: string }[] }).events);
    expect(events.filter((e) => e.type === 'answered' || e.type === 'completed')).toEqual([
      { id: 'quiz', type: 'answered', instance: 'week-1-quiz' },
      { id: 'quiz', type: 'completed', instance: 'week-1-quiz' },
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('ignores look-alike messages from a foreign frame, the host itself, another instance or another version', async () => {
    const { context, page, problems } = await openHost();
    await page.frameLocator('#timeline').getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 20_000 });
    await page.frameLocator('#quiz').getByRole('heading', { name: 'Check your understanding' }).waitFor({ timeout: 20_000 });
    // Both embeds have every part in place, so their own heights are final: only a fake could change them.
    await explainerLoaded(await frameOf(page, 'timeline'));
    await page.locator('#quiz').scrollIntoViewIfNeeded(); // on screen, so that it gets animation frames
    await explainerLoaded(await frameOf(page, 'quiz'));
    const t0 = await fitted(page, 'timeline', 300);
    const q0 = await fitted(page, 'quiz', 300);
    const sizes = () =>
      page.evaluate(() => ['timeline', 'quiz', 'foreign'].map((id) => (document.getElementById(id) as HTMLIFrameElement).clientHeight));
    const before = await sizes();
    expect(before).toEqual([t0, q0, 120]);

    const fake = (instance: string, height: number, version = 1) => ({ source: 'fencing-lab', version, type: 'resize', instance, height });
    // A third iframe pretends to be the timeline, and to be a Fencing Lab embed of its own.
    const foreign = await frameOf(page, 'foreign');
    await foreign.evaluate((m) => parent.postMessage(m, '*'), fake('week-1', 55));
    await foreign.evaluate((m) => parent.postMessage(m, '*'), fake('fencing-lab-other', 56));
    // The host page posts to itself.
    await page.evaluate((m) => window.postMessage(m, '*'), fake('week-1', 66));
    // The timeline frame posts for the quiz's instance, and in a protocol version it does not speak.
    const timeline = await frameOf(page, 'timeline');
    await timeline.evaluate((m) => parent.postMessage(m, '*'), fake('week-1-quiz', 77));
    await timeline.evaluate((m) => parent.postMessage(m, '*'), fake('week-1', 88, 2));

    // All five arrived (the host saw them) ...
    // (embed.js handles each message as it arrives, after the host's recorder: once recorded, it is handled)
    await expect.poll(async () => (await got(page)).filter((m) => [55, 56, 66, 77, 88].includes(m.data.height as number)).length).toBe(5);
    // ... and none changed a height or passed embed.js's checks.
    expect(await sizes()).toEqual(before);
    const events = await page.evaluate(() => (window as unknown as { events: { id: string }[] }).events);
    expect(events.some((e) => e.id === 'foreign')).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('ignores any frame that is not a Fencing Lab embed, and heights that are not whole numbers in bounds (issue 18)', async () => {
    const { context, page, problems } = await openHost();
    await page.frameLocator('#timeline').getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 20_000 });
    // Fitted once every part that loads later (the story bar, the settings) is in and at rest: its height is final.
    await explainerLoaded(await frameOf(page, 'timeline'));
    const t0 = await fitted(page, 'timeline', 300);
    const sizes = () =>
      page.evaluate(() => ['timeline', 'quiz', 'foreign'].map((id) => (document.getElementById(id) as HTMLIFrameElement).clientHeight));
    const before = await sizes();
    expect(before[0]).toBe(t0);
    const eventsBefore = (await page.evaluate(() => (window as unknown as { events: unknown[] }).events)).length;
    // The foreign widget has no instance in its src, so it "is" the default instance `fencing-lab`:
    // before, it could grow itself to 99,999 px and forge a perfect completed event.
    const foreign = await frameOf(page, 'foreign');
    const env = { source: 'fencing-lab', version: 1, instance: 'fencing-lab' };
    await foreign.evaluate((m) => parent.postMessage(m, '*'), { ...env, type: 'resize', height: 99_999 });
    await foreign.evaluate((m) => parent.postMessage(m, '*'), { ...env, type: 'resize', height: 777 });
    await foreign.evaluate((m) => parent.postMessage(m, '*'), {
      ...env,
      type: 'completed',
      statement: { verb: { id: 'http://adlnet.gov/expapi/verbs/completed' }, result: { score: { raw: 16, max: 16, scaled: 1 }, success: true } },
    });
    // The real embed, with heights of the wrong type, fractional, out of bounds, or a made-up type.
    const timeline = await frameOf(page, 'timeline');
    const bad: unknown[] = [true, '1e3', [600], 612.5, 0, -5, 50_001, Number.NaN, null];
    for (const height of bad) {
      await timeline.evaluate((m) => parent.postMessage(m, '*'), { source: 'fencing-lab', version: 1, instance: 'week-1', type: 'resize', height });
    }
    await timeline.evaluate((m) => parent.postMessage(m, '*'), { source: 'fencing-lab', version: 1, instance: 'week-1', type: 'completed', statement: 'forged' });
    await timeline.evaluate((m) => parent.postMessage(m, '*'), { source: 'fencing-lab', version: 1, instance: 'week-1', type: 'takeover' });
    // All of them handled: the foreign three, and the real embed's, whose last was the takeover (a frame's messages arrive in order).
    await expect.poll(async () => (await got(page)).filter((m) => m.from === 'foreign').length).toBe(3);
    await expect.poll(async () => (await got(page)).some((m) => m.from === 'timeline' && m.data.type === 'takeover')).toBe(true);
    expect(await sizes()).toEqual(before);
    const events = await page.evaluate(() => (window as unknown as { events: { id: string; type: string }[] }).events);
    // Nothing invalid was passed on as a `fencinglab` DOM event (the real frame's own resizes may be).
    expect(events.slice(eventsBefore).filter((e) => e.id === 'foreign' || e.type === 'completed' || e.type === 'takeover')).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('runs "Try to break it" in an iframe sandboxed with allow-scripts only (no allow-forms; issue 18)', async () => {
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Strict host</title></head><body style="margin:0">
      <iframe id="strict" title="Fencing Lab (strict sandbox)" sandbox="allow-scripts" style="width:100%;height:900px;border:0"
        src="${baseURL}?scenario=seed-gc-pause"></iframe></body></html>`;
    const { context, page, problems } = await openHost(html, 1280);
    const strict = page.frameLocator('#strict');
    await strict.getByRole('tab', { name: 'Try to break it' }).click({ timeout: 20_000 });
    await strict.getByRole('button', { name: 'Run', exact: true }).click();
    await strict.getByRole('heading', { name: 'Results' }).waitFor({ timeout: 60_000 });
    expect(await strict.getByText(/^Tried [\d,]+ schedules/).count()).toBeGreaterThanOrEqual(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('embed.js pasted inline resizes a frame marked data-fencing-lab, and only that one', async () => {
    const script = readFileSync(join(import.meta.dirname, '..', '..', 'public', 'embed.js'), 'utf8');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Inline host</title></head><body style="margin:0">
      <iframe id="marked" data-fencing-lab title="Fencing Lab" style="width:100%;height:300px;border:0" src="${baseURL}?embed=1&instance=inline"></iframe>
      <iframe id="unmarked" title="Fencing Lab, unmarked" style="width:100%;height:300px;border:0" src="${baseURL}?embed=1&instance=other"></iframe>
      <script>${script}</script></body></html>`;
    const { context, page, problems } = await openHost(html, 800);
    await page.frameLocator('#marked').getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 20_000 });
    await page.frameLocator('#unmarked').getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 20_000 });
    const h = await fitted(page, 'marked', 300);
    expect(h).toBeGreaterThan(300);
    // Inline, the script has no src to tell where Fencing Lab lives: an unmarked frame keeps its height.
    expect(await page.locator('#unmarked').evaluate((el) => (el as HTMLIFrameElement).clientHeight)).toBe(300);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('offers an Embed dialog on the full page: focus stays inside, Esc closes and returns focus, Copy announces, no axe violations', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await page.goto(`${baseURL}?scenario=network-delay&t=5000`);
    await openTools(page);
    const button = page.getByRole('button', { name: 'Embed', exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Embed this scenario' });
    await dialog.waitFor();
    // Tab through everything and then some: focus never leaves the dialog for the page behind it.
    const outside: string[] = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const a = document.activeElement;
        if (!a || a === document.body) return 'inside';
        return a.closest('dialog') ? 'inside' : a.outerHTML.slice(0, 60);
      });
      if (where !== 'inside') outside.push(where);
    }
    expect(outside).toEqual([]);
    const code = dialog.getByRole('textbox', { name: 'HTML to paste' });
    expect(await code.inputValue()).toContain('scenario=network-delay&amp;t=5000');
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.inputValue());
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 });
    const axe = await new AxeBuilder({ page }).include('.fl-dialog').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => button.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('works in an iframe sandboxed without allow-same-origin: loads, plays, resizes, no errors', async () => {
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Strict host</title></head><body style="margin:0">
      <iframe id="strict" title="Fencing Lab (strict sandbox)" sandbox="allow-scripts" style="width:100%;height:300px;border:0"
        src="${baseURL}?embed=1&view=both&instance=strict"></iframe>
      <script src="${baseURL}embed.js" async></script></body></html>`;
    const { context, page, problems } = await openHost(html, 800);
    // The server allows any origin: what makes the module script and CSS load into an origin-`null` frame.
    const index = await context.request.get(baseURL);
    expect(index.headers()['access-control-allow-origin']).toBe('*');

    const strict = page.frameLocator('#strict');
    await strict.getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 20_000 });
    const frame = await frameOf(page, 'strict');
    expect(await frame.evaluate(() => self.origin)).toBe('null');
    // Storage is blocked here (reading it throws): the quiz says so and carries on.
    await strict.getByText(/progress will not be kept/).waitFor({ timeout: 20_000 });
    await fitted(page, 'strict', 300);

    await strict.getByRole('button', { name: 'Play', exact: true }).click();
    await strict.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await expect.poll(() => strict.locator('.fl-time__now').textContent()).not.toBe('0.0 s');
    await strict.getByRole('button', { name: 'Go to end', exact: true }).click();
    await expect.poll(() => strict.getByRole('list', { name: 'Log' }).locator('.fl-log__text').allTextContents()).toEqual([
      "stored 'from client 1' with token 33",
      "stored 'from client 2' with token 34",
      "rejected 'late write from client 1' (token 33 < 34)",
    ]);
    // The quiz works too, without saving.
    await strict.getByRole('radio', { name: 'In the storage or resource that receives the write' }).check();
    await strict.getByRole('button', { name: 'Check' }).click();
    await strict.getByText('Correct.').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
