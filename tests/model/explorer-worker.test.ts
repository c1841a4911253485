/**
 * The explorer's worker protocol, end to end in Node: the worker core (chunks, progress, cancel,
 * validation) and the page-side client, joined by an in-process fake Worker.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseScenarioOrThrow, toScenarioInput } from '../../src/model';
import {
  ExplorationError,
  countSchedules,
  defaultScheduleSpace,
  explore,
  exploreRange,
  parseFromWorker,
  startExploration,
  type FromWorker,
  type ScheduleSpace,
  type WorkerLike,
} from '../../src/explorer';
import { createExplorerWorkerCore } from '../../src/explorer/worker-core';

const seed = parseScenarioOrThrow(JSON.parse(readFileSync(join(import.meta.dirname, '..', 'cases', 'seed-gc-pause.json'), 'utf8')));
const smallSpace: ScheduleSpace = { ...defaultScheduleSpace(seed), pauseStartsMs: [1, 1000, 1401, 5025], pauseDurationsMs: [5000, 9000, 10_000, 20_000] };

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
});

/** A worker core whose messages are collected; yields with setTimeout so tests can interleave. */
function core(): { posted: FromWorker[]; send(data: unknown): void; settled: Promise<FromWorker> } {
  const posted: FromWorker[] = [];
  let done!: (m: FromWorker) => void;
  const settled = new Promise<FromWorker>((r) => (done = r));
  const c = createExplorerWorkerCore({
    post: (m) => {
      posted.push(m);
      if (m.type !== 'progress') done(m);
    },
    yieldThen: (fn) => setTimeout(fn, 0),
  });
  disposers.push(() => c.dispose());
  return { posted, send: (data) => c.onMessage(structuredClone(data)), settled };
}

describe('worker core', () => {
  it('explores in chunks, reporting progress up to the total, and ends with the library’s result', async () => {
    const w = core();
    w.send({ type: 'start', runId: 7, scenario: toScenarioInput(seed), space: smallSpace, chunkSize: 50 });
    const last = await w.settled;
    const total = countSchedules(smallSpace);
    expect(last.type).toBe('result');
    if (last.type !== 'result') return;
    expect(last.runId).toBe(7);
    expect(last.total).toBe(total);
    expect(last.result).toEqual(explore(seed, smallSpace));
    expect(last.space).toEqual(smallSpace);
    const progress = w.posted.filter((m) => m.type === 'progress');
    expect(progress[0]).toEqual({ type: 'progress', runId: 7, done: 0, total });
    expect(progress.length).toBeGreaterThan(2);
    const dones = progress.map((m) => (m.type === 'progress' ? m.done : -1));
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    for (const m of w.posted) expect(parseFromWorker(structuredClone(m))).toBeDefined();
  });

  it('uses the default space when the start message has none', async () => {
    const w = core();
    w.send({ type: 'start', runId: 1, scenario: toScenarioInput(seed) });
    const last = await w.settled;
    expect(last.type === 'result' && last.total).toBe(countSchedules(defaultScheduleSpace(seed)));
  });

  it('stops between chunks on cancel, with the result of the schedules checked so far', async () => {
    const w = core();
    w.send({ type: 'start', runId: 2, scenario: toScenarioInput(seed), space: smallSpace, chunkSize: 20 });
    await new Promise((r) => setTimeout(r, 0));
    w.send({ type: 'cancel' });
    const last = await w.settled;
    expect(last.type).toBe('cancelled');
    if (last.type !== 'cancelled') return;
    expect(last.done).toBeGreaterThan(0);
    expect(last.done).toBeLessThan(countSchedules(smallSpace));
    expect(last.result).toEqual(exploreRange(seed, smallSpace, 0, last.done));
  });

  it('ignores malformed messages and rejects an invalid scenario or space with field paths', async () => {
    const w = core();
    for (const junk of [null, 42, 'start', { type: 'start' }, { type: 'start', runId: 'x', scenario: {} }, { type: 'explode' }, { type: 'start', runId: 1, scenario: {}, chunkSize: -1 }]) {
      w.send(junk);
    }
    await new Promise((r) => setTimeout(r, 5));
    expect(w.posted).toEqual([]);

    const bad = core();
    bad.send({ type: 'start', runId: 3, scenario: { ...toScenarioInput(seed), lease: { ttlMs: -1 } } });
    const err = await bad.settled;
    expect(err.type === 'error' && err.issues.map((i) => i.path)).toEqual(['lease.ttlMs']);

    const badSpace = core();
    badSpace.send({ type: 'start', runId: 4, scenario: toScenarioInput(seed), space: { ...smallSpace, pauseClients: ['client-3'] } });
    const err2 = await badSpace.settled;
    expect(err2.type === 'error' && err2.issues.map((i) => i.path)).toEqual(['pauseClients[0]']);
  });

  it('lets a new start supersede a running one', async () => {
    const w = core();
    w.send({ type: 'start', runId: 10, scenario: toScenarioInput(seed), space: smallSpace, chunkSize: 20 });
    w.send({ type: 'start', runId: 11, scenario: toScenarioInput(seed), space: { ...smallSpace, fencing: 'on' }, chunkSize: 20 });
    const last = await w.settled;
    expect(last.type === 'result' && last.runId).toBe(11);
    await new Promise((r) => setTimeout(r, 10));
    expect(w.posted.filter((m) => m.runId === 10 && m.type !== 'progress')).toEqual([]);
  });
});

/** A fake Worker running the core in-process, with structured cloning and async delivery both ways. */
function fakeWorker(options: { inject?: unknown[] } = {}): () => WorkerLike & { terminated: boolean } {
  return () => {
    const listeners: ((e: MessageEvent) => void)[] = [];
    const w = {
      terminated: false,
      postMessage(message: unknown) {
        const data = structuredClone(message);
        setTimeout(() => !w.terminated && c.onMessage(data), 0);
      },
      terminate() {
        w.terminated = true;
        c.dispose();
      },
      addEventListener(type: 'message' | 'error', listener: (e: never) => void) {
        if (type === 'message') listeners.push(listener as (e: MessageEvent) => void);
      },
    };
    const toPage = (data: unknown) =>
      setTimeout(() => {
        if (!w.terminated) for (const l of listeners) l({ data: structuredClone(data) } as MessageEvent);
      }, 0);
    const c = createExplorerWorkerCore({ post: toPage, yieldThen: (fn) => setTimeout(fn, 0) });
    for (const junk of options.inject ?? []) toPage(junk);
    disposers.push(() => w.terminate());
    return w as WorkerLike & { terminated: boolean };
  };
}

describe('startExploration (page side)', () => {
  it('resolves with the library’s result and reports progress', async () => {
    const progress: number[] = [];
    const run = startExploration(seed, smallSpace, (p) => progress.push(p.done), {
      createWorker: fakeWorker({ inject: [{ type: 'progress', runId: 999, done: 5, total: 5 }, { type: 'result' }, 'junk'] }),
      chunkSize: 40,
    });
    const outcome = await run.promise;
    expect(outcome.status).toBe('done');
    if (outcome.status !== 'done') return;
    expect(outcome.result).toEqual(explore(seed, smallSpace));
    expect(progress[0]).toBe(0);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.every((d) => d < countSchedules(smallSpace))).toBe(true);
  });

  it('cancels with a partial result and terminates the worker', async () => {
    let worker: (WorkerLike & { terminated: boolean }) | undefined;
    const make = fakeWorker();
    // Cancel from the progress callback once the first chunk is in: deterministic, not timed.
    const run = startExploration(
      seed,
      smallSpace,
      (p) => {
        if (p.done > 0) run.cancel();
      },
      { createWorker: () => (worker = make()), chunkSize: 20 },
    );
    const outcome = await run.promise;
    expect(outcome.status).toBe('cancelled');
    if (outcome.status !== 'cancelled') return;
    expect(outcome.result?.to).toBe(outcome.done);
    expect(outcome.done).toBeLessThan(countSchedules(smallSpace));
    expect(worker?.terminated).toBe(true);
  });

  it('gives up waiting for a silent worker after the cancel timeout', async () => {
    const silent = (): WorkerLike => ({ postMessage() {}, terminate() {}, addEventListener() {} });
    const run = startExploration(seed, smallSpace, undefined, { createWorker: silent, cancelTimeoutMs: 10 });
    run.cancel();
    await expect(run.promise).resolves.toEqual({ status: 'cancelled', result: undefined, done: 0, total: 0 });
  });

  it('rejects with the issues of an invalid space', async () => {
    const run = startExploration(seed, { ...smallSpace, pauseStartsMs: [-5] }, undefined, { createWorker: fakeWorker() });
    const err = await run.promise.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExplorationError);
    expect((err as ExplorationError).issues.map((i) => i.path)).toEqual(['pauseStartsMs[0]']);
  });
});
