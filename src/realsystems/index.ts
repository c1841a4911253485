/**
 * The real-systems reference: where the lease, the fencing token and the storage's check live in
 * etcd, ZooKeeper, Chubby, Kafka, HDFS, SQL databases, DynamoDB, S3 and Redis.
 * @module
 */
import { LESSON_SYSTEMS } from './lessons';
import { LESSON41_SYSTEMS } from './lessons41';
import { REAL_SYSTEMS as CORE_SYSTEMS } from './systems';
import type { RealSystem } from './types';

export type { RealSystem, RealSystemSnippet, RealSystemSource } from './types';

const KIND_ORDER: readonly RealSystem['kind'][] = ['lock-service', 'replicated-log', 'storage'];

/** Every entry: lock services first, then systems that fence with epochs, then storage (a stable sort keeps each file's order). */
export const REAL_SYSTEMS: readonly RealSystem[] = [...CORE_SYSTEMS, ...LESSON_SYSTEMS, ...LESSON41_SYSTEMS].sort(
  (a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind),
);

/** Finds an entry by id, or `undefined`. */
export function findRealSystem(id: string): RealSystem | undefined {
  return REAL_SYSTEMS.find((s) => s.id === id);
}

/** Ids of the entries that list a built-in scenario, in reference order. */
export function realSystemIdsFor(scenarioId: string): string[] {
  return REAL_SYSTEMS.filter((s) => s.scenarios.includes(scenarioId)).map((s) => s.id);
}
