/**
 * Whether the calling component is being hydrated from prerendered HTML (issue 15).
 * @module
 */
import { useSyncExternalStore } from 'react';

/** A store that never changes: with `useSyncExternalStore` it tells hydration (server snapshot) from any other render. */
const noSubscription = (): (() => void) => () => undefined;

/**
 * `true` during the render that hydrates server HTML (React reads the server snapshot then) and on
 * the server itself; `false` in every client render after it and in a fresh client render (an
 * embed, a deep link, the single file). It never triggers a re-render of its own.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(noSubscription, () => false, () => true);
}
