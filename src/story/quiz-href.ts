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
