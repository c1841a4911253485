/**
 * Registers the text of the explainer's secondary controls (`locales/en.ts`; German on demand):
 * imported by every module that shows it (`later-parts.tsx`, the "Go further" tabs, the link
 * notice, the quiz's "Open in Fencing Lab"), so it arrives with them and not in the first render.
 * @module
 */
import { addCatalogue, addCatalogueLoader } from '../i18n';
import { toolsEn } from './locales/en';

addCatalogue('en', toolsEn);
// German is not in the single-file build (`i18n/locale.ts`); this condition leaves its chunk out there.
if (import.meta.env.FENCING_LAB_GERMAN) addCatalogueLoader('de', () => import('./locales/de').then((m) => m.toolsDe));
