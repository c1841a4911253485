/**
 * The lesson's way in from `main.tsx` (`?view=lesson`): importing this chunk starts the lesson in
 * the page's `#root` (emptied by `main.tsx`). It imports nothing, so the lab's entry names only this
 * file: Vite writes the list of a dynamic import's dependencies (for preloading) into the chunk
 * where the import is written, and written in the entry, the lesson's list of chunk names cost the
 * lab's first render about 0.2 KB gzip (issue 45: it must not grow). Starting on import spares the
 * entry the call too.
 * @module
 */

/**
 * Loads the lesson's page (`boot.tsx`) and renders it into `container`; if its chunks cannot load
 * (offline), the lab's page instead (`lab.tsx`).
 */
export function start(container: HTMLElement): Promise<void> {
  return import('./boot').then(
    (m) => m.boot(container),
    () => import('./lab').then((m) => m.lab(container)),
  );
}

void start(document.getElementById('root')!);
