/**
 * The five lessons of issue 12 in one chunk, by id, and issue 41's fence-per-object lesson: one dynamic import for all of them keeps the
 * first render's loader table small (`index.ts`). Opening one loads all five (about 4 KB gzip).
 * @module
 */
import { identityCas } from './builtin/identity-cas';
import { leaseTimer } from './builtin/lease-timer';
import { sameTokenOrder } from './builtin/same-token-order';
import { zombieStaleRead } from './builtin/zombie-stale-read';
import { zombieUnlock } from './builtin/zombie-unlock';
import { fencePerObject } from './builtin/fence-per-object';
import type { BuiltInScenario } from './types';

/** Issue 12's lessons by id. */
export const LESSONS_12: Readonly<Record<string, BuiltInScenario>> = Object.fromEntries(
  [identityCas, zombieUnlock, zombieStaleRead, sameTokenOrder, leaseTimer, fencePerObject].map((s) => [s.id, s]),
);
