/**
 * Every built-in scenario, loaded at once: for the quiz (which asks about many of them), tests and
 * tools. Importing this module also marks each one as loaded in the registry, so stores can open any
 * of them synchronously. The app's first render must not import it (see `index.ts`).
 * @module
 */
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
import { identityCas } from './builtin/identity-cas';
import { zombieUnlock } from './builtin/zombie-unlock';
import { zombieStaleRead } from './builtin/zombie-stale-read';
import { sameTokenOrder } from './builtin/same-token-order';
import { leaseTimer } from './builtin/lease-timer';
import { fencePerObject } from './builtin/fence-per-object';
import { registerBuiltIns } from './index';
import type { BuiltInScenario } from './types';

/** Every built-in scenario, whole, in the registry's order (default first). */
export const ALL_BUILT_IN_SCENARIOS: readonly BuiltInScenario[] = [
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
  // Issue 12's and issue 41's lessons.
  identityCas,
  zombieUnlock,
  zombieStaleRead,
  sameTokenOrder,
  leaseTimer,
  fencePerObject,
];

registerBuiltIns(ALL_BUILT_IN_SCENARIOS);

/** A whole built-in scenario by id, or `undefined` for an unknown id. */
export function builtInScenario(id: string): BuiltInScenario | undefined {
  return ALL_BUILT_IN_SCENARIOS.find((s) => s.id === id);
}
