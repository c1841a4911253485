/**
 * Long pure computations (the arrows' and labels' layout) written as generators that `yield` at
 * points where they may be paused, and the driver that runs them in short slices, giving the
 * browser back its main thread between slices (issue 44, item 2: no task over 50 ms after the first
 * paint on a 4x slower CPU). A generator run to its end in one go ({@link drain}) returns exactly
 * what it returns when run in slices: the slicing only decides where the work pauses.
 * @module
 */

/** A computation that yields (nothing) wherever it may pause and returns its result. */
export type Steps<T> = Generator<void, T, void>;

/** Runs `job` to its end in one go. @returns its result */
export function drain<T>(job: Steps<T>): T {
  let r: IteratorResult<void, T>;
  while (!(r = job.next()).done);
  return r.value;
}

/**
 * Runs `job` until it ends or `sliceMs` have passed (it always takes at least one step).
 * @param now a clock in ms (`performance.now` in the browser)
 * @returns its last step: `done` with the job's result when it ended in this slice
 */
export function runSlice<T>(job: Steps<T>, sliceMs: number, now: () => number): IteratorResult<void, T> {
  const start = now();
  let r: IteratorResult<void, T>;
  while (!(r = job.next()).done && now() - start < sliceMs);
  return r;
}

/**
 * Gives the main thread back to the browser (input, rendering, other tasks) and resolves when this
 * work may go on: `scheduler.yield()` (the Prioritized Task Scheduling API, Chromium 129+: the
 * continuation goes before other tasks of its priority) where the browser has it, else a
 * `MessageChannel` message (a new task, without `setTimeout`'s clamping).
 */
export function yieldToBrowser(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return s?.yield
    ? s.yield()
    : new Promise((resolve) => {
        const { port1, port2 } = new MessageChannel();
        port1.onmessage = () => {
          port1.close();
          resolve();
        };
        port2.postMessage(0);
      });
}

/**
 * Runs `job` in slices of about `sliceMs` (ms of wall clock; a slice is never cut inside a step),
 * pausing between them; the first slice runs at once, in the caller's task.
 * @param live asked before each later slice: once it says no, the job stops and the promise never settles
 * @param now the clock (ms); default `performance.now`
 * @param pause gives the thread back between slices; default {@link yieldToBrowser}
 * @returns a promise of the job's result; it rejects with whatever the job throws
 */
export async function runSliced<T>(job: Steps<T>, sliceMs: number, live: () => boolean = () => true, now = () => performance.now(), pause = yieldToBrowser): Promise<T> {
  for (;;) {
    const r = runSlice(job, sliceMs, now);
    if (r.done) return r.value;
    await pause();
    if (!live()) return new Promise<T>(() => undefined);
  }
}
