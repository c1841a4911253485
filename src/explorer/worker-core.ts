/**
 * The explorer worker's logic, free of any worker global so it can be tested in Node: it runs an
 * exploration in time-sliced chunks, yields to the event loop between chunks (so a `cancel` can
 * arrive), and reports progress. `worker.ts` wires it to `self`.
 *
 * @module
 */
import { formatIssue, parseScenario } from '../model';
import { emptyResult, exploreRange, mergeResults, type ExplorationResult, type ExploreOptions } from './explore';
import { parseToWorker, type FromWorker } from './protocol';
import { checkScheduleSpace, countSchedules, defaultScheduleSpace, type ScheduleSpace } from './space';

/** Chunks are sized to take about this long (real ms), so a cancel is handled within ~25 ms. */
export const TARGET_CHUNK_MS = 25;

/** What the core needs from its host. */
export interface WorkerHost {
  /** Sends a message to the page. */
  post(message: FromWorker): void;
  /** Runs `fn` after pending messages have been handled. Default: a `MessageChannel` hop, else `setTimeout(fn, 0)`. */
  yieldThen?(fn: () => void): void;
  /** A real-time clock in ms, to size chunks. Default `performance.now`. */
  now?(): number;
}

function defaultYield(): { yieldThen: (fn: () => void) => void; close: () => void } {
  if (typeof MessageChannel !== 'undefined') {
    // setTimeout(0) is clamped to 4 ms after a few nested calls; a message hop is not.
    const channel = new MessageChannel();
    const queue: (() => void)[] = [];
    channel.port1.onmessage = () => queue.shift()?.();
    return {
      yieldThen: (fn) => {
        queue.push(fn);
        channel.port2.postMessage(null);
      },
      close: () => channel.port1.close(),
    };
  }
  return { yieldThen: (fn) => setTimeout(fn, 0), close: () => {} };
}

interface Run {
  runId: number;
  cancelled: boolean;
}

/**
 * Creates the worker's message handler. Call `onMessage(event.data)` for each message; malformed
 * messages are ignored. `dispose()` abandons any run without a reply and closes the yield channel.
 */
export function createExplorerWorkerCore(host: WorkerHost): { onMessage(data: unknown): void; dispose(): void } {
  const fallback = host.yieldThen ? undefined : defaultYield();
  const yieldThen = host.yieldThen ?? fallback!.yieldThen;
  const now = host.now ?? (() => performance.now());
  let current: Run | undefined;

  const start = (msg: { runId: number; scenario: unknown; space: unknown; chunkSize?: number; counterexamplesPerProperty?: number }): void => {
    if (current) current.cancelled = true;
    const run: Run = { runId: msg.runId, cancelled: false };
    current = run;
    const fail = (message: string, issues: { path: string; message: string }[] = []): void => {
      if (current === run) current = undefined;
      host.post({ type: 'error', runId: run.runId, message, issues });
    };
    const parsed = parseScenario(msg.scenario);
    if (!parsed.ok) {
      fail(`not a valid scenario:\n${parsed.issues.map(formatIssue).join('\n')}`, parsed.issues);
      return;
    }
    const base = parsed.scenario;
    let space: ScheduleSpace;
    try {
      if (msg.space === undefined) space = defaultScheduleSpace(base);
      else {
        const checked = checkScheduleSpace(base, msg.space);
        if (!checked.ok) {
          fail(`not a valid schedule space:\n${checked.issues.map(formatIssue).join('\n')}`, checked.issues);
          return;
        }
        space = checked.space;
      }
    } catch (e) {
      fail((e as Error).message);
      return;
    }
    const options: ExploreOptions = { counterexamplesPerProperty: msg.counterexamplesPerProperty ?? 3 };
    const total = countSchedules(space);
    const startedAt = now();
    let acc: ExplorationResult = emptyResult(0);
    let chunk = msg.chunkSize ?? 200;
    host.post({ type: 'progress', runId: run.runId, done: 0, total });

    const step = (): void => {
      if (current !== run) return; // superseded by a newer start
      if (run.cancelled) {
        current = undefined;
        host.post({ type: 'cancelled', runId: run.runId, done: acc.to, total, result: acc });
        return;
      }
      try {
        const t0 = now();
        const to = Math.min(total, acc.to + chunk);
        acc = mergeResults(acc, exploreRange(base, space, acc.to, to, options), options);
        const took = now() - t0;
        // Aim the next chunk at TARGET_CHUNK_MS, changing size by at most 4x a step.
        const ratio = took > 0 ? TARGET_CHUNK_MS / took : 4;
        chunk = Math.max(20, Math.min(20_000, Math.round(chunk * Math.min(4, Math.max(0.25, ratio)))));
      } catch (e) {
        fail((e as Error).message);
        return;
      }
      if (acc.to >= total) {
        current = undefined;
        host.post({ type: 'result', runId: run.runId, result: acc, space, total, elapsedMs: now() - startedAt });
        return;
      }
      host.post({ type: 'progress', runId: run.runId, done: acc.to, total });
      yieldThen(step);
    };
    yieldThen(step);
  };

  return {
    onMessage(data: unknown): void {
      const msg = parseToWorker(data);
      if (!msg) return;
      if (msg.type === 'cancel') {
        if (current) current.cancelled = true;
        return;
      }
      start(msg);
    },
    dispose(): void {
      if (current) current.cancelled = true;
      current = undefined;
      fallback?.close();
    },
  };
}
