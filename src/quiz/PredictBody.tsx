/**
 * A predict-the-outcome question: the scenario plays on a live timeline (its own lab store) up to
 * just before the storage decision and stops there; the student predicts; after Check the run plays
 * on through the decision. Until Check the playhead cannot pass the stop, whether by playing or by
 * clicking on the timeline, so the answer cannot be peeked at.
 * @module
 */
import { useEffect, useId, useRef } from 'react';
import { useLabStore } from '../store/context';
import { predictAnswer, secondsText, traceFor } from './answers';
import { Mark, optionMark, type BodyProps } from './ChoiceBody';
import { useQuizT } from './messages';
import { QuizLab, QuizLabView, prefersReducedMotion } from './QuizLab';
import type { PredictQuestion } from './types';

/** The body of a predict question (its scenario must exist). */
export function PredictBody(props: BodyProps<PredictQuestion>) {
  return (
    <QuizLab scenarioId={props.q.scenarioId}>
      <PredictInner {...props} />
    </QuizLab>
  );
}

function PredictInner({ q, st, answer, locked }: BodyProps<PredictQuestion>) {
  const t = useQuizT();
  const uid = useId();
  const store = useLabStore();
  const trace = traceFor(q.scenarioId)!;
  const a = predictAnswer(q, trace)!;
  const checked = st.checked || st.revealed;
  const checkedRef = useRef(checked);
  const reduced = prefersReducedMotion();

  // Start at the stop (or, for a question already checked before a reload, at the end).
  useEffect(() => {
    const s = store.getState();
    if (checkedRef.current) s.toEnd();
    else s.seek(a.stopMs);
  }, [store, a.stopMs]);

  // Before Check the playhead may not pass the stop.
  useEffect(
    () =>
      store.subscribe((s) => {
        if (!checkedRef.current && s.playheadMs > a.stopMs) {
          // Seek first, so the listener this re-enters sees the playhead back at the stop.
          store.getState().seek(a.stopMs);
          store.getState().pause();
        }
      }),
    [store, a.stopMs],
  );

  // On Check, watch it happen (or jump there with reduced motion); on Retry, back to the stop.
  useEffect(() => {
    const was = checkedRef.current;
    checkedRef.current = checked;
    const s = store.getState();
    if (checked && !was) {
      s.seek(a.stopMs);
      if (reduced) s.seek(Math.min(trace.endMs, a.decision.atMs + 200));
      else s.play();
    } else if (!checked && was) {
      s.pause();
      s.seek(a.stopMs);
    }
  }, [checked, store, a.stopMs, a.decision.atMs, trace.endMs, reduced]);

  const replay = () => {
    const s = store.getState();
    if (reduced) {
      s.seek(checkedRef.current ? trace.endMs : a.stopMs);
      return;
    }
    s.seek(checkedRef.current ? a.stopMs : 0);
    s.play();
  };

  const value = st.response?.kind === 'predict' ? st.response.value : '';
  const label = (v: string) => predictValueText(v, t);

  return (
    <div className="fl-quiz__predict">
      <QuizLabView />
      <div className="fl-quiz__lab-bar">
        <p className="fl-quiz__hint">{checked ? null : t('quiz.predict.stopped', { time: secondsText(a.stopMs) })}</p>
        <button type="button" className="fl-quiz__btn fl-quiz__btn--quiet" onClick={replay}>
          {checked ? t('quiz.predict.watchAgain') : t('quiz.predict.replay')}
        </button>
      </div>
      <div className="fl-quiz__options fl-quiz__options--row">
        {a.choices.map((v) => {
          const id = `${uid}-${v}`;
          const chosen = value === v;
          const mark = optionMark(v === a.correct, chosen, st);
          return (
            <div key={v} className={`fl-quiz__option${mark ? ` fl-quiz__option--${mark}` : ''}`}>
              <input
                type="radio"
                id={id}
                name={`${uid}-predict`}
                value={v}
                checked={chosen}
                disabled={locked}
                onChange={() => !locked && answer({ kind: 'predict', value: v })}
              />
              <label htmlFor={id}>{label(v)}</label>
              <Mark mark={mark} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The words for a predict answer value (`accepted`, `rejected` or a token). */
export function predictValueText(v: string, t: ReturnType<typeof useQuizT>): string {
  if (v === 'accepted') return t('quiz.predict.accepted');
  if (v === 'rejected') return t('quiz.predict.rejected');
  if (v === '0') return t('quiz.predict.tokenNone');
  return t('quiz.predict.token', { token: v });
}
