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

/** The id of the element of the prerendered `index.html` that carries the trace (`inHtml`). */
export const SEED_TRACE_ELEMENT_ID = 'fl-seed-trace';

/**
 * The trace as the prerendered page carries it: a `<script type="application/json">` element, the
 * usual way to hand a server render's data to the browser's hydration (issue 15). `<` is escaped
 * (`\u003c`), so no `</script>` can end it early.
 */
export function seedTraceElement(): string {
  return `<script type="application/json" id="${SEED_TRACE_ELEMENT_ID}">${JSON.stringify(seedTraceData()).replace(/</g, '\\u003c')}</script>`;
}

/**
 * The plugin. The module is `export default JSON.parse('…')` (JSON parses faster than a literal), or
 * `export default null` with `{ builtIn: false }`: the single-file build carries the simulator
 * anyway, so there the trace would only add to the file's size.
 *
 * With `inHtml`, the production client build reads the trace from the page instead
 * ({@link seedTraceElement}, written by the prerender step `prerender.ts`): it is data the HTML
 * carries anyway for the prerendered first screen, not 1.2 KB gzip of the first render's JavaScript.
 * A page without it (the dev server) gets `null` and simulates the seed like any other scenario.
 * The server render (`ssr`), the dev server's and the tests' modules keep the trace inline.
 */
export function seedTrace({ builtIn = true, inHtml = false }: { builtIn?: boolean; inHtml?: boolean } = {}): Plugin {
  const resolved = `\0${SEED_TRACE_MODULE}`;
  let building = false;
  return {
    name: 'fencing-lab-seed-trace',
    configResolved: (config) => {
      building = config.command === 'build';
    },
    resolveId: (id) => (id === SEED_TRACE_MODULE ? resolved : undefined),
    load: (id, options) => {
      if (id !== resolved) return undefined;
      if (!builtIn) return 'export default null;\n';
      if (inHtml && building && !options?.ssr) {
        return `const el = typeof document === 'undefined' ? null : document.getElementById(${JSON.stringify(SEED_TRACE_ELEMENT_ID)});\nexport default el ? JSON.parse(el.textContent) : null;\n`;
      }
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(seedTraceData()))});\n`;
    },
  };
}
