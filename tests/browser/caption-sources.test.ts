/**
 * The caption's sources (issue 14, item 5), in real Chromium on the production build (`FL_DIST`):
 * the running text carries no citation; a narration step's sources sit under it in a closed
 * "Sources" disclosure that opens with the keyboard, lists each source (linked where it has an
 * address) and passes axe (WCAG 2.2 AA) in the light and dark themes.
 */
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchForFile, patientPolls, settled } from './settle';

const baseURL = inject('baseURL');
patientPolls();
let browser: Browser;
launchForFile((b) => (browser = b));

describe.each(['light', 'dark'] as const)('the caption Sources disclosure, %s theme', (scheme) => {
  it('is closed, opens with Enter, lists the step’s sources and passes axe', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: scheme, locale: 'en-GB' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // The fenced read's decisive moment: its step cites DDIA 2nd ed. ch. 9 and Hadoop's Journal.java.
    await page.goto(`${baseURL}?scenario=first-write-window-fenced-read&t=21500`);
    const caption = page.locator('.fl-caption');
    await caption.getByText('The late write is rejected').waitFor();
    const text = await caption.locator('.fl-caption__text').textContent();
    expect(text).toContain('The read narrowed the window; it did not close it');
    expect(text).not.toMatch(/DDIA|Journal\.java|\(Kleppmann/);

    const details = caption.locator('details.fl-caption__sources');
    await details.locator('summary').waitFor();
    expect(await details.getAttribute('open')).toBeNull();
    await expect.poll(() => details.locator('summary').textContent()).toBe('Sources (2)');
    await details.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => details.getAttribute('open')).not.toBeNull();
    const items = details.getByRole('listitem');
    expect(await items.allTextContents()).toEqual(['Designing Data-Intensive Applications, 2nd ed., ch. 9', 'Hadoop source, Journal.java']);
    const link = details.getByRole('link', { name: 'Hadoop source, Journal.java' });
    expect(await link.getAttribute('href')).toMatch(/^https:\/\/github\.com\/apache\/hadoop\/.*Journal\.java$/);
    expect(await link.getAttribute('target')).toBe('_blank');

    await settled(page); // the caption's entrance animation is over, so colours are final
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).include('.fl-caption').analyze();
    expect(result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
