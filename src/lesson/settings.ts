/**
 * The page's settings as `main.tsx` computed them, computed again in the lesson's chunk from the
 * same inputs (the URL, and the language `main.tsx` wrote on `<html lang>`), so the lab's entry
 * passes nothing to the lesson but its root element.
 * @module
 */
import { parseDisplayParams } from '../embed/params';
import { matchLocale, DEFAULT_LOCALE } from '../i18n/locale';
import { displayOf, type PageSettings } from '../page';

/** The page's settings, from `location` and `document.documentElement.lang`. */
export function pageSettings(): PageSettings {
  const { search, hash } = window.location;
  const { params } = parseDisplayParams(search);
  const locale = matchLocale(document.documentElement.lang) ?? DEFAULT_LOCALE;
  return { params, display: displayOf(params), locale, search, hash };
}
