/**
 * Registers the explorer panel's text (`locales/en.ts`; German on demand), imported by the panel so
 * that its text arrives with it and not in the first render (issue 7).
 * @module
 */
import { addCatalogue, addCatalogueLoader } from '../i18n';
import { breakitEn } from './locales/en';

addCatalogue('en', breakitEn);
addCatalogueLoader('de', () => import('./locales/de').then((m) => m.breakitDe));
