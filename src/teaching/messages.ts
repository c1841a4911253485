/**
 * Registers the generated captions' text (`locales/en.ts`; German on demand), imported by
 * `captions.ts` so that the text arrives with the generator and not in the first render (issue 7).
 * @module
 */
import { addCatalogue, addCatalogueLoader } from '../i18n';
import { captionEn } from './locales/en';

addCatalogue('en', captionEn);
addCatalogueLoader('de', () => import('./locales/de').then((m) => m.captionDe));
