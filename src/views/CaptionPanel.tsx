/**
 * The caption under the timeline: what just happened at the playhead, in plain words. A built-in
 * scenario's narration is used when one of its steps has happened; otherwise (and for custom
 * scenarios) the generated caption of the latest events. Announced politely to screen readers
 * while paused (not while playing, which would chatter).
 * @module
 */
import { useMemo } from 'react';
import { m } from 'motion/react';
import { Info } from 'lucide-react';
import { useT } from '../i18n';
import { findBuiltIn } from '../scenarios';
import { narrationAt } from '../scenarios/narration';
import { useLab } from '../store/context';
import { seconds } from '../store/derive';
import { lastEventIndexAt } from '../store/playback';
import { captionAt } from '../teaching/captions';

/** The caption panel. Re-renders only when the playhead crosses an event. */
export function CaptionPanel() {
  const t = useT();
  const trace = useLab((s) => s.trace);
  const baseId = useLab((s) => s.baseId);
  const playing = useLab((s) => s.playing);
  const changed = useLab((s) => s.interventions.length > 0);
  const index = useLab((s) => lastEventIndexAt(s.trace, s.playheadMs));
  const atMs = index >= 0 ? trace.events[index]!.atMs : -1;
  const content = useMemo(() => {
    const generated = atMs >= 0 ? captionAt(trace, atMs, t) : undefined;
    // The narration tells the scenario as written; once the learner changes the run, its words
    // (and numbers) may no longer hold, so the generated captions take over.
    const narration = baseId && !changed ? findBuiltIn(baseId)?.narration : undefined;
    const story = narration && narration.length > 0 && atMs >= 0 ? narrationAt(trace.events, narration, atMs) : undefined;
    if (story) {
      // The story caption, plus the generated line when later events have happened since its event.
      const latest = generated && generated.atMs > story.event.atMs ? generated : undefined;
      return { key: `n${story.index}-${story.event.id}-${latest?.atMs ?? ''}`, at: story.event.atMs, title: story.step.title, text: story.step.text, latest };
    }
    if (generated) return { key: `g${generated.atMs}`, at: generated.atMs, title: generated.title, text: generated.text, latest: undefined };
    return { key: 'intro', at: undefined, title: t('caption.intro.title'), text: t('caption.intro'), latest: undefined };
  }, [trace, baseId, changed, atMs, t]);

  return (
    <section className="fl-caption" aria-label={t('caption.heading')}>
      <div className="fl-caption__body" aria-live={playing ? 'off' : 'polite'} aria-atomic="true">
        <m.div key={content.key} initial={{ opacity: 0, y: 6 }} animate={{ opacity: 1, y: 0 }} transition={{ duration: 0.25 }}>
          <p className="fl-caption__title">
            {content.at !== undefined && <span className="fl-caption__time">{t('caption.at', { at: seconds(content.at) })}</span>}
            <span>{content.title}</span>
          </p>
          <p className="fl-caption__text">{content.text}</p>
          {content.latest && (
            <p className="fl-caption__latest">
              <Info size={14} aria-hidden="true" />
              <span>
                {t('caption.latest')} <span className="fl-caption__time">{t('caption.at', { at: seconds(content.latest.atMs) })}</span>{' '}
                {content.latest.text}
              </span>
            </p>
          )}
        </m.div>
      </div>
    </section>
  );
}
