/**
 * The caption under the timeline: what just happened at the playhead, in plain words. A built-in
 * scenario's narration is used when one of its steps has happened, up to the learner's earliest
 * intervention (see `teaching/story.ts`); otherwise (and for custom scenarios) the generated caption
 * of the latest events. Screen readers hear the events from the explainer's announcer
 * (`a11y/LiveAnnouncer.tsx`), which paces itself while playing; this panel is not a live region.
 * A narration step's sources are not in its text: they sit under it in a "Sources" disclosure
 * (a native `<details>`, so it opens with the keyboard and tells screen readers whether it is open).
 * @module
 */
import { useEffect, useMemo, useState } from 'react';
import { M } from './MotionProvider';
import { useT, withText } from '../i18n';
import { loadOnce } from '../store/load-once';
import { loadedBuiltIn } from '../scenarios';
import { validNarrationAt } from '../teaching/story';
import type { NarrationSource } from '../teaching/sources';
import { useEventIndex, useLab } from '../store/context';
import { seconds } from '../store/derive';

/**
 * The caption generator (`teaching/captions.ts` and its text), loaded after the first render
 * (issue 7): at the start the panel shows the scenario's narration or the introduction, which need
 * none of it.
 */
const generator = loadOnce(() => import('../teaching/captions').then(withText));

/** The sources of a narration step, as a closed disclosure ("Sources (2)"); links open in a new tab. */
function CaptionSources({ sources }: { sources: readonly NarrationSource[] }) {
  const t = useT();
  return (
    <details className="fl-caption__sources">
      <summary>{t('caption.sources', { count: sources.length })}</summary>
      <ul>
        {sources.map((s) => (
          <li key={s.title}>
            {s.url ? (
              <a href={s.url} target="_blank" rel="noopener noreferrer">
                {s.title}
              </a>
            ) : (
              s.title
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The caption panel. Re-renders only when the playhead crosses an event. */
export function CaptionPanel() {
  const t = useT();
  const trace = useLab((s) => s.trace);
  const baseId = useLab((s) => s.baseId);
  const interventions = useLab((s) => s.interventions);
  const index = useEventIndex();
  const atMs = index >= 0 ? trace.events[index]!.atMs : -1;
  const [captions, setCaptions] = useState(() => generator.current());
  useEffect(() => {
    if (captions) return;
    let live = true;
    generator.load().then(
      (m) => live && setCaptions(m),
      () => undefined, // offline: narration and the introduction still show
    );
    return () => {
      live = false;
    };
  }, [captions]);
  const content = useMemo(() => {
    const generated = atMs >= 0 ? captions?.captionAt(trace, atMs, t) : undefined;
    // The narration tells the scenario as written. Events before the learner's earliest change are
    // unchanged, so it holds until then; from there on (or for the whole run once the token check
    // was switched) the generated captions take over. See `teaching/story.ts`.
    const narration = baseId ? loadedBuiltIn(baseId)?.narration : undefined;
    const story = narration ? validNarrationAt(trace.events, narration, interventions, atMs) : undefined;
    if (story) {
      // The story caption, plus the generated line when later events have happened since its event.
      const latest = generated && generated.atMs > story.event.atMs ? generated : undefined;
      return {
        // Not the latest line's time: a later event changes that line in place, and the story's
        // caption stays (it fades in anew only when the story moves on; issue 15).
        key: `n${story.index}-${story.event.id}`,
        at: story.event.atMs,
        title: story.step.title,
        text: story.step.text,
        latest,
        sources: story.step.sources && captions ? story.step.sources.map((id) => captions.NARRATION_SOURCES[id]) : undefined,
      };
    }
    if (generated) return { key: `g${generated.atMs}`, at: generated.atMs, title: generated.title, text: generated.text, latest: undefined, sources: undefined };
    return { key: 'intro', at: undefined, title: t('caption.intro.title'), text: t('caption.intro'), latest: undefined, sources: undefined };
  }, [trace, baseId, interventions, atMs, t, captions]);
  // The story (guided opening, predict prompts, the ending, what changed) speaks here when it has
  // something to say (the store's `story`, set by the story's chunk).
  const story = useLab((s) => s.story);

  // The story replaces the caption (`instead`) or adds to it (`after`); see the store's `story`.
  const own = story?.place === 'after' || !story;
  const shown = own ? content : { key: story.key, at: story.atMs, title: story.title, text: story.body, latest: undefined };
  return (
    <section className="fl-caption" aria-label={t('caption.heading')}>
      {/* Not a live region: the explainer's announcer (views/a11y/LiveAnnouncer) speaks the events. */}
      <div className="fl-caption__body">
        <M.div key={shown.key} initial={{ opacity: 0, y: 6 }} animate={{ opacity: 1, y: 0 }} transition={{ duration: 0.25 }}>
          <p className="fl-caption__title">
            {shown.at !== undefined && <span className="fl-caption__time">{t('caption.at', { at: seconds(shown.at) })}</span>}
            <span>{shown.title}</span>
          </p>
          <div className="fl-caption__text">{shown.text}</div>
          {own && content.sources && content.sources.length > 0 && <CaptionSources sources={content.sources} />}
          {shown.latest && (
            <p className="fl-caption__latest">
              <span>
                {t('caption.latest')} <span className="fl-caption__time">{t('caption.at', { at: seconds(shown.latest.atMs) })}</span>{' '}
                {shown.latest.text}
              </span>
            </p>
          )}
          {own && story && (
            <div className="fl-caption__story--after">
              <p className="fl-caption__title">{story.title}</p>
              {story.body}
            </div>
          )}
        </M.div>
      </div>
    </section>
  );
}
