/**
 * The schedule explorer ("Try to break it"): enumerate fault schedules over a scenario, simulate
 * each, and check what fencing tokens do and do not guarantee.
 *
 * API for the UI panel:
 *
 * - `defaultScheduleSpace(scenario)` → a {@link ScheduleSpace} (edit its grids, or build one and
 *   check it with `checkScheduleSpace(scenario, space)`, which returns issues with field paths);
 *   `countSchedules(space)` gives its size before running it.
 * - `startExploration(scenario, space | undefined, onProgress, options?)` → `{ promise, cancel }`
 *   runs it in a Web Worker (`./worker.ts`); the promise resolves to
 *   `{ status: 'done', result }` or `{ status: 'cancelled', result }` (partial) and rejects with an
 *   `ExplorationError` carrying `issues`.
 * - An {@link ExplorationResult} holds, per fencing mode, the schedules run and the violations of
 *   each of the four properties (`PROPERTY_IDS`, labels in `PROPERTY_LABELS`; `isPromised` says
 *   which ones fencing promises), a tally of why late writes got in (`WriteAfterExpiryCause`),
 *   and `counterexamples`: each a replayable scenario document, what it violates and one sentence
 *   per property. Witness objects (`checkProperties(trace)`) carry the decisions, leases and
 *   belief intervals involved, for highlighting them on a timeline.
 * - The pure core (`explore`, `exploreRange` + `mergeResults`, `exploreChunks`) is synchronous
 *   and runs anywhere (tests, the CLI `npm run explore`).
 *
 * @module
 */
export * from './properties';
export * from './space';
export * from './explore';
export * from './protocol';
export * from './client';
