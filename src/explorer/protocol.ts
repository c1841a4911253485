/**
 * The messages between the page and the explorer's Web Worker, and their validators. Both ends
 * validate what they receive and ignore anything malformed (a message from an extension, a stale
 * run, a bug), so neither can be crashed by a bad `postMessage`.
 *
 * Page → worker: {@link StartMessage}, {@link CancelMessage}.
 * Worker → page: {@link ProgressMessage}, {@link ResultMessage}, {@link CancelledMessage},
 * {@link ErrorMessage}. Every reply carries the `runId` of the start message it answers.
 * What carries them, as the page sees it: {@link WorkerLike}.
 *
 * @module
 */
import * as z from 'zod/mini';
import type { ScenarioInput, ScenarioIssue } from '../model';
import type { ExplorationResult } from './explore';
import type { ScheduleSpace } from './space';

/**
 * Start exploring. `scenario` is a scenario document (e.g. `toScenarioInput(scenario)`), validated
 * again in the worker; `space` is validated against it, and when omitted the worker uses
 * `defaultScheduleSpace(scenario)`. A new start cancels any run in progress (silently).
 */
export interface StartMessage {
  type: 'start';
  /** Chosen by the page; echoed in every reply so replies to an older run can be ignored. */
  runId: number;
  scenario: ScenarioInput;
  space?: ScheduleSpace;
  /** Schedules in the first chunk; the worker then sizes chunks to about 25 ms each. Default 200. */
  chunkSize?: number;
  /** Counterexamples kept per fencing mode and property. Default 3. */
  counterexamplesPerProperty?: number;
}

/** Stop the run in progress between two chunks; the worker answers {@link CancelledMessage}. */
export interface CancelMessage {
  type: 'cancel';
}

/** Sent when a run starts (`done: 0`) and after every chunk. */
export interface ProgressMessage {
  type: 'progress';
  runId: number;
  /** Schedules checked so far. */
  done: number;
  /** Schedules in the space. */
  total: number;
}

/** The finished exploration. */
export interface ResultMessage {
  type: 'result';
  runId: number;
  result: ExplorationResult;
  /** The space explored (the default one if the start message had none). */
  space: ScheduleSpace;
  total: number;
  /** Wall-clock time the run took in the worker (real ms, not simulated). */
  elapsedMs: number;
}

/** The run stopped on a cancel; `result` covers the schedules `[0, done)` checked before it. */
export interface CancelledMessage {
  type: 'cancelled';
  runId: number;
  done: number;
  total: number;
  result: ExplorationResult;
}

/** The start message was rejected (invalid scenario or space) or the exploration threw. */
export interface ErrorMessage {
  type: 'error';
  runId: number;
  message: string;
  /** For an invalid scenario or space: every issue, with its field path. */
  issues: ScenarioIssue[];
}

/** Any message the page sends the worker. */
export type ToWorker = StartMessage | CancelMessage;
/** Any message the worker sends the page. */
export type FromWorker = ProgressMessage | ResultMessage | CancelledMessage | ErrorMessage;

/**
 * What the page needs of the worker that carries these messages (a real `Worker` fits; tests pass a
 * fake). Here rather than in `client.ts` so that the modules making workers (`workers.ts`,
 * `worker-url.ts`) need not import the client that uses them.
 */
export interface WorkerLike {
  postMessage(message: unknown): void;
  terminate(): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
}

const count = z.number().check(z.int(), z.gte(0));
const runId = z.number().check(z.int());

const startSchema = z.object({
  type: z.literal('start'),
  runId,
  scenario: z.unknown(),
  space: z.optional(z.unknown()),
  chunkSize: z.optional(z.number().check(z.int(), z.gte(1), z.lte(100_000))),
  counterexamplesPerProperty: z.optional(z.number().check(z.int(), z.gte(0), z.lte(1000))),
});
const cancelSchema = z.object({ type: z.literal('cancel') });

/** Parses a message received by the worker; `undefined` for anything malformed (to be ignored). */
export function parseToWorker(data: unknown): { type: 'start'; runId: number; scenario: unknown; space: unknown; chunkSize?: number; counterexamplesPerProperty?: number } | CancelMessage | undefined {
  const start = startSchema.safeParse(data);
  if (start.success) return { ...start.data, space: start.data.space };
  const cancel = cancelSchema.safeParse(data);
  if (cancel.success) return { type: 'cancel' };
  return undefined;
}

const violations = z.object({
  'no-stale-overwrite': count,
  'token-order': count,
  'no-write-after-expiry': count,
  'mutual-exclusion': count,
});
const tally = z.object({ schedules: count, violations, writeAfterExpiryCauses: z.record(z.string(), count), afterRestart: violations });
const counterexample = z.object({
  index: count,
  schedule: z.object({ index: count, fencing: z.enum(['on', 'off']) }),
  violated: z.array(z.string()),
  witnesses: z.record(z.string(), z.string()),
  summary: z.string(),
  scenario: z.object({ format: z.string() }),
});
const resultSchema = z.object({
  from: count,
  to: count,
  schedules: count,
  byFencing: z.object({ on: tally, off: tally }),
  truncatedRuns: count,
  counterexamples: z.array(counterexample),
});
const fromWorkerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), runId, done: count, total: count }),
  z.object({ type: z.literal('result'), runId, result: resultSchema, space: z.object({ fencing: z.string() }), total: count, elapsedMs: z.number() }),
  z.object({ type: z.literal('cancelled'), runId, done: count, total: count, result: resultSchema }),
  z.object({
    type: z.literal('error'),
    runId,
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })),
  }),
]);

/**
 * Parses a message received from the worker; `undefined` for anything malformed (to be ignored).
 * Checks the shape of every field the page reads (counts, tallies, counterexample summaries); the
 * nested scenario documents are left as sent.
 */
export function parseFromWorker(data: unknown): FromWorker | undefined {
  const r = fromWorkerSchema.safeParse(data);
  // The schema checks the fields the page relies on; the rest passes through as sent.
  return r.success ? (data as FromWorker) : undefined;
}
