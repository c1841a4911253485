/**
 * Which language to show: the languages the app ships and how one is chosen (`?lang=`, else the
 * browser's preferred languages, else English). No dependencies and no catalogue, so the page's
 * first-render code can pick the language before any text loads.
 * @module
 */

/** A language the app has a catalogue for. */
export type Locale = 'en' | 'de';

/**
 * The languages the app ships, English (the reference) first; every build has both (the hosted app,
 * the single file and the LMS packages, issue 42). German's catalogues load only when chosen.
 */
export const LOCALES: readonly Locale[] = ['en', 'de'];

/** The language used when nothing else matches, and for any missing message. */
export const DEFAULT_LOCALE: Locale = 'en';

/** The shipped language matching a BCP 47 tag (`de-AT` → `de`), or `undefined`. */
export function matchLocale(tag: string | undefined | null): Locale | undefined {
  if (!tag) return undefined;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(base ?? '') ? (base as Locale) : undefined;
}

/**
 * The language to show: `requested` (the `lang` URL parameter) if the app ships it, else the first
 * of the browser's `preferred` languages (`navigator.languages`) that it ships, else English.
 */
export function pickLocale(requested: string | undefined, preferred: readonly string[] = []): Locale {
  const asked = matchLocale(requested);
  if (asked) return asked;
  for (const tag of preferred) {
    const m = matchLocale(tag);
    if (m) return m;
  }
  return DEFAULT_LOCALE;
}

/** The browser's preferred languages, or none (a worker, a test without `navigator`). Never throws. */
export function browserLanguages(): readonly string[] {
  try {
    if (typeof navigator === 'undefined') return [];
    return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
  } catch {
    return [];
  }
}
