/**
 * React hook: keeps the page URL in step with the explainer (see `url-sync.ts`, loaded after the
 * first render so none of it, nor the link codec, delays the page).
 * @module
 */
import { useEffect } from 'react';
import { useLabStore } from '../store/context';

/** Writes the page URL (history.replaceState) while `enabled`: the stand-alone page, not embeds. */
export function useUrlSync(enabled: boolean): void {
  const store = useLabStore();
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    import('./url-sync').then(
      (m) => {
        if (!cancelled) stop = m.startUrlSync(store);
      },
      () => {
        // The chunk did not load (offline): the URL just stays as it came.
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [enabled, store]);
}
