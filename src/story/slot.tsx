/**
 * Where the story's bar (`StoryBar.tsx`) and the before/after comparison (`CompareCard.tsx`) go in
 * the explainer: both load after the first render, from one chunk with their text; the bar's space
 * is kept meanwhile (`.fl-slot--story` in app.css), so nothing moves when it arrives.
 * @module
 */
import type { RefObject } from 'react';
import { withText } from '../i18n';
import { loadOnce } from '../store/load-once';
import { deferredComponent } from '../views/ChunkBoundary';

const chunk = loadOnce(() => import('./story-parts').then(withText));

/** Loads the story's chunk (once; tests await it before rendering). */
export function loadStory(): Promise<typeof import('./story-parts')> {
  return chunk.load();
}

/** The story's bar under the playback controls. */
export const StorySlot = deferredComponent<typeof import('./story-parts'), { root: RefObject<HTMLElement | null> }>(
  chunk,
  (m) => m.StoryBar,
  <div className="fl-slot fl-slot--story" aria-hidden="true" />,
  <div className="fl-slot fl-slot--story" aria-hidden="true" />,
);

/** The run before the last change beside the run now (renders nothing until there is a change). */
export const CompareSlot = deferredComponent<typeof import('./story-parts'), object>(chunk, (m) => m.CompareCard);
