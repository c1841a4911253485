/**
 * Dragging a pause's end on the timeline changes its length (issue 14, item 7), in real Chromium
 * on the production build: the handle is a slider (pointer drag, arrow keys), the change is a
 * setting of the scenario as written (a chip, undoable), the run is the model's for that length,
 * and the built-in's hints stay.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { simulate } from '../../src/model';
import { applySettings } from '../../src/settings/settings';
import { loadBuiltIn } from '../../src/store/initial-state';
import { builtInScenario } from '../../src/scenarios/all';
import { launchChromium } from './chromium';
import { explainerLoaded, patientPolls } from './settle';

const baseURL = inject('baseURL');
patientPolls();
let browser: Browser;
const problems: string[] = [];

beforeAll(async () => {
  browser = await launchChromium(inject('chromiumPath'));
});

afterAll(async () => {
  await browser?.close();
  expect(problems).toEqual([]);
});

const seed = loadBuiltIn('seed-gc-pause');
const logFor = (forMs: number): string[] =>
  simulate(applySettings(seed, [{ kind: 'set', path: 'faults.0.forMs', value: forMs }])).storage.map((d) => d.text);
const log = (page: Page) => page.getByRole('list', { name: 'Log' }).locator('.fl-log__text').allTextContents();

describe("a pause's end on the timeline", () => {
  it('drags shorter and longer with the pointer and the keys; the run follows and the hints stay', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && problems.push(`console error: ${m.text()}`));
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await page.goto(baseURL);
    await explainerLoaded(page); // a click on a prerendered button before hydration is lost
    await page.getByRole('button', { name: 'Go to end' }).click();
    const handle = page.getByRole('slider', { name: "Length of Client 1's pause" });
    await handle.waitFor();
    const written = (seed.faults[0] as { forMs: number }).forMs;
    expect(Number(await handle.getAttribute('aria-valuenow'))).toBe(written / 1000);
    await expect.poll(() => log(page)).toEqual(logFor(written));

    // Drag the end to the left, to about 4 s into the run: the pause now ends well within the TTL.
    const grip = (await handle.locator('.fl-pause-end__grip').boundingBox())!;
    const axis = page.locator('.fl-timeline__svg');
    const svgBox = (await axis.boundingBox())!;
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(svgBox.x + (grip.x - svgBox.x) * 0.2, grip.y + grip.height / 2, { steps: 6 });
    await page.mouse.up();
    await expect.poll(async () => Number(await handle.getAttribute('aria-valuenow'))).toBeLessThan(written / 1000 / 2);
    const dragged = Math.round(Number(await handle.getAttribute('aria-valuenow')) * 1000);
    expect(dragged % 100).toBe(0);
    // To the end of the changed run: a click of the button in the page, which does nothing where
    // the playhead is at the end already (the button is disabled there; a locator's click would wait
    // 30 s for it to be enabled).
    const toEnd = page.getByRole('button', { name: 'Go to end' });
    await toEnd.evaluate((b) => (b as HTMLButtonElement).click());
    await expect.poll(() => toEnd.isDisabled()).toBe(true);
    await expect.poll(() => log(page)).toEqual(logFor(dragged));
    expect(logFor(dragged)).not.toEqual(logFor(written));
    await expect.poll(() => page.getByRole('list', { name: 'Your changes' }).getByRole('listitem').allTextContents()).toEqual([
      `Scripted pause of Client 1, for (s): ${dragged / 1000}`,
    ]);

    // The keys: one step is 100 ms; Shift, 1 s; Home, the shortest pause.
    await handle.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => Number(await handle.getAttribute('aria-valuenow'))).toBe((dragged + 100) / 1000);
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(async () => Number(await handle.getAttribute('aria-valuenow'))).toBe((dragged + 1100) / 1000);
    expect(await handle.getAttribute('aria-valuetext')).toMatch(/^paused \d+\.\d s, until \d+\.\d s$/);
    await expect.poll(() => log(page)).toEqual(logFor(dragged + 1100));

    // Still the built-in: its hints are listed.
    await page.getByRole('tab', { name: 'Try this' }).click();
    await expect.poll(() => page.locator('.fl-try__list li').allTextContents()).toEqual(builtInScenario('seed-gc-pause')!.tryThis);
    // Undo goes back to the drag, then to the pause as written.
    await page.getByRole('button', { name: /^Undo/ }).first().click();
    await expect.poll(async () => Number(await handle.getAttribute('aria-valuenow'))).toBe((dragged + 100) / 1000);
    await context.close();
  });
});
