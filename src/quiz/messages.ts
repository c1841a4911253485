/**
 * The quiz's UI text (English reference catalogue). It lives here, not in `i18n/messages/en.ts`,
 * so that it loads with the lazy quiz chunk instead of the first render. `useQuizT()` follows the
 * app's language through `useT()` and falls back to English for a missing language or key.
 *
 * Question content (prompts, options, feedback) is data in `questions.ts`.
 * @module
 */
import { getLocale, useT } from '../i18n';

/** English quiz text. `{name}` placeholders are filled by {@link quizT}. */
export const quizEn = {
  'quiz.title': 'Check your understanding',
  'quiz.intro': 'Answer each question, then press Check. Some questions play a scenario on the timeline.',
  'quiz.progress': 'Question {n} of {total}',
  'quiz.score': 'Score: {raw} of {max}',
  'quiz.check': 'Check',
  'quiz.retry': 'Retry',
  'quiz.showSolution': 'Show solution',
  'quiz.previous': 'Previous',
  'quiz.next': 'Next',
  'quiz.finish': 'Finish',
  'quiz.correct': 'Correct.',
  'quiz.incorrect': 'Not quite.',
  'quiz.partial': 'You judged {right} of {of} options right.',
  'quiz.needAnswer': 'Choose an answer first, then press Check.',
  'quiz.solutionShown': 'Solution shown. This question’s score is final.',
  'quiz.solutionTitle': 'Solution',
  'quiz.source': 'Source:',
  'quiz.sources': 'Sources:',
  'quiz.yourAnswer': 'Your answer',
  'quiz.mark.right': 'right',
  'quiz.mark.wrong': 'wrong',
  'quiz.mark.correctOption': 'correct answer',
  'quiz.notices': 'Some quiz settings in the address were ignored:',
  'quiz.storageBlocked': 'This browser blocks storage here, so your progress will not be kept if you reload the page.',
  'quiz.unavailable': 'Left out: {n} question(s) whose scenario is not available in this version.',
  'quiz.empty': 'No questions are available.',

  'quiz.predict.accepted': 'Accepted',
  'quiz.predict.rejected': 'Rejected',
  'quiz.predict.token': 'Token {token}',
  'quiz.predict.tokenNone': 'None yet (0)',
  'quiz.predict.stopped': 'The run is stopped at {time} s, just before the storage decides.',
  'quiz.predict.replay': 'Replay up to here',
  'quiz.predict.watchAgain': 'Watch again',
  'quiz.predict.happened': 'What the storage did: {log}',
  'quiz.predict.rightAnswer': 'The right answer: {answer}.',

  'quiz.order.instructions': 'Use the Move up and Move down buttons to put the events in order, first at the top.',
  'quiz.order.up': 'Move up',
  'quiz.order.down': 'Move down',
  'quiz.order.upLabel': 'Move up: {label}',
  'quiz.order.downLabel': 'Move down: {label}',
  'quiz.order.moved': '“{label}” is now number {n} of {total}.',
  'quiz.order.inPlace': '{right} of {of} events are in the right place.',
  'quiz.order.rightOrder': 'The order in the run:',
  'quiz.order.at': 'at {time} s',

  'quiz.moment.slider': 'Moment on the timeline',
  'quiz.moment.instructions': 'Use the slider (arrow keys step from event to event) to move the playhead, then press Check.',
  'quiz.moment.valuetext': '{time} s: {events}',
  'quiz.moment.none': 'At {time} s no client believes it holds the lock.',
  'quiz.moment.one': 'At {time} s only {name} believes it holds the lock (token {token}).',
  'quiz.moment.two': 'At {time} s both {a} and {b} believe they hold the lock.',
  'quiz.moment.many': 'At {time} s {names} all believe they hold the lock.',
  'quiz.moment.overlap': 'Two or more clients believe they hold the lock from {start} s to {end} s.',
  'quiz.moment.believes': '{name} (token {token})',

  'quiz.summary.title': 'Your result',
  'quiz.summary.score': 'You scored {raw} of {max} ({percent}%).',
  'quiz.summary.passed': 'Passed: the pass mark is {passMark}%.',
  'quiz.summary.failed': 'Not passed yet: the pass mark is {passMark}%.',
  'quiz.summary.missedTitle': 'Worth another look',
  'quiz.summary.allRight': 'You answered every question right.',
  'quiz.summary.notAnswered': 'not answered',
  'quiz.summary.answeredWrong': 'answered wrong',
  'quiz.summary.review': 'Replay the scenario “{title}”',
  'quiz.summary.retryAll': 'Retry the quiz',
  'quiz.summary.back': 'Back to the questions',
  'quiz.summary.explainsOne': '(question {list})',
  'quiz.summary.explainsMany': '(questions {list})',
  'quiz.summary.missedList': 'Questions missed: {list}.',

  'quiz.actor.leaseService': 'the lease service',
  'quiz.actor.storage': 'the storage',
  'quiz.event.client-start': '{actor} starts',
  'quiz.event.acquire-sent': '{actor} asks for the lock',
  'quiz.event.acquire-queued': '{peer} waits for the lock',
  'quiz.event.lease-granted': 'the lease service grants the lock to {peer} (token {token})',
  'quiz.event.grant-received': '{actor} receives the grant (token {token})',
  'quiz.event.keepalive-sent': '{actor} sends a keepalive',
  'quiz.event.lease-renewed': 'the lease service renews {peer}’s lease',
  'quiz.event.keepalive-rejected': 'the lease service turns down {peer}’s keepalive',
  'quiz.event.keepalive-ok-received': '{actor} hears its lease was renewed',
  'quiz.event.keepalive-lost-received': '{actor} hears its lease is gone',
  'quiz.event.lease-expired': '{peer}’s lease expires (token {token})',
  'quiz.event.lease-revoked': '{peer}’s lease is revoked (token {token})',
  'quiz.event.release-sent': '{actor} releases the lock',
  'quiz.event.lease-released': 'the lease service frees the lock',
  'quiz.event.lease-check-passed': '{actor}’s own lease check passes',
  'quiz.event.lease-check-failed': '{actor}’s own lease check fails',
  'quiz.event.write-sent': '{actor} sends a write (token {token})',
  'quiz.event.write-accepted': 'the storage accepts {peer}’s write (token {token})',
  'quiz.event.write-rejected': 'the storage rejects {peer}’s write (token {token})',
  'quiz.event.write-reply-received': '{actor} gets the storage’s reply',
  'quiz.event.read-sent': '{actor} sends a read',
  'quiz.event.read-served': 'the storage serves {peer}’s read',
  'quiz.event.read-rejected': 'the storage rejects {peer}’s read',
  'quiz.event.read-reply-received': '{actor} gets the read reply',
  'quiz.event.work-started': '{actor} starts working',
  'quiz.event.pause-started': '{actor} freezes (process pause)',
  'quiz.event.pause-ended': '{actor} wakes up',
  'quiz.event.crashed': '{actor} crashes',
  'quiz.event.partition-started': '{actor} is cut off from the network',
  'quiz.event.partition-healed': '{actor}’s network heals',
  'quiz.event.program-ended': '{actor} finishes',
  'quiz.event.message-dropped': 'a message to {actor} is lost',
  'quiz.event.start': 'the start of the run',
} as const satisfies Record<string, string>;

/** A key of the quiz catalogue. */
export type QuizMessageKey = keyof typeof quizEn;

const catalogues: Record<string, Partial<Record<QuizMessageKey, string>>> = { en: quizEn };

/** Registers the quiz text of another language (missing keys fall back to English). */
export function addQuizCatalogue(lang: string, messages: Partial<Record<QuizMessageKey, string>>): void {
  catalogues[lang] = messages;
}

/** Translates a quiz key, filling `{name}` placeholders. */
export function quizT(key: QuizMessageKey, values?: Record<string, string | number>): string {
  const msg = catalogues[getLocale()]?.[key] ?? quizEn[key];
  if (!values) return msg;
  return msg.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** React hook: {@link quizT}, re-rendering the component when the app's language changes. */
export function useQuizT(): typeof quizT {
  useT();
  return quizT;
}
