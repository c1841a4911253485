/**
 * The quiz: one question at a time with progress ("Question 3 of 16") and the score so far, then a
 * summary. Loaded lazily by the main app, so none of it is in the first render:
 *
 * ```tsx
 * const QuizPanel = lazy(() => import('../quiz/QuizPanel'));
 * <Suspense fallback={null}><QuizPanel /></Suspense>
 * ```
 *
 * Settings come from the URL (`quizRetry`, `quizSolution`, `passMark`, `quizMode`; see
 * `settings.ts`), the embed id from `instance`. Progress is kept in `localStorage` where allowed.
 * When embedded, `answered` and `completed` xAPI-shaped messages go to the host page
 * (`embed/hostMessages.ts`).
 * @module
 */
import { useCallback, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import './quiz.css';
import { answeredStatement, completedStatement, postAnswered, postCompleted } from '../embed/hostMessages';
import { grade, isAvailable, responseString } from './answers';
import { useQuizT } from './messages';
import {
  initialProgress,
  loadProgress,
  reduceProgress,
  saveProgress,
  scoreOf,
  stateOf,
  type QuizAction,
  type QuizProgress,
} from './progress';
import { QUESTIONS } from './questions';
import { promptOf, QuestionView } from './QuestionView';
import { instanceFromSearch, parseQuizSettings } from './settings';
import { passed, Summary } from './Summary';
import type { Question, Response } from './types';

/** Props of the quiz; all optional (the app renders `<QuizPanel />`). */
export interface QuizPanelProps {
  /** The questions (default: `questions.ts`). Those whose scenario is missing are left out. */
  questions?: readonly Question[];
  /** The query string to read settings from (default: `window.location.search`). */
  search?: string;
  /** The embed instance id (default: the `instance` URL parameter, else `fencing-lab`). */
  instance?: string;
  /** The window for storage and host messages (tests pass a stand-in). */
  win?: Window;
}

function currentSearch(): string {
  try {
    return typeof window === 'undefined' ? '' : window.location.search;
  } catch {
    return '';
  }
}

/** True if `localStorage` can be written here. Never throws. */
function storageWorks(win: Window | undefined): boolean {
  try {
    const s = win?.localStorage;
    if (!s) return false;
    const k = 'fencing-lab.quiz.probe';
    s.setItem(k, '1');
    s.removeItem(k);
    return true;
  } catch {
    return false;
  }
}

/** The quiz panel (default export, for `React.lazy`). */
export default function QuizPanel({ questions = QUESTIONS, search, instance, win }: QuizPanelProps) {
  const t = useQuizT();
  const w = win ?? (typeof window === 'undefined' ? undefined : window);
  const query = search ?? currentSearch();
  const { settings, notices } = useMemo(() => parseQuizSettings(query), [query]);
  const embedId = instance ?? instanceFromSearch(query);
  const available = useMemo(() => questions.filter(isAvailable), [questions]);
  const leftOut = questions.length - available.length;
  const [canSave] = useState(() => storageWorks(w));

  const reducer = useCallback((p: QuizProgress, a: QuizAction) => reduceProgress(available, p, a), [available]);
  const [progress, dispatch] = useReducer(reducer, undefined, () => loadProgress(embedId, available, w) ?? initialProgress());

  useEffect(() => {
    if (canSave) saveProgress(embedId, progress, w);
  }, [canSave, embedId, progress, w]);

  const { raw, max } = scoreOf(available, progress);
  const index = Math.min(progress.index, Math.max(0, available.length - 1));
  const q = available[index];

  // Focus: the question heading after Previous / Next, the summary heading after Finish.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    (progress.finished ? summaryRef.current : headingRef.current)?.focus();
  }, [progress.finished, index]);

  const go = (a: QuizAction) => {
    moved.current = true;
    dispatch(a);
  };

  const answer = useCallback((id: string, r: Response) => dispatch({ type: 'answer', id, response: r }), []);
  const check = useCallback(
    (question: Question, r: Response) => {
      dispatch({ type: 'answer', id: question.id, response: r });
      dispatch({ type: 'check', id: question.id });
      if (w) postAnswered(embedId, answeredStatement(question.id, promptOf(question), responseString(r), grade(question, r).correct), w);
    },
    [embedId, w],
  );
  const retry = useCallback((id: string) => dispatch({ type: 'retry', id }), []);
  const reveal = useCallback((id: string) => dispatch({ type: 'reveal', id }), []);

  const finish = () => {
    go({ type: 'finish' });
    if (w) postCompleted(embedId, completedStatement(raw, max, settings.mode === 'graded' ? passed(raw, max, settings.passMark) : undefined), w);
  };

  const headingId = useId();
  return (
    <section className="fl-quiz" aria-labelledby={`${headingId}-title`}>
      <header className="fl-quiz__head">
        <h2 id={`${headingId}-title`} className="fl-quiz__title">
          {t('quiz.title')}
        </h2>
        <p className="fl-quiz__score" aria-live="off">
          {t('quiz.score', { raw, max })}
        </p>
      </header>
      {!progress.finished && index === 0 && <p className="fl-quiz__intro">{t('quiz.intro')}</p>}
      {notices.length > 0 && (
        <div className="fl-quiz__notice" role="note">
          <p>{t('quiz.notices')}</p>
          <ul>
            {notices.map((n) => (
              <li key={n}>
                <code>{n}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {!canSave && <p className="fl-quiz__notice fl-quiz__notice--info">{t('quiz.storageBlocked')}</p>}
      {leftOut > 0 && <p className="fl-quiz__notice fl-quiz__notice--info">{t('quiz.unavailable', { n: leftOut })}</p>}
      {!q ? (
        <p>{t('quiz.empty')}</p>
      ) : progress.finished ? (
        <Summary
          ref={summaryRef}
          questions={available}
          progress={progress}
          settings={settings}
          raw={raw}
          max={max}
          onBack={() => go({ type: 'goto', index })}
          onRetryAll={() => go({ type: 'restart' })}
        />
      ) : (
        <>
          <div className="fl-quiz__progress">
            <h3 id={`${headingId}-q`} ref={headingRef} tabIndex={-1} className="fl-quiz__qnum">
              {t('quiz.progress', { n: index + 1, total: available.length })}
            </h3>
            <progress max={available.length} value={index + 1} aria-hidden="true" />
          </div>
          <QuestionView
            key={q.id}
            q={q}
            st={stateOf(progress, q.id)}
            settings={settings}
            headingId={`${headingId}-q`}
            answer={answer}
            check={check}
            retry={retry}
            reveal={reveal}
          />
          <nav className="fl-quiz__nav" aria-label={t('quiz.title')}>
            <button type="button" className="fl-quiz__btn" disabled={index === 0} onClick={() => go({ type: 'goto', index: index - 1 })}>
              {t('quiz.previous')}
            </button>
            {index < available.length - 1 ? (
              <button type="button" className="fl-quiz__btn" onClick={() => go({ type: 'goto', index: index + 1 })}>
                {t('quiz.next')}
              </button>
            ) : (
              <button type="button" className="fl-quiz__btn fl-quiz__btn--primary" onClick={finish}>
                {t('quiz.finish')}
              </button>
            )}
          </nav>
        </>
      )}
    </section>
  );
}
