/**
 * The real-systems reference: where the lease, the fencing token and the storage's check live in
 * etcd, ZooKeeper, Chubby, Kafka, HDFS, SQL databases, DynamoDB, S3 and Redis.
 * @module
 */
import { REAL_SYSTEMS } from './systems';
import type { RealSystem } from './types';

export type { RealSystem, RealSystemSnippet, RealSystemSource } from './types';
export { REAL_SYSTEMS };

/** Finds an entry by id, or `undefined`. */
export function findRealSystem(id: string): RealSystem | undefined {
  return REAL_SYSTEMS.find((s) => s.id === id);
}

/** Ids of the entries that list a built-in scenario, in reference order. */
export function realSystemIdsFor(scenarioId: string): string[] {
  return REAL_SYSTEMS.filter((s) => s.scenarios.includes(scenarioId)).map((s) => s.id);
}
