/**
 * Where an exploration runs: a Web Worker where one can start, else the page's main thread in
 * time-sliced chunks. Used by `client.ts` when no `createWorker` is given.
 *
 * - The normal build: a module worker from its own file (`new Worker(new URL('./worker.ts', …))`).
 * - The single-file build (`import.meta.env.FENCING_LAB_SINGLE_FILE`, `vite build --mode single`):
 *   the main thread, time-sliced as below. From `file://` no worker file can be loaded, and inlining
 *   the worker (`?worker&inline`) would put a second copy of the simulator and the explorer into the
 *   file: about 18 KB gzip of its 200 KB budget (issue 7). Exploring the seed's 6,500 schedules
 *   takes a fraction of a second either way; the page stays responsive between chunks.
 * - If the worker cannot start (a sandboxed iframe without `allow-same-origin` has the origin `null`
 *   and may not start a worker from the server; a blocked `blob:`; a failed download), the same
 *   worker core (`worker-core.ts`) runs on the main thread, yielding with `setTimeout` between
 *   ~25 ms chunks so the page stays responsive and Cancel still works.
 * @module
 */
import type { WorkerLike } from './protocol';

type MessageListener = (event: MessageEvent) => void;
type ErrorListener = (event: ErrorEvent) => void;

const WORKER_NAME = 'fencing-lab-explorer';

/** The worker of the normal build; rejects where it cannot start (e.g. a SecurityError in an opaque-origin frame). */
function platformWorker(): Promise<WorkerLike> {
  // Its own module, so that the single-file build neither contains nor emits the worker.
  return import('./worker-url').then((m) => m.createUrlWorker(WORKER_NAME));
}

/**
 * A stand-in for a worker that runs the explorer's worker core on the main thread. Messages are
 * delivered asynchronously both ways, as with a real worker; the core yields with `setTimeout`
 * between chunks. The core's code is loaded on first use.
 */
export function mainThreadWorker(): WorkerLike {
  const messageListeners: MessageListener[] = [];
  const errorListeners: ErrorListener[] = [];
  const queue: unknown[] = [];
  let core: { onMessage(data: unknown): void; dispose(): void } | undefined;
  let terminated = false;
  const deliver = (data: unknown): void => {
    setTimeout(() => {
      if (!terminated) for (const l of messageListeners) l({ data } as MessageEvent);
    }, 0);
  };
  void import('./worker-core').then(
    (m) => {
      if (terminated) return;
      core = m.createExplorerWorkerCore({ post: deliver, yieldThen: (fn) => setTimeout(fn, 0) });
      for (const data of queue.splice(0)) core.onMessage(data);
    },
    (e: unknown) => {
      if (terminated) return;
      const event = { message: `cannot load the explorer: ${(e as Error)?.message ?? String(e)}` } as ErrorEvent;
      for (const l of errorListeners) l(event);
    },
  );
  return {
    postMessage(message: unknown) {
      // Structured clone, as postMessage would: the core must not share objects with the page.
      const data = structuredClone(message);
      setTimeout(() => {
        if (terminated) return;
        if (core) core.onMessage(data);
        else queue.push(data);
      }, 0);
    },
    terminate() {
      terminated = true;
      core?.dispose();
    },
    addEventListener(type: 'message' | 'error', listener: MessageListener | ErrorListener) {
      if (type === 'message') messageListeners.push(listener as MessageListener);
      else errorListeners.push(listener as ErrorListener);
    },
  } as WorkerLike;
}

/**
 * A worker that starts with `primary` and, if that cannot start (it throws, its promise rejects,
 * or it reports an error before its first message), replays what was sent to it to a
 * {@link mainThreadWorker} instead. Errors after the first message are passed on as they are.
 */
export function workerWithFallback(primary: () => WorkerLike | Promise<WorkerLike>, fallback: () => WorkerLike = mainThreadWorker): WorkerLike {
  const messageListeners: MessageListener[] = [];
  const errorListeners: ErrorListener[] = [];
  const sent: unknown[] = [];
  let current: WorkerLike | undefined;
  let heard = false;
  let fellBack = false;
  let terminated = false;

  const adopt = (w: WorkerLike, replay: boolean): void => {
    if (terminated) {
      w.terminate();
      return;
    }
    current = w;
    w.addEventListener('message', (e: MessageEvent) => {
      if (w !== current) return;
      heard = true;
      for (const l of messageListeners) l(e);
    });
    w.addEventListener('error', (e: ErrorEvent) => {
      if (w !== current) return;
      if (!heard && !fellBack) {
        // Prevent the browser's "uncaught error" report: we handle it by falling back.
        (e as Event).preventDefault?.();
        switchToFallback();
        return;
      }
      for (const l of errorListeners) l(e);
    });
    if (replay) for (const m of sent) w.postMessage(m);
  };
  const switchToFallback = (): void => {
    if (fellBack) return;
    fellBack = true;
    current?.terminate();
    current = undefined;
    adopt(fallback(), true);
  };

  try {
    const made = primary();
    if (made instanceof Promise) {
      made.then(
        (w) => adopt(w, true),
        () => switchToFallback(),
      );
    } else {
      adopt(made, false);
    }
  } catch {
    switchToFallback();
  }

  return {
    postMessage(message: unknown) {
      sent.push(message);
      current?.postMessage(message);
    },
    terminate() {
      terminated = true;
      current?.terminate();
    },
    addEventListener(type: 'message' | 'error', listener: MessageListener | ErrorListener) {
      if (type === 'message') messageListeners.push(listener as MessageListener);
      else errorListeners.push(listener as ErrorListener);
    },
  } as WorkerLike;
}

/**
 * The explorer's default worker: the normal build's Web Worker, falling back to the main thread;
 * in the single-file build, the main thread.
 */
export function defaultExplorerWorker(): WorkerLike {
  if (import.meta.env.FENCING_LAB_SINGLE_FILE) return mainThreadWorker();
  return workerWithFallback(platformWorker);
}
