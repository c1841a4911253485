/**
 * WCAG 2.2 AA with axe-core in real Chromium, on the production build (`FL_DIST` picks the build):
 * every view the page has, in the light and the dark theme (the system setting, `colorScheme`),
 * must have zero violations of the tags wcag2a, wcag2aa, wcag21aa and wcag22aa.
 *
 * Views: the timeline at the end of the story (every mark drawn), with the events table open, the
 * keyboard-help dialog, presenter mode, the quiz (`?view=quiz`), timeline and quiz together
 * (`?view=both`), the embed (`?embed=1`), the German page (`?lang=de`) and, where the page has
 * them, every dialog its header opens (Embed, Library, Share: built by others; found by role, so
 * the test covers whatever exists).
 *
 * axe cannot judge the contrast of SVG text (it reports it as "incomplete"), so a second test
 * measures each timeline label against what is drawn behind it.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, reactHasControls } from './chromium';
import { patientPolls, settled } from './settle';
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

type Scheme = 'light' | 'dark';

/** A fresh context (axe needs `newContext` + `newPage`) at 1280x800 in `scheme`. */
async function open(query: string, scheme: Scheme, ready: (p: Page) => Promise<unknown>): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: scheme, locale: 'en-GB' });
  const page = await context.newPage();
  page.on('pageerror', (err) => problems.push(`${query} ${scheme}: page error: ${err.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${query} ${scheme}: console error: ${m.text()}`);
  });
  await page.goto(`${baseURL}${query}`);
  await ready(page);
  return { context, page };
}

// Ready: the explainer, and the secondary controls that arrive just after it (keyboard shortcuts
// among them; `src/views/later.tsx`), whose slots are then gone.
const partsReady = async (p: Page) => {
  // The button is in the prerendered HTML (issue 15): wait until React has hydrated or rendered the page.
  await p.locator('html[data-fl-live]').waitFor({ state: 'attached' });
  await p.locator('.fl-slot').first().waitFor({ state: 'detached' });
  await reactHasControls(p);
};
const timelineReady = async (p: Page) => {
  await p.getByRole('button', { name: 'Play', exact: true }).waitFor();
  await partsReady(p);
};
const quizReady = (p: Page) => p.getByRole('heading', { name: 'Check your understanding' }).waitFor();

/** Runs axe on the page and returns its violations in a readable form (empty when it passes). */
async function violations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${v.help} — ${n.target.join(' ')}`));
}

/** Waits until the page is at rest: motion's entrance animations (fades) over, so colours are final. */
const settle = (page: Page) => settled(page);

/** Waits until the run is at its end (`label`: the time label there), then at rest: every mark drawn, its entrance over. */
async function atEnd(page: Page, label = '21.6 s'): Promise<void> {
  await expect.poll(() => page.locator('.fl-time__now').textContent()).toBe(label);
  await settle(page);
}

/** The dialogs a header button opens on this build (some are built by other issues). */
const HEADER_DIALOGS = ['Embed', 'Library', 'Share'] as const;

describe.each<Scheme>(['light', 'dark'])('axe, WCAG 2.2 AA, %s theme', (scheme) => {
  it('timeline at the end of the story', async () => {
    const { context, page } = await open('', scheme, timelineReady);
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(scheme === 'dark');
    await page.keyboard.press('End');
    await atEnd(page);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('with the events table open', async () => {
    const { context, page } = await open('', scheme, timelineReady);
    await page.keyboard.press('End');
    await expect.poll(() => page.locator('.fl-time__now').textContent()).toBe('21.6 s');
    await page.getByRole('button', { name: 'Show events as a table' }).click();
    await page.getByRole('table', { name: /Events up to/ }).waitFor();
    await settle(page);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('with the header\'s Tools panel open', async () => {
    const { context, page } = await open('', scheme, timelineReady);
    await openTools(page);
    await settle(page);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('keyboard help dialog', async () => {
    const { context, page } = await open('', scheme, timelineReady);
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await settle(page);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('presenter mode', async () => {
    const { context, page } = await open('', scheme, timelineReady);
    await page.keyboard.press('End');
    await expect.poll(() => page.locator('.fl-time__now').textContent()).toBe('21.6 s');
    await page.keyboard.press('p');
    await page.getByRole('button', { name: 'Exit presenter mode' }).waitFor();
    await settle(page);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('quiz (?view=quiz)', async () => {
    const { context, page } = await open('?view=quiz', scheme, quizReady);
    await settle(page);
    expect(await violations(page)).toEqual([]);
    // After an answer is checked: feedback and marks.
    const firstOption = page.locator('.fl-quiz input[type=radio], .fl-quiz input[type=checkbox]').first();
    if (await firstOption.count()) {
      await firstOption.check();
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      await page.locator('.fl-quiz__feedback-body').waitFor();
      await settle(page);
      expect(await violations(page)).toEqual([]);
    }
    await context.close();
  });

  it('timeline and quiz (?view=both)', async () => {
    const { context, page } = await open('?view=both', scheme, async (p) => {
      await timelineReady(p);
      await quizReady(p);
    });
    await settle(page);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('embed (?embed=1)', async () => {
    const { context, page } = await open('?embed=1', scheme, timelineReady);
    await page.keyboard.press('End');
    await atEnd(page);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('German page (?lang=de)', async () => {
    const { context, page } = await open('?lang=de', scheme, async (p) => {
      await p.getByRole('button', { name: 'Abspielen', exact: true }).waitFor();
      await partsReady(p);
    });
    await page.keyboard.press('End');
    await atEnd(page, '21,6 s');
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it.each(HEADER_DIALOGS)('the %s dialog, where the page has one', async (name) => {
    const { context, page } = await open('', scheme, timelineReady);
    // The header's tools are in its Tools panel (issue 40).
    await openTools(page);
    const button = page.locator('.fl-header').getByRole('button', { name, exact: true });
    if ((await button.count()) === 0) {
      await context.close();
      return;
    }
    await button.click();
    await page.getByRole('dialog').first().waitFor();
    await settle(page);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});

/** WCAG relative luminance of an `rgb()`/`rgba()` colour. */
function luminance([r, g, b]: number[]): number {
  const c = [r!, g!, b!].map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
}

function contrast(a: number[], b: number[]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe.each<Scheme>(['light', 'dark'])('timeline label contrast, %s theme', (scheme) => {
  it('every visible label in the timeline picture has at least 4.5:1 against the pixels behind it', async () => {
    const { context, page } = await open('', scheme, timelineReady);
    await page.keyboard.press('End');
    await atEnd(page);
    // For each label: its fill colour, and the background colour sampled around it with the label
    // hidden (a screenshot of its box; the most common colour there is what it sits on).
    const labels = await page.locator('svg.fl-timeline__svg text').evaluateAll((nodes) =>
      nodes
        .map((n, i) => {
          const el = n as SVGTextElement;
          el.setAttribute('data-contrast-id', String(i));
          const box = el.getBoundingClientRect();
          const fill = getComputedStyle(el).fill;
          const opacity = Number(getComputedStyle(el).opacity) * Number(getComputedStyle(el.parentElement!).opacity);
          return { id: i, text: el.textContent ?? '', fill, box: { x: box.x, y: box.y, width: box.width, height: box.height }, opacity };
        })
        .filter((l) => l.box.width > 0 && l.text.trim() !== ''),
    );
    expect(labels.length).toBeGreaterThan(10);
    await page.addStyleTag({ content: 'svg.fl-timeline__svg text { visibility: hidden !important; }' });
    const failures: string[] = [];
    for (const l of labels) {
      const rgb = l.fill.match(/\d+(\.\d+)?/g)?.map(Number);
      if (!rgb || rgb.length < 3) continue;
      const png = await page.screenshot({ clip: { x: l.box.x, y: l.box.y, width: Math.max(1, l.box.width), height: Math.max(1, l.box.height) } });
      const bg = await page.evaluate(async (b64) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const c = document.createElement('canvas');
        c.width = img.width;
        c.height = img.height;
        const ctx = c.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        const data = ctx.getImageData(0, 0, c.width, c.height).data;
        const counts = new Map<string, number>();
        for (let i = 0; i < data.length; i += 4) {
          const k = `${data[i]},${data[i + 1]},${data[i + 2]}`;
          counts.set(k, (counts.get(k) ?? 0) + 1);
        }
        return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0].split(',').map(Number);
      }, png.toString('base64'));
      const ratio = contrast(rgb, bg);
      if (ratio < 4.5) failures.push(`"${l.text}" ${l.fill} on rgb(${bg.join(',')}): ${ratio.toFixed(2)}:1`);
    }
    expect(failures).toEqual([]);
    await context.close();
  });
});

describe('no errors', () => {
  it('logged no console errors and no page errors', () => {
    expect(problems).toEqual([]);
  });
});
