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

/** The notices reported about the link read last (scope `link`), so that reading a new link drops them. */
const fromLink = new Set<string>();

/**
 * Adds notices (duplicates are dropped). Safe to call before anything renders.
 * @param scope what they are about: `link` for a link's scenario, time and settings (a new link
 *   read replaces them, {@link forgetLinkNotices}); none for the rest of the URL
 */
export function reportNotices(found: readonly string[], scope?: 'link'): void {
  if (scope) for (const n of found) fromLink.add(n);
  const fresh = found.filter((n) => !notices.includes(n));
  if (fresh.length === 0) return;
  notices = [...notices, ...fresh];
  emit();
}

/** Drops the notices reported with scope `link` (a new link is being read: the last link's no longer apply). */
export function forgetLinkNotices(): void {
  const kept = notices.filter((n) => !fromLink.has(n));
  fromLink.clear();
  if (kept.length === notices.length) return;
  notices = kept;
  emit();
}

/** Clears every notice (the Dismiss button; tests). */
export function clearNotices(): void {
  fromLink.clear();
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
