/**
 * The registry of built-in scenarios, in the order the picker shows them. The first is the default.
 * @module
 */
import type { BuiltInScenario } from './types';
import { seedGcPause } from './builtin/seed-gc-pause';
import { seedGcPauseUnfenced } from './builtin/seed-gc-pause-unfenced';

export type { BuiltInScenario, NarrationStep } from './types';

/** Every built-in scenario, default first. */
export const BUILT_IN_SCENARIOS: readonly BuiltInScenario[] = [seedGcPause, seedGcPauseUnfenced];

/** The id of the scenario that opens by default (the seed's story). */
export const DEFAULT_SCENARIO_ID = 'seed-gc-pause';

/** Finds a built-in scenario by id. */
export function findBuiltIn(id: string): BuiltInScenario | undefined {
  return BUILT_IN_SCENARIOS.find((s) => s.id === id);
}
