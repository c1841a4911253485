/**
 * Registers the text of the explainer's secondary controls (`locales/en.ts`; German on demand):
 * imported by every module that shows it (`later-parts.tsx`, the "Go further" tabs, the link
 * notice, the quiz's "Open in Fencing Lab"), so it arrives with them and not in the first render.
 * @module
 */
import { addCatalogue, addCatalogueLoader } from '../i18n';
import { toolsEn } from './locales/en';

addCatalogue('en', toolsEn);
addCatalogueLoader('de', () => import('./locales/de').then((m) => m.toolsDe));
