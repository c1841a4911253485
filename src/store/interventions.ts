/**
 * User interventions: what the learner does to a running story (pause a client, crash it, expire
 * the lease now, switch the storage's token check), kept as plain data (the types are in
 * `intervention-types.ts`, re-exported here) and applied to the base scenario by a pure function. The store recomputes the trace from the result.
 *
 * Faults are appended to the scenario's `faults` at the playhead; the model guarantees that a fault
 * at time t leaves every event before t unchanged, so the past the learner has seen stays put.
 *
 * @module
 */
import { MAX_FAULTS, type Fault, type Scenario } from '../model/scenario';
import type { Trace } from '../model/trace';
import { settingsModule } from './simulator';
import type { Intervention } from './intervention-types';

export type { Intervention, InterventionKind, SettingValue } from './intervention-types';

/** The default length of a pause the learner adds (ms): longer than the seed's 10 s TTL. */
export const DEFAULT_PAUSE_MS = 12_000;

/** Bounds of a pause the learner may add (ms). */
export const MIN_PAUSE_MS = 100;
export const MAX_PAUSE_MS = 120_000;

/** Turns a timed intervention into the model's fault; `fencing` is not a fault. */
export function toFault(i: Intervention): Fault | undefined {
  switch (i.kind) {
    case 'pause':
      return { kind: 'pause', client: i.client, atMs: i.atMs, forMs: i.forMs };
    case 'crash':
      return { kind: 'crash', client: i.client, atMs: i.atMs };
    case 'expireLease':
      return { kind: 'expireLease', atMs: i.atMs };
    case 'fencing':
    case 'set':
      return undefined;
  }
}

/**
 * How many more timed interventions (pause, crash, expire lease) the learner can make: a run is
 * saved, shared and reloaded as one scenario whose faults are the base's own plus these, and a
 * scenario holds at most {@link MAX_FAULTS} (200) faults. Past that, the link, the downloaded file
 * and the reload would all be refused (issue 18), so the store makes no more and the panel says why.
 * A `fencing` intervention is not a fault and is not counted.
 */
export function faultsLeft(base: Scenario, interventions: readonly Intervention[]): number {
  let timed = 0;
  for (const i of interventions) if (i.kind !== 'fencing') timed += 1;
  return Math.max(0, MAX_FAULTS - base.faults.length - timed);
}

/**
 * Applies interventions to a base scenario, returning a new scenario (the base is not touched).
 *
 * - `pause`, `crash`, `expireLease` are appended to `faults` in the order given;
 * - `fencing` sets `storage.fencing` for the whole run; the last one wins.
 *
 * - `set` changes a setting of the scenario as written (`settings/settings.ts`), before the faults are added.
 *
 * With no interventions the base itself is returned, so the trace can be reused.
 * @throws Error for a `set` intervention before the simulator's chunk has loaded (`simulator.ts`)
 */
export function applyInterventions(base: Scenario, interventions: readonly Intervention[]): Scenario {
  if (interventions.length === 0) return base;
  // Settings first (they edit the scenario as written, scripted faults included), then the faults
  // added at the playhead.
  const settings = interventions.filter((i): i is Extract<Intervention, { kind: 'set' }> => i.kind === 'set');
  const edited = settings.length > 0 ? settingsModule().applySettings(base, settings) : base;
  const faults: Fault[] = [...edited.faults];
  let fencing = edited.storage.fencing;
  for (const i of interventions) {
    const f = toFault(i);
    if (f) faults.push(f);
    else if (i.kind === 'fencing') fencing = i.fencing;
  }
  return { ...edited, storage: { ...edited.storage, fencing }, faults };
}

/**
 * The fencing setting the run uses after the interventions: the last `fencing` intervention, else
 * the base scenario's.
 */
export function effectiveFencing(base: Scenario, interventions: readonly Intervention[]): Scenario['storage']['fencing'] {
  let fencing = base.storage.fencing;
  for (const i of interventions) if (i.kind === 'fencing') fencing = i.fencing;
  return fencing;
}

/**
 * Sets the storage's token check: drops earlier `fencing` interventions and adds one only if the
 * wanted setting differs from the base scenario's, so switching back leaves no chip behind.
 */
export function withFencing(
  base: Scenario,
  interventions: readonly Intervention[],
  fencing: Scenario['storage']['fencing'],
): Intervention[] {
  const rest = interventions.filter((i) => i.kind !== 'fencing');
  return fencing === base.storage.fencing ? rest : [...rest, { kind: 'fencing', fencing }];
}

/**
 * The whole-ms time at which a fault added at the playhead takes effect.
 *
 * The model runs faults before anything else that happens in the same ms, so a fault at exactly the
 * time of an event the learner already sees would rewrite it. When an event sits at
 * `floor(playheadMs)` and is already shown, the fault goes 1 ms later; otherwise at `floor`.
 *
 * @param trace the current trace
 * @param playheadMs the playhead (simulated ms, may be fractional)
 */
export function faultTimeAt(trace: Trace, playheadMs: number): number {
  const t = Math.max(0, Math.floor(playheadMs));
  const shown = trace.events.some((e) => e.atMs === t && e.atMs <= playheadMs);
  return shown ? t + 1 : t;
}

/** Clamps a pause length the learner typed (ms) to whole ms in [{@link MIN_PAUSE_MS}, {@link MAX_PAUSE_MS}]. */
export function clampPauseMs(ms: number): number {
  if (!Number.isFinite(ms)) return DEFAULT_PAUSE_MS;
  return Math.min(MAX_PAUSE_MS, Math.max(MIN_PAUSE_MS, Math.round(ms)));
}
