/**
 * Browser features that may be missing or THROW where Fencing Lab is embedded: in a sandboxed iframe
 * without `allow-same-origin` the page's origin is opaque, so even reading `window.localStorage`,
 * `sessionStorage` or `document.cookie` throws a SecurityError, `history.replaceState` may throw,
 * and `navigator.clipboard` rejects without the `clipboard-write` permission. Private modes and
 * strict privacy settings do some of the same on the full page.
 *
 * Every access to storage, cookies, the clipboard and the session history in the app goes through
 * these helpers (or catches everything itself, as `quiz/progress.ts` does). None of them throws.
 * @module
 */

/** Which Web Storage area. */
export type StorageKind = 'local' | 'session';

/** The storage area if it can be used here, else `undefined`. Never throws. */
export function storageArea(kind: StorageKind = 'local', win: Window | undefined = globalThis.window): Storage | undefined {
  try {
    const area = kind === 'local' ? win?.localStorage : win?.sessionStorage;
    return area ?? undefined;
  } catch {
    return undefined;
  }
}

/** Reads `key`; `null` when absent or when storage is blocked. Never throws. */
export function readStored(key: string, kind: StorageKind = 'local', win?: Window): string | null {
  try {
    return storageArea(kind, win)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes `key`; false when storage is blocked or full. Never throws. */
export function writeStored(key: string, value: string, kind: StorageKind = 'local', win?: Window): boolean {
  try {
    const area = storageArea(kind, win);
    if (!area) return false;
    area.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Removes `key`, if storage allows. Never throws. */
export function removeStored(key: string, kind: StorageKind = 'local', win?: Window): void {
  try {
    storageArea(kind, win)?.removeItem(key);
  } catch {
    // Blocked storage: nothing to remove.
  }
}

/**
 * Replaces the page URL in the session history (no new entry); false if the browser refuses (an
 * opaque-origin frame, a `file://` page in some browsers). Never throws.
 */
export function replaceUrl(url: string, win: Window | undefined = globalThis.window): boolean {
  try {
    win?.history.replaceState(win.history.state, '', url);
    return true;
  } catch {
    return false;
  }
}

/** True when the user asked the system for reduced motion; false where unknown. Never throws. */
export function prefersReducedMotion(win: Window | undefined = globalThis.window): boolean {
  try {
    return typeof win?.matchMedia === 'function' && win.matchMedia('(prefers-reduced-motion: reduce)').matches;
  } catch {
    return false;
  }
}

/** How {@link copyText} ended. */
export type CopyResult = 'copied' | 'selected' | 'failed';

/**
 * Copies `text` to the clipboard: the async Clipboard API first; if it is missing or refused (no
 * `clipboard-write` permission in an iframe, an insecure context), the legacy copy command on
 * `field`'s selected text. When both fail, `field`'s text is left selected so the user can press
 * Ctrl+C (result `selected`). Never throws.
 * @param field the text field showing `text` (selected as a fallback)
 */
export async function copyText(text: string, field?: HTMLTextAreaElement | HTMLInputElement | null): Promise<CopyResult> {
  try {
    const clipboard = globalThis.navigator?.clipboard;
    if (clipboard && typeof clipboard.writeText === 'function') {
      await clipboard.writeText(text);
      return 'copied';
    }
  } catch {
    // Refused: fall back below.
  }
  if (!field) return 'failed';
  try {
    field.focus();
    field.select();
    field.setSelectionRange(0, field.value.length);
  } catch {
    return 'failed';
  }
  try {
    const doc = field.ownerDocument;
    if (typeof doc?.execCommand === 'function' && doc.execCommand('copy')) return 'copied';
  } catch {
    // Not allowed here: the text stays selected.
  }
  return 'selected';
}
