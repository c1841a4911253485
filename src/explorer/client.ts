/**
 * The page's side of the explorer: runs an exploration in a Web Worker and exposes it as a
 * promise plus a progress callback, so the UI never blocks on it.
 *
 * ```ts
 * const run = startExploration(scenario, undefined, ({ done, total }) => setProgress(done / total));
 * cancelButton.onclick = run.cancel;
 * const outcome = await run.promise;
 * if (outcome.status === 'done') show(outcome.result);          // ExplorationResult
 * else showPartial(outcome.result);                            // cancelled: schedules [0, done)
 * ```
 *
 * One worker per exploration: it is created on start and terminated when the run ends, fails or
 * is cancelled.
 *
 * @module
 */
import { toScenarioInput, type Scenario, type ScenarioIssue } from '../model';
import type { ExplorationResult } from './explore';
import { parseFromWorker, type StartMessage, type WorkerLike } from './protocol';
import type { ScheduleSpace } from './space';
import { defaultExplorerWorker } from './workers';

/** Progress of a run: schedules checked so far, of `total`. */
export interface ExplorationProgress {
  done: number;
  total: number;
}

/** How a run ended (a failure rejects the promise with an {@link ExplorationError} instead). */
export type ExplorationOutcome =
  | { status: 'done'; result: ExplorationResult; space: ScheduleSpace; elapsedMs: number }
  | {
      status: 'cancelled';
      /** What was checked before the cancel (schedules `[0, done)`); undefined if the worker did not answer in time. */
      result: ExplorationResult | undefined;
      done: number;
      total: number;
    };

/** The handle of a running exploration. */
export interface ExplorationHandle {
  /** Settles once: `done`, or `cancelled` after {@link cancel}; rejects with {@link ExplorationError}. */
  promise: Promise<ExplorationOutcome>;
  /** Asks the worker to stop between two chunks; harmless after the run ended. */
  cancel(): void;
}

/** Why an exploration failed: an invalid scenario or space (with `issues`), or a worker error. */
export class ExplorationError extends Error {
  readonly issues: ScenarioIssue[];
  constructor(message: string, issues: ScenarioIssue[] = []) {
    super(message);
    this.name = 'ExplorationError';
    this.issues = issues;
  }
}

/** Options of {@link startExploration}. */
export interface StartOptions {
  /** Schedules in the first chunk (the worker then sizes chunks to ~25 ms). */
  chunkSize?: number;
  /** Counterexamples kept per fencing mode and property. Default 3. */
  counterexamplesPerProperty?: number;
  /** How long `cancel` waits for the worker's partial result before terminating it (real ms). Default 1000. */
  cancelTimeoutMs?: number;
  /**
   * Creates the worker. Default: the module worker in `./worker.ts`, or the main thread in chunks
   * where no worker can start and in the single-file build (see `workers.ts`).
   */
  createWorker?: () => WorkerLike;
}

let nextRunId = 1;

function defaultWorker(): WorkerLike {
  return defaultExplorerWorker();
}

/**
 * Explores `space` (or the default space when undefined) over `scenario` in a Web Worker.
 *
 * @param scenario A validated scenario; it is sent as a document and validated again in the worker.
 * @param space The schedules to try; `undefined` for `defaultScheduleSpace(scenario)`.
 * @param onProgress Called with `{ done, total }` when the run starts and after each chunk.
 * @returns `{ promise, cancel }`; the promise rejects with {@link ExplorationError} if the scenario
 *   or space is invalid, the exploration throws, or the worker fails to load.
 */
export function startExploration(
  scenario: Scenario,
  space: ScheduleSpace | undefined,
  onProgress?: (progress: ExplorationProgress) => void,
  options: StartOptions = {},
): ExplorationHandle {
  const runId = nextRunId++;
  let settled = false;
  let lastProgress: ExplorationProgress = { done: 0, total: 0 };
  let worker: WorkerLike | undefined;
  let cancelTimer: ReturnType<typeof setTimeout> | undefined;
  let resolve!: (o: ExplorationOutcome) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<ExplorationOutcome>((res, rej) => {
    resolve = res;
    reject = rej;
  });

  const finish = (): void => {
    settled = true;
    if (cancelTimer !== undefined) clearTimeout(cancelTimer);
    worker?.terminate();
  };

  try {
    worker = (options.createWorker ?? defaultWorker)();
  } catch (e) {
    settled = true;
    reject(new ExplorationError(`cannot start the explorer worker: ${(e as Error).message}`));
    return { promise, cancel: () => {} };
  }

  worker.addEventListener('message', (event: MessageEvent) => {
    if (settled) return;
    const msg = parseFromWorker(event.data);
    if (!msg || msg.runId !== runId) return;
    switch (msg.type) {
      case 'progress':
        lastProgress = { done: msg.done, total: msg.total };
        onProgress?.(lastProgress);
        return;
      case 'result':
        finish();
        resolve({ status: 'done', result: msg.result, space: msg.space, elapsedMs: msg.elapsedMs });
        return;
      case 'cancelled':
        finish();
        resolve({ status: 'cancelled', result: msg.result, done: msg.done, total: msg.total });
        return;
      case 'error':
        finish();
        reject(new ExplorationError(msg.message, msg.issues));
        return;
    }
  });
  worker.addEventListener('error', (event: ErrorEvent) => {
    if (settled) return;
    finish();
    reject(new ExplorationError(`the explorer worker failed: ${event.message || 'unknown error'}`));
  });

  const start: StartMessage = {
    type: 'start',
    runId,
    scenario: toScenarioInput(scenario),
    ...(space ? { space } : {}),
    ...(options.chunkSize !== undefined ? { chunkSize: options.chunkSize } : {}),
    ...(options.counterexamplesPerProperty !== undefined ? { counterexamplesPerProperty: options.counterexamplesPerProperty } : {}),
  };
  worker.postMessage(start);

  const cancel = (): void => {
    if (settled || cancelTimer !== undefined) return;
    worker?.postMessage({ type: 'cancel' });
    cancelTimer = setTimeout(() => {
      if (settled) return;
      finish();
      resolve({ status: 'cancelled', result: undefined, done: lastProgress.done, total: lastProgress.total });
    }, options.cancelTimeoutMs ?? 1000);
  };

  return { promise, cancel };
}
