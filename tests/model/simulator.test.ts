/**
 * The moment before the simulator has loaded (`src/store/simulator.ts`, issue 7): the default
 * scenario opens without it; a change asked for then is made once it is in; opening another
 * scenario without it is refused with a message saying what to do.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.resetModules();
});

/** Fresh copies of the store modules, whose simulator has not loaded. */
async function fresh() {
  vi.resetModules();
  const simulator = await import('../../src/store/simulator');
  const { createLabStore } = await import('../../src/store/store');
  const { createInitialState } = await import('../../src/store/initial-state');
  return { simulator, createLabStore, createInitialState };
}

describe('before the simulator has loaded', () => {
  it('opens the default scenario, and applies a change once the simulator is in', async () => {
    const { simulator, createLabStore } = await fresh();
    expect(simulator.simulatorReady()).toBe(false);
    const store = createLabStore();
    expect(store.getState().trace.storage.map((d) => d.accepted)).toEqual([true, true, false]);
    store.getState().setFencing('off');
    // Not yet: the change waits for the simulator...
    expect(store.getState().scenario.storage.fencing).toBe('token');
    await simulator.loadSimulator();
    await Promise.resolve();
    // ...and is made as soon as it is in: the late write now gets through.
    expect(store.getState().scenario.storage.fencing).toBe('off');
    expect(store.getState().trace.storage.map((d) => d.accepted)).toEqual([true, true, true]);
    expect(store.getState().undoStack).toHaveLength(1);
    expect(store.getState().waiting).toBe(0);
  });

  it('counts the changes waiting for it, and the last scenario asked for wins', async () => {
    const { simulator, createLabStore } = await fresh();
    const store = createLabStore();
    const first = store.getState().openBuiltIn('network-delay');
    const second = store.getState().openBuiltIn('first-write-window-fenced-read');
    store.getState().setFencing('off');
    expect(store.getState().waiting).toBeGreaterThan(0);
    await Promise.all([first, second, simulator.loadSimulator()]);
    await Promise.resolve();
    expect(store.getState().baseId).toBe('first-write-window-fenced-read');
    expect(store.getState().waiting).toBe(0);
  });

  it('refuses to open another scenario without it, saying what to do', async () => {
    const { createInitialState, simulator } = await fresh();
    const { ALL_BUILT_IN_SCENARIOS } = await import('../../src/scenarios/all');
    expect(ALL_BUILT_IN_SCENARIOS.length).toBeGreaterThan(1);
    expect(() => createInitialState({ scenarioId: 'network-delay' })).toThrow(/simulator is not loaded yet: await loadSimulator\(\) first/);
    await simulator.loadSimulator();
    expect(createInitialState({ scenarioId: 'network-delay' }).trace.storage).toHaveLength(3);
  });
});
