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
  for (;;) {
    const r = job.next();
    if (r.done) return r.value;
  }
}

/**
 * Runs `job` until it ends or `sliceMs` have passed (it always takes at least one step).
 * @param now a clock in ms (`performance.now` in the browser)
 * @returns `{ done: true, value }` when the job ended in this slice, else `{ done: false }`
 */
export function runSlice<T>(job: Steps<T>, sliceMs: number, now: () => number): { done: true; value: T } | { done: false } {
  const start = now();
  for (;;) {
    const r = job.next();
    if (r.done) return { done: true, value: r.value };
    if (now() - start >= sliceMs) return { done: false };
  }
}

/** The Prioritized Task Scheduling API's `scheduler.yield()` (Chromium 129+), where the browser has it. */
type YieldingScheduler = { yield?: () => Promise<void> };

/**
 * Gives the main thread back to the browser (input, rendering, other tasks) and resolves when this
 * work may go on: `scheduler.yield()` where the browser has it (the continuation goes before other
 * tasks of its priority), else a `MessageChannel` message (a new task without `setTimeout`'s
 * clamping), else `setTimeout`.
 */
export function yieldToBrowser(): Promise<void> {
  const s = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof s?.yield === 'function') return s.yield();
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const { port1, port2 } = new MessageChannel();
      port1.onmessage = () => {
        port1.close();
        resolve();
      };
      port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Options of {@link runSliced}. */
export interface SliceOptions {
  /** The most time (ms of wall clock) a slice takes before yielding; default 8 (a slice is never cut inside a step). */
  sliceMs?: number;
  /** Aborted: the job stops at its next pause and the promise never settles. */
  signal?: AbortSignal;
  /** The clock (ms); default `performance.now`. */
  now?: () => number;
  /** Gives the thread back between slices; default {@link yieldToBrowser}. */
  pause?: () => Promise<void>;
}

/**
 * Runs `job` in slices of about `sliceMs`, yielding to the browser between them; the first slice runs
 * at once, in the caller's task. @returns a promise of the job's result (never settled when aborted)
 * @throws rejects with whatever the job throws
 */
export async function runSliced<T>(job: Steps<T>, options: SliceOptions = {}): Promise<T> {
  const { sliceMs = 8, signal, now = () => performance.now(), pause = yieldToBrowser } = options;
  for (;;) {
    if (signal?.aborted) return new Promise<T>(() => undefined);
    const r = runSlice(job, sliceMs, now);
    if (r.done) return r.value;
    await pause();
  }
}
