/**
 * Where the "Go further" tabs (`GoFurther.tsx`) go in the explainer. They sit below the timeline,
 * so their code and styles are fetched only once the page is idle after its first paint, and never
 * delay it.
 * @module
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import { withText } from '../i18n';
import { ChunkBoundary } from '../views/ChunkBoundary';

// The tabs bring their text (`views/tools-messages.ts`); in German, wait for that too.
const GoFurther = lazy(() => import('./GoFurther').then(withText));

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/** The tabs, mounted when the browser is idle after the first render (at most ~1.5 s later). */
export function GoFurtherSlot() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const w = window as IdleWindow;
    if (typeof w.requestIdleCallback === 'function') {
      const id = w.requestIdleCallback(() => setReady(true), { timeout: 1500 });
      return () => w.cancelIdleCallback?.(id);
    }
    const id = setTimeout(() => setReady(true), 100);
    return () => clearTimeout(id);
  }, []);
  return ready ? (
    <ChunkBoundary>
      <Suspense fallback={null}>
        <GoFurther />
      </Suspense>
    </ChunkBoundary>
  ) : null;
}
