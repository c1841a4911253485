/**
 * The lease service's interface, which every flavour implements (`lease-service.ts` has the basic
 * one and the registry of flavours, `etcd-lease-service.ts` the etcd one). A module of its own so
 * that a flavour need not import the registry that imports it.
 * @module
 */
import type { Message } from '../trace';

/** The lease service as the driver sees it: one handler per thing that can happen to it. */
export interface LeaseService {
  /** A message (`acquire`, `keepalive`, `release`) reached the lease service. */
  receive(m: Message): void;
  /** The expiry timer set for lease `token` at `expiresAtMs` (ms) fired. */
  expiryDue(token: number, expiresAtMs: number): void;
  /** An `expireLease` fault: the live lease (if any) ends now, revoked. */
  revoke(): void;
  /** The run ended at `endMs` (ms): close the live lease's interval. */
  finish(endMs: number): void;
  /** A timer the service set for itself (`service-timer` job) came due. */
  timerDue?(client: string, rev: number): void;
}
