/**
 * The lesson's progress (issue 45): which chapters the reader has finished (answered its question),
 * kept in localStorage so a return visit shows them ticked. Storage that is blocked or full (a
 * private window, a sandboxed frame) keeps the progress for this page view only.
 * @module
 */

/** The localStorage key. */
export const PROGRESS_KEY = 'fencing-lab.lesson.read';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The ids of the chapters read, as kept; an empty set when nothing (or something unreadable) is kept. */
export function loadProgress(): Set<string> {
  try {
    const raw = storage()?.getItem(PROGRESS_KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string' && x.length <= 40) : []);
  } catch {
    return new Set();
  }
}

/** Keeps the ids of the chapters read (silently not, where storage is unavailable). */
export function saveProgress(read: ReadonlySet<string>): void {
  try {
    storage()?.setItem(PROGRESS_KEY, JSON.stringify([...read]));
  } catch {
    // Blocked or full: the progress lasts for this page view.
  }
}
