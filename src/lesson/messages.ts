/**
 * Registers the lesson's text (`locales/en.ts`; German, `locales/de.ts`, on demand), imported by the
 * lesson's components so its words arrive with its chunk and never in the lab's first render (issue 7).
 * @module
 */
import { addCatalogue, addCatalogueLoader, useTranslator } from '../i18n';
import { lessonEn, type LessonMessageKey } from './locales/en';

addCatalogue('en', lessonEn);
addCatalogueLoader('de', () => import('./locales/de').then((m) => m.lessonDe));

/** The lesson's `t` (re-renders on a language change, like `useT`). */
export function useLessonT(): (key: LessonMessageKey, values?: Record<string, string | number>) => string {
  return useTranslator<LessonMessageKey>();
}
