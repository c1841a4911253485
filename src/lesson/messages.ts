/**
 * Registers the lesson's text (`locales/en.ts`), imported by the lesson's components so its words
 * arrive with its chunk and never in the lab's first render (issue 7). German is not written yet
 * (issue 45 asks for English first): under German the lesson shows English, which is what Lingui's
 * fallback to the English catalogue (`i18n/index.ts`) does for keys a language lacks.
 * @module
 */
import { addCatalogue, useTranslator } from '../i18n';
import { lessonEn, type LessonMessageKey } from './locales/en';

addCatalogue('en', lessonEn);

/** The lesson's `t` (re-renders on a language change, like `useT`). */
export function useLessonT(): (key: LessonMessageKey, values?: Record<string, string | number>) => string {
  return useTranslator<LessonMessageKey>();
}
