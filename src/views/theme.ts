/**
 * Light, dark or auto: the colour theme is `data-theme` on `<html>` (`light` or `dark`; absent for
 * auto, so `prefers-color-scheme` decides in `styles/app.css`). The same attribute carries the
 * embed `theme` parameter. On the full page the learner's choice is remembered in `localStorage`
 * where storage is allowed (a sandboxed iframe throws on any access: `embed/safe.ts` catches it).
 *
 * Small: the page applies the theme before the first paint (the prerendered page's inline start
 * script, `src/build/prerender.ts`, then `main.tsx`).
 * @module
 */
import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from '../embed/safe';

/** A theme choice. */
export type ThemeChoice = 'light' | 'dark' | 'auto';

/** The choices, in the order the toggle shows them. */
export const THEME_CHOICES: readonly ThemeChoice[] = ['light', 'dark', 'auto'];

/** The `localStorage` key of the remembered choice. */
export const THEME_STORAGE_KEY = 'fencing-lab.theme';

const isChoice = (v: string | null | undefined): v is ThemeChoice => v === 'light' || v === 'dark' || v === 'auto';

/** Sets `data-theme` on `<html>` (removes it for `auto`). */
export function applyTheme(choice: ThemeChoice, doc: Document | undefined = globalThis.document): void {
  if (!doc) return;
  if (choice === 'auto') doc.documentElement.removeAttribute('data-theme');
  else doc.documentElement.setAttribute('data-theme', choice);
}

/** The theme in force now, as `data-theme` says. */
export function currentTheme(doc: Document | undefined = globalThis.document): ThemeChoice {
  const v = doc?.documentElement.getAttribute('data-theme');
  return isChoice(v) ? v : 'auto';
}

/**
 * The theme to start with: the `theme` URL parameter when the address has one, else the remembered
 * choice, else auto.
 */
export function initialTheme(search: string): ThemeChoice {
  const fromUrl = new URLSearchParams(search).get('theme');
  if (isChoice(fromUrl)) return fromUrl;
  const stored = readStored(THEME_STORAGE_KEY);
  return isChoice(stored) ? stored : 'auto';
}

const listeners = new Set<() => void>();

/** Applies `choice` and remembers it where storage is allowed. Never throws. */
export function chooseTheme(choice: ThemeChoice): void {
  applyTheme(choice);
  writeStored(THEME_STORAGE_KEY, choice);
  for (const l of listeners) l();
}

/**
 * React hook: the theme in force ({@link currentTheme}), following {@link chooseTheme}. In the
 * prerendered HTML, and so in the render that hydrates it, it is `auto` (the server cannot know the
 * reader's choice, issue 15); React then renders the real one at once.
 */
export function useTheme(): ThemeChoice {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => currentTheme(),
    () => 'auto',
  );
}
