/**
 * The single-file build (`npm run build:single`, `vite build --mode single`; `npm test` builds it)
 * in real Chromium, opened from `file://` with EVERY request that is not a `file:` URL aborted (as
 * in a lecture hall without network, or a file uploaded to an LMS):
 * 1. the page shows and plays the seed to the end, with the seed's three storage lines;
 * 2. it requests nothing but itself (no sibling files: no scripts, styles, fonts or favicon);
 * 3. lazy parts work (they are inlined): the quiz (`?view=quiz`) and a built-in scenario that is
 *    its own chunk in the normal build;
 * 4. it carries the whole product (issue 42, item 8): every scenario the hosted app lists (read from
 *    the hosted build, not a list here), each opened; the quiz with as many questions as the hosted
 *    quiz; the guided story; German; and the Library says the etcd recordings are hosted-only;
 * 5. nothing logs a console error or throws.
 *
 * It builds nothing itself: FL_SINGLE names the file, default `dist-single/index.html`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ALL_BUILT_IN_SCENARIOS } from '../../src/scenarios/all';
import { CHAPTERS } from '../../src/lesson/chapters';
import { launchChromium } from './chromium';
import { patientPolls } from './settle';
import { openTools } from './tools';

const file = process.env.FL_SINGLE ?? join(import.meta.dirname, '..', '..', 'dist-single', 'index.html');
const url = pathToFileURL(file).href;

patientPolls();

let browser: Browser;

beforeAll(async () => {
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build:single\` first (npm test does), or set FL_SINGLE.`);
  browser = await launchChromium(inject('chromiumPath'));
});

afterAll(async () => {
  await browser?.close();
});

interface Offline {
  context: BrowserContext;
  page: Page;
  problems: string[];
  /** Every URL requested, `file:` or not. */
  requests: string[];
  /** Requests that were not `file:` URLs (aborted). */
  aborted: string[];
}

/** A page with no network: anything but `file:` is aborted and noted. */
async function offline(query = ''): Promise<Offline> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const aborted: string[] = [];
  const requests: string[] = [];
  await context.route('**/*', (route) => {
    const u = route.request().url();
    if (u.startsWith('file:')) return route.continue();
    aborted.push(u);
    return route.abort();
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(`${url}${query}`);
  return { context, page, problems, requests, aborted };
}

const storageLog = (page: Page) => page.getByRole('list', { name: 'Log' }).locator('.fl-log__text').allTextContents();

describe('the single-file build from file://, offline', () => {
  it('plays the seed to the end with its three storage lines, requesting nothing but itself', async () => {
    const { context, page, problems, requests, aborted } = await offline();
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('combobox', { name: 'Scenario' }).inputValue()).toBe('seed-gc-pause');
    await page.getByRole('button', { name: '4×', exact: true }).click();
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('.fl-time__now').textContent()).toBe('21.6 s');
    await expect.poll(() => storageLog(page)).toEqual([
      "stored 'from client 1' with token 33",
      "stored 'from client 2' with token 34",
      "rejected 'late write from client 1' (token 33 < 34)",
    ]);
    // Only the file itself (and data: URLs it makes); nothing else was even attempted.
    expect(aborted).toEqual([]);
    expect(requests.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:')).map((u) => u.split('?')[0])).toEqual([url]);
    // A scenario that is a lazy chunk in the normal build is inlined here.
    await page.getByRole('combobox', { name: 'Scenario' }).selectOption('network-delay');
    // Opened once the timeline draws it (the picker shows the choice before the scenario is in).
    const title = ALL_BUILT_IN_SCENARIOS.find((b) => b.id === 'network-delay')!.scenario.title;
    await expect.poll(() => page.locator('.fl-timeline__svg').first().getAttribute('aria-label')).toBe(`Timeline: ${title}`);
    await expect.poll(() => page.locator('.fl-time__now').textContent()).toBe('0.0 s');
    await page.getByRole('button', { name: 'Go to end', exact: true }).click();
    // As `npm run simulate -- tests/cases/network-delay.json` prints.
    await expect
      .poll(() => storageLog(page))
      .toEqual(["stored 'from client 1' with token 33", "stored 'from client 2' with token 34", "rejected 'delayed write from client 1' (token 33 < 34)"]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('runs "Try to break it" on the page itself (no worker file from file://), with the same counts', async () => {
    const { context, page, problems, aborted, requests } = await offline();
    await page.getByRole('tab', { name: 'Try to break it' }).click({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('heading', { name: 'Results' }).waitFor({ timeout: 60_000 });
    const row = (name: string) =>
      page.getByRole('table', { name: 'Schedules that broke each property' }).getByRole('row').filter({ hasText: name }).getByRole('cell');
    // As in the normal build's worker (tests/browser/explorer.test.ts): none with the token check, some without.
    expect(((await row('1. No stale overwrite').nth(1).textContent()) ?? '').trim()).toBe('0');
    expect(Number(((await row('1. No stale overwrite').nth(2).textContent()) ?? '').replace(/\D/g, ''))).toBeGreaterThan(0);
    // No worker was started from a blob: or data: URL, and nothing but the file was requested.
    expect(requests.filter((u) => u.startsWith('blob:') || u.startsWith('data:text/javascript'))).toEqual([]);
    expect(aborted).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('speaks German with ?lang=de, with no network (issue 42, item 8)', async () => {
    const { context, page, problems, aborted } = await offline('?lang=de&view=both');
    await page.getByRole('button', { name: 'Abspielen', exact: true }).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.getByRole('heading', { name: 'Prüfen Sie Ihr Verständnis' }).waitFor();
    await page.getByRole('button', { name: 'Zum Ende' }).click();
    await expect.poll(() => page.locator('.fl-time__now').textContent()).toBe('21,6 s');
    expect(aborted).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lists every scenario the hosted app lists, and opens each one (issue 42, item 8)', async () => {
    // The hosted build's list, as its picker offers it.
    const hostedContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const hosted = await hostedContext.newPage();
    await hosted.goto(inject('baseURL'));
    const picker = (p: Page) => p.getByRole('combobox', { name: 'Scenario' });
    await picker(hosted).waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await picker(hosted).locator('option').count()) > 1).toBe(true);
    const hostedIds = await picker(hosted).locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    await hostedContext.close();

    const { context, page, problems, aborted } = await offline();
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 20_000 });
    expect(await picker(page).locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(hostedIds);
    for (const id of hostedIds) {
      if (id === (await picker(page).inputValue())) continue;
      await picker(page).selectOption(id);
      const title = ALL_BUILT_IN_SCENARIOS.find((b) => b.id === id)!.scenario.title;
      await expect.poll(() => page.locator('.fl-timeline__svg').first().getAttribute('aria-label')).toBe(`Timeline: ${title}`);
      await page.getByRole('button', { name: 'Go to end', exact: true }).click();
      // The run is drawn: at least one storage line or rejection in its log, or a lane per client.
      await expect.poll(() => page.locator('.fl-timeline .fl-lane__line').count()).toBeGreaterThan(1);
    }
    expect(aborted).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('has the guided story, and says in the Library that the etcd recordings are hosted-only (issue 42, item 8)', async () => {
    const { context, page, problems, aborted } = await offline();
    await page.getByRole('group', { name: 'Story' }).waitFor({ timeout: 20_000 });
    await openTools(page);
    await page.getByRole('button', { name: 'Library' }).click();
    const library = page.getByRole('dialog', { name: 'Scenario library' });
    await library.getByRole('heading', { name: /^Recorded on etcd/ }).waitFor();
    await library.getByText('This one-file copy leaves the recordings out: open the hosted Fencing Lab to see them.').waitFor();
    expect(aborted).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the quiz (a lazy chunk in the normal build) with no network, with as many questions as the hosted quiz', async () => {
    const progress = (p: Page) => p.getByRole('heading', { name: /^Question 1 of \d+$/ }).textContent();
    const hostedContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const hosted = await hostedContext.newPage();
    await hosted.goto(`${inject('baseURL')}?view=quiz`);
    const hostedProgress = await progress(hosted);
    await hostedContext.close();
    const { context, page, problems, aborted } = await offline('?view=quiz');
    await page.getByRole('heading', { name: 'Check your understanding' }).waitFor({ timeout: 20_000 });
    expect(await progress(page)).toBe(hostedProgress);
    await page.getByRole('radio', { name: 'In the storage or resource that receives the write' }).check();
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText('Correct.').waitFor();
    expect(aborted).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('carries the lesson (issue 45): every chapter with its live figure and question, in English and German, and one figure alone, with no network', async () => {
    for (const lang of ['en', 'de']) {
      const { context, page, problems, aborted } = await offline(`?view=lesson&lang=${lang}`);
      await page.locator('.fl-lesson__title').waitFor({ timeout: 20_000 });
      expect(await page.locator('.fl-lesson__title').textContent()).toBe(lang === 'de' ? 'Verteilte Locks in sechs kurzen Kapiteln' : 'Distributed locks, in six short chapters');
      for (const c of CHAPTERS) {
        await page.locator(`#${c.id} .fl-lesson-figure .fl-timeline__svg .fl-axis__label`).first().waitFor();
        expect(await page.locator(`#${c.id} .fl-lesson-q__choice`).count()).toBe(2);
      }
      // The lesson itself, not the lab with a notice.
      expect(await page.getByText('not part of this one-file build').count()).toBe(0);
      expect(await page.locator('.fl-lesson__chapter').count()).toBe(CHAPTERS.length);
      // The token chapter's figure: the model's storage log; its question sets the figure to the run it asks about.
      const fig = page.locator('#token .fl-lesson-figure');
      const log = () => fig.locator('.fl-lesson-log__lines li').allTextContents();
      await expect.poll(async () => (await log()).at(-1)).toMatch(/rejected 'late write from client 1' \(token 33 < 34\)/);
      await page.locator('#token .fl-lesson-q__choice').first().click();
      await page.locator('#token .fl-lesson-q__see').click();
      await expect.poll(async () => (await log()).at(-1)).toMatch(/stored 'late write from client 1' with token 33/);
      expect(aborted).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    }
    const { context, page, problems, aborted } = await offline('?view=lesson&figure=pause&embed=1');
    await page.locator('.fl-lesson-figure[data-figure="pause"] .fl-timeline__svg').waitFor({ timeout: 20_000 });
    expect(await page.locator('.fl-lesson-figure').count()).toBe(1);
    expect(aborted).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
