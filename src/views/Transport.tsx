/**
 * Playback controls: restart, previous event, play/pause, next event, go to end, speed, and a
 * scrubber over simulated time. Play is the page's one way forward (issue 40): paused at one of the
 * story's stops it is the story's Continue (`story/StoryBar.tsx` sets the store's `storyNext`). On the scrubber the arrow keys step between events and Space plays
 * or pauses, like the page's shortcuts; Home and End keep their native meaning (start, end).
 *
 * While playing, nothing here re-renders every frame (issue 7): the scrubber's thumb, fill and spoken
 * value and the time are written on their elements (the text only when the tenth of a second it
 * shows changes), and the event ticks re-render when the playhead crosses an event.
 * @module
 */
import { ChevronFirst, ChevronLast, Pause, Play, StepBack, StepForward } from 'lucide-react';
import { memo, useRef, type KeyboardEvent } from 'react';
import { useControl } from '../embed/display';
import { useT } from '../i18n';
import { useLab, useLabStore, usePlayheadLab } from '../store/context';
import { seconds } from '../store/derive';
import { SPEEDS } from '../store/playback';
import { shownMs, usePlayheadFrame, usePlayheadText, useStepMs } from './timeline/playhead-hooks';

/**
 * The event marks above the scrubber; those at or before the playhead are marked past. At most one
 * per thousandth of the run (under a pixel on any screen): a ten-minute run of 18,000 events drew
 * thousands of marks on top of each other, and laying them out was a long task (issue 43).
 */
const ScrubberTicks = memo(function ScrubberTicks({ times, endMs }: { times: readonly number[]; endMs: number }) {
  // The first event time in each thousandth of the run (`times` ascending).
  // (Recomputed at each event step, when this renders: a filter, no memo to carry in the first render.)
  const marks = times.filter((ms, i) => i < 1 || ((ms * 1000) / endMs) >> 0 !== ((times[i - 1]! * 1000) / endMs) >> 0);
  // The number of marks passed. Each mark is an event's time, so the event step says it: while
  // playing, in the step's own render (deferred, `StepClock`), not inside the frame that moves the
  // playhead (issue 44).
  const stepMs = useStepMs(useLab((s) => s.trace));
  const passed = marks.filter((ms) => ms <= stepMs).length;
  return (
    // An SVG: each mark is placed by its x attribute (a percentage of the track), so the prerendered
    // HTML carries no style attribute, which the hosted app's CSP blocks (issue 16). 2 px wide, centred.
    <svg className="fl-scrubber__ticks" aria-hidden="true" focusable="false">
      <g transform="translate(-1 0)">
        {endMs > 0 && marks.map((ms, i) => <rect key={ms} x={`${(ms / endMs) * 100}%`} y={0} width={2} height={12} rx={1} className={i < passed ? 'is-past' : undefined} />)}
      </g>
    </svg>
  );
});

function Scrubber() {
  const t = useT();
  const endMs = useLab((s) => s.trace.endMs);
  const times = useLab((s) => s.times);
  const seek = useLab((s) => s.seek);
  const stepNext = useLab((s) => s.stepNext);
  const stepPrev = useLab((s) => s.stepPrev);
  const togglePlay = useLab((s) => s.togglePlay);
  const input = useRef<HTMLInputElement>(null);
  const store = useLabStore();
  // Thumb and fill follow the playhead without a render (the input is uncontrolled). Each write
  // restyles, lays out and repaints the control, and with it the page (issue 44), so while playing
  // they are written when the time shown changes (`shownMs`, four times a second), in the frames
  // that repaint for it anyway.
  const shownAt = useRef(-1);
  usePlayheadFrame(
    (ms) => {
      const el = input.current;
      if (!el) return;
      const step = shownMs(store, ms);
      // While paused the value is always exact (it is the slider's spoken value).
      if (step === shownAt.current && store.getState().playing) return;
      shownAt.current = step;
      el.value = String(ms);
      el.style.setProperty('--fl-progress', `${endMs > 0 ? (ms / endMs) * 100 : 0}%`);
    },
    [endMs],
  );
  usePlayheadText(input, (ms) => t('controls.scrubberValue', { now: seconds(ms), end: seconds(endMs) }), [t, endMs], 'aria-valuetext');
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowRight' || e.key === 'ArrowUp') stepNext();
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') stepPrev();
    else if (e.key === ' ') togglePlay();
    else return;
    e.preventDefault();
  };
  return (
    <div className="fl-scrubber">
      <ScrubberTicks times={times} endMs={endMs} />
      <input
        ref={input}
        type="range"
        className="fl-scrubber__input"
        min={0}
        max={endMs}
        step="any"
        defaultValue={0}
        aria-label={t('controls.scrubber')}
        onChange={(e) => seek(Math.round(Number(e.currentTarget.value)))}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}

/** The time at the playhead: the only text of the bar that changes while playing (every tenth of a second). */
function TimeNow() {
  const t = useT();
  const ref = useRef<HTMLSpanElement>(null);
  const text = usePlayheadText(ref, (ms) => t('controls.time', { now: seconds(ms) }), [t]);
  return (
    <span ref={ref} className="fl-time__now">
      {text}
    </span>
  );
}

/** The playback bar. */
export function Transport() {
  const t = useT();
  const playing = useLab((s) => s.playing);
  const speed = useLab((s) => s.speed);
  const endMs = useLab((s) => s.trace.endMs);
  const atStart = usePlayheadLab((s) => s.playheadMs <= 0);
  const atEnd = usePlayheadLab((s) => s.playheadMs >= s.trace.endMs);
  const togglePlay = useLab((s) => s.togglePlay);
  const stepNext = useLab((s) => s.stepNext);
  const stepPrev = useLab((s) => s.stepPrev);
  const restart = useLab((s) => s.restart);
  const toEnd = useLab((s) => s.toEnd);
  const setSpeed = useLab((s) => s.setSpeed);
  // The story's forward step (its Continue, issue 40) takes this button over while paused at a stop.
  const next = useLab((s) => (s.playing ? undefined : s.storyNext));
  const label = next ? next.label : t(playing ? 'controls.pause' : 'controls.play');
  // `controls=` (embed/params.ts) may leave out the buttons, the scrubber or the speed; the time stays.
  const showPlayback = useControl('playback');
  const showScrubber = useControl('scrubber');
  const showSpeed = useControl('speed');
  return (
    <div className="fl-transport" role="group" aria-label={t('controls.label')}>
      <div className="fl-transport__row">
        {showPlayback && (
          <div className="fl-transport__buttons">
            <button type="button" className="fl-icon-btn" onClick={restart} disabled={atStart} aria-label={t('controls.restart')} title={t('controls.restart')}>
              <ChevronFirst size={18} aria-hidden="true" />
            </button>
            <button type="button" className="fl-icon-btn" onClick={stepPrev} disabled={atStart} aria-label={t('controls.prev')} title={t('controls.prev')}>
              <StepBack size={18} aria-hidden="true" />
            </button>
            <button type="button" className="fl-play" onClick={next ? (next.run ?? undefined) : togglePlay} disabled={next ? !next.run : undefined} aria-label={label}>
              {playing ? <Pause size={20} aria-hidden="true" /> : <Play size={20} aria-hidden="true" />}
              <span className="fl-play__text" aria-hidden="true">
                {label}
              </span>
            </button>
            <button type="button" className="fl-icon-btn" onClick={stepNext} disabled={atEnd} aria-label={t('controls.next')} title={t('controls.next')}>
              <StepForward size={18} aria-hidden="true" />
            </button>
            <button type="button" className="fl-icon-btn" onClick={toEnd} disabled={atEnd} aria-label={t('controls.end')} title={t('controls.end')}>
              <ChevronLast size={18} aria-hidden="true" />
            </button>
          </div>
        )}
        <div className="fl-time" aria-live="off">
          <TimeNow />
          <span className="fl-time__end">{t('controls.timeEnd', { end: seconds(endMs) })}</span>
        </div>
        {showSpeed && (
          <div className="fl-speed" role="group" aria-label={t('controls.speed')}>
            <span className="fl-speed__label" aria-hidden="true">
              {t('controls.speed')}
            </span>
            {SPEEDS.map((s) => (
              <button key={s} type="button" className="fl-speed__btn" aria-pressed={speed === s} onClick={() => setSpeed(s)}>
                {t('controls.speedValue', { speed: s })}
              </button>
            ))}
          </div>
        )}
      </div>
      {showScrubber && <Scrubber />}
    </div>
  );
}

/**
 * The playback keys, in a line of their own under the legend (not in the bar: there it pushed the
 * caption and the story's Continue a line further from the lanes they talk about).
 */
export function TransportHint() {
  const t = useT();
  const showPlayback = useControl('playback');
  const showScrubber = useControl('scrubber');
  return showPlayback || showScrubber ? <p className="fl-hint">{t('controls.shortcuts')}</p> : null;
}
