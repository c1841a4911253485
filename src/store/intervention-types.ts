/**
 * What the learner did to the run, as plain data: the types only. `interventions.ts` applies them
 * (and re-exports these); the settings in `src/settings/` read and make `set` interventions. A
 * module of its own, with no code, so that the settings (loaded on demand by `simulator.ts`) need
 * not import the store's code that loads them.
 * @module
 */
import type { Scenario } from '../model/scenario';

/** One thing the learner did to the run. All times are simulated ms. */
export type Intervention =
  /** Freeze a client for `forMs` from `atMs` (a stop-the-world GC pause, a VM freeze). */
  | { kind: 'pause'; client: string; atMs: number; forMs: number }
  /** Stop a client for good at `atMs`. */
  | { kind: 'crash'; client: string; atMs: number }
  /** End the live lease at the lease service at `atMs` (as an operator might, or a failover of a lock service that replicates asynchronously, e.g. Redis; Chubby §2.9 and etcd carry leases over a failover). */
  | { kind: 'expireLease'; atMs: number }
  /** Switch the storage's token check for the whole run (not from the playhead on). */
  | { kind: 'fencing'; fencing: Scenario['storage']['fencing'] }
  /**
   * Change one setting of the scenario for the whole run (a control instead of editing JSON; see
   * `settings/settings.ts`): `path` is one of the paths listed there, `value` the new value (`null` removes a
   * scripted fault or a program step).
   */
  | { kind: 'set'; path: string; value: SettingValue };

/** The value of a `set` intervention. */
export type SettingValue = number | boolean | string | null;

/** The kinds of intervention. */
export type InterventionKind = Intervention['kind'];
