/**
 * Stale writes the storage stored (issue 40, item 2): a module of its own, used by the simulator's
 * recorder and the recordings' traces, so that it goes with their chunks and not the first render.
 * @module
 */
import { isLowerTokenStored, type LeaseInterval, type StorageDecision } from './trace';

/**
 * Whether decision `d` stored a stale write (see {@link StorageDecision.staleAccepted}): accepted,
 * with a token, and either the writer's lease with that token had ended at the lease service by
 * `d.atMs`, or a lease granted after the writer's had gone to another client by then, or (monotonic
 * tokens) the token is lower than one the storage had accepted. A write from the holder of a live
 * lease that is still the newest grant is never stale.
 *
 * @param d A storage decision of the run.
 * @param leases The run's leases as the lease service saw them (`Trace.leases`, complete: each
 *   `endMs` final, `run-ended` for one still live at the run's end).
 * @param tokens How the lease service made tokens (`Scenario.lease.tokens`).
 * @returns False for a rejected write and for one without a token.
 */
export function staleAcceptedOf(d: StorageDecision, leases: readonly LeaseInterval[], tokens: 'monotonic' | 'random'): boolean {
  if (!d.accepted || d.token === undefined) return false;
  if (isLowerTokenStored(d, tokens)) return true;
  // The writer's lease with this token: the latest granted to it by the decision (a random token
  // may come round again).
  let own: LeaseInterval | undefined;
  for (const l of leases) if (l.holder === d.client && l.token === d.token && l.startMs <= d.atMs && (own === undefined || l.startMs >= own.startMs)) own = l;
  if (own === undefined) return false;
  if (own.endReason !== 'run-ended' && own.endMs <= d.atMs) return true;
  const start = own.startMs;
  return leases.some((l) => l.holder !== d.client && l.startMs > start && l.startMs <= d.atMs);
}
