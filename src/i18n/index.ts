/**
 * UI text. Every string the interface shows lives in one message catalogue per language
 * (`messages/en.ts`); components get text through {@link useT} or {@link t}, never inline.
 *
 * Messages use `{name}` placeholders: `t('storage.highest', { token: 34 })`.
 * @module
 */
import { useSyncExternalStore } from 'react';
import { en, type MessageKey } from './messages/en';

export type { MessageKey };

/** Values substituted into `{name}` placeholders. */
export type MessageValues = Record<string, string | number>;

type Catalogue = Record<MessageKey, string>;

const catalogues: Record<string, Catalogue> = { en };
let locale = 'en';
const listeners = new Set<() => void>();

/** The active language code (BCP 47), e.g. `en`. */
export function getLocale(): string {
  return locale;
}

/** Registers a catalogue for a language (missing keys fall back to English). */
export function addCatalogue(lang: string, messages: Partial<Catalogue>): void {
  catalogues[lang] = { ...en, ...messages };
}

/** Switches language and sets `lang` on the document. Unknown languages fall back to English. */
export function setLocale(lang: string): void {
  locale = catalogues[lang] ? lang : 'en';
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  for (const l of listeners) l();
}

/** Translates a key with `{name}` placeholders filled from `values`. */
export function t(key: MessageKey, values?: MessageValues): string {
  const msg = (catalogues[locale] ?? en)[key] ?? en[key] ?? key;
  if (!values) return msg;
  return msg.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** React hook: a `t` that re-renders its component when the language changes. */
export function useT(): typeof t {
  useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => locale,
    () => locale,
  );
  return t;
}
