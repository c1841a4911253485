/**
 * The registry of built-in scenarios, in the order the picker shows them. The first is the default.
 * @module
 */
import { realSystemIdsFor } from '../realsystems';
import { checkThenWrite } from './builtin/check-then-write';
import { crashHolder } from './builtin/crash-holder';
import { firstWriteWindow } from './builtin/first-write-window';
import { firstWriteWindowFencedRead } from './builtin/first-write-window-fenced-read';
import { jepsenThreeClients } from './builtin/jepsen-three-clients';
import { keepaliveHolds } from './builtin/keepalive-holds';
import { networkDelay } from './builtin/network-delay';
import { partitionLeaseService } from './builtin/partition-lease-service';
import { randomTokens } from './builtin/random-tokens';
import { seedGcPause } from './builtin/seed-gc-pause';
import { seedGcPauseUnfenced } from './builtin/seed-gc-pause-unfenced';
import { slowClock } from './builtin/slow-clock';
import type { BuiltInScenario } from './types';

export type { BuiltInScenario, NarrationStep } from './types';
export { findNarrationEvent, narrationAt, type ActiveNarration } from './narration';

/**
 * Every built-in scenario, default first. `realSystems` is filled from the real-systems reference,
 * whose entries list the scenarios they illustrate (one source of truth for the pairing).
 */
export const BUILT_IN_SCENARIOS: readonly BuiltInScenario[] = [
  seedGcPause,
  seedGcPauseUnfenced,
  checkThenWrite,
  networkDelay,
  firstWriteWindow,
  firstWriteWindowFencedRead,
  keepaliveHolds,
  crashHolder,
  slowClock,
  partitionLeaseService,
  randomTokens,
  jepsenThreeClients,
].map((s) => ({ ...s, realSystems: realSystemIdsFor(s.id) }));

/** The id of the scenario that opens by default (the seed's story). */
export const DEFAULT_SCENARIO_ID = 'seed-gc-pause';

/** Finds a built-in scenario by id. */
export function findBuiltIn(id: string): BuiltInScenario | undefined {
  return BUILT_IN_SCENARIOS.find((s) => s.id === id);
}
