/**
 * A chunk loaded on demand, at most once at a time: the first call starts the load; later calls
 * share it (the same promise, so React's `use` can wait on it); a failed load is forgotten, so the
 * next call tries again (the network may be back). `current()` is the module once it has loaded,
 * for code that must work synchronously from then on. Used by the store (the simulator) and by the
 * views (the parts loaded after the first render, issue 7).
 * @module
 */

/** A lazily loaded module. */
export interface Loader<T> {
  /** Loads it (once); rejects if the chunk cannot load. */
  load(): Promise<T>;
  /** The module if it has loaded, else `undefined`. */
  current(): T | undefined;
}

/** @param load the dynamic `import()` (possibly followed by more work, e.g. `.then(withText)`) */
export function loadOnce<T>(load: () => Promise<T>): Loader<T> {
  let pending: Promise<T> | undefined;
  let done: T | undefined;
  return {
    load() {
      pending ??= load().then(
        (m) => (done = m),
        (err: unknown) => {
          pending = undefined;
          throw err;
        },
      );
      return pending;
    },
    current: () => done,
  };
}
