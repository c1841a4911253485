/**
 * Pick a moment on the timeline: a slider whose stops are the run's event times (arrow keys step
 * from event to event; its spoken value says the time and what happens then), tied to the live
 * timeline's playhead both ways: moving the slider moves the playhead, and clicking the timeline
 * moves the slider to the last event at or before the click.
 * @module
 */
import { useEffect, useId, useMemo, useRef } from 'react';
import { useLabStore } from '../store/context';
import { momentStops, secondsText, traceFor } from './answers';
import type { BodyProps } from './ChoiceBody';
import { describeMoment } from './describe';
import { useQuizT } from './messages';
import { QuizLab, QuizLabView } from './QuizLab';
import type { MomentQuestion } from './types';

/** The body of a moment question (its scenario must exist). */
export function MomentBody(props: BodyProps<MomentQuestion>) {
  return (
    <QuizLab scenarioId={props.q.scenarioId}>
      <MomentInner {...props} />
    </QuizLab>
  );
}

/** Index of the last stop at or before `ms` (0 if none). */
export function stopIndexAt(stops: readonly number[], ms: number): number {
  let i = 0;
  for (let k = 0; k < stops.length; k++) if (stops[k]! <= ms + 0.5) i = k;
  return i;
}

function MomentInner({ q, st, answer, locked }: BodyProps<MomentQuestion>) {
  const t = useQuizT();
  const uid = useId();
  const store = useLabStore();
  const trace = traceFor(q.scenarioId)!;
  const stops = useMemo(() => momentStops(trace), [trace]);
  const atMs = st.response?.kind === 'moment' ? st.response.atMs : (stops[0] ?? 0);
  const index = stopIndexAt(stops, atMs);
  const current = useRef({ index, locked });
  current.current = { index, locked };

  // The playhead follows the chosen moment.
  useEffect(() => {
    const s = store.getState();
    if (Math.abs(s.playheadMs - (stops[index] ?? 0)) > 0.5 && stopIndexAt(stops, s.playheadMs) !== index) s.seek(stops[index] ?? 0);
  }, [store, stops, index]);

  // A click on the timeline picks the moment too.
  useEffect(
    () =>
      store.subscribe((s, prev) => {
        if (s.playheadMs === prev.playheadMs || current.current.locked) return;
        const i = stopIndexAt(stops, s.playheadMs);
        if (i !== current.current.index) answer({ kind: 'moment', atMs: stops[i] ?? 0 });
      }),
    [store, stops, answer],
  );

  const ms = stops[index] ?? 0;
  return (
    <div className="fl-quiz__moment">
      <QuizLabView />
      <p className="fl-quiz__hint" id={`${uid}-help`}>
        {t('quiz.moment.instructions')}
      </p>
      <div className="fl-quiz__slider">
        <label htmlFor={`${uid}-slider`}>{t('quiz.moment.slider')}</label>
        <input
          id={`${uid}-slider`}
          type="range"
          min={0}
          max={Math.max(0, stops.length - 1)}
          step={1}
          value={index}
          disabled={locked}
          aria-describedby={`${uid}-help`}
          aria-valuetext={t('quiz.moment.valuetext', { time: secondsText(ms), events: describeMoment(trace, ms, t) })}
          onChange={(e) => {
            if (locked) return;
            const i = Number(e.currentTarget.value);
            const at = stops[i] ?? 0;
            store.getState().pause();
            store.getState().seek(at);
            answer({ kind: 'moment', atMs: at });
          }}
        />
        <output htmlFor={`${uid}-slider`} className="fl-quiz__slider-value">
          {t('quiz.moment.valuetext', { time: secondsText(ms), events: describeMoment(trace, ms, t) })}
        </output>
      </div>
    </div>
  );
}
