/**
 * The quiz's UI text, through the app's i18n (Lingui, `src/i18n`). The catalogues live in
 * `locales/` (English `en.ts`, German `de.ts`) and load with the lazy quiz chunk, not the first
 * render; German only when it is the chosen language. `useQuizT()` follows the app's language and
 * falls back to English for a missing key.
 *
 * Question content (prompts, options, feedback) is data in `questions/` (`questions.ts`).
 * @module
 */
import { addCatalogue, addCatalogueLoader, translate, useTranslator, type Catalogue } from '../i18n';
import { quizEn, type QuizMessageKey } from './locales/en';

export { quizEn, type QuizMessageKey };

addCatalogue('en', quizEn);
addCatalogueLoader('de', () => import('./locales/de').then((m) => m.quizDe));

/** Registers the quiz text of another language (missing keys fall back to English). */
export function addQuizCatalogue(lang: string, messages: Partial<Record<QuizMessageKey, string>> & Catalogue): void {
  addCatalogue(lang, messages);
}

/** Translates a quiz key, filling `{name}` placeholders. */
export function quizT(key: QuizMessageKey, values?: Record<string, string | number>): string {
  return translate(key, values);
}

/**
 * React hook: {@link quizT}, re-rendering the component when the app's language changes. Its
 * identity changes with the language (like `useT`), so it can sit in `useMemo` dependencies.
 */
export function useQuizT(): typeof quizT {
  return useTranslator<QuizMessageKey>();
}
