/**
 * Hostile links in real Chromium (issue 18, finding 1), on the production build:
 * 1. the 219-character link (one client renewing every 1 ms for 10 minutes) that froze the tab now
 *    opens the default scenario with a notice naming the field, and the page works;
 * 2. a valid link whose run is past the simulator's event budget is simulated in the simulation
 *    worker (not on the page's thread) and refused there with the simulator's message; the default
 *    scenario opens;
 * 3. a valid custom link within the budget opens, simulated in that worker;
 * 4. a link nested 4,000 levels deep opens the default scenario with a notice naming the depth
 *    (issue 43), on the page, embedded and on a hash change; pasted into the Library, the same.
 * Nothing logs a console error or throws on the page.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildShareUrl } from '../../src/links/url';
import type { ScenarioInput } from '../../src/model';
import { launchForFile, patientPolls } from './settle';
import { openTools } from './tools';

const baseURL = inject('baseURL');
patientPolls();
let browser: Browser;
launchForFile((b) => (browser = b));

const hostile: ScenarioInput = {
  format: 'fencing-lab.scenario/v1',
  title: 'x',
  lease: { ttlMs: 600_000 },
  network: { latencyMs: 0 },
  clients: [{ id: 'client-1', renewEveryMs: 1, program: [{ op: 'acquire' }, { op: 'work', ms: 600_000 }] }],
};

const ids = Array.from({ length: 8 }, (_, i) => `client-${i + 1}`);
/** Valid, but 8 clients renewing every 100 ms for 10 minutes, cut off from the lease service: past the budget. */
const heavy: ScenarioInput = {
  format: 'fencing-lab.scenario/v1',
  title: 'Heavy',
  lease: { ttlMs: 200 },
  network: { latencyMs: 0 },
  clients: ids.map((id) => ({ id, renewEveryMs: 100, program: [{ op: 'acquire' }, { op: 'work', ms: 600_000 }] })),
  faults: ids.map((id, i) => ({ kind: 'partition', client: id, with: 'lease-service', atMs: 1 + i * 300, forMs: 600_000 - 1 - i * 300 })),
};

/** A scenario whose title is 4,000 arrays deep: 4,001 levels with the scenario object. */
const deep = JSON.parse(`{"format":"fencing-lab.scenario/v1","title":${'['.repeat(4000)}${']'.repeat(4000)},"lease":{"ttlMs":1000},"clients":[{"id":"c","program":[]}]}`) as ScenarioInput;
const LEVELS_MESSAGE = "nested 4,001 levels deep; at most 32 levels are allowed (a scenario's own fields go 5 deep)";
const DEPTH_MESSAGE = `The link's scenario is not valid: title: ${LEVELS_MESSAGE}`;

/** Opens `doc` as a share link (with `search`, e.g. `?embed=1`); collects problems and the workers the page starts. */
async function open(doc: ScenarioInput, search = '') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  const workers: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('worker', (w) => workers.push(w.url()));
  const url = buildShareUrl(baseURL, { scenario: { kind: 'custom', input: doc }, timeMs: 0 });
  await page.goto(search ? url.replace(/\?[^#]*|(?=#)/, search) : url);
  await page.getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 60_000 });
  return { context, page, problems, workers, url };
}

async function notice(page: Page): Promise<string> {
  const box = page.getByText('Some settings in this link were ignored:').locator('..');
  await box.waitFor({ timeout: 60_000 });
  return (await box.textContent()) ?? '';
}

describe('hostile links', { timeout: 180_000 }, () => {
  it('the 219-character link opens the default scenario with a notice naming renewEveryMs; the page works', async () => {
    const { context, page, problems, url } = await open(hostile);
    expect(url.length - baseURL.length).toBeLessThan(260);
    expect(await notice(page)).toContain(
      "The link's scenario is not valid: clients[0].renewEveryMs: expected 0 (no keepalives) or at least 100 (ms): more often makes too much to simulate, got number 1",
    );
    await expect.poll(() => page.getByRole('combobox', { name: 'Scenario' }).inputValue()).toBe('seed-gc-pause');
    await page.getByRole('button', { name: 'Go to end' }).click();
    await expect.poll(() => page.locator('.fl-time__now').textContent()).toBe('21.6 s');
    await expect.poll(() => page.getByRole('list', { name: 'Log' }).locator('.fl-log__text').count()).toBe(3);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a valid link past the event budget is simulated in the worker and refused with the simulator\'s message', async () => {
    const { context, page, problems, workers } = await open(heavy);
    expect(await notice(page)).toMatch(
      /The link's scenario cannot be shown: This scenario makes more than 50,000 events by [\d.]+ s, too many to simulate and show: client-\d sends a keepalive every 100 ms \(renewEveryMs\)\. Renew less often, or shorten the run \(durationMs\)\. Showing the default scenario\./,
    );
    expect(workers.some((u) => /sim-worker-[\w-]+\.js$/.test(u))).toBe(true);
    await expect.poll(() => page.getByRole('combobox', { name: 'Scenario' }).inputValue()).toBe('seed-gc-pause');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a valid custom link within the budget opens, simulated in the worker', async () => {
    const small: ScenarioInput = { ...hostile, title: 'One keepalive every 100 ms for 20 s', lease: { ttlMs: 1000 }, clients: [{ id: 'client-1', renewEveryMs: 100, program: [{ op: 'acquire' }, { op: 'work', ms: 20_000 }, { op: 'write', value: 'v' }] }] };
    const { context, page, problems, workers } = await open(small);
    expect(workers.some((u) => /sim-worker-[\w-]+\.js$/.test(u))).toBe(true);
    await expect.poll(() => page.getByRole('combobox', { name: 'Scenario' }).locator('option:checked').textContent()).toContain('One keepalive every 100 ms for 20 s');
    await page.getByRole('button', { name: 'Go to end' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Log' }).locator('.fl-log__text').allTextContents()).toEqual(["stored 'v' with token 1"]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a link nested 4,000 levels deep (issue 43, item 2) opens the default scenario with a notice naming the depth; the page works', async () => {
    // It blanked the page: the validator's recursion overflowed the stack.
    const { context, page, problems } = await open(deep);
    expect(await notice(page)).toContain(DEPTH_MESSAGE);
    await expect.poll(() => page.getByRole('combobox', { name: 'Scenario' }).inputValue()).toBe('seed-gc-pause');
    await page.getByRole('button', { name: 'Go to end' }).click();
    await expect.poll(() => page.locator('.fl-time__now').textContent()).toBe('21.6 s');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the same link embedded shows the message too; the embed works', async () => {
    const { context, page, problems } = await open(deep, '?embed=1&instance=deep');
    expect(await notice(page)).toContain(DEPTH_MESSAGE);
    await page.getByRole('button', { name: 'Go to end' }).click();
    await expect.poll(() => page.locator('.fl-time__now').textContent()).toBe('21.6 s');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('pasted into the address bar after the page loaded (a hash change), it shows the message and keeps the scenario', async () => {
    const { context, page, problems } = await open(hostile);
    await notice(page);
    const url = buildShareUrl(baseURL, { scenario: { kind: 'custom', input: deep }, timeMs: 0 });
    await page.evaluate((hash) => { location.hash = hash; }, new URL(url).hash);
    await expect.poll(() => notice(page)).toContain(DEPTH_MESSAGE);
    await expect.poll(() => page.getByRole('combobox', { name: 'Scenario' }).inputValue()).toBe('seed-gc-pause');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('pasted into the Library, it lists the message by the paste box and keeps the scenario', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
    });
    await page.goto(baseURL);
    await openTools(page);
    await page.getByRole('button', { name: 'Library' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scenario library' });
    await dialog.getByRole('textbox', { name: 'Paste scenario JSON' }).fill(JSON.stringify(deep));
    await dialog.getByRole('button', { name: 'Open pasted scenario' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain(LEVELS_MESSAGE);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Scenario' }).inputValue()).toBe('seed-gc-pause');
    expect(problems).toEqual([]);
    await context.close();
  });
});
