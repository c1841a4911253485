/**
 * `figure=ID` (issue 45, with `view=lesson`): one figure of the lesson alone, for a course page to
 * embed next to its own text. Read here, in the lesson's chunk, not by `embed/params.ts` (which only
 * knows the name, so it is not reported as unknown): the lab's first render does not carry it.
 * @module
 */

/** The figure id a query string asks for (`?view=lesson&figure=pause`), or `undefined`; an unknown id is the lesson's to report. */
export function figureParam(search: string): string | undefined {
  const raw = new URLSearchParams(search).get('figure');
  return raw === null || raw === '' ? undefined : raw.slice(0, 60);
}
