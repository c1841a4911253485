/**
 * Registers the text of the explorer's learner path (`locales/en.ts`'s `breakitLearnerEn`; its German
 * is in `locales/de.ts`, loaded with the panel's), imported by `LearnerPath.tsx` so that the single
 * file, which leaves that out, carries none of it.
 * @module
 */
import { addCatalogue } from '../i18n';
import { breakitLearnerEn } from './locales/en';

addCatalogue('en', breakitLearnerEn);
