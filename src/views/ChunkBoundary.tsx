/**
 * An error boundary for parts loaded on demand (`React.lazy`): if their chunk cannot load (the
 * network went away after the page opened), it shows `fallback` (nothing by default) in their place
 * instead of letting the error unmount the whole page. The explainer keeps working around it.
 * @module
 */
import { Component, Suspense, lazy, useCallback, useMemo, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { useHydrating } from './hooks/useHydrating';
import type { Loader } from '../store/load-once';

/** Props: the lazily loaded `children`, and what to show if they fail (default: nothing). */
export interface ChunkBoundaryProps {
  children: ReactNode;
  fallback?: ReactNode;
  /** Called once when the children fail (e.g. to close the dialog that could not load and say so). */
  onError?: () => void;
  /**
   * Called when the browser is back online after a failure, just before the children render again:
   * give them a fresh lazy component (React keeps a failed one failed), and their chunk is fetched
   * anew. Without it the failure stays.
   */
  onRetry?: () => void;
}

/** Renders `fallback` instead of its children once they have thrown; logs the error once. */
export class ChunkBoundary extends Component<ChunkBoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: unknown): void {
    console.error('Fencing Lab: a part of the page could not be loaded', error);
    this.props.onError?.();
    if (this.props.onRetry && typeof window !== 'undefined') window.addEventListener('online', this.retry, { once: true });
  }
  override componentWillUnmount(): void {
    if (typeof window !== 'undefined') window.removeEventListener('online', this.retry);
  }
  private retry = (): void => {
    this.props.onRetry?.();
    this.setState({ failed: false });
  };
  override render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}

/**
 * `React.lazy(load)` that can be tried again: React keeps a lazy component whose load failed failed
 * for good, so `retry()` makes a fresh one (and the chunk is fetched anew). Pair it with a
 * {@link ChunkBoundary} whose `onError` or `onRetry` calls `retry`. `load` must be stable (a
 * module-level function).
 * @returns the lazy component and `retry`
 */
export function useRetryableLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): [LazyExoticComponent<ComponentType<P>>, () => void] {
  const [attempt, setAttempt] = useState(0);
  // A new `attempt` is the point: each try gets its own lazy component.
  const component = useMemo(() => lazy(load), [attempt, load]);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return [component, retry];
}


/**
 * A component from a chunk loaded on demand (`loader`, see `store/load-once.ts`; `pick` takes the
 * component from the module). Until the chunk is in, `placeholder` holds its place; if it cannot
 * load, `failed` does, and it is tried again once the browser is back online. Once loaded, new
 * mounts render the component at once (decided per mount: switching from the lazy wrapper to the
 * component itself would remount it), except while React hydrates prerendered HTML (issue 15):
 * there each part is a Suspense boundary, so a part mounted then always takes the lazy path, even
 * if the chunk arrived while the page was being hydrated.
 */
export function deferredComponent<M, P extends object>(
  loader: Loader<M>,
  pick: (module: M) => ComponentType<P>,
  placeholder: ReactNode = null,
  failed: ReactNode = null,
): ComponentType<P> {
  const load = () => loader.load().then((m) => ({ default: pick(m) }));
  return function Deferred(props: P) {
    const hydrating = useHydrating();
    const [Now] = useState(() => {
      const m = hydrating ? undefined : loader.current();
      return m ? pick(m) : undefined;
    });
    const [Lazy, retry] = useRetryableLazy(load);
    // The same elements while nothing they show changed: `useHydrating` renders this once more
    // right after hydration, and a Suspense boundary still waiting for its chunk that receives new
    // elements then is rendered afresh, its HTML thrown away, instead of hydrated (React does so
    // silently; issue 15: every part in the header and the interventions was, until this).
    const tree = useMemo(
      () => (
        <ChunkBoundary fallback={failed} onRetry={retry}>
          <Suspense fallback={placeholder}>
            <Lazy {...props} />
          </Suspense>
        </ChunkBoundary>
      ),
      [Lazy, retry, props],
    );
    if (Now) return <Now {...props} />;
    return tree;
  };
}

