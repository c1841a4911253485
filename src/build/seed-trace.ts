/**
 * A small Vite plugin: the module `virtual:fencing-lab/seed-trace` is the default scenario's trace
 * (the seed, `src/scenarios/builtin/seed-gc-pause.json`), computed at build time by the same
 * `simulate` the app runs, without its `scenario` field (the store attaches the scenario it opened).
 *
 * Why: the first render draws the seed at once, and with its trace ready-made the simulator (about
 * 4 KB gzip) need not be part of the first render's JavaScript (issue 7); the store loads it just
 * after (`src/store/simulator.ts`). `tests/model/seed-trace.test.ts` checks the module against a
 * fresh `simulate` of the seed, so a change to the model cannot leave it stale.
 * @module
 */
import type { Plugin } from 'vite';
import { normalizeScenario, type ScenarioInput } from '../model/scenario';
import { simulate } from '../model/simulate';
import seed from '../scenarios/builtin/seed-gc-pause.json';

/** The id to import. */
export const SEED_TRACE_MODULE = 'virtual:fencing-lab/seed-trace';

/** The seed's trace without its scenario (JSON-safe: simulate's output round-trips exactly). */
export function seedTraceData(): Record<string, unknown> {
  const { scenario: _scenario, ...rest } = simulate(normalizeScenario(seed as ScenarioInput));
  return rest;
}

/**
 * The plugin. The module is `export default JSON.parse('…')` (JSON parses faster than a literal), or
 * `export default null` with `{ builtIn: false }`: the single-file build carries the simulator
 * anyway, so there the trace would only add to the file's size.
 */
export function seedTrace({ builtIn = true }: { builtIn?: boolean } = {}): Plugin {
  const resolved = `\0${SEED_TRACE_MODULE}`;
  return {
    name: 'fencing-lab-seed-trace',
    resolveId: (id) => (id === SEED_TRACE_MODULE ? resolved : undefined),
    load: (id) => {
      if (id !== resolved) return undefined;
      return builtIn ? `export default JSON.parse(${JSON.stringify(JSON.stringify(seedTraceData()))});\n` : 'export default null;\n';
    },
  };
}
