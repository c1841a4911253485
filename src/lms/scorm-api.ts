/**
 * The SCORM 1.2 API adapter and how to find it: `session.ts` looks for it to detect a SCORM launch,
 * and `scorm.ts` (loaded on demand) talks to it. A module of its own so that `scorm.ts` need not
 * import `session.ts`, which loads it.
 * @module
 */

/** The window that holds the SCORM 1.2 API adapter, found per the SCORM 1.2 RTE. */
export interface Scorm12Api {
  LMSInitialize(s: ''): string;
  LMSFinish(s: ''): string;
  LMSGetValue(k: string): string;
  LMSSetValue(k: string, v: string): string;
  LMSCommit(s: ''): string;
  LMSGetLastError(): string;
}

/**
 * Finds the SCORM 1.2 API adapter: the `API` object of this window or a parent (at most 7 levels,
 * as the ADL sample in the SCORM 1.2 RTE, 3.3.6.1, searches), else of the opener and its parents.
 * Frames of other origins throw on access; they are skipped. Never throws.
 */
export function findScormApi(win: Window): Scorm12Api | undefined {
  const search = (w: Window | null): Scorm12Api | undefined => {
    for (let i = 0; w && i <= 7; i++) {
      try {
        const api = (w as unknown as { API?: Scorm12Api }).API;
        if (api && typeof api.LMSInitialize === 'function') return api;
        if (w.parent === w) return undefined;
        w = w.parent;
      } catch {
        return undefined;
      }
    }
    return undefined;
  };
  try {
    return search(win) ?? search(win.opener as Window | null);
  } catch {
    return undefined;
  }
}
