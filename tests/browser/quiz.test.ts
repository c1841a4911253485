/**
 * The quiz in real Chromium, on the production build: opened with `?view=quiz`, answered from start
 * to finish (from the keyboard where it matters: the order buttons, the moment slider), the score
 * and verdict shown, progress kept across a reload, Retry works; embedded in a host page with
 * `localStorage` throwing (as in a sandboxed iframe or a private window) it still works and posts
 * xAPI-shaped messages to the host; and the quiz chunk is not loaded by the default page.
 *
 * Needs the main app to render the quiz for `?view=quiz` (lazily: `React.lazy(() => import('../quiz/QuizPanel'))`).
 */
import { describe, expect, inject, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import validate from '@learninglocker/xapi-validation';
import type { Browser, Page } from 'playwright-core';
import { isAvailable, momentAnswer, momentStops, orderAnswer, predictAnswer, traceFor } from '../../src/quiz/answers';
import { QUESTIONS } from '../../src/quiz/questions';
import type { Question } from '../../src/quiz/types';
import { explainerLoaded, launchForFile, patientPolls } from './settle';

const baseURL = inject('baseURL');
patientPolls();
let browser: Browser;
launchForFile((b) => (browser = b));

const available = QUESTIONS.filter(isAvailable);

function predictLabel(v: string): string {
  if (v === 'accepted') return 'Accepted';
  if (v === 'rejected') return 'Rejected';
  if (v === '0') return 'None yet (0)';
  return `Token ${v}`;
}

/** Answers the question on screen correctly, the way a student would. */
async function answerRight(page: Page, q: Question): Promise<void> {
  switch (q.kind) {
    case 'choice':
      for (const o of q.options.filter((x) => x.correct)) {
        await page.getByRole(q.multiple ? 'checkbox' : 'radio', { name: o.text, exact: true }).check();
      }
      break;
    case 'predict': {
      const a = predictAnswer(q, traceFor(q.scenarioId)!)!;
      await page.getByRole('radio', { name: predictLabel(a.correct), exact: true }).check();
      break;
    }
    case 'order': {
      const right = orderAnswer(q, traceFor(q.scenarioId)!)!;
      for (let target = 0; target < right.length; target++) {
        const label = right[target]!.label;
        const texts = await page.locator('.fl-quiz__order-label').allTextContents();
        let at = texts.indexOf(label);
        while (at > target) {
          await page.getByRole('button', { name: `Move up: ${label}`, exact: true }).focus();
          await page.keyboard.press('Enter');
          at -= 1;
          await expect.poll(() => page.locator('.fl-quiz__order-label').nth(at).textContent()).toBe(label);
        }
      }
      break;
    }
    case 'moment': {
      const trace = traceFor(q.scenarioId)!;
      const steps = momentStops(trace).indexOf(momentAnswer(q, trace)[0]!);
      const slider = page.getByRole('slider', { name: 'Moment on the timeline' });
      await slider.focus();
      await page.keyboard.press('Home');
      for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowRight');
      break;
    }
  }
}

async function openQuiz(page: Page, query = ''): Promise<void> {
  await page.goto(`${baseURL}?view=quiz${query}`);
  await page.getByRole('heading', { name: 'Check your understanding' }).waitFor({ timeout: 20_000 });
}

describe('quiz in Chromium', () => {
  it('answers every question, shows the score and verdict, and Retry starts again', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    // Retries allowed (quizRetry=1): by default the first check counts and there is no Retry.
    await openQuiz(page, '&quizRetry=1');
    expect(available.length).toBeGreaterThanOrEqual(12);

    for (let i = 0; i < available.length; i++) {
      const q = available[i]!;
      await page.getByRole('heading', { name: `Question ${i + 1} of ${available.length}` }).waitFor();
      if (i === 0) {
        // One wrong answer first, then Retry.
        await page.getByRole('radio', { name: 'In the client, before every write' }).check();
        await page.getByRole('button', { name: 'Check' }).click();
        await page.getByText('Not quite.').waitFor();
        await page.getByRole('button', { name: 'Retry' }).click();
      }
      await answerRight(page, q);
      await page.getByRole('button', { name: 'Check' }).click();
      const status = page.locator('.fl-quiz__feedback');
      await status.getByText('Correct.').waitFor({ timeout: 5_000 });
      await expect(status.getAttribute('aria-live')).resolves.toBe('polite');
      if (i < available.length - 1) await page.getByRole('button', { name: 'Next' }).click();
      else await page.getByRole('button', { name: 'Finish' }).click();
    }

    await page.getByRole('heading', { name: 'Your result' }).waitFor();
    await page.getByText(`You scored ${available.length} of ${available.length} (100%).`).waitFor();
    await page.getByText('Passed: the pass mark is 70%.').waitFor();

    // Progress survives a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'Your result' }).waitFor({ timeout: 20_000 });

    await page.getByRole('button', { name: 'Retry the quiz' }).click();
    await page.getByRole('heading', { name: `Question 1 of ${available.length}` }).waitFor();
    await page.getByText(`Right so far: 0 of ${available.length}`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works embedded where storage throws, and posts xAPI-shaped messages to the host page', async () => {
    const context = await browser.newContext();
    // As in a sandboxed iframe or a private window: reading localStorage throws a SecurityError.
    await context.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    // A host page (about:blank, another origin) that embeds the app and records its messages.
    await page.setContent(
      `<iframe title="Fencing Lab quiz" style="width:1100px;height:900px" src="${baseURL}?view=quiz&embed=1&instance=unit-7&quizMode=self-check"></iframe>`,
    );
    await page.evaluate(() => {
      const w = window as unknown as { got: unknown[] };
      w.got = [];
      window.addEventListener('message', (e) => {
        if ((e.data as { source?: string } | null)?.source === 'fencing-lab') w.got.push(e.data);
      });
    });
    const quiz = page.frameLocator('iframe');
    await quiz.getByRole('heading', { name: 'Check your understanding' }).waitFor({ timeout: 20_000 });
    await quiz.getByText(/progress will not be kept/).waitFor();
    await quiz.getByRole('radio', { name: 'In the storage or resource that receives the write' }).check();
    await quiz.getByRole('button', { name: 'Check' }).click();
    await quiz.getByText('Correct.').waitFor();
    for (let i = 1; i < available.length; i++) await quiz.getByRole('button', { name: 'Next' }).click();
    await quiz.getByRole('button', { name: 'Finish' }).click();
    await quiz.getByRole('button', { name: 'Finish anyway' }).click();
    await quiz.getByText(`You scored 1 of ${available.length}`).waitFor();
    // Self-check: no verdict.
    expect(await quiz.getByText(/Passed|Not passed/).count()).toBe(0);

    const handle = await page.waitForFunction(() => {
      const g = (window as unknown as { got: { type: string }[] }).got;
      return g.some((m) => m.type === 'completed') ? g : null;
    });
    const messages = (await handle.jsonValue()) as { type: string }[];
    // Full xAPI 1.0.3 statements (every kind is validated in tests/model/xapi-statements.test.ts; these two here).
    const answered = messages.find((m) => m.type === 'answered') as unknown as { instance: string; statement: { object: { id: string }; result: unknown } };
    expect(answered).toMatchObject({ source: 'fencing-lab', version: 1, instance: 'unit-7' });
    expect(answered.statement.object.id).toBe(`${baseURL}quiz/unit-7/seed-quick-check`);
    expect(answered.statement.result).toMatchObject({ response: 'storage', success: true });
    expect(validate(answered.statement)).toEqual([]);
    const completed = messages.find((m) => m.type === 'completed') as unknown as { statement: { result: Record<string, unknown> } };
    expect(completed.statement.result).toMatchObject({ score: { min: 0, raw: 1, max: available.length }, completion: true });
    expect(completed.statement.result).not.toHaveProperty('success');
    expect(validate(completed.statement)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no axe violations on a question, a live-timeline question, feedback, the finish question and the summary', { timeout: 120_000 }, async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await openQuiz(page);
    const violations = async (where: string) => {
      // Every part drawn (a live timeline with its marks) and the page at rest, entrance animations
      // (opacity fades) over: a half-faded line fails colour contrast.
      await explainerLoaded(page);
      const r = await new AxeBuilder({ page }).include('.fl-quiz').analyze();
      return r.violations.map((v) => `${where}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    const found: string[] = [];
    found.push(...(await violations('question 1')));
    await page.getByRole('radio', { name: 'In the network load balancer' }).check();
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('button', { name: 'Show solution' }).click();
    await page.locator('.fl-quiz__solution').waitFor();
    found.push(...(await violations('feedback and solution')));
    const predict = available.findIndex((q) => q.kind === 'predict');
    for (let i = 0; i < predict; i++) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: 'Accepted' }).waitFor();
    found.push(...(await violations('predict')));
    for (let i = predict; i < available.length - 1; i++) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByRole('alertdialog').waitFor();
    found.push(...(await violations('finish with unanswered questions')));
    await page.getByRole('button', { name: 'Finish anyway' }).click();
    await page.getByRole('heading', { name: 'Your result' }).waitFor();
    found.push(...(await violations('summary')));
    expect(found).toEqual([]);
    await context.close();
  });

  it('does not load the quiz code on the default page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(baseURL);
    await page.waitForLoadState('networkidle');
    expect(scripts.some((u) => /QuizPanel/.test(u))).toBe(false);
    await page.goto(`${baseURL}?view=quiz`);
    await page.getByRole('heading', { name: 'Check your understanding' }).waitFor({ timeout: 20_000 });
    expect(scripts.some((u) => /QuizPanel/.test(u))).toBe(true);
    await context.close();
  });
});
