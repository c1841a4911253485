/**
 * Registers the story's text (`locales/en.ts`; German on demand), imported by the story's and the
 * settings' components so the text arrives with them and not in the first render (issue 7).
 * @module
 */
import { addCatalogue, addCatalogueLoader } from '../i18n';
import { storyEn } from './locales/en';

addCatalogue('en', storyEn);
addCatalogueLoader('de', () => import('./locales/de').then((m) => m.storyDe));
