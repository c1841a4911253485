/**
 * One question: a `<fieldset>` whose `<legend>` is the prompt, the body of its kind, the Check /
 * Retry / Show solution buttons, and the feedback in a polite live region (so screen readers hear
 * it without focus being moved), with the sources under it.
 *
 * Focus: Check stays focused after checking (it turns `aria-disabled`, never `disabled`, so focus
 * is not lost); Retry puts focus on the first answer control; Show solution stays focused. Nothing
 * traps focus.
 * @module
 */
import { Suspense, lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  fillMomentExplanation,
  fillPredictPrompt,
  isAnswered,
  momentStops,
  orderAnswer,
  predictAnswer,
  secondsText,
  traceFor,
  grade,
} from './answers';
import { beliefOverlaps } from '../store/beliefs';
import { ChoiceBody } from './ChoiceBody';
import { describeBelievers, describeLeaseWithoutBelief } from './describe';
import { useQuizT } from './messages';
import { MomentBody } from './MomentBody';
import { currentOrder, OrderBody } from './OrderBody';
import { PredictBody, predictValueText } from './PredictBody';
import type { QuestionState } from './progress';
import type { QuizSettings } from './settings';
import type { Question, Response, Source } from './types';
import { findBuiltIn } from '../scenarios';
import { quizLinkTarget, scenarioHref } from './Summary';
import { realSystemTitle } from './real-systems';
import { FromRealSystems } from './FromRealSystems';

/** The response a question starts with before the student touches it (order: as shown; moment: the first stop). */
export function defaultResponse(q: Question): Response | undefined {
  if (q.kind === 'order') return { kind: 'order', order: q.items.map((i) => i.id) };
  if (q.kind === 'moment') {
    const trace = traceFor(q.scenarioId);
    return { kind: 'moment', atMs: trace ? (momentStops(trace)[0] ?? 0) : 0 };
  }
  return undefined;
}

/**
 * Glossary terms in the quiz's text (issue 14): their first use on the page opens the definition, as
 * in the story. Its own chunk (the text shows plainly until it arrives).
 */
const GlossaryAfter = lazy(() => import('../glossary/Glossary').then((m) => ({ default: m.GlossaryAfter })));

/** `text` with its glossary terms marked (those not in `before`, shown earlier on the page). */
function Glossed({ text, before = [] }: { text: string; before?: readonly string[] }) {
  return (
    <Suspense fallback={text}>
      <GlossaryAfter text={text} before={before} />
    </Suspense>
  );
}

/** The prompt as shown (predict prompts filled from the trace). */
export function promptOf(q: Question): string {
  if (q.kind !== 'predict') return q.prompt;
  const trace = traceFor(q.scenarioId);
  return trace ? fillPredictPrompt(q, trace) : q.prompt;
}

interface QuestionViewProps {
  q: Question;
  st: QuestionState;
  settings: QuizSettings;
  /** Id of the element that labels the question (its "Question n of N" heading). */
  headingId: string;
  answer(id: string, r: Response): void;
  /** Checks `r` (the current or default response). */
  check(q: Question, r: Response): void;
  retry(id: string): void;
  reveal(id: string): void;
}

/** One question with its buttons and feedback. */
export function QuestionView({ q, st, settings, headingId, answer, check, retry, reveal }: QuestionViewProps) {
  const t = useQuizT();
  const [nudge, setNudge] = useState(false);
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const [retried, setRetried] = useState(0);
  const locked = st.checked || st.revealed;
  const onAnswer = (r: Response) => {
    setNudge(false);
    answer(q.id, r);
  };

  useEffect(() => {
    if (retried === 0) return;
    // The first answer control (not a glossary term in the prompt).
    fieldset.current?.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled]):not(.fl-term__btn)')?.focus();
  }, [retried]);

  const onCheck = () => {
    if (locked) return;
    const r = st.response ?? defaultResponse(q);
    if (!r || !isAnswered(r)) {
      setNudge(true);
      return;
    }
    check(q, r);
  };

  const body = (() => {
    const props = { st, answer: onAnswer, locked };
    switch (q.kind) {
      case 'choice':
        return <ChoiceBody q={q} {...props} />;
      case 'predict':
        return <PredictBody q={q} {...props} />;
      case 'order':
        return <OrderBody q={q} {...props} />;
      case 'moment':
        return <MomentBody q={q} {...props} />;
    }
  })();

  return (
    <div className="fl-quiz__question" data-kind={q.kind}>
      {q.realSystemId && <FromRealSystems id={q.realSystemId} />}
      <fieldset ref={fieldset} className="fl-quiz__fieldset" aria-describedby={headingId}>
        <legend className="fl-quiz__legend">
          <Glossed text={promptOf(q)} />
        </legend>
        {body}
      </fieldset>
      <div className="fl-quiz__actions">
        <button
          type="button"
          className="fl-quiz__btn fl-quiz__btn--primary"
          aria-disabled={locked ? 'true' : undefined}
          onClick={onCheck}
        >
          {t('quiz.check')}
        </button>
        {settings.retry && st.checked && !st.revealed && (
          <button
            type="button"
            className="fl-quiz__btn"
            onClick={() => {
              retry(q.id);
              setRetried((n) => n + 1);
            }}
          >
            {t('quiz.retry')}
          </button>
        )}
        {settings.solution && st.checked && !st.correct && (
          <button type="button" className="fl-quiz__btn" aria-disabled={st.revealed ? 'true' : undefined} onClick={() => !st.revealed && reveal(q.id)}>
            {t('quiz.showSolution')}
          </button>
        )}
      </div>
      <div className="fl-quiz__feedback" role="status" aria-live="polite">
        {nudge && !locked && <p className="fl-quiz__nudge">{t('quiz.needAnswer')}</p>}
        {st.checked && st.response && <Feedback q={q} st={st} response={st.response} />}
      </div>
      {st.checked && <LearnMore q={q} />}
      {st.checked && <Sources sources={q.sources} />}
    </div>
  );
}

/**
 * A question's explanation, its terms defined where the prompt did not define them already (the
 * glossary on the quiz page, issue 14).
 */
function Explanation({ q }: { q: Extract<Question, { explanation: string }> }) {
  return (
    <p>
      <Glossed text={q.explanation} before={[promptOf(q)]} />
    </p>
  );
}

/** The feedback after Check (and the solution once shown). */
function Feedback({ q, st, response }: { q: Question; st: QuestionState; response: Response }) {
  const t = useQuizT();
  const g = grade(q, response);
  const verdict = (
    <p className={`fl-quiz__verdict fl-quiz__verdict--${st.correct ? 'right' : 'wrong'}`}>
      <strong>{st.correct ? t('quiz.correct') : t('quiz.incorrect')}</strong>
      {q.kind === 'choice' && q.multiple && !st.correct && g.partial && <> {t('quiz.partial', g.partial)}</>}
    </p>
  );
  let details: ReactNode = null;
  let solution: ReactNode = null;
  switch (q.kind) {
    case 'choice': {
      const chosen = response.kind === 'choice' ? response.selected : [];
      // A select-all question explains every option, ticked or not: leaving a right one unticked
      // is as much a mistake as ticking a wrong one. A single choice explains the one chosen.
      const shown = st.revealed || q.multiple ? q.options : q.options.filter((o) => chosen.includes(o.id));
      details = (
        <ul className="fl-quiz__option-feedback">
          {shown.map((o) => (
            // The mark beside a select-all option judges the learner's call on it (issue 41): a wrong
            // option rightly left out gets ✓, like a right one ticked. A single choice marks the option.
            <li key={o.id} className={(q.multiple ? chosen.includes(o.id) === o.correct : o.correct) ? 'fl-quiz__fb--right' : 'fl-quiz__fb--wrong'}>
              <span className="fl-quiz__fb-option">
                {o.text}
                {/* On a select-all question, whether the learner's own call on this option was right
                    (the option's feedback then says why): "(you did not tick it) Right." read as praise. */}
                {q.multiple ? (
                  <span className="fl-quiz__fb-yours">
                    {' '}
                    ({t(`quiz.${chosen.includes(o.id) ? 'ticked' : 'notTicked'}.${o.correct ? 'right' : 'wrong'}`)})
                  </span>
                ) : (
                  chosen.includes(o.id) && <span className="fl-quiz__fb-yours"> ({t('quiz.yourAnswer')})</span>
                )}
              </span>{' '}
              <span>{o.feedback}</span>
            </li>
          ))}
        </ul>
      );
      break;
    }
    case 'predict': {
      const trace = traceFor(q.scenarioId);
      const a = trace && predictAnswer(q, trace);
      if (a) {
        details = (
          <>
            <p className="fl-quiz__happened">{t('quiz.predict.happened', { log: a.decision.text })}</p>
            <Explanation q={q} />
          </>
        );
        if (st.revealed) solution = <p>{t('quiz.predict.rightAnswer', { answer: predictValueText(a.correct, t) })}</p>;
      }
      break;
    }
    case 'order': {
      const trace = traceFor(q.scenarioId);
      const right = trace && orderAnswer(q, trace);
      if (right) {
        const mine = currentOrder(q, response);
        const inPlace = right.filter((row, i) => mine[i] === row.id).length;
        details = st.correct ? <Explanation q={q} /> : <p>{t('quiz.order.inPlace', { right: inPlace, of: right.length })}</p>;
        if (st.revealed) {
          solution = (
            <>
              <p>{t('quiz.order.rightOrder')}</p>
              <ol className="fl-quiz__solution-list">
                {right.map((row) => (
                  <li key={row.id}>
                    {row.label} <span className="fl-quiz__muted">({t('quiz.order.at', { time: secondsText(row.event.atMs) })})</span>
                  </li>
                ))}
              </ol>
              <Explanation q={q} />
            </>
          );
        }
      }
      break;
    }
    case 'moment': {
      const trace = traceFor(q.scenarioId);
      if (trace && response.kind === 'moment') {
        const leaseOnly = describeLeaseWithoutBelief(trace, response.atMs, t);
        details = (
          <>
            <p>
              {describeBelievers(trace, response.atMs, t)}
              {leaseOnly && ` ${leaseOnly}`}
            </p>
            <p>{fillMomentExplanation(q, trace)}</p>
          </>
        );
        if (st.revealed) {
          solution = (
            <ul className="fl-quiz__solution-list">
              {beliefOverlaps(trace).map((s) => (
                <li key={s.startMs}>
                  {t('quiz.moment.overlap', { start: secondsText(s.startMs), end: secondsText(s.endMs) })}{' '}
                  {describeBelievers(trace, s.startMs, t)}
                </li>
              ))}
            </ul>
          );
        }
      }
      break;
    }
  }
  return (
    <div className="fl-quiz__feedback-body">
      {verdict}
      {details}
      {st.revealed && (
        <div className="fl-quiz__solution">
          <p className="fl-quiz__solution-title">
            <strong>{t('quiz.solutionTitle')}</strong> {t('quiz.solutionShown')}
          </p>
          {solution}
        </div>
      )}
    </div>
  );
}

/**
 * Where the app teaches a question's details: for a question on a real system, its entry in the
 * Real systems tab of the scenario that goes with it ("Learn more: open … and its Real systems
 * tab, entry etcd"). Nothing for other questions: their feedback explains them.
 */
function LearnMore({ q }: { q: Question }) {
  const t = useQuizT();
  const system = q.realSystemId ? realSystemTitle(q.realSystemId) : undefined;
  const scenario = q.scenarioId ? findBuiltIn(q.scenarioId) : undefined;
  if (!system || !scenario) return null;
  const [before, after] = t('quiz.learnMore', { scenario: '\u0000', system }).split('\u0000');
  return (
    <p className="fl-quiz__learn-more">
      {before}
      <a href={scenarioHref(scenario.id)} {...quizLinkTarget()}>
        {scenario.title}
      </a>
      {after}
    </p>
  );
}

/** "Source: …" lines under the feedback. */
export function Sources({ sources }: { sources: Source[] }) {
  const t = useQuizT();
  return (
    <p className="fl-quiz__sources">
      <span className="fl-quiz__sources-label">{sources.length > 1 ? t('quiz.sources') : t('quiz.source')}</span>{' '}
      {sources.map((s, i) => (
        <span key={i}>
          {i > 0 && '; '}
          {s.url ? (
            <a href={s.url} target="_blank" rel="noopener noreferrer">
              {s.title}
            </a>
          ) : (
            s.title
          )}
          {s.section && <>, {s.section}</>}
        </span>
      ))}
    </p>
  );
}
