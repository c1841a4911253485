/**
 * The titles of the Real systems entries a quiz question can point to (`Question.realSystemId`).
 * A small copy, so the quiz chunk does not carry the whole reference (`src/realsystems`);
 * `tests/model/corrections.test.ts` checks it against the reference (same ids, same titles).
 * @module
 */

/** Entry id → title, as in `src/realsystems/systems.ts`. */
export const REAL_SYSTEM_TITLES: Readonly<Record<string, string>> = {
  etcd: 'etcd',
  zookeeper: 'ZooKeeper',
  chubby: 'Chubby',
  // Issue 41's entries (src/realsystems/lessons41.ts).
  'fence-per-lock-row': 'Fencing every row of a lock: one highest-token row in SQL',
  'durable-highest-token': 'A highest token that survives a restart: HDFS JournalNodes',
  'efficiency-lock': 'A lock for efficiency: one Redis instance',
  'idempotency-keys': 'Side effects that cannot check a token: idempotency keys (Stripe)',
};

/** The title of a Real systems entry a question points to, or `undefined` for an id not listed here. */
export function realSystemTitle(id: string): string | undefined {
  return Object.hasOwn(REAL_SYSTEM_TITLES, id) ? REAL_SYSTEM_TITLES[id] : undefined;
}
