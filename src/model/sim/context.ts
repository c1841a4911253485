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
}

/** Spreads `{ token }` only when a token is defined (trace records omit absent fields). */
export function withToken(token: number | undefined): { token?: number } {
  return token !== undefined ? { token } : {};
}
