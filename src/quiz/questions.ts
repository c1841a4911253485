/**
 * The quiz, as data: one file per group of questions in `questions/` (`basics.ts`, `tokens.ts`,
 * `timing.ts`, `systems.ts`, `issue12.ts`, `issue41.ts`; the sources they cite in `sources.ts`), asked in the order
 * of {@link QUESTIONS}. An instructor can edit them: add, remove or reorder questions, reword
 * feedback. `tests/model/quiz-data.test.ts` validates them (`schema.ts`) and checks that every
 * predict, order and moment question still matches what `simulate` gives for its scenario.
 *
 * Rules for editors:
 * - Every sentence must be true and sourced; put the sources on the question (`sources`).
 * - Never write the answer of a predict, order or moment question here: it is computed from the
 *   scenario's trace. Prompts may use `{client}`, `{token}`, `{value}`, `{delay}` (seconds a write
 *   was held in the network) and `{ttl}` (seconds); order labels may use `{token}` and `{value}`.
 * - Scenario ids are built-in ids (`src/scenarios`); a question whose scenario is missing is left
 *   out of the quiz (and the data test says so).
 * - The first question is the seed's quick check, word for word.
 * - `scenarioId` is the scenario that teaches the question (the summary's replay link); a question
 *   on a real system's details also names its entry in the Real systems tab (`realSystemId`).
 * - Moment explanations may use `{overlap}`: the stretches when two clients believe they hold the
 *   lock, computed from the trace ("from 10.2 s to 10.4 s").
 *
 * @module
 */
import type { Question } from './types';
import { BASIC_QUESTIONS } from './questions/basics';
import { TOKEN_QUESTIONS } from './questions/tokens';
import { TIMING_QUESTIONS } from './questions/timing';
import { REAL_SYSTEM_QUESTIONS } from './questions/systems';
import { ISSUE12_QUESTIONS } from './questions/issue12';
import { ISSUE41_QUESTIONS } from './questions/issue41';

export { ISSUE12_QUESTIONS, ISSUE41_QUESTIONS };

/** The questions, in the order asked. */
export const QUESTIONS: readonly Question[] = [
  ...BASIC_QUESTIONS,
  ...TOKEN_QUESTIONS,
  ...TIMING_QUESTIONS,
  ...REAL_SYSTEM_QUESTIONS,
  // Issue 12's lessons.
  ...ISSUE12_QUESTIONS,
  // Issue 41's lessons (fence granularity, a durable highest token, efficiency or correctness, side effects).
  ...ISSUE41_QUESTIONS,
];
