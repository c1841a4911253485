/**
 * Where the "Go further" tabs (`GoFurther.tsx`) go in the explainer. They sit below the timeline,
 * so their code and styles are fetched only once the page is idle after its first paint (or the
 * learner scrolls), and never delay it.
 * @module
 */
import { Suspense, lazy, startTransition, useEffect, useState } from 'react';
import { withText } from '../i18n';
import { ChunkBoundary } from '../views/ChunkBoundary';

// The tabs bring their text (`views/tools-messages.ts`); in German, wait for that too.
const GoFurther = lazy(() => import('./GoFurther').then(withText));

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * The tabs, mounted when the browser is next idle after the first render, or at once when the
 * learner scrolls (they are below the fold), rendered in a transition (in slices). No deadline on the
 * idle wait (issue 44, item 2): with a 1.5 s timeout, a busy CPU mounted them while the page was
 * still hydrating, adding 140–220 ms tasks to its start (BENCHMARKS.md).
 */
export function GoFurtherSlot() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const w = window as IdleWindow;
    const show = () => startTransition(() => setReady(true));
    w.addEventListener('scroll', show, { once: true, passive: true });
    let cancel: () => void;
    if (typeof w.requestIdleCallback === 'function') {
      const id = w.requestIdleCallback(show);
      cancel = () => w.cancelIdleCallback?.(id);
    } else {
      const id = setTimeout(show, 100);
      cancel = () => clearTimeout(id);
    }
    return () => {
      w.removeEventListener('scroll', show);
      cancel();
    };
  }, []);
  return ready ? (
    <ChunkBoundary>
      <Suspense fallback={null}>
        <GoFurther />
      </Suspense>
    </ChunkBoundary>
  ) : null;
}
