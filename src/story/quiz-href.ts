/**
 * The quiz page's address from the explainer's: the same page with `view=quiz` (other parameters
 * kept, the moment `t` dropped).
 * @module
 */
export function quizHref(search: string): string {
  const q = new URLSearchParams(search);
  q.set('view', 'quiz');
  q.delete('t');
  return `?${q.toString()}`;
}

/**
 * Sets a quiz link's address from the page's address as it is now (an event handler for the
 * link's pointer-down, focus and click): the page's address follows the learner's scenario and
 * changes after the link was drawn, so an address taken at render time would open the quiz of an
 * earlier scenario.
 */
export function refreshQuizHref(e: { currentTarget: HTMLAnchorElement }): void {
  e.currentTarget.href = quizHref(location.search);
}
