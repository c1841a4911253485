/**
 * Registers the text of the timeline's marks and of actor and message names (`locales/en.ts`;
 * German on demand), imported by `Marks.tsx` and `src/teaching/names.ts`, so that it arrives with
 * them and not in the first render (issue 7).
 * @module
 */
import { addCatalogue, addCatalogueLoader } from '../../i18n';
import { marksEn } from './locales/en';

addCatalogue('en', marksEn);
addCatalogueLoader('de', () => import('./locales/de').then((m) => m.marksDe));
