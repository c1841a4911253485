/**
 * What the quiz needs from an LMS, whichever runtime it speaks (SCORM 1.2 `scorm.ts`, cmi5
 * `cmi5.ts`). Both live in chunks of their own, loaded only when {@link detectLms} finds an LMS,
 * so the hosted first render does not grow.
 * @module
 */
import { findScormApi } from './scorm-api';
import type { LmsSession } from './types';

export type { LmsSession } from './types';

/** True when the URL carries the five cmi5 launch parameters (cmi5 spec, 8.1). */
export function isCmi5Launch(search: string): boolean {
  try {
    const q = new URLSearchParams(search);
    return ['endpoint', 'fetch', 'actor', 'registration', 'activityId'].every((k) => q.get(k));
  } catch {
    return false;
  }
}

/** Which LMS runtime the page is launched by, if any: cmi5 (launch parameters) or SCORM 1.2 (an API adapter). */
export function detectLms(win: Window | undefined, search: string): 'cmi5' | 'scorm' | undefined {
  // The plain single file (`--mode single`) has no LMS runtime; the packages (`--mode package`) do.
  if (!import.meta.env.FENCING_LAB_LMS) return undefined;
  if (isCmi5Launch(search)) return 'cmi5';
  return win && findScormApi(win) ? 'scorm' : undefined;
}

/** Opens the session of the runtime `kind` (its module loaded on demand); `undefined` if it will not start. */
export async function openLms(kind: 'cmi5' | 'scorm', win: Window, search: string): Promise<LmsSession | undefined> {
  if (!import.meta.env.FENCING_LAB_LMS) return undefined;
  try {
    return kind === 'scorm' ? (await import('./scorm')).openScorm(win) : await (await import('./cmi5')).openCmi5(win, search);
  } catch {
    return undefined;
  }
}
