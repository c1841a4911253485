/**
 * The simulator for the store, loaded just after the first render (issue 7): the first render draws
 * the default scenario from its trace computed at build time (`virtual:fencing-lab/seed-trace`, see
 * `src/build/seed-trace.ts`), so `simulate` (about 4 KB gzip) is not part of the first render's
 * JavaScript. Everything else (an intervention, the token check, another scenario) needs it:
 * {@link loadSimulator} fetches it once; until it is in, the store defers such changes to it (and
 * counts them in its `waiting`), and views that open another scenario first wait for it (React `use`).
 * @module
 */
import type { Scenario } from '../model/scenario';
import type { Trace } from '../model/trace';
import { loadOnce } from './load-once';

const simulator = loadOnce(() => import('../settings/sim-chunk'));

/**
 * Loads the simulator (once; the same promise each call). Resolves when {@link runSimulation} can
 * run; rejects only if its chunk cannot load (offline), and a later call then tries again.
 */
export function loadSimulator(): Promise<unknown> {
  return simulator.load();
}

/** Whether {@link runSimulation} can run now. */
export function simulatorReady(): boolean {
  return simulator.current() !== undefined;
}

/**
 * `simulate(scenario)`.
 * @throws Error if the simulator is not loaded yet (await {@link loadSimulator} first).
 */
export function runSimulation(scenario: Scenario): Trace {
  const m = simulator.current();
  if (!m) throw new Error('the simulator is not loaded yet: await loadSimulator() first');
  return m.simulate(scenario);
}


/**
 * The settings functions in the simulator's chunk.
 * @throws Error if the simulator's chunk is not loaded yet
 */
export function settingsModule(): { applySettings: typeof import('../settings/settings').applySettings; withSetting: typeof import('../settings/settings').withSetting } {
  const m = simulator.current();
  if (!m) throw new Error('the simulator is not loaded yet: await loadSimulator() first');
  return m;
}
