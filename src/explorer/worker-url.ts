/**
 * The explorer's worker as its own file (the normal build): Vite sees the `new Worker(new URL(…))`
 * pattern and bundles `worker.ts` as a separate chunk. Imported only by `workers.ts`, and only
 * outside the single-file build (which must not emit that file).
 * @module
 */
import type { WorkerLike } from './protocol';

/** Starts the module worker (throws a SecurityError where the page may not start one). */
export function createUrlWorker(name: string): WorkerLike {
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name }) as WorkerLike;
}
