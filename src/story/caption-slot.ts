/**
 * The caption's slot for the story (issue 14): the guided story, its predict prompts, the ending
 * sentence and "what changed" are told in the caption panel itself, not beside it. The story's
 * chunk (loaded after the first render) puts what to say here, per explainer store; the caption
 * panel (first render) shows it instead of its own text while it is set. Tiny on purpose: it is part
 * of the first render.
 * @module
 */
import { useSyncExternalStore, type ReactNode } from 'react';

/** What the story says in the caption. */
export interface StoryCaption {
  /** Changes when the content does (the caption animates in on a new key). */
  key: string;
  title: string;
  body: ReactNode;
  /** Simulated ms the caption is about, if any (shown as its time). */
  atMs?: number | undefined;
  /** `after`: shown below the caption's own text instead of replacing it (default: replaces it). */
  place?: 'instead' | 'after';
}

const captions = new WeakMap<object, StoryCaption | undefined>();
const listeners = new Set<() => void>();

/** Sets (or, with `undefined`, clears) the story's caption of the explainer whose store is `owner`. */
export function setStoryCaption(owner: object, caption: StoryCaption | undefined): void {
  if (captions.get(owner) === caption) return;
  captions.set(owner, caption);
  for (const l of listeners) l();
}

/** React hook: the story's caption of `owner`'s explainer, if set. */
export function useStoryCaption(owner: object): StoryCaption | undefined {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => captions.get(owner),
    () => undefined,
  );
}
