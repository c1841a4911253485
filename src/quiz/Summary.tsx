/**
 * The end of the quiz: the score, the pass / fail verdict (graded mode only; self-check shows none),
 * and for each question missed a link back into the scenario that explains it (`?scenario=ID`).
 * @module
 */
import { forwardRef } from 'react';
import { isEmbedded } from '../embed/protocol';
import { findBuiltIn } from '../scenarios';
import { useQuizT } from './messages';
import { countsRight, passed, percentOf, stateOf, type QuizProgress } from './progress';
import type { QuizSettings } from './settings';
import type { Question } from './types';
import { realSystemTitle } from './real-systems';

interface SummaryProps {
  questions: readonly Question[];
  progress: QuizProgress;
  settings: QuizSettings;
  raw: number;
  max: number;
  onRetryAll(): void;
  onBack(): void;
  /** The result was already sent at an earlier Finish of this attempt. */
  again?: boolean;
}

/** The link into a built-in scenario, as the main app reads it. */
export function scenarioHref(id: string): string {
  return `?scenario=${encodeURIComponent(id)}`;
}

/**
 * Where a quiz's link into the app opens: in a frame (an embed, an LMS's SCO) a new tab, so the
 * quiz in the frame stays (a SCO that navigated away would end its session half-way; issue 42,
 * item 1); on a page of its own, the same tab, as links do.
 */
export function quizLinkTarget(): { target?: '_blank'; rel?: 'noopener' } {
  return isEmbedded() ? { target: '_blank', rel: 'noopener' } : {};
}

/** A built-in scenario to replay, with the numbers of the missed questions it explains. */
export interface ReviewGroup {
  id: string;
  /** The scenario's title, or `undefined` if it is not a built-in (then no link is shown). */
  title: string | undefined;
  numbers: number[];
  /** Titles of the Real systems entries those questions point to (`Question.realSystemId`), in order. */
  systems: string[];
}

/** Groups missed questions by the scenario that explains them, in order of first appearance. */
export function groupByScenario(
  missed: readonly { scenarioId: string | undefined; n: number; realSystemId?: string | undefined }[],
): ReviewGroup[] {
  const groups = new Map<string, ReviewGroup>();
  for (const m of missed) {
    if (!m.scenarioId) continue;
    const g = groups.get(m.scenarioId) ?? { id: m.scenarioId, title: findBuiltIn(m.scenarioId)?.title, numbers: [], systems: [] };
    g.numbers.push(m.n);
    const system = m.realSystemId ? realSystemTitle(m.realSystemId) : undefined;
    if (system && !g.systems.includes(system)) g.systems.push(system);
    groups.set(m.scenarioId, g);
  }
  return [...groups.values()].filter((g) => g.title !== undefined);
}

/** The summary. Its heading takes focus when it appears (the ref). */
export const Summary = forwardRef<HTMLHeadingElement, SummaryProps>(function Summary(
  { questions, progress, settings, raw, max, onRetryAll, onBack, again = false },
  headingRef,
) {
  const t = useQuizT();
  const percent = percentOf(raw, max);
  const missed = questions.map((q, i) => ({ q, n: i + 1, st: stateOf(progress, q.id) })).filter((x) => !countsRight(x.q, x.st, settings.retry));
  const groups = groupByScenario(missed.map(({ q, n }) => ({ scenarioId: q.scenarioId, n, realSystemId: q.realSystemId })));
  return (
    <section className="fl-quiz__summary" aria-labelledby="fl-quiz-summary-h">
      <h3 id="fl-quiz-summary-h" ref={headingRef} tabIndex={-1} className="fl-quiz__summary-title">
        {t('quiz.summary.title')}
      </h3>
      <p className="fl-quiz__summary-score">{t('quiz.summary.score', { raw, max, percent })}</p>
      {again && <p className="fl-quiz__muted">{t('quiz.alreadySent')}</p>}
      {settings.mode === 'graded' && (
        <p className={`fl-quiz__verdict fl-quiz__verdict--${passed(raw, max, settings.passMark) ? 'right' : 'wrong'}`}>
          <strong>
            {passed(raw, max, settings.passMark)
              ? t('quiz.summary.passed', { passMark: settings.passMark })
              : t('quiz.summary.failed', { passMark: settings.passMark })}
          </strong>
        </p>
      )}
      {missed.length === 0 ? (
        <p>{t('quiz.summary.allRight')}</p>
      ) : (
        <>
          <h4 className="fl-quiz__summary-sub">{t('quiz.summary.missedTitle')}</h4>
          <ul className="fl-quiz__missed">
            {groups.map((g) => (
              <li key={g.id}>
                {g.title ? <a href={scenarioHref(g.id)} {...quizLinkTarget()}>{t('quiz.summary.review', { title: g.title })}</a> : null}{' '}
                <span className="fl-quiz__muted">{t(g.numbers.length === 1 ? 'quiz.summary.explainsOne' : 'quiz.summary.explainsMany', { list: g.numbers.join(', ') })}</span>
                {g.systems.length > 0 && <> {t('quiz.summary.realSystems', { list: g.systems.join(', ') })}</>}
              </li>
            ))}
          </ul>
          <p className="fl-quiz__muted fl-quiz__missed-list">
            {t('quiz.summary.missedList', {
              list: missed
                .map(({ n, st }) => `${n} (${st.checked ? t('quiz.summary.answeredWrong') : t('quiz.summary.notAnswered')})`)
                .join(', '),
            })}
          </p>
        </>
      )}
      <div className="fl-quiz__actions">
        <button type="button" className="fl-quiz__btn" onClick={onBack}>
          {t('quiz.summary.back')}
        </button>
        {settings.retry && (
          <button type="button" className="fl-quiz__btn fl-quiz__btn--primary" onClick={onRetryAll}>
            {t('quiz.summary.retryAll')}
          </button>
        )}
      </div>
    </section>
  );
});
