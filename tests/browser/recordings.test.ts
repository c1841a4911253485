/**
 * "Recorded on etcd 3.4.23" in the Library, in real Chromium on the production build: each
 * recording opens, draws the real run and the etcd-flavoured model on two timelines, shows the real
 * tokens and the measured expiry lags, and lists the real storage decisions; its replay opens on the
 * main timeline; nothing logs an error.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './chromium';
import { explainerLoaded, patientPolls } from './settle';
import { openTools } from './tools';
import { RECORDINGS } from '../../src/recordings';
import seed from '../../src/recordings/data/seed-gc-pause.recording.json';

const baseURL = inject('baseURL');
patientPolls();
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium(inject('chromiumPath'));
});
afterAll(async () => {
  await browser?.close();
});

describe('recordings of real etcd runs', () => {
  it('opens each recording with both timelines, the real tokens and the measured lags', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(baseURL);
    await explainerLoaded(page); // a click on a prerendered button before hydration is lost
    await openTools(page);
    await page.getByRole('button', { name: 'Library' }).click();
    for (const r of RECORDINGS) {
      await page.getByRole('button', { name: r.title }).click();
      await page.getByRole('heading', { name: /^Real run on etcd 3\.4\.23/ }).waitFor();
      await page.getByRole('region', { name: 'Real run on etcd' }).locator('svg').first().waitFor();
      await page.getByRole('region', { name: 'etcd-flavoured model' }).locator('svg').first().waitFor();
      // The real run's lock tokens are drawn on its timeline.
      const realText = await page.getByRole('region', { name: 'Real run on etcd' }).innerText();
      expect(realText).toMatch(/token 33/);
      const measured = await page.getByRole('region', { name: 'What the real run measured' }).innerText();
      expect(measured).toMatch(/create revisions/);
      expect(measured).toMatch(/revoked it at .* ms later/);
      await page.getByRole('button', { name: '← Back to the Library' }).click();
    }
    // The seed's recording: real tokens and decisions, and its replay on the main timeline.
    await page.getByRole('button', { name: RECORDINGS[0]!.title }).click();
    const table = page.getByRole('table', { name: 'Storage decisions' });
    await table.waitFor();
    const decided = seed.events.filter((e) => e.kind === 'write-decided').map((e) => e.text!);
    expect(decided.length).toBe(3);
    for (const text of decided) expect(await table.getByText(text, { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Open the replay on the main timeline' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // The replay is on the main timeline now: its title in the picker's place.
    await expect.poll(() => page.getByText(/replay of a run on etcd 3\.4\.23/).count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await ctx.close();
  });
});
