/**
 * Notices about ignored URL parameters (`theme=blue`, an unknown scenario id, a cut-off `#s=`),
 * collected from wherever the URL is read (the page root reads the display parameters, the
 * explainer's chunk reads the scenario and time) and shown together by `ParamNotice.tsx`.
 * A tiny external store: no React in here, so any module may report.
 * @module
 */
import { useSyncExternalStore } from 'react';

let notices: readonly string[] = [];
const listeners = new Set<() => void>();

const emit = (): void => {
  for (const l of listeners) l();
};

/** Adds notices (duplicates are dropped). Safe to call before anything renders. */
export function reportNotices(found: readonly string[]): void {
  const fresh = found.filter((n) => !notices.includes(n));
  if (fresh.length === 0) return;
  notices = [...notices, ...fresh];
  emit();
}

/** Clears every notice (the Dismiss button; tests). */
export function clearNotices(): void {
  if (notices.length === 0) return;
  notices = [];
  emit();
}

/** The notices reported so far. */
export function currentNotices(): readonly string[] {
  return notices;
}

/** React hook: the notices, re-rendering when they change. */
export function useNotices(): readonly string[] {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => notices,
    () => notices,
  );
}
