/** Which change a pause's end handle makes (`src/views/timeline/PauseHandles.tsx`), and its keys. */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/model';
import { keyedLength, pauseSource } from '../../src/views/timeline/PauseHandles';
import { applyInterventions, createLabStore, loadBuiltIn, type Intervention } from '../../src/store';
import { loadSimulator } from '../../src/store/simulator';

const seed = loadBuiltIn('seed-gc-pause');

describe('pause end handles', () => {
  it("a scripted pause's end is its forMs setting; a learner's pause is its intervention", () => {
    const mine: Intervention = { kind: 'pause', client: 'client-2', atMs: 3000, forMs: 4000 };
    const interventions: Intervention[] = [{ kind: 'set', path: 'faults.0.forMs', value: 6000 }, mine];
    const trace = simulate(applyInterventions(seed, interventions));
    const [scripted, learner] = [trace.pauses.find((q) => q.client === 'client-1')!, trace.pauses.find((q) => q.client === 'client-2')!];
    const atMs = (seed.faults[0] as { atMs: number }).atMs;
    expect(pauseSource({ base: seed, interventions }, scripted)).toEqual({ path: 'faults.0.forMs', atMs, forMs: 6000 });
    expect(pauseSource({ base: seed, interventions }, learner)).toEqual({ index: 1, atMs: 3000, forMs: 4000 });
    // A removed scripted pause has no handle.
    expect(pauseSource({ base: seed, interventions: [{ kind: 'set', path: 'faults.0', value: null }] }, scripted)).toBeUndefined();
  });

  it('keys step 100 ms (Shift, Page Up/Down: 1 s) within 0.1 s to 120 s; Home and End are left to the page', () => {
    expect(keyedLength('ArrowRight', false, 5000)).toBe(5100);
    expect(keyedLength('ArrowLeft', true, 5000)).toBe(4000);
    expect(keyedLength('PageDown', false, 500)).toBe(100);
    expect(keyedLength('PageUp', false, 119_500)).toBe(120_000);
    // Home and End jump to the run's start and end, as everywhere on the page (issue 40, item 7).
    expect(keyedLength('Home', false, 5000)).toBeUndefined();
    expect(keyedLength('End', false, 5000)).toBeUndefined();
    expect(keyedLength('a', false, 5000)).toBeUndefined();
  });

  it("the store's setPauseLength changes a learner's pause, undoably, and nothing else", async () => {
    await loadSimulator();
    const store = createLabStore({ scenarioId: 'seed-gc-pause' });
    store.getState().seek(3000);
    store.getState().pauseClient('client-2', 4000);
    const before = store.getState().interventions;
    store.getState().setPauseLength(0, 2500);
    expect(store.getState().interventions).toEqual([{ ...before[0], forMs: 2500 }]);
    expect(store.getState().trace.pauses.find((q) => q.client === 'client-2')).toMatchObject({ endMs: (before[0] as { atMs: number }).atMs + 2500 });
    store.getState().setPauseLength(5, 2500); // no intervention there
    expect(store.getState().interventions).toHaveLength(1);
    store.getState().undo();
    expect(store.getState().interventions).toEqual(before);
  });
});
