/**
 * Where an exploration runs (`src/explorer/workers.ts`): the main-thread stand-in gives the same
 * result as the library, and a worker that cannot start (throws, rejects, or errors before its
 * first message) is replaced by it with nothing lost; an error after the worker has answered is
 * still an error.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenarioOrThrow } from '../../src/model';
import { ExplorationError, defaultScheduleSpace, explore, startExploration, type ScheduleSpace, type WorkerLike } from '../../src/explorer';
import { mainThreadWorker, workerWithFallback } from '../../src/explorer/workers';

const seed = parseScenarioOrThrow(JSON.parse(readFileSync(join(import.meta.dirname, '..', 'cases', 'seed-gc-pause.json'), 'utf8')));
const space: ScheduleSpace = { ...defaultScheduleSpace(seed), pauseStartsMs: [1, 1401, 5025], pauseDurationsMs: [5000, 10_000, 20_000] };

/** A worker that loads but fails (as a worker script that cannot be fetched), optionally after one message. */
function failingWorker(afterFirstMessage = false): WorkerLike & { terminated: boolean } {
  const on: { message: ((e: MessageEvent) => void)[]; error: ((e: ErrorEvent) => void)[] } = { message: [], error: [] };
  const w = {
    terminated: false,
    postMessage(message: unknown) {
      const start = message as { type: string; runId: number };
      setTimeout(() => {
        if (afterFirstMessage) for (const l of on.message) l({ data: { type: 'progress', runId: start.runId, done: 0, total: 9 } } as MessageEvent);
        for (const l of on.error) l({ message: 'worker script failed' } as ErrorEvent);
      }, 0);
    },
    terminate() {
      w.terminated = true;
    },
    addEventListener(type: 'message' | 'error', l: never) {
      on[type].push(l);
    },
  };
  return w;
}

describe('explorer workers', () => {
  it('runs on the main thread with the library’s result and progress', async () => {
    const progress: number[] = [];
    const run = startExploration(seed, space, (p) => progress.push(p.done), { createWorker: mainThreadWorker, chunkSize: 10 });
    const outcome = await run.promise;
    expect(outcome.status === 'done' && outcome.result).toEqual(explore(seed, space));
    expect(progress.length).toBeGreaterThan(1);
  });

  it('falls back when the worker constructor throws, its promise rejects, or it fails before answering', async () => {
    const makers: (() => WorkerLike | Promise<WorkerLike>)[] = [
      () => {
        throw new DOMException("Failed to construct 'Worker': cannot be accessed from origin 'null'.", 'SecurityError');
      },
      () => Promise.reject(new Error('no blob: URLs here')),
      () => failingWorker(),
    ];
    for (const primary of makers) {
      const run = startExploration(seed, space, undefined, { createWorker: () => workerWithFallback(primary) });
      const outcome = await run.promise;
      expect(outcome.status === 'done' && outcome.result).toEqual(explore(seed, space));
    }
  });

  it('passes on an error after the worker has answered', async () => {
    const broken = failingWorker(true);
    const run = startExploration(seed, space, undefined, { createWorker: () => workerWithFallback(() => broken) });
    await expect(run.promise).rejects.toBeInstanceOf(ExplorationError);
    expect(broken.terminated).toBe(true);
  });

  it('cancels on the main thread too', async () => {
    const run = startExploration(
      seed,
      space,
      (p) => {
        if (p.done > 0) run.cancel();
      },
      { createWorker: () => workerWithFallback(() => Promise.reject(new Error('no worker'))), chunkSize: 5 },
    );
    const outcome = await run.promise;
    expect(outcome.status).toBe('cancelled');
  });
});
