/**
 * Simulating a scenario that came from outside the app (a share link, a file, pasted JSON) without
 * blocking the page (issue 18). A valid scenario's run is bounded (see `simulate` and
 * `MAX_SIMULATION_EVENTS`: the largest makes about 200,000 events, a fraction of a second), but a
 * page must stay responsive even then, so:
 *
 * - in the normal build the run happens in a Web Worker (`sim-worker.ts`), and only its trace
 *   comes back; it is stopped (the worker terminated) after {@link UNTRUSTED_TIMEOUT_MS} or on
 *   `cancel()`;
 * - in the single-file build (a worker file cannot load from `file://`) and wherever a worker cannot
 *   start (a sandboxed frame with an opaque origin), it runs on the main thread: the bounded run.
 *
 * A run that exceeds the simulator's budget comes back as `{ ok: false, message }` with the
 * simulator's own message naming the cause; the caller keeps the scenario on screen and shows it.
 * @module
 */
import type { Scenario } from '../model/scenario';
import type { Trace } from '../model/trace';
import { failure, simulateHere, type UntrustedRun } from './simulate-here';

export type { UntrustedRun };

/** The handle of a run: its outcome (never rejects) and a way to stop it. */
export interface UntrustedHandle {
  promise: Promise<UntrustedRun>;
  /** Stops the run (terminates the worker); the promise resolves `{ ok: false }`. Harmless once settled. */
  cancel(): void;
}

/** How long a run in the worker may take before it is stopped (real ms). */
export const UNTRUSTED_TIMEOUT_MS = 20_000;

/** What {@link simulateUntrusted} needs of a worker (a real `Worker` fits; tests pass a fake). */
export interface SimWorkerLike {
  postMessage(message: unknown): void;
  terminate(): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
}

/** Options of {@link simulateUntrusted}. */
export interface UntrustedOptions {
  /** Real ms before a worker run is stopped. Default {@link UNTRUSTED_TIMEOUT_MS}. */
  timeoutMs?: number;
  /**
   * Starts the worker; `null` runs on the main thread. Default: the module worker of the normal
   * build, the main thread in the single-file build.
   */
  createWorker?: (() => Promise<SimWorkerLike>) | null;
}

function defaultWorker(): (() => Promise<SimWorkerLike>) | null {
  if (import.meta.env.FENCING_LAB_SINGLE_FILE) return null;
  if (typeof Worker === 'undefined') return null;
  // Its own module, so that the single-file build neither contains nor emits the worker.
  return () => import('./sim-worker-url').then((m) => m.createSimWorker() as SimWorkerLike);
}

/**
 * Simulates `scenario` (validated, from outside the app) off the main thread where it can.
 * The trace that comes back carries `scenario` itself (not the worker's copy).
 */
export function simulateUntrusted(scenario: Scenario, options: UntrustedOptions = {}): UntrustedHandle {
  const timeoutMs = options.timeoutMs ?? UNTRUSTED_TIMEOUT_MS;
  const createWorker = options.createWorker === undefined ? defaultWorker() : options.createWorker;
  let settle!: (r: UntrustedRun) => void;
  let done = false;
  let worker: SimWorkerLike | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<UntrustedRun>((resolve) => {
    settle = (r) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      worker?.terminate();
      worker = undefined;
      resolve(r.ok ? { ok: true, trace: { ...r.trace, scenario } } : r);
    };
  });
  const fallback = (): void => {
    worker?.terminate();
    worker = undefined;
    clearTimeout(timer);
    if (!done) simulateHere(scenario).then(settle, (e: unknown) => settle(failure(undefined, (e as Error)?.message)));
  };

  if (!createWorker) fallback();
  else {
    createWorker().then(
      (w) => {
        if (done) {
          w.terminate();
          return;
        }
        worker = w;
        let heard = false;
        w.addEventListener('message', (e: MessageEvent) => {
          heard = true;
          const d = e.data as { ok: true; trace: Trace } | { ok: false; name?: string; message?: string };
          settle(d.ok ? { ok: true, trace: d.trace } : failure(d.name, d.message));
        });
        w.addEventListener('error', (e: ErrorEvent) => {
          // A worker that cannot load (an opaque-origin frame, a failed download): the main thread.
          (e as Event).preventDefault?.();
          if (!heard && worker === w) fallback();
        });
        w.postMessage({ scenario });
        timer = setTimeout(() => settle({ ok: false, message: `Simulating this scenario took more than ${Math.round(timeoutMs / 1000)} s, so it was stopped.` }), timeoutMs);
      },
      () => fallback(),
    );
  }
  return { promise, cancel: () => settle({ ok: false, message: 'Stopped.' }) };
}
