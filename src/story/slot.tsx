/**
 * Where the story's bar (`StoryBar.tsx`) and the before/after comparison (`CompareCard.tsx`, under
 * the timeline) go in the explainer: both load after the first render, from one chunk with their text; the bar's space
 * is kept meanwhile (`.fl-slot--story` in app.css), so nothing moves when it arrives.
 * @module
 */
import type { RefObject } from 'react';
import { withText } from '../i18n';
import { loadOnce } from '../store/load-once';
import { deferredComponent } from '../views/ChunkBoundary';

const chunk = loadOnce((): Promise<typeof import('./story-parts')> => import('./story-parts').then(withText));

/** Loads the story's chunk (once; tests await it before rendering). */
export function loadStory(): Promise<typeof import('./story-parts')> {
  return chunk.load();
}

/**
 * The story's bar under the playback controls (the full story: the hosted app), and the timeline's
 * frames, which it sets in presenter mode too (there without the bar: `StoryBar.tsx`'s `StoryPart`).
 */
const StoryBarSlot = deferredComponent<typeof import('./story-parts'), { root: RefObject<HTMLElement | null>; presenting?: boolean }>(
  chunk,
  (m) => m.StoryPart,
  <div className="fl-slot fl-slot--story" aria-hidden="true" />,
  <div className="fl-slot fl-slot--story" aria-hidden="true" />,
);


/** The story's bar. */
export const StorySlot = StoryBarSlot;

/**
 * The before/after card, directly under the timeline (issue 40, item 5; `CompareCard.tsx`): it comes
 * with the story's chunk; nothing until the learner's first change.
 */
export const CompareSlot = deferredComponent<typeof import('./story-parts'), object>(chunk, (m) => m.CompareCard);
