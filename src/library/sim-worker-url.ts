/**
 * The simulation worker as its own file (the normal build): Vite sees the `new Worker(new URL(…))`
 * pattern and bundles `sim-worker.ts` as a separate chunk. Imported only by `simulate-untrusted.ts`, and
 * only outside the single-file build (which must not emit that file).
 * @module
 */

/** Starts the module worker (throws a SecurityError where the page may not start one). */
export function createSimWorker(): Worker {
  return new Worker(new URL('./sim-worker.ts', import.meta.url), { type: 'module', name: 'fencing-lab-simulate' });
}
