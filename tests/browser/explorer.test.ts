/**
 * "Try to break it" in real Chromium, on the production build: the explorer runs the seed's default
 * schedule space in a Web Worker; with fencing on no schedule breaks properties 1 and 2, with it
 * off some do; a counterexample with fencing off replays on the timeline, where the storage log
 * shows the stale overwrite. No console errors.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { patientPolls } from './settle';

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

async function cell(page: Page, row: string, column: number): Promise<string> {
  const r = page.getByRole('table', { name: 'Schedules that broke each property' }).getByRole('row').filter({ hasText: row });
  return ((await r.getByRole('cell').nth(column).textContent()) ?? '').trim();
}

describe('Try to break it on the seed', () => {
  it('finds no violation of properties 1 and 2 with fencing, some without, and replays one', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    await page.goto(baseURL);
    await page.getByRole('tab', { name: 'Try to break it' }).click();
    // The learner's path: the plain question, a quick look chosen, no lists to type.
    await page.locator('.fl-breakit__question').waitFor();
    expect(await page.locator('.fl-breakit__question').innerText()).toBe('Can a pause of any length, at any moment, break the storage?');
    expect(await page.getByRole('radio', { name: /^A quick look/ }).isChecked()).toBe(true);
    expect(await page.locator('.fl-breakit textarea').count()).toBe(0);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    // The page stays responsive while the worker runs: the timeline still steps.
    await page.getByRole('button', { name: 'Next event', exact: true }).click();
    await page.getByRole('heading', { name: 'Results' }).waitFor({ timeout: 60_000 });

    // Shown under Results, and said once in a status line for screen readers.
    await expect.poll(() => page.getByText(/^Tried [\d,]+ schedules of “Client 1 pauses for garbage collection”/).count()).toBe(2);
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^Tried [\d,]+ schedules/ }).count()).toBe(1);
    // Columns: promised?, broken with the check on, broken with it off, why.
    expect(await cell(page, '1. No stale overwrite', 0)).toBe('Yes if the storage keeps its highest token');
    expect(await cell(page, '1. No stale overwrite', 1)).toBe('0');
    expect(await cell(page, '2. Token order', 1)).toBe('0');
    expect(Number((await cell(page, '1. No stale overwrite', 2)).replace(/,/g, ''))).toBeGreaterThanOrEqual(1);
    expect(Number((await cell(page, '2. Token order', 2)).replace(/,/g, ''))).toBeGreaterThanOrEqual(1);
    expect(await cell(page, '4. Mutual exclusion in real time', 0)).toBe('No');
    // And in words, above the table.
    const answer = page.locator('.fl-breakit__answer');
    expect(await answer.textContent()).toMatch(/With the token check on, the storage took a write from a client whose lease had ended in [\d,]+ of [\d,]+ runs\. In 0 of those, a newer holder had already written/);
    expect(await answer.textContent()).toContain('So with the check on, no run tried here let an old holder overwrite a newer holder’s data.');

    const off = page.getByRole('region', { name: 'With the token check off' });
    const replay = off.getByRole('button', { name: /^Replay schedule \d+ on the timeline/ }).first();
    await replay.click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Scenario' }).inputValue()).toBe('');
    await expect.poll(() => page.getByRole('switch', { name: 'Storage checks tokens' }).getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => page.locator('.fl-time__now').textContent()).toBe('0.0 s');
    // Play it out: the stale write with token 33 lands after token 34.
    await page.keyboard.press('End');
    await expect.poll(() => page.getByRole('button', { name: 'Go to end' }).isDisabled()).toBe(true);
    const log = await page.getByRole('list', { name: 'Log' }).locator('.fl-log__text').allTextContents();
    const at34 = log.findIndex((l) => /^stored .* with token 34$/.test(l));
    expect(at34).toBeGreaterThanOrEqual(0);
    expect(log.slice(at34 + 1).some((l) => /^stored .* with token 33$/.test(l))).toBe(true);
    expect(await page.locator('.fl-log__line--stale').count()).toBeGreaterThanOrEqual(1);
    await context.close();
  });

  it('logged no console errors and no page errors', () => {
    expect(problems).toEqual([]);
  });
});
