/**
 * Harm drawn as harm (issue 40): a write the storage stored although its writer no longer held the
 * lease is not a clean ✓. In each of the four runs where that happens through a check (a token the
 * storage had not yet seen beaten, random lock values, a grant held up in the network, a storage
 * that forgot its token in a restart), the page at the run's end shows that write, read from the
 * DOM, as a stale mark on the timeline ("!", `fl-decision--stale`, "stored N, stale", an accessible
 * name that says so) and as a stale line in the storage log; the legitimate writes keep their ✓.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { explainerLoaded } from './settle';

const baseURL = inject('baseURL');
let browser: Browser;
const problems: string[] = [];

beforeAll(async () => {
  browser = await launchChromium(inject('chromiumPath'));
});

afterAll(async () => {
  await browser?.close();
});

/** Each run's stale write (its token and the storage's words) and a legitimate write (token) in it. */
const CASES = [
  { id: 'first-write-window', token: 33, text: "stored 'late write from client 1' with token 33", clean: 34 },
  { id: 'random-tokens', token: 734, text: "stored 'late write from client 1' with token 734", clean: undefined },
  { id: 'lease-timer', token: 33, text: "stored 'from client 1' with token 33", clean: 34 },
  { id: 'identity-cas', token: 34, text: "stored 'late write from client 2' with token 34", clean: 33 },
] as const;

async function openAtEnd(id: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`${id}: console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`${id}: page error: ${err.message}`));
  await page.goto(`${baseURL}?scenario=${id}`);
  await explainerLoaded(page);
  await page.getByRole('button', { name: 'Go to end' }).click();
  return page;
}

/** The timeline's storage decision marks: class and accessible name. */
function decisionMarks(page: Page): Promise<{ cls: string; aria: string; label: string }[]> {
  return page
    .locator('.fl-timeline__svg g.fl-decision[role="img"]')
    .evaluateAll((els) => els.map((el) => ({ cls: el.getAttribute('class') ?? '', aria: el.getAttribute('aria-label') ?? '', label: el.querySelector('.fl-decision__label')?.textContent ?? '' })));
}

describe('a stale write the storage stored is drawn as harm', () => {
  for (const c of CASES) {
    it(`${c.id}: the write with token ${c.token} carries the stale mark on the timeline and in the log`, async () => {
      const page = await openAtEnd(c.id);
      // The timeline: its mark is the stale one, its accessible name says why, its label says "stale".
      await expect.poll(async () => (await decisionMarks(page)).find((m) => m.aria.includes(c.text))?.cls).toBe('fl-decision fl-decision--stale');
      const mark = (await decisionMarks(page)).find((m) => m.aria.includes(c.text))!;
      expect(mark.aria).toMatch(/Stale: the writer no longer held the lease$/);
      expect(mark.label).toBe(`stored ${c.token}, stale`);
      // Its glyph is not the ✓ of a clean write (one stroke): a "!" (a bar and a dot, two strokes).
      const icons = (sel: string) => page.locator(`.fl-timeline__svg g.${sel} .fl-decision__icon`).evaluateAll((els) => els.map((el) => (el.getAttribute('d') ?? '').split('M').length - 1));
      expect(await icons('fl-decision--stale')).toEqual(expect.arrayContaining([2]));
      for (const strokes of await icons('fl-decision--stale')) expect(strokes).toBe(2);
      for (const strokes of await icons('fl-decision--ok')) expect(strokes).toBe(1);
      // The storage log: a stale line with "!" and words, not a ✓.
      const line = page.getByRole('list', { name: 'Log' }).locator('.fl-log__line', { hasText: c.text });
      await expect.poll(() => line.getAttribute('class')).toBe('fl-log__line fl-log__line--stale');
      expect(await line.locator('.fl-log__icon').textContent()).toBe('!accepted:');
      expect(await line.locator('.fl-log__text').textContent()).toBe(c.text);
      expect(await line.locator('.fl-log__stale').textContent()).toBe(' · stale: its writer no longer held the lease');
      // A legitimate write in the same run keeps the clean ✓.
      if (c.clean !== undefined) {
        const clean = (await decisionMarks(page)).find((m) => m.aria.includes(`with token ${c.clean}`) && m.aria.includes('stored'));
        expect(clean?.cls).toBe('fl-decision fl-decision--ok');
        expect(clean?.aria).not.toMatch(/Stale/);
      }
      await page.context().close();
    });
  }

  it('seed-gc-pause: the new holder’s "stored 34" keeps the clean ✓, and nothing is marked stale', async () => {
    const page = await openAtEnd('seed-gc-pause');
    await expect.poll(async () => (await decisionMarks(page)).length).toBe(3);
    const marks = await decisionMarks(page);
    const stored34 = marks.find((m) => m.aria.includes("stored 'from client 2' with token 34"))!;
    expect(stored34.cls).toBe('fl-decision fl-decision--ok');
    expect(stored34.label).toBe('stored 34');
    expect(marks.filter((m) => m.cls.includes('--stale'))).toEqual([]);
    expect(await page.locator('.fl-log__line--stale').count()).toBe(0);
    expect(await page.locator('.fl-log__line--ok').count()).toBe(2);
    // The legend names the stale mark in words.
    expect(await page.locator('.fl-legend').textContent()).toContain('stored, but stale: its writer no longer held the lease');
    await page.context().close();
  });

  it('logs no console error or page error', () => {
    expect(problems).toEqual([]);
  });
});
