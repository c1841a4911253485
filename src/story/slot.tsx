/**
 * Where the story's bar (`StoryBar.tsx`) and the before/after comparison (`CompareCard.tsx`) go in
 * the explainer: both load after the first render, from one chunk with their text; the bar's space
 * is kept meanwhile (`.fl-slot--story` in app.css), so nothing moves when it arrives.
 * @module
 */
import type { RefObject } from 'react';
import { useT, withText } from '../i18n';
import { loadOnce } from '../store/load-once';
import { deferredComponent } from '../views/ChunkBoundary';

// Not in the single file (see QuizOnlyBar): no import of the chunk at all there.
const chunk = loadOnce(() => (import.meta.env.FENCING_LAB_SINGLE_FILE ? Promise.reject(new Error('no story in the single file')) : import('./story-parts').then(withText)));

/** Loads the story's chunk (once; tests await it before rendering). */
export function loadStory(): Promise<typeof import('./story-parts')> {
  return chunk.load();
}

/** The story's bar under the playback controls (the full story: the hosted app). */
const StoryBarSlot = deferredComponent<typeof import('./story-parts'), { root: RefObject<HTMLElement | null> }>(
  chunk,
  (m) => m.StoryBar,
  <div className="fl-slot fl-slot--story" aria-hidden="true" />,
  <div className="fl-slot fl-slot--story" aria-hidden="true" />,
);

/** The run before the last change beside the run now (renders nothing until there is a change). */
const CompareCardSlot = deferredComponent<typeof import('./story-parts'), object>(chunk, (m) => m.CompareCard);

/**
 * The single file (200 KB gzip budget, nearly full) has no room for the story's chunk: it shows the
 * way to the quiz only (`?view=quiz` works from file:// too). The hosted app has the whole story.
 */
function QuizOnlyBar() {
  const t = useT();
  const q = new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
  q.set('view', 'quiz');
  q.delete('t');
  return (
    <div className="fl-slot fl-slot--story fl-story-lite">
      <a className="fl-btn fl-btn--ghost" href={`?${q.toString()}`}>
        {t('nav.quiz')}
      </a>
    </div>
  );
}

/** The story's bar, or in the single file the quiz link alone. */
export const StorySlot: typeof StoryBarSlot = import.meta.env.FENCING_LAB_SINGLE_FILE ? QuizOnlyBar : StoryBarSlot;
/** The comparison card (not in the single file). */
export const CompareSlot: typeof CompareCardSlot = import.meta.env.FENCING_LAB_SINGLE_FILE ? () => null : CompareCardSlot;
