/**
 * What every actor of one run shares: the scenario, the event queue and clock, the recorder and
 * the network.
 *
 * @module
 */
import type { Scenario } from '../scenario';
import type { Network } from './network';
import type { EventQueue } from './queue';
import type { Recorder } from './recorder';

/** The shared parts of one run, passed to each actor. */
export interface SimContext {
  readonly scenario: Scenario;
  readonly queue: EventQueue;
  readonly recorder: Recorder;
  readonly network: Network;
  /**
   * etcd flavour only: the cluster's one revision counter, which every write bumps (lock keys,
   * their deletion, and the storage's own writes when the storage lives in the same etcd, as in
   * the recorder). Undefined for the ideal lease service.
   */
  readonly revision?: { value: number } | undefined;
}

/** Spreads `{ token }` only when a token is defined (trace records omit absent fields). */
export function withToken(token: number | undefined): { token?: number } {
  return token !== undefined ? { token } : {};
}

/** Spreads `{ key }` only when a step names an object (issue 41; trace records omit absent fields). */
export function withKey(key: string | undefined): { key?: string } {
  return key !== undefined ? { key } : {};
}
