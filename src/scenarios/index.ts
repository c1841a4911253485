/**
 * The registry of built-in scenarios, in the order the picker shows them. The first is the default.
 *
 * Bundle (issue 7): only what the picker shows is here eagerly (id and title),
 * plus the default scenario itself, which the first render opens. Every other scenario module (its
 * file, narration and hints: about 40 KB minified for the first twelve) is its own chunk, loaded by
 * {@link loadBuiltInScenario} when the learner opens it. `scenarios/all.ts` loads them all at once
 * (the quiz, tests, tools). The real-systems reference is not imported here at all: ask
 * `realSystemIdsFor(id)` in `src/realsystems` (load that module lazily in the UI).
 * @module
 */
import { seedGcPause } from './builtin/seed-gc-pause';
import type { BuiltInScenario } from './types';

export type { BuiltInScenario, NarrationStep } from './types';
export { findNarrationEvent, narrationAt, type ActiveNarration } from './narration';

/**
 * What the picker shows without loading a scenario: the same id and title as the module. The
 * summaries of all of them are `summaries.ts` (the Library loads it); the open scenario's own is
 * `loadedBuiltIn(id).summary`.
 */
export interface BuiltInScenarioMeta {
  /** Stable id used in links: `?scenario=ID`. */
  id: string;
  /** The scenario file's `title`. */
  title: string;
}

/** The lessons of issue 12 (and issue 41's `fence-per-object`). */
const ISSUE12_META: readonly BuiltInScenarioMeta[] = [
  {
    id: 'identity-cas',
    title: 'Equality is not fencing',
  },
  {
    id: 'zombie-unlock',
    title: 'A late release frees the wrong lock',
  },
  {
    id: 'zombie-stale-read',
    title: 'A paused holder reads stale data',
  },
  {
    id: 'same-token-order',
    title: 'Same token, wrong order',
  },
  {
    id: 'lease-timer',
    title: 'A delayed grant and two lease timers',
  },
  // Issue 41 (fence granularity): in the same chunk and under the same flag.
  {
    id: 'fence-per-object',
    title: 'Fenced per row: the late write goes to a row the new holder has not written',
  },
];

/**
 * Every built-in scenario, default first: metadata only. `tests/model/scenarios.test.ts` checks
 * each entry against its module (same order and title).
 */
export const BUILT_IN_SCENARIOS: readonly BuiltInScenarioMeta[] = [
  {
    id: 'seed-gc-pause',
    title: 'Client 1 pauses for garbage collection',
  },
  {
    id: 'seed-gc-pause-unfenced',
    title: 'Client 1 pauses for garbage collection, and the storage does not check tokens',
  },
  {
    id: 'check-then-write',
    title: 'Client 1 checks its lease, then pauses before the write leaves',
  },
  {
    id: 'network-delay',
    title: "Client 1's write is held up in the network, and client 1 crashes",
  },
  {
    id: 'first-write-window',
    title: 'The new holder has not written yet, so the late write still gets in',
  },
  {
    id: 'first-write-window-fenced-read',
    title: 'The new holder reads with its token first, which narrows the window',
  },
  {
    id: 'keepalive-holds',
    title: 'Keepalives hold the lease through long work; client 2 waits its turn',
  },
  {
    id: 'crash-holder',
    title: 'Client 1 crashes while holding the lock; the lease frees it',
  },
  {
    id: 'slow-clock',
    title: "Client 1's clock runs at half speed, so it trusts an expired lease",
  },
  {
    id: 'partition-lease-service',
    title: 'Client 1 is cut off from the lease service but can still reach the storage',
  },
  {
    id: 'random-tokens',
    title: 'Random lock values instead of increasing tokens',
  },
  {
    id: 'jepsen-three-clients',
    title: 'Three clients, a 2-second lease and process pauses',
  },
  ...ISSUE12_META,
];

/** The id of the scenario that opens by default (the seed's story). */
export const DEFAULT_SCENARIO_ID = 'seed-gc-pause';

/** Module loaders of every scenario but the default (each one its own chunk; issue 12's lessons share one). */
const LOADERS: Readonly<Record<string, () => Promise<BuiltInScenario>>> = {
  'seed-gc-pause-unfenced': () => import('./builtin/seed-gc-pause-unfenced').then((m) => m.seedGcPauseUnfenced),
  'check-then-write': () => import('./builtin/check-then-write').then((m) => m.checkThenWrite),
  'network-delay': () => import('./builtin/network-delay').then((m) => m.networkDelay),
  'first-write-window': () => import('./builtin/first-write-window').then((m) => m.firstWriteWindow),
  'first-write-window-fenced-read': () => import('./builtin/first-write-window-fenced-read').then((m) => m.firstWriteWindowFencedRead),
  'keepalive-holds': () => import('./builtin/keepalive-holds').then((m) => m.keepaliveHolds),
  'crash-holder': () => import('./builtin/crash-holder').then((m) => m.crashHolder),
  'slow-clock': () => import('./builtin/slow-clock').then((m) => m.slowClock),
  'partition-lease-service': () => import('./builtin/partition-lease-service').then((m) => m.partitionLeaseService),
  'random-tokens': () => import('./builtin/random-tokens').then((m) => m.randomTokens),
  'jepsen-three-clients': () => import('./builtin/jepsen-three-clients').then((m) => m.jepsenThreeClients),
  // Issue 12's lessons share one chunk (`lessons12.ts`).
  ...Object.fromEntries(ISSUE12_META.map(({ id }) => [id, () => import('./lessons12').then((m) => m.LESSONS_12[id]!)])),
};

const loaded = new Map<string, BuiltInScenario>([[seedGcPause.id, seedGcPause]]);
const pending = new Map<string, Promise<BuiltInScenario | undefined>>();

/** Finds a built-in scenario's metadata by id (loaded or not); `undefined` for an unknown id. */
export function findBuiltIn(id: string): BuiltInScenarioMeta | undefined {
  return BUILT_IN_SCENARIOS.find((s) => s.id === id);
}

/**
 * The whole built-in scenario (file, narration, hints) if its module has been loaded (the default
 * always is), else `undefined`. Synchronous: for views showing the scenario that is open.
 */
export function loadedBuiltIn(id: string): BuiltInScenario | undefined {
  return loaded.get(id);
}

/**
 * Loads a built-in scenario's module (once; later calls return the same promise, so React's `use`
 * can wait on it). Resolves to `undefined` for an unknown id; rejects only if the chunk fails to
 * load (e.g. the network is gone), and a later call then tries again.
 */
export function loadBuiltInScenario(id: string): Promise<BuiltInScenario | undefined> {
  let p = pending.get(id);
  if (!p) {
    const done = loaded.get(id);
    const load = Object.hasOwn(LOADERS, id) ? LOADERS[id] : undefined;
    p = done
      ? Promise.resolve(done)
      : load
        ? load().then(
            (s) => {
              loaded.set(id, s);
              return s;
            },
            (err: unknown) => {
              pending.delete(id);
              throw err;
            },
          )
        : Promise.resolve(undefined);
    pending.set(id, p);
  }
  return p;
}

/** Marks modules as loaded (used by `all.ts`, which imports every one statically). */
export function registerBuiltIns(list: readonly BuiltInScenario[]): void {
  for (const s of list) loaded.set(s.id, s);
}
