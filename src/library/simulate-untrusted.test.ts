/**
 * Scenarios from outside the app run off the main thread, and a run past the simulator's budget
 * keeps what is on screen with a message naming the cause (issue 18).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearNotices, currentNotices } from '../embed/notices';
import { normalizeScenario, type ScenarioInput } from '../model/scenario';
import { simulate } from '../model/simulate';
import { loadBuiltIn } from '../store/initial-state';
import { loadSimulator } from '../store/simulator';
import { createLabStore } from '../store/store';
import { openScenarioText } from './open';
import { simulateUntrusted, type SimWorkerLike } from './simulate-untrusted';

const seed = loadBuiltIn('seed-gc-pause');

/** The hostile link's scenario, built without the validator (as a field it does not bound would). */
const hostile = normalizeScenario({
  format: 'fencing-lab.scenario/v1',
  title: 'Hostile',
  lease: { ttlMs: 600_000 },
  network: { latencyMs: 0 },
  clients: [{ id: 'client-1', renewEveryMs: 1, program: [{ op: 'acquire' }, { op: 'work', ms: 600_000 }] }],
} satisfies ScenarioInput);

type Listener = (e: never) => void;

/** A fake worker: records what it is sent; `answer` / `fail` play the worker's side. */
function fakeWorker() {
  const listeners: Record<string, Listener[]> = { message: [], error: [] };
  const w = {
    sent: [] as unknown[],
    terminated: false,
    postMessage(m: unknown) {
      w.sent.push(m);
    },
    terminate() {
      w.terminated = true;
    },
    addEventListener(type: 'message' | 'error', l: Listener) {
      listeners[type]!.push(l);
    },
    answer(data: unknown) {
      for (const l of listeners.message!) (l as (e: MessageEvent) => void)({ data } as MessageEvent);
    },
    fail() {
      for (const l of listeners.error!) (l as (e: ErrorEvent) => void)({ message: 'cannot load', preventDefault() {} } as unknown as ErrorEvent);
    },
  };
  return w;
}

const tick = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  clearNotices();
  vi.useRealTimers();
});

describe('simulateUntrusted', { timeout: 60_000 }, () => {
  it('sends the scenario to the worker and gives back its trace, carrying the scenario itself', async () => {
    const w = fakeWorker();
    const run = simulateUntrusted(seed, { createWorker: () => Promise.resolve(w as SimWorkerLike) });
    await tick();
    expect(w.sent).toEqual([{ scenario: seed }]);
    w.answer({ ok: true, trace: structuredClone(simulate(seed)) });
    const r = await run.promise;
    expect(r.ok && r.trace.storageLog).toEqual(simulate(seed).storageLog);
    expect(r.ok && r.trace.scenario).toBe(seed);
    expect(w.terminated).toBe(true);
  });

  it("passes on the simulator's message for a run past its budget", async () => {
    const w = fakeWorker();
    const run = simulateUntrusted(hostile, { createWorker: () => Promise.resolve(w as SimWorkerLike) });
    await tick();
    w.answer({ ok: false, name: 'SimulationLimitError', message: 'This scenario makes more than 250,000 events by 83.3 s…' });
    expect(await run.promise).toEqual({ ok: false, message: 'This scenario makes more than 250,000 events by 83.3 s…' });
  });

  it('runs on the main thread where no worker can start, still bounded, with the same message', async () => {
    await loadSimulator();
    const w = fakeWorker();
    const run = simulateUntrusted(hostile, { createWorker: () => Promise.resolve(w as SimWorkerLike) });
    await tick();
    w.fail();
    const r = await run.promise;
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/^This scenario makes more than 50,000 events by [\d.]+ s, too many to simulate and show: client-1 sends a keepalive every 1 ms/);
    const none = await simulateUntrusted(seed, { createWorker: null }).promise;
    expect(none.ok && none.trace.storageLog).toEqual(simulate(seed).storageLog);
    const refused = await simulateUntrusted(seed, { createWorker: () => Promise.reject(new Error('SecurityError')) }).promise;
    expect(refused.ok).toBe(true);
  });

  it('stops a worker that takes too long, and on cancel', async () => {
    vi.useFakeTimers();
    const w = fakeWorker();
    const run = simulateUntrusted(seed, { createWorker: () => Promise.resolve(w as SimWorkerLike), timeoutMs: 5_000 });
    await vi.advanceTimersByTimeAsync(5_001);
    expect(await run.promise).toEqual({ ok: false, message: 'Simulating this scenario took more than 5 s, so it was stopped.' });
    expect(w.terminated).toBe(true);
    const w2 = fakeWorker();
    const run2 = simulateUntrusted(seed, { createWorker: () => Promise.resolve(w2 as SimWorkerLike) });
    await vi.advanceTimersByTimeAsync(1);
    run2.cancel();
    expect((await run2.promise).ok).toBe(false);
    expect(w2.terminated).toBe(true);
  });
});

describe('the store and a run past the budget', { timeout: 60_000 }, () => {
  it('keeps the scenario on screen and says why', async () => {
    await loadSimulator();
    const store = createLabStore();
    const before = store.getState();
    store.getState().openWith({ baseId: null, base: hostile });
    expect(store.getState().base).toBe(before.base);
    expect(store.getState().trace).toBe(before.trace);
    expect(currentNotices()).toEqual([expect.stringMatching(/client-1 sends a keepalive every 1 ms.*The scenario on screen was kept\.$/)]);
  });

  it('opens the default scenario, with the notice, when created with such a scenario', async () => {
    await loadSimulator();
    const store = createLabStore({ scenario: hostile });
    expect(store.getState().baseId).toBe('seed-gc-pause');
    expect(store.getState().trace.storageLog).toHaveLength(3);
    expect(currentNotices()).toHaveLength(1);
  });

  it('opens with a trace simulated elsewhere without simulating again', async () => {
    await loadSimulator();
    const trace = simulate(seed);
    const store = createLabStore();
    store.getState().openWith({ baseId: null, base: seed, atMs: 1000, trace });
    expect(store.getState().trace).toBe(trace);
    expect(store.getState().playheadMs).toBe(1000);
  });
});

describe('pasted JSON past the budget', { timeout: 60_000 }, () => {
  it('is refused with the simulator\'s message, and the scenario on screen stays', async () => {
    await loadSimulator();
    const store = createLabStore();
    const before = store.getState().base;
    const ids = Array.from({ length: 8 }, (_, i) => `client-${i + 1}`);
    const heavy = {
      format: 'fencing-lab.scenario/v1',
      title: 'Heavy',
      lease: { ttlMs: 200 },
      network: { latencyMs: 0 },
      clients: ids.map((id) => ({ id, renewEveryMs: 100, program: [{ op: 'acquire' }, { op: 'work', ms: 600_000 }] })),
      faults: ids.map((id, i) => ({ kind: 'partition', client: id, with: 'lease-service', atMs: 1 + i * 300, forMs: 600_000 - 1 - i * 300 })),
    };
    const r = await openScenarioText(store, JSON.stringify(heavy));
    expect(r).toEqual({ ok: false, issues: [{ path: '', message: expect.stringMatching(/^This scenario makes more than 50,000 events by .* sends a keepalive every 100 ms/) }] });
    expect(store.getState().base).toBe(before);
  });
});
