/**
 * Issue 45, the lesson you read (`?view=lesson`), in real Chromium on the production build:
 * - each figure, alone (`&figure=ID`) at 1280x800 and 360x740: its subject's events (`figureView` in
 *   `src/lesson/figures.ts`, from the model's own trace) lie inside the figure's visible plot and any
 *   two at different times are at least 24 px apart, all of them at once inside the part of the scroll
 *   box the reader sees without scrolling sideways (a phone draws the quiet stretch between them as a
 *   labelled break, the frame's `cut`, as the story's frames do);
 * - moving each figure's control to the value its question asks about changes the figure as the
 *   model says: the storage log it shows and its subject events are those of the model's trace
 *   with that setting;
 * - axe finds no WCAG 2.2 AA violation on the whole lesson, and nothing scrolls sideways at 360 px;
 * - the lesson prints to PDF (A4 landscape, its print stylesheet) with every figure: each is shown
 *   under print media at its framed moment, its subject's events inside it, one chapter a page.
 *
 * Where an event is on screen is read from the page: the figure's axis ticks (`axis-map.ts`, on each
 * side of a break) give the map from simulated time to screen x, not the app's own geometry.
 */
import { describe, expect, inject, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { readAxis } from './axis-map';
import { launchForFile, patientPolls, settled } from './settle';
import { ALL_BUILT_IN_SCENARIOS } from '../../src/scenarios/all';
import { simulate } from '../../src/model';
import { normalizeScenario } from '../../src/model/scenario';
import { applySettings } from '../../src/settings/settings';
import { CHAPTERS, questionSetting } from '../../src/lesson/chapters';
import { figureView } from '../../src/lesson/figures';
import { lessonDe } from '../../src/lesson/locales/de';
import type { LessonMessageKey } from '../../src/lesson/locales/en';
import { MIN_EVENT_GAP_PX } from '../../src/story/frames';
import type { Intervention, SettingValue } from '../../src/store/intervention-types';

const baseURL = inject('baseURL');
patientPolls();
let browser: Browser;
launchForFile((b) => (browser = b));

const SIZES = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
];

/** The model's run of a chapter's scenario, as written or with its first control set to `value`. */
function runOf(scenarioId: string, path?: string, value?: SettingValue) {
  const b = ALL_BUILT_IN_SCENARIOS.find((x) => x.id === scenarioId)!;
  const base = normalizeScenario(b.scenario);
  const set: Intervention[] = path === undefined ? [] : [{ kind: 'set', path, value: value as SettingValue } as Intervention];
  return simulate(set.length ? applySettings(base, set as Extract<Intervention, { kind: 'set' }>[]) : base);
}

async function openFigure(page: Page, id: string, lang = ''): Promise<Locator> {
  await page.goto(`${baseURL}?view=lesson&figure=${id}${lang ? `&lang=${lang}` : ''}`);
  const fig = page.locator(`.fl-lesson-figure[data-figure="${id}"]`);
  await fig.locator('.fl-timeline__svg .fl-axis__label').first().waitFor();
  await settled(page);
  return fig;
}

/**
 * The problems with the subject's events on screen (empty when every one is inside the visible
 * plot, the part of the scroll box right of the lane names that the reader sees without scrolling
 * sideways, and any two at different times are at least 24 px apart). Read from the axis as drawn
 * (`readAxis`: its ticks, on each side of a labelled break).
 */
async function placement(page: Page, times: number[], label: string, within?: string): Promise<string[]> {
  // The playhead rests at the last subject event (`figureView`).
  const map = await readAxis(page, within, Math.max(...times));
  const problems: string[] = [];
  for (const t of times) {
    const x = map.x(t);
    if (x < map.left - 0.5 || x > map.right + 0.5) problems.push(`${label}: event at ${t} ms is at x=${x.toFixed(1)}, outside the visible ${map.left.toFixed(1)}-${map.right.toFixed(1)}`);
  }
  const distinct = [...new Set(times)].sort((p, q) => p - q);
  for (let k = 1; k < distinct.length; k++) {
    const gap = map.x(distinct[k]!) - map.x(distinct[k - 1]!);
    if (gap < MIN_EVENT_GAP_PX) problems.push(`${label}: events at ${distinct[k - 1]} and ${distinct[k]} ms are ${gap.toFixed(1)} px apart`);
  }
  return problems;
}

/** What the figure shows: its storage log's lines and its subject events (ids). */
async function shownState(fig: Locator): Promise<{ log: string[]; events: string }> {
  return fig.evaluate((root) => ({
    log: [...root.querySelectorAll('.fl-lesson-log__lines li')].map((li) => (li.textContent ?? '').replace(/^\s*[\d.]+ s\s*/, '').trim()),
    events: root.querySelector('.fl-lesson-figure__picture')?.getAttribute('data-events') ?? '',
  }));
}

function expected(trace: ReturnType<typeof runOf>, chapter: (typeof CHAPTERS)[number]): { log: string[]; events: string } {
  const v = figureView(trace, chapter.figure);
  return { log: trace.storage.filter((d) => d.atMs <= v.playheadMs).map((d) => d.text), events: v.eventIds.join(',') };
}

describe('each figure of the lesson', () => {
  for (const chapter of CHAPTERS) {
    for (const size of SIZES) {
      it(`${chapter.id} at ${size.width}x${size.height}: its events in view and apart, and its control re-runs the model`, async () => {
        const phone = size.width < 600;
        const context = await browser.newContext({ viewport: size, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
        const page = await context.newPage();
        const fig = await openFigure(page, chapter.id);

        // As written: the model's subject events, placed on screen.
        const before = runOf(chapter.figure.scenarioId);
        const view = figureView(before, chapter.figure);
        expect(view.eventIds.length).toBeGreaterThanOrEqual(2);
        expect(await shownState(fig)).toEqual(expected(before, chapter));
        const times = view.eventIds.map((i) => before.events[i]!.atMs);
        expect(await placement(page, times, `${chapter.id} ${size.width}`)).toEqual([]);

        // A click on the picture does not move the playhead (it seeks in the lab): the framed moment stays.
        const playhead = async () => fig.locator('.fl-playhead__text').textContent();
        const at = await playhead();
        const box = (await fig.locator('.fl-timeline__scroll').boundingBox())!;
        await page.mouse.click(box.x + box.width * 0.55, box.y + box.height * 0.5);
        await settled(page);
        expect(await playhead()).toBe(at);
        expect(await shownState(fig)).toEqual(expected(before, chapter));

        // As the figure opens, its caption describes its run: no note that the run was changed.
        expect(await fig.locator('.fl-lesson-figure__changed').count()).toBe(0);

        // The question's setting: the figure shows what the model says for it.
        const control = chapter.figure.controls[0]!;
        const value = chapter.question.shows;
        if (control.kind === 'slider') {
          await fig.locator(`input[type="range"][data-path="${control.path}"]`).evaluate((el, v) => {
            const input = el as HTMLInputElement;
            Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, String(v));
            input.dispatchEvent(new Event('input', { bubbles: true }));
          }, value);
        } else {
          await fig.locator(`button[role="switch"][data-path="${control.path}"]`).click();
        }
        const setValue = control.kind === 'toggle' ? (value === true ? control.on : control.off) : value;
        const after = runOf(chapter.figure.scenarioId, control.path, setValue);
        const want = expected(after, chapter);
        await expect.poll(() => shownState(fig)).toEqual(want);
        // The caption no longer describes the run drawn, and says so (issue 45's newcomer: "the
        // captions stop telling the truth as soon as you touch a control").
        await expect.poll(() => fig.locator('.fl-lesson-figure__changed').count()).toBe(1);
        await settled(page);
        const v2 = figureView(after, chapter.figure);
        expect(await placement(page, v2.eventIds.map((i) => after.events[i]!.atMs), `${chapter.id} ${size.width} with ${control.path}=${String(setValue)}`)).toEqual([]);
        await context.close();
      });
    }
  }
});

describe('the whole lesson', () => {
  it('has every chapter with its figure and question, no axe violations, and no sideways scroll at 360 px', async () => {
    for (const size of SIZES) {
      const context = await browser.newContext({ viewport: size });
      const page = await context.newPage();
      await page.goto(`${baseURL}?view=lesson`);
      for (const c of CHAPTERS) {
        await page.locator(`#${c.id} .fl-lesson-figure .fl-timeline__svg`).waitFor();
        await expect.poll(() => page.locator(`#${c.id} .fl-lesson-q__choice`).count()).toBe(2);
      }
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
      expect(result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} — ${n.target.join(' ')}`))).toEqual([]);
      await context.close();
    }
  });
});

describe('the questions: predict, then see', () => {
  it('each answer is hidden until a prediction is picked; "See it" sets the figure to the case asked about, and the figure shows the model’s run for it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}?view=lesson`);
    for (const c of CHAPTERS) {
      const section = page.locator(`#${c.id}`);
      const fig = section.locator('.fl-lesson-figure');
      await fig.locator('.fl-timeline__svg .fl-axis__label').first().waitFor();
      const q = section.locator('.fl-lesson-q');
      // Before a prediction: no answer, no way to see it.
      expect(await q.locator('.fl-lesson-q__explain').count()).toBe(0);
      expect(await q.locator('.fl-lesson-q__see').count()).toBe(0);
      expect(await shownState(fig)).toEqual(expected(runOf(c.figure.scenarioId), c));
      // The wrong prediction: told so, and the answer given.
      const wrong = (1 - c.question.right) as 0 | 1;
      await q.locator('.fl-lesson-q__choice').nth(wrong).click();
      await expect.poll(() => q.locator('.fl-lesson-q__explain').textContent()).toContain('Not quite.');
      // Picking did not move the figure: it still shows the run as written.
      expect(await shownState(fig)).toEqual(expected(runOf(c.figure.scenarioId), c));
      await q.locator('.fl-lesson-q__see').click();
      const { path, value } = questionSetting(c);
      const want = expected(runOf(c.figure.scenarioId, path, value), c);
      await expect.poll(() => shownState(fig)).toEqual(want);
      // The control shows the setting, and has the keyboard; the caption says the run is another.
      const control = c.figure.controls[0]!;
      const el = fig.locator(`[data-path="${control.path}"]`);
      if (control.kind === 'slider') expect(Number(await el.inputValue())).toBe(value);
      else expect(await el.getAttribute('aria-checked')).toBe(String(value === control.on));
      expect(await el.evaluate((x) => x === document.activeElement)).toBe(true);
      expect(await fig.locator('.fl-lesson-figure__changed').count()).toBe(1);
    }
    await context.close();
  });
});

/** A German message without placeholders, as the page shows it (the build compiles catalogue modules to ICU tokens). */
const de = (key: LessonMessageKey): string => [lessonDe[key] as unknown].flat(Infinity).join('');

describe('in German (`?lang=de`)', () => {
  it('every chapter is there in German with its figure and question; axe passes and nothing scrolls sideways at 360 px', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${baseURL}?view=lesson&lang=de`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await expect.poll(() => page.locator('.fl-lesson__title').textContent()).toBe(de('lesson.title'));
    for (const c of CHAPTERS) {
      await page.locator(`#${c.id} .fl-lesson-figure .fl-timeline__svg`).waitFor();
      expect(await page.locator(`#${c.id}-title`).textContent()).toBe(de(c.title));
      expect(await page.locator(`#${c.id} .fl-lesson-figure__caption`).textContent()).toContain(de(c.caption));
      expect(await page.locator(`#${c.id} .fl-lesson-q__title`).textContent()).toBe(de(c.question.key));
      expect(await page.locator(`#${c.id} .fl-lesson-q__choice`).allTextContents()).toEqual(c.question.choices.map((k) => de(k)));
    }
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
    expect(result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} — ${n.target.join(' ')}`))).toEqual([]);
    await context.close();
  });

  it('one chapter in full (the fencing token): its events in view at both widths, and its question predicts, then shows, in German', async () => {
    const c = CHAPTERS.find((x) => x.id === 'token')!;
    const trace = runOf(c.figure.scenarioId);
    const v = figureView(trace, c.figure);
    for (const size of SIZES) {
      const context = await browser.newContext({ viewport: size });
      const page = await context.newPage();
      const fig = await openFigure(page, c.id, 'de');
      expect(await fig.locator('.fl-lesson-log__title').textContent()).toBe(de('figure.log'));
      expect(await shownState(fig)).toEqual(expected(trace, c));
      expect(await placement(page, v.eventIds.map((i) => trace.events[i]!.atMs), `token de ${size.width}`)).toEqual([]);
      await context.close();
    }
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}?view=lesson&lang=de#token`);
    const q = page.locator('#token .fl-lesson-q');
    await q.locator('.fl-lesson-q__choice').nth(c.question.right).click();
    await expect.poll(() => q.locator('.fl-lesson-q__explain').textContent()).toBe(`${de('question.right')} ${de(c.question.answer)}`);
    await q.getByRole('button', { name: de('question.see') }).click();
    const { path, value } = questionSetting(c);
    await expect.poll(() => shownState(page.locator('#token .fl-lesson-figure'))).toEqual(expected(runOf(c.figure.scenarioId, path, value), c));
    await context.close();
  });
});

describe('printing', () => {
  it('prints every figure at its framed moment', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}?view=lesson`);
    for (const c of CHAPTERS) await page.locator(`#${c.id} .fl-lesson-figure .fl-timeline__svg .fl-axis__label`).first().waitFor();
    await settled(page);
    await page.emulateMedia({ media: 'print' });
    for (const c of CHAPTERS) {
      const fig = page.locator(`#${c.id} .fl-lesson-figure`);
      expect(await fig.isVisible()).toBe(true);
      // The controls are not printed; the picture is, at the figure's frame.
      expect(await fig.locator('.fl-lesson-figure__controls').isVisible()).toBe(false);
      const trace = runOf(c.figure.scenarioId);
      const v = figureView(trace, c.figure);
      expect(await shownState(fig)).toEqual(expected(trace, c));
      expect(await placement(page, v.eventIds.map((i) => trace.events[i]!.atMs), `${c.id} in print`, `#${c.id} .fl-lesson-figure`)).toEqual([]);
    }
    const pdf = await page.pdf({ printBackground: true, preferCSSPageSize: true });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
    // The title page and one page or more per chapter (each starts on a new page).
    expect(pages.length).toBeGreaterThanOrEqual(CHAPTERS.length + 1);
    await context.close();
  });
});

describe('one figure alone', () => {
  it('?view=lesson&figure=ID&embed=1 shows that figure only, says it is ready, and an unknown id is reported', async () => {
    const context = await browser.newContext({ viewport: { width: 700, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}?view=lesson&figure=token&embed=1&instance=week-3`);
    await page.locator('.fl-lesson-figure[data-figure="token"] .fl-timeline__svg').waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-fl-live'))).toBe('rendered');
    expect(await page.locator('.fl-lesson-figure').count()).toBe(1);
    expect(await page.locator('.fl-lesson__chapter').count()).toBe(0);
    // Its "Open in the lab" opens that run in a new tab (an embed's frame stays on the course page).
    expect(await page.locator('.fl-lesson-figure__lab').getAttribute('target')).toBe('_blank');
    await page.goto(`${baseURL}?view=lesson&figure=nope`);
    await expect.poll(() => page.getByText('There is no figure “nope” in the lesson').count()).toBeGreaterThan(0);
    expect(await page.locator('.fl-lesson__chapter').count()).toBe(CHAPTERS.length);
    await context.close();
  });
});
