/**
 * The scenario library and share links in real Chromium, on the production build:
 * 1. a deep link `?scenario=first-write-window&t=MS` (MS just after a storage decision, computed
 *    here with the model) opens paused at that moment: playhead readout, storage log so far, caption;
 * 2. a share link of a run with an intervention (a pause added in the UI) opens the same run in a
 *    new page: same storage log, same interventions, same moment;
 * 3. a truncated `#s=` link names what is wrong and falls back to the seed;
 * 4. every built-in scenario plays to its end with its narration showing;
 * 5. nothing logs a console error or throws on the page during any of it.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { simulate } from '../../src/model';
import { narrationAt } from '../../src/scenarios';
import { runOutcome } from '../../src/story/moments';
import { ALL_BUILT_IN_SCENARIOS, builtInScenario } from '../../src/scenarios/all';
import { loadBuiltIn } from '../../src/store/initial-state';
import { seconds } from '../../src/store/derive';
import { launchChromium, reactHasControls } from './chromium';
import { patientPolls } from './settle';
import { openTools } from './tools';

const baseURL = inject('baseURL');
patientPolls();
let browser: Browser;
const problems: string[] = [];

beforeAll(async () => {
  browser = await launchChromium(inject('chromiumPath'));
});

afterAll(async () => {
  await browser?.close();
});

/** A fresh page at 1280x800 whose console errors and page errors are collected. */
async function openPage(suffix = '', context?: BrowserContext): Promise<{ context: BrowserContext; page: Page }> {
  const ctx = context ?? (await browser.newContext({ viewport: { width: 1280, height: 800 } }));
  const page = await ctx.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  await page.goto(`${baseURL}${suffix}`);
  await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
  // The button is in the prerendered HTML (issue 15): wait until React has hydrated or rendered the page.
  await page.locator('html[data-fl-live]').waitFor({ state: 'attached' });
  // And the secondary controls (interventions, Share...), which arrive just after (`src/views/later.tsx`).
  await page.locator('.fl-slot').first().waitFor({ state: 'detached' });
  await reactHasControls(page);
  return { context: ctx, page };
}

async function storageLog(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: 'Log' }).locator('.fl-log__text').allTextContents();
}

async function caption(page: Page): Promise<string> {
  return (await page.getByRole('region', { name: 'What just happened' }).textContent()) ?? '';
}

/** Waits until the run on `page` is at its end ("Go to end" is disabled there). */
async function atEnd(page: Page): Promise<void> {
  await expect.poll(() => page.getByRole('button', { name: 'Go to end' }).isDisabled()).toBe(true);
}

async function chips(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Your changes' });
  return (await list.count()) === 0 ? [] : list.getByRole('listitem').allTextContents();
}

describe('deep links and share links', () => {
  it('?scenario=first-write-window&t=MS opens paused just after a storage decision', async () => {
    const trace = simulate(loadBuiltIn('first-write-window'));
    // Just after the late write with token 33 is stored (the second storage decision).
    const decision = trace.storage[1]!;
    expect(decision.text).toBe("stored 'late write from client 1' with token 33");
    const ms = decision.atMs + 1;
    const { context, page } = await openPage(`?scenario=first-write-window&t=${ms}`);
    expect(await page.getByRole('combobox', { name: 'Scenario' }).inputValue()).toBe('first-write-window');
    expect(await page.locator('.fl-time__now').textContent()).toBe(`${seconds(ms)} s`);
    expect(await page.getByRole('button', { name: 'Play', exact: true }).isVisible()).toBe(true); // paused
    expect(await storageLog(page)).toEqual(trace.storage.filter((d) => d.atMs <= ms).map((d) => d.text));
    const story = narrationAt(trace.events, builtInScenario('first-write-window')!.narration, ms)!;
    expect(story.step.title).toBe('The late write gets in');
    expect(await caption(page)).toContain(story.step.title);
    expect(await caption(page)).toContain(story.step.text);
    await context.close();
  });

  it('a share link with an intervention reproduces the run exactly in a new page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL).origin });
    const { page } = await openPage('', context);
    await page.getByRole('button', { name: 'Next event', exact: true }).click();
    await page.getByRole('button', { name: 'Pause Client 1', exact: true }).click();
    await page.getByText('Pause Client 1 12.0 s at 0.1 s').waitFor();
    // Somewhere in the middle of the changed run.
    const slider = page.getByRole('slider', { name: 'Playhead' });
    await slider.focus();
    for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
    const time = await page.locator('.fl-time__now').textContent();
    const log = await storageLog(page);
    const changes = await chips(page);
    expect(changes).toEqual(['Pause Client 1 12.0 s at 0.1 s']);

    await openTools(page);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this moment' });
    await dialog.getByText('Link copied to the clipboard.').waitFor();
    const url = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    expect(url).toMatch(/\?t=\d+#s=[A-Za-z0-9+\-$]+$/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The address bar already says the same (history.replaceState while scrubbing).
    await expect.poll(() => page.url()).toBe(url);

    const other = await openPage(url.slice(baseURL.length), context);
    expect(await other.page.locator('.fl-time__now').textContent()).toBe(time);
    expect(await storageLog(other.page)).toEqual(log);
    expect(await chips(other.page)).toEqual(changes);
    expect(await other.page.getByRole('combobox', { name: 'Scenario' }).inputValue()).toBe('seed-gc-pause');
    await other.page.keyboard.press('End');
    await page.keyboard.press('End');
    await atEnd(other.page);
    await atEnd(page);
    expect(await storageLog(other.page)).toEqual(await storageLog(page));
    // Undo works on the restored intervention, as on the original page.
    await other.page.getByRole('button', { name: 'Remove: Pause Client 1 12.0 s at 0.1 s' }).click();
    await expect.poll(() => storageLog(other.page)).toEqual([
      "stored 'from client 1' with token 33",
      "stored 'from client 2' with token 34",
      "rejected 'late write from client 1' (token 33 < 34)",
    ]);
    await context.close();
  });

  it('a share link with a changed setting reopens as the built-in with that setting and the same outcome', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL).origin });
    const { page } = await openPage('', context);
    // Client 1 checks its lease before writing: its late write is never sent (a setting, not a fault).
    const details = page.locator('details.fl-settings');
    await details.locator('summary').click();
    const check = page.locator('[data-path="clients.client-1.checkLeaseBeforeWrite"]');
    await check.setChecked(true);
    // The change is made (its chip is listed) before the run is played out and read.
    await expect.poll(() => chips(page)).toHaveLength(1);
    await page.getByRole('button', { name: 'Go to end' }).click();
    await atEnd(page);
    const log = await storageLog(page);
    const changes = await chips(page);
    expect(changes).toHaveLength(1);
    await expect.poll(() => page.locator('.fl-story__outcome').textContent()).toBeTruthy();
    const outcome = await page.locator('.fl-story__outcome').textContent();

    await openTools(page);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this moment' });
    await dialog.getByText('Link copied to the clipboard.').waitFor();
    const url = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    expect(url).toMatch(/#s=[A-Za-z0-9+\-$]+&set=clients\.client-1\.checkLeaseBeforeWrite:true$/);
    await page.keyboard.press('Escape');

    const other = await openPage(url.slice(baseURL.length), context);
    expect(await other.page.getByRole('combobox', { name: 'Scenario' }).inputValue()).toBe('seed-gc-pause');
    expect(await storageLog(other.page)).toEqual(log);
    expect(await chips(other.page)).toEqual(changes);
    await other.page.keyboard.press('End');
    await expect.poll(() => other.page.locator('.fl-story__outcome').textContent()).toBe(outcome);
    await other.page.locator('details.fl-settings summary').click();
    await expect.poll(() => other.page.locator('[data-path="clients.client-1.checkLeaseBeforeWrite"]').isChecked()).toBe(true);
    // The built-in's hints are still there.
    await other.page.getByRole('tab', { name: 'Try this' }).waitFor();
    await context.close();
  });

  it('a link whose setting has a bad value names the field and opens the run it holds', async () => {
    const { context, page } = await openPage('');
    const details = page.locator('details.fl-settings');
    await details.locator('summary').click();
    await page.locator('[data-path="clients.client-1.checkLeaseBeforeWrite"]').setChecked(true);
    await expect.poll(() => chips(page)).toHaveLength(1);
    await page.getByRole('button', { name: 'Go to end' }).click();
    await atEnd(page);
    const log = await storageLog(page);
    await expect.poll(() => page.url()).toContain('&set=');
    const bad = page.url().replace(/&set=.*$/, '&set=lease.ttlMs:fast,clients.client-1.checkLeaseBeforeWrite:true');
    const other = await openPage(bad.slice(baseURL.length), context);
    const notice = other.page.getByRole('status').filter({ hasText: 'lease.ttlMs' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('set: lease.ttlMs takes a number, not fast; that change is ignored.');
    expect(await other.page.getByRole('combobox', { name: 'Scenario' }).inputValue()).toBe('seed-gc-pause');
    await other.page.keyboard.press('End');
    await expect.poll(() => storageLog(other.page)).toEqual(log);
    await context.close();
  });

  it('a truncated #s= link says what is wrong and opens the seed instead', async () => {
    const { context, page } = await openPage('?t=5000#s=N4IgZg9gTgtghgFxALnAUwHYGMCWGDmAtADZwBGAdAM5aZxQ4QD0AbgIwgA0I');
    const notice = page.getByRole('status').filter({ hasText: 'incomplete' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain("The link's scenario is incomplete (it may have been cut off when copied).");
    expect(await page.getByRole('combobox', { name: 'Scenario' }).inputValue()).toBe('seed-gc-pause');
    expect(await page.locator('.fl-time__now').textContent()).toBe('5.0 s');
    expect(await page.getByRole('heading', { level: 1, name: 'Fencing Lab' }).isVisible()).toBe(true);
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => page.getByText('incomplete').count()).toBe(0);
    await context.close();
  });
});

describe('every built-in scenario', () => {
  it.each(ALL_BUILT_IN_SCENARIOS.map((s) => s.id))('%s plays to its end with its narration', async (id) => {
    const built = builtInScenario(id)!;
    const trace = simulate(loadBuiltIn(id));
    const { context, page } = await openPage(`?scenario=${id}`);
    await page.getByRole('button', { name: '4×', exact: true }).click();
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 45_000 });
    await expect.poll(() => page.locator('.fl-time__now').textContent()).toBe(`${seconds(trace.endMs)} s`);
    await expect.poll(() => storageLog(page)).toEqual(trace.storageLog);
    // The narration holds to the end (its last step is defined there); at the end itself the story
    // says in one sentence how the run ended (issue 14), in place of the caption.
    const story = narrationAt(trace.events, built.narration, trace.endMs)!;
    expect(story).toBeDefined();
    // innerText: the glossary's closed definitions are hidden and not part of the sentence read.
    const shown = async () => (await page.getByRole('region', { name: 'What just happened' }).innerText()).replace(/\s+/g, ' ');
    await expect.poll(shown).toContain('How it ended');
    await expect.poll(shown).toContain(runOutcome(trace));
    // Its hints are one tab away.
    await page.getByRole('tab', { name: 'Try this' }).click();
    await expect.poll(() => page.getByRole('tabpanel', { name: 'Try this' }).textContent()).toContain(built.tryThis[0]!);
    await context.close();
  });
});

describe('console', () => {
  it('logged no console errors and no page errors', () => {
    expect(problems).toEqual([]);
  });
});
