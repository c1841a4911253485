/**
 * The shape of quiz questions. Questions are plain data (see `questions.ts` and its groups in
 * `questions/`, which an instructor can edit); `schema.ts` validates them with zod/mini and a test
 * runs it over the shipped questions.
 *
 * Four kinds:
 * - `choice`: multiple choice, single (radio buttons) or multi-select (checkboxes), with feedback
 *   on every option saying why it is right or wrong;
 * - `predict`: a built-in scenario plays on a live timeline up to a storage decision and stops; the
 *   student predicts the outcome (accepted or rejected) or the highest token the storage will
 *   hold, then watches it happen. The answer is COMPUTED from `simulate`, never written here;
 * - `order`: put events of a scenario in the order they happen (move up / move down buttons);
 *   the correct order is computed from the trace;
 * - `moment`: move the playhead to a moment when two clients both believe they hold the lock;
 *   the answer is computed from the trace's belief intervals.
 *
 * @module
 */
import type { EventKind } from '../model/trace';

/** What a question teaches; the summary groups missed questions by it, a test checks coverage. */
export type Topic =
  | 'leases-vs-locks'
  | 'process-pauses'
  | 'client-side-checks'
  | 'where-fencing'
  | 'monotonic-tokens'
  | 'equal-tokens'
  | 'network-delay'
  | 'first-write-window'
  | 'keepalive'
  | 'real-systems';

/** Every topic, in teaching order. */
export const TOPICS: readonly Topic[] = [
  'leases-vs-locks',
  'process-pauses',
  'client-side-checks',
  'where-fencing',
  'monotonic-tokens',
  'equal-tokens',
  'network-delay',
  'first-write-window',
  'keepalive',
  'real-systems',
];

/** Where a question's claims come from; shown under the feedback as "Source: …". */
export interface Source {
  /** Author and title, e.g. `Martin Kleppmann, “How to do distributed locking” (2016)`. */
  title: string;
  /** Section, page or field, e.g. `“Making the lock safe with fencing”`. */
  section?: string;
  /** A public address of the source, if it has one. */
  url?: string;
}

/** Fields every question has. */
interface QuestionBase {
  /** Stable id (lowercase letters, digits, dashes): saved progress and xAPI `object.id` use it. */
  id: string;
  topic: Topic;
  /** The question as the student reads it (the `<legend>`). */
  prompt: string;
  /** At least one source for every claim the question and its feedback make. */
  sources: Source[];
  /**
   * A built-in scenario that explains this question; the summary links missed questions to it
   * (`?scenario=ID`). Predict, order and moment questions play this scenario.
   */
  scenarioId?: string;
  /**
   * For a question on a real system's details (etcd, ZooKeeper, Chubby...): the id of the entry in
   * the Real systems tab that teaches them (`src/realsystems`). The feedback and the summary point
   * the student to it, under the scenario `scenarioId`.
   */
  realSystemId?: string;
}

/** One option of a multiple-choice question. */
export interface ChoiceOption {
  /** Stable id within the question (used as the xAPI response). */
  id: string;
  text: string;
  correct: boolean;
  /**
   * Why this option is right or wrong. Shown after Check: for a single-choice question when chosen
   * (and with the solution), for a select-all question for every option, ticked or not.
   */
  feedback: string;
}

/** Multiple choice: radio buttons (`multiple: false`, exactly one correct option) or checkboxes. */
export interface ChoiceQuestion extends QuestionBase {
  kind: 'choice';
  multiple: boolean;
  /** In the order shown (never shuffled: the seed question keeps the seed's order). */
  options: ChoiceOption[];
}

/**
 * Which storage decision a predict question stops before: the `nth` (from 1) decision the storage
 * makes on a write from `client`.
 */
export interface DecisionRef {
  client: string;
  nth: number;
}

/** Predict the outcome of a storage decision, on the live timeline. */
export interface PredictQuestion extends QuestionBase {
  kind: 'predict';
  scenarioId: string;
  decision: DecisionRef;
  /**
   * `outcome`: will the storage accept or reject the write?
   * `highest-token`: which token will the storage hold as its highest right after the decision?
   */
  ask: 'outcome' | 'highest-token';
  /**
   * The prompt may use `{client}`, `{token}` and `{value}`: filled from the decision in the trace
   * (the client's name, the token the write carries, the value written).
   */
  prompt: string;
  /** Why it turns out the way it does; shown after Check, with the storage's own log line. */
  explanation: string;
}

/** An event picked out of a trace by pattern, as narration steps do: the `nth` (from 1) `kind` event at `actor`. */
export interface EventMatch {
  kind: EventKind;
  actor?: string;
  nth?: number;
}

/** One event to put in order. */
export interface OrderItem {
  id: string;
  /** What the student reads; may use `{token}` and `{value}` from the matched event. */
  label: string;
  match: EventMatch;
}

/** Put events of a scenario in the order they happen. */
export interface OrderQuestion extends QuestionBase {
  kind: 'order';
  scenarioId: string;
  /** In the order first shown (a test checks it is not already the right order). */
  items: OrderItem[];
  explanation: string;
}

/** Move the playhead to a moment when two (or more) clients believe they hold the lock. */
export interface MomentQuestion extends QuestionBase {
  kind: 'moment';
  scenarioId: string;
  explanation: string;
}

/** Any question. */
export type Question = ChoiceQuestion | PredictQuestion | OrderQuestion | MomentQuestion;

/** A question kind. */
export type QuestionKind = Question['kind'];

/** A student's answer to one question, by kind. Times are simulated ms. */
export type Response =
  | { kind: 'choice'; selected: string[] }
  | { kind: 'predict'; value: string }
  | { kind: 'order'; order: string[] }
  | { kind: 'moment'; atMs: number };
