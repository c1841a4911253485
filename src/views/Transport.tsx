/**
 * Playback controls: restart, previous event, play/pause, next event, go to end, speed, and a
 * scrubber over simulated time. On the scrubber the arrow keys step between events and Space plays
 * or pauses, like the page's shortcuts; Home and End keep their native meaning (start, end).
 * @module
 */
import { ChevronFirst, ChevronLast, Pause, Play, StepBack, StepForward } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useT } from '../i18n';
import { useLab } from '../store/context';
import { seconds } from '../store/derive';
import { SPEEDS } from '../store/playback';

function Scrubber() {
  const t = useT();
  const playheadMs = useLab((s) => s.playheadMs);
  const endMs = useLab((s) => s.trace.endMs);
  const times = useLab((s) => s.times);
  const seek = useLab((s) => s.seek);
  const stepNext = useLab((s) => s.stepNext);
  const stepPrev = useLab((s) => s.stepPrev);
  const pct = endMs > 0 ? (playheadMs / endMs) * 100 : 0;
  const togglePlay = useLab((s) => s.togglePlay);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowRight' || e.key === 'ArrowUp') stepNext();
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') stepPrev();
    else if (e.key === ' ') togglePlay();
    else return;
    e.preventDefault();
  };
  return (
    <div className="fl-scrubber">
      <div className="fl-scrubber__ticks" aria-hidden="true">
        {endMs > 0 && times.map((ms) => <span key={ms} style={{ left: `${(ms / endMs) * 100}%` }} className={ms <= playheadMs ? 'is-past' : undefined} />)}
      </div>
      <input
        type="range"
        className="fl-scrubber__input"
        min={0}
        max={endMs}
        step="any"
        value={playheadMs}
        aria-label={t('controls.scrubber')}
        aria-valuetext={t('controls.scrubberValue', { now: seconds(playheadMs), end: seconds(endMs) })}
        style={{ ['--fl-progress' as string]: `${pct}%` }}
        onChange={(e) => seek(Math.round(Number(e.currentTarget.value)))}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}

/** The playback bar. */
export function Transport() {
  const t = useT();
  const playing = useLab((s) => s.playing);
  const speed = useLab((s) => s.speed);
  const playheadMs = useLab((s) => s.playheadMs);
  const endMs = useLab((s) => s.trace.endMs);
  const togglePlay = useLab((s) => s.togglePlay);
  const stepNext = useLab((s) => s.stepNext);
  const stepPrev = useLab((s) => s.stepPrev);
  const restart = useLab((s) => s.restart);
  const toEnd = useLab((s) => s.toEnd);
  const setSpeed = useLab((s) => s.setSpeed);
  const atStart = playheadMs <= 0;
  const atEnd = playheadMs >= endMs;
  return (
    <div className="fl-transport" role="group" aria-label={t('controls.label')}>
      <div className="fl-transport__row">
        <div className="fl-transport__buttons">
          <button type="button" className="fl-icon-btn" onClick={restart} disabled={atStart} aria-label={t('controls.restart')} title={t('controls.restart')}>
            <ChevronFirst size={18} aria-hidden="true" />
          </button>
          <button type="button" className="fl-icon-btn" onClick={stepPrev} disabled={atStart} aria-label={t('controls.prev')} title={t('controls.prev')}>
            <StepBack size={18} aria-hidden="true" />
          </button>
          <button type="button" className="fl-play" onClick={togglePlay} aria-label={playing ? t('controls.pause') : t('controls.play')}>
            {playing ? <Pause size={20} aria-hidden="true" /> : <Play size={20} aria-hidden="true" />}
            <span className="fl-play__text" aria-hidden="true">
              {playing ? t('controls.pause') : t('controls.play')}
            </span>
          </button>
          <button type="button" className="fl-icon-btn" onClick={stepNext} disabled={atEnd} aria-label={t('controls.next')} title={t('controls.next')}>
            <StepForward size={18} aria-hidden="true" />
          </button>
          <button type="button" className="fl-icon-btn" onClick={toEnd} disabled={atEnd} aria-label={t('controls.end')} title={t('controls.end')}>
            <ChevronLast size={18} aria-hidden="true" />
          </button>
        </div>
        <div className="fl-time" aria-live="off">
          <span className="fl-time__now">{t('controls.time', { now: seconds(playheadMs) })}</span>
          <span className="fl-time__end">{t('controls.timeEnd', { end: seconds(endMs) })}</span>
        </div>
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
      </div>
      <Scrubber />
      <p className="fl-hint">{t('controls.shortcuts')}</p>
    </div>
  );
}
