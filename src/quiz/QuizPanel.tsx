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
 * When embedded, `answered` and `completed` xAPI 1.0.3 statements go to the host page
 * (`embed/hostMessages.ts`); under an LMS, the score also goes through its runtime (`src/lms`).
 * @module
 */
import { useCallback, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import './quiz.css';
import { listenForActor, postStatement } from '../embed/hostMessages';
import { revealWhenShown } from '../embed/placeInView';
import { detectLms, openLms, type LmsSession } from '../lms/session';
import { grade, isAvailable, responseString } from './answers';
import { useQuizT } from './messages';
import {
  initialProgress,
  loadProgress,
  parseProgress,
  passed,
  quizStorage,
  reduceProgress,
  saveProgress,
  scoreOf,
  serializeProgress,
  stateOf,
  unanswered,
  withRegistration,
  type QuizAction,
  type QuizProgress,
} from './progress';
import { QUESTIONS } from './questions';
import { promptOf, QuestionView } from './QuestionView';
import { instanceFromSearch, parseQuizSettings, pickQuestions } from './settings';
import { Summary } from './Summary';
import type { Question, Response } from './types';
import {
  anonymousActor,
  answeredStatement,
  parseActor,
  questionDefinition,
  quizActivityId,
  quizStatement,
  uuid,
  xapiBase,
  type XapiAgent,
  type XapiAttempt,
} from './xapi';

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

function currentHref(w: Window | undefined): string {
  try {
    return w?.location?.href ?? '';
  } catch {
    return '';
  }
}

type LmsState = { phase: 'none' } | { phase: 'connecting'; kind: 'scorm' | 'cmi5' } | { phase: 'open'; session: LmsSession | undefined };

/**
 * The quiz panel (default export, for `React.lazy`). When launched by an LMS (a SCORM 1.2 API
 * adapter in a parent window, or cmi5 launch parameters), it first opens the LMS session
 * (`src/lms`, loaded on demand), then runs the quiz with the LMS's settings and saved progress.
 */
export default function QuizPanel(props: QuizPanelProps) {
  const t = useQuizT();
  const w = props.win ?? (typeof window === 'undefined' ? undefined : window);
  const query = props.search ?? currentSearch();
  const [lms, setLms] = useState<LmsState>(() => {
    const kind = detectLms(w, query);
    return kind ? { phase: 'connecting', kind } : { phase: 'none' };
  });
  useEffect(() => {
    if (lms.phase !== 'connecting' || !w) return;
    let live = true;
    void openLms(lms.kind, w, query).then((session) => live && setLms({ phase: 'open', session }));
    return () => {
      live = false;
    };
  }, [lms, w, query]);
  if (lms.phase === 'connecting') {
    return (
      <section className="fl-quiz">
        <p role="status">{t('quiz.lms.connecting')}</p>
      </section>
    );
  }
  return <QuizRun {...props} lms={lms.phase === 'open' ? (lms.session ?? null) : undefined} />;
}

/** The quiz run; `lms` is the open session, `null` when an LMS was found but did not open. */
function QuizRun({ questions: all = QUESTIONS, search, instance, win, lms }: QuizPanelProps & { lms: LmsSession | null | undefined }) {
  const t = useQuizT();
  const w = win ?? (typeof window === 'undefined' ? undefined : window);
  const query = search ?? currentSearch();
  const session = lms ?? undefined;
  const { settings, notices } = useMemo(() => {
    const r = parseQuizSettings(query, session?.settings);
    if (session?.passMark !== undefined) r.settings.passMark = session.passMark;
    return r;
  }, [query, session]);
  const embedId = instance ?? instanceFromSearch(query);
  const available = useMemo(() => all.filter(isAvailable), [all]);
  const leftOut = all.length - available.length;
  // Whether progress can be kept here (`localStorage`, else `sessionStorage`).
  const [canSave] = useState(() => quizStorage(w) !== undefined);

  const [progress, dispatch] = useReducer(
    (p: QuizProgress, a: QuizAction & { questions: readonly Question[] }) => reduceProgress(a.questions, p, a, { retry: settings.retry }),
    undefined,
    () => {
      const saved = parseProgress(session?.suspended, available) ?? loadProgress(embedId, available, w);
      // A new attempt's id: the LMS's (cmi5), the host's (`registration`, the same across reloads
      // where nothing can be saved), or a new one.
      const p = withRegistration(saved ?? initialProgress(), session?.registration ?? settings.registration ?? uuid(), Date.now());
      // cmi5: the LMS's registration is the attempt's.
      return session?.registration && p.registration !== session.registration ? initialProgress(session.registration, Date.now()) : p;
    },
  );
  const { questions, unknown } = useMemo(() => pickQuestions(available, settings, progress.registration), [available, settings, progress.registration]);
  const send = useCallback((a: QuizAction) => dispatch({ ...a, questions }), [questions]);

  // Who the statements are about: the LMS's learner, the `actor` parameter, or `setActor` from the host.
  const [hostActor, setHostActor] = useState<XapiAgent | undefined>(undefined);
  useEffect(() => (w ? listenForActor(w, embedId, parseActor, setHostActor) : undefined), [w, embedId]);
  const href = currentHref(w);
  const attempt: XapiAttempt = useMemo(() => {
    const actor = session?.actor ?? hostActor ?? parseActor(settings.actor ?? '') ?? anonymousActor(href.split(/[?#]/)[0] ?? '', progress.registration);
    return {
      actor,
      registration: progress.registration,
      quizId: session?.activityId ?? quizActivityId(xapiBase(href, settings.xapiBase), embedId),
      contextTemplate: session?.contextTemplate,
    };
  }, [session, hostActor, settings, href, progress.registration, embedId]);

  // Whether the LMS kept the latest progress (false: SCORM 1.2's suspend data had no room for it).
  const [lmsKept, setLmsKept] = useState(true);
  // Whether the LMS session has ended (cmi5: at Finish, also before a reload): nothing more reaches the course.
  const [lmsEnded, setLmsEnded] = useState(() => session?.ended?.() ?? false);
  useEffect(() => {
    if (canSave) saveProgress(embedId, progress, w);
    if (session) setLmsKept(session.suspend(serializeProgress(progress), progress.index));
  }, [canSave, embedId, progress, w, session]);
  // The page goes away: end the LMS session (SCORM LMSFinish; a cmi5 session ends at Finish instead).
  const startedAt = progress.startedAt;
  useEffect(() => {
    if (!session || !w) return;
    const end = () => session.end(Date.now() - startedAt);
    w.addEventListener('pagehide', end);
    return () => w.removeEventListener('pagehide', end);
  }, [session, w, startedAt]);

  const { raw, max } = scoreOf(questions, progress, settings.retry);
  const index = Math.min(progress.index, Math.max(0, questions.length - 1));
  const q = questions[index];
  const [confirming, setConfirming] = useState(false);
  const [again, setAgain] = useState(false);

  // Focus: the question heading after Previous / Next, the summary heading after Finish.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLHeadingElement>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    (progress.finished ? summaryRef.current : headingRef.current)?.focus();
  }, [progress.finished, index]);
  useEffect(() => {
    const el = confirmRef.current;
    if (!confirming || !el) return undefined;
    el.focus({ preventScroll: true });
    // Under Finish, at the bottom of an embed that grows to hold it: brought into view once it has.
    return revealWhenShown(el);
  }, [confirming]);
  // When the question was shown (for the `answered` statement's duration).
  const shownAt = useRef(Date.now());
  useEffect(() => {
    shownAt.current = Date.now();
  }, [q?.id]);

  const go = (a: QuizAction) => {
    moved.current = true;
    setConfirming(false);
    send(a);
  };

  const answer = useCallback((id: string, r: Response) => send({ type: 'answer', id, response: r }), [send]);
  const check = useCallback(
    (question: Question, r: Response) => {
      send({ type: 'answer', id: question.id, response: r });
      send({ type: 'check', id: question.id });
      if (!w) return;
      const prompt = promptOf(question);
      const correct = grade(question, r).correct;
      const s = answeredStatement(attempt, { question, prompt, response: responseString(r), success: correct, durationMs: Date.now() - shownAt.current }, uuid(), new Date().toISOString());
      postStatement('answered', embedId, s, w);
      const def = questionDefinition(question, prompt);
      session?.answered(s, { id: question.id, type: def.interactionType ?? 'choice', response: responseString(r), patterns: def.correctResponsesPattern ?? [], correct });
    },
    [embedId, w, send, attempt, session],
  );
  const retry = useCallback((id: string) => send({ type: 'retry', id }), [send]);
  const reveal = useCallback((id: string) => send({ type: 'reveal', id }), [send]);

  const left = unanswered(questions, progress);
  const finish = (sure = false) => {
    // Asks first when questions are unanswered (not once the result is sent: the answers are final).
    if (left.length > 0 && !sure && !progress.completedSent) {
      setConfirming(true);
      return;
    }
    go({ type: 'finish' });
    setAgain(progress.completedSent);
    if (progress.completedSent || !w) return;
    // Once per attempt: a second Finish (after Back to the questions) sends nothing (issue 16).
    const success = settings.mode === 'graded' ? passed(raw, max, settings.passMark) : undefined;
    const durationMs = Date.now() - progress.startedAt;
    postStatement('completed', embedId, quizStatement(attempt, 'completed', { raw, max, success, durationMs }, uuid(), new Date().toISOString()), w);
    session?.finish(raw, max, success, durationMs);
    setLmsEnded(session?.ended?.() ?? false);
    send({ type: 'sent' });
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
      {unknown.length > 0 && (
        <div className="fl-quiz__notice" role="note">
          <p>{t('quiz.notices')}</p>
          <ul>
            <li>
              <code>quizQuestions: no question {unknown.map((u) => JSON.stringify(u)).join(', ')}; ignored</code>
            </li>
          </ul>
        </div>
      )}
      {lms === null && <p className="fl-quiz__notice">{t('quiz.lms.failed')}</p>}
      {lms && !lmsKept && (
        <p className="fl-quiz__notice" role="status">
          {t('quiz.lms.unsaved')}
        </p>
      )}
      {lms && <p className="fl-quiz__notice fl-quiz__notice--info">{t(lmsEnded ? 'quiz.lms.ended' : 'quiz.lms.connected')}</p>}
      {!progress.finished && index === 0 && !settings.retry && settings.mode === 'graded' && <p className="fl-quiz__intro">{t('quiz.firstCounts')}</p>}
      {!q ? (
        <p>{t('quiz.empty')}</p>
      ) : progress.finished ? (
        <Summary
          ref={summaryRef}
          questions={questions}
          progress={progress}
          settings={settings}
          raw={raw}
          max={max}
          again={again}
          onBack={() => go({ type: 'goto', index })}
          onRetryAll={() => go({ type: 'restart', registration: session?.registration ?? uuid(), startedAt: Date.now() })}
        />
      ) : (
        <>
          <div className="fl-quiz__progress">
            <h3 id={`${headingId}-q`} ref={headingRef} tabIndex={-1} className="fl-quiz__qnum">
              {t('quiz.progress', { n: index + 1, total: questions.length })}
            </h3>
            <progress max={questions.length} value={index + 1} aria-hidden="true" />
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
            {index < questions.length - 1 ? (
              <button type="button" className="fl-quiz__btn" onClick={() => go({ type: 'goto', index: index + 1 })}>
                {t('quiz.next')}
              </button>
            ) : (
              <button type="button" className="fl-quiz__btn fl-quiz__btn--primary" onClick={() => finish()}>
                {t('quiz.finish')}
              </button>
            )}
          </nav>
          {confirming && left.length > 0 && (
            <div className="fl-quiz__confirm" role="alertdialog" aria-labelledby={`${headingId}-confirm`} tabIndex={-1} ref={confirmRef}>
              <p id={`${headingId}-confirm`}>
                {t('quiz.unanswered', { n: left.length, list: left.map((x) => questions.indexOf(x) + 1).join(', ') })}
              </p>
              <div className="fl-quiz__actions">
                <button type="button" className="fl-quiz__btn" onClick={() => go({ type: 'goto', index: questions.indexOf(left[0]!) })}>
                  {t('quiz.keepGoing')}
                </button>
                <button type="button" className="fl-quiz__btn fl-quiz__btn--primary" onClick={() => finish(true)}>
                  {t('quiz.finishAnyway')}
                </button>
              </div>
            </div>
          )}
        </>
      )}
    </section>
  );
}
