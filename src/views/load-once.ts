/**
 * A chunk loaded on demand, at most once at a time: the first call starts the load (and, with
 * `withText`, waits for the active language's text it registers); later calls share it; a failed
 * load is forgotten, so the next call tries again (the network may be back). `current()` is the
 * module once it has loaded, for code that must render synchronously from then on.
 * @module
 */
import { whenLoaded } from '../i18n';

/** A lazily loaded module. */
export interface Loader<T> {
  /** Loads it (once); rejects if the chunk cannot load. */
  load(): Promise<T>;
  /** The module if it has loaded, else `undefined`. */
  current(): T | undefined;
}

/**
 * @param load the dynamic `import()`
 * @param withText also wait for the text the module registers in the active language (its
 *   catalogue, German on demand; see `src/i18n`) before resolving
 */
export function loadOnce<T>(load: () => Promise<T>, withText = false): Loader<T> {
  let pending: Promise<T> | undefined;
  let done: T | undefined;
  return {
    load() {
      pending ??= load().then(
        async (m) => {
          if (withText) await whenLoaded();
          return (done = m);
        },
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
