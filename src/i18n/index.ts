/**
 * UI text. Every string the interface shows lives in a message catalogue per language: the first
 * render's in `messages/en.ts` and `messages/de.ts`; features loaded later keep theirs beside them
 * (`views/locales/`, `breakit/locales/`, `quiz/locales/`) and register them when they load (issue 7:
 * their text stays out of the first render). Components get text through {@link useT} or {@link t},
 * never inline.
 *
 * The engine is Lingui (`@lingui/core`, about 2 KB gzip): messages are ICU MessageFormat
 * (`'storage.highest': 'Highest token {token}'`, plurals as `{n, plural, one {# question} other
 * {# questions}}`), compiled at build time by `src/build/lingui-catalogues.ts`, so no message parser
 * ships. English is in the explainer's bundle; every other language is loaded on demand by
 * {@link setLocale}, with English filling any key a translation lacks.
 *
 * Usage: `t('storage.highest', { token: 34 })`, or `const t = useT()` in a component (its identity
 * changes with the language, so it can sit in `useMemo` dependencies).
 * @module
 */
import { setupI18n, type Messages } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, matchLocale, type Locale } from './locale';
import { en, type MessageKey as CoreMessageKey } from './messages/en';
import type { BreakitMessageKey } from '../breakit/locales/en';
import type { CaptionMessageKey } from '../teaching/locales/en';
import type { MarksMessageKey } from '../views/timeline/locales/en';
import type { ToolsMessageKey } from '../views/locales/en';
import type { EmbedMessageKey } from '../embed/locales/en';
import type { StoryMessageKey } from '../story/locales/en';

/**
 * A key of the explainer's catalogues: the first render's own (`messages/en.ts`, in the bundle) and
 * those that load with their features (`views/locales`: the secondary controls; `breakit/locales`:
 * the explorer panel; `teaching/locales`: the generated captions; `views/timeline/locales`: the
 * timeline's marks and the names of actors and messages; `embed/locales`: the Embed dialog). A feature's keys translate once
 * its module (which registers them) has loaded.
 */
export type MessageKey = CoreMessageKey | ToolsMessageKey | BreakitMessageKey | CaptionMessageKey | MarksMessageKey | EmbedMessageKey | StoryMessageKey;
export { LOCALES, pickLocale, type Locale } from './locale';

/** Values substituted into `{name}` placeholders. */
export type MessageValues = Record<string, string | number>;

/** A catalogue as its module exports it (compiled by the build; typed as the source strings). */
export type Catalogue = Readonly<Record<string, unknown>>;

/** Loads one catalogue of a language (a dynamic `import()`), resolving to its messages. */
export type CatalogueLoader = () => Promise<Catalogue>;

const i18n = setupI18n();
/** English messages of every registered catalogue: the fallback for any other language. */
const english: Messages = { ...(en as unknown as Messages) };
/** Messages registered per language, other than English. */
const translated = new Map<string, Messages>();
/** Catalogue loaders per language, and the loads already started. */
const loaders = new Map<string, CatalogueLoader[]>();
const started = new Map<CatalogueLoader, Promise<void>>();
let locale: Locale = DEFAULT_LOCALE;
/** The language a {@link setLocale} call is switching to, while it loads. */
let target: Locale = DEFAULT_LOCALE;
let wanted = 0;
const listeners = new Set<() => void>();

/** English plus the language's own messages, so a missing translation shows in English. */
function refresh(lang: string): void {
  i18n.load(lang, lang === DEFAULT_LOCALE ? english : { ...english, ...translated.get(lang) });
}
refresh(DEFAULT_LOCALE);
i18n.activate(DEFAULT_LOCALE);

/** Number formatting of the active language (a decimal comma in German). */
let numberFormat = new Intl.NumberFormat(DEFAULT_LOCALE, { useGrouping: false, maximumFractionDigits: 6 });

/**
 * Localises numbers in placeholder values: numbers, and strings that are decimal numbers (times
 * come formatted as seconds with a dot, `"10.1"`, from `store/derive`'s `seconds`).
 */
function localiseValues(values: MessageValues): MessageValues {
  if (locale === DEFAULT_LOCALE) return values;
  const out: MessageValues = {};
  for (const [k, v] of Object.entries(values)) {
    if (typeof v === 'number') out[k] = Number.isInteger(v) ? v : numberFormat.format(v);
    else out[k] = /^-?\d+\.\d+$/.test(v) ? localiseNumber(v) : v;
  }
  return out;
}

/** A decimal number written with a dot (`"10.1"`), written the active language's way (`"10,1"` in German). */
export function localiseNumber(decimal: string): string {
  if (locale === DEFAULT_LOCALE) return decimal;
  const digits = decimal.split('.')[1]?.length ?? 0;
  const n = Number(decimal);
  if (!Number.isFinite(n)) return decimal;
  return new Intl.NumberFormat(locale, { useGrouping: false, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
}

function notify(): void {
  current = makeT();
  for (const l of listeners) l();
}

/** The active language code (BCP 47), e.g. `en`. */
export function getLocale(): Locale {
  return locale;
}

/**
 * Registers messages of a language (for `en`: new keys, which also become every other language's
 * fallback). Messages come from a catalogue module, compiled by the build.
 *
 * Components re-render only if a message they may show changed: a catalogue that brings only new
 * keys (a feature's, registered as its chunk loads, before it renders) changes nothing on screen,
 * and re-rendering every text of the page for it cost a long task on a slow phone (issue 7).
 */
export function addCatalogue(lang: string, messages: Catalogue): void {
  const code = matchLocale(lang) ?? lang;
  const before = code === DEFAULT_LOCALE ? english : (translated.get(code) ?? {});
  const changes = Object.keys(messages).some((k) => Object.hasOwn(before, k));
  if (code === DEFAULT_LOCALE) {
    Object.assign(english, messages as Messages);
    for (const l of new Set([DEFAULT_LOCALE, ...translated.keys()])) refresh(l);
  } else {
    translated.set(code, { ...translated.get(code), ...(messages as Messages) });
    refresh(code);
  }
  if (changes) notify();
}

function load(loader: CatalogueLoader, lang: string): Promise<void> {
  let p = started.get(loader);
  if (!p) {
    p = loader().then(
      (messages) => addCatalogue(lang, messages),
      (err: unknown) => {
        // A failed download leaves English in place; a later setLocale retries.
        started.delete(loader);
        console.error(`Fencing Lab: could not load the "${lang}" messages`, err);
      },
    );
    started.set(loader, p);
  }
  return p;
}

/**
 * Registers a loader for one catalogue of a language (`() => import('./locales/de')`). It runs when
 * that language is chosen, or at once if it is already active.
 * @returns a promise that settles when the catalogue is loaded, if it is loading now
 */
export function addCatalogueLoader(lang: string, loader: CatalogueLoader): Promise<void> {
  const code = matchLocale(lang) ?? lang;
  loaders.set(code, [...(loaders.get(code) ?? []), loader]);
  // Also when the language is being switched to right now: its switch may have read the list already.
  return code === locale || code === target ? load(loader, code) : Promise.resolve();
}

/**
 * Switches language: loads its catalogues (first time only), activates it and sets `lang` on the
 * document. Languages the app does not ship fall back to English. The last call wins.
 */
export async function setLocale(lang: string): Promise<void> {
  const code = matchLocale(lang) ?? DEFAULT_LOCALE;
  const ticket = ++wanted;
  target = code;
  // Catalogues registered while loading (a lazy chunk's) load too, before the switch.
  let count = -1;
  while (count !== (loaders.get(code)?.length ?? 0)) {
    count = loaders.get(code)?.length ?? 0;
    await Promise.all((loaders.get(code) ?? []).map((l) => load(l, code)));
  }
  if (ticket !== wanted) return;
  locale = code;
  numberFormat = new Intl.NumberFormat(code, { useGrouping: false, maximumFractionDigits: 6 });
  i18n.activate(code);
  if (typeof document !== 'undefined') document.documentElement.lang = code;
  notify();
}

/** Resolves when every catalogue of the active language that has started loading is in. */
export async function whenLoaded(): Promise<void> {
  await Promise.all((loaders.get(locale) ?? []).map((l) => started.get(l)));
}

/**
 * `module`, once the text it registered when it loaded is in, in the active language: for a chunk
 * loaded on demand, `import('./Part').then(withText)`, so it never renders before its words.
 */
export async function withText<T>(module: T): Promise<T> {
  await whenLoaded();
  return module;
}

/**
 * Translates any catalogue's key (the quiz's too), filling `{name}` placeholders. An unknown key
 * is returned as it is.
 */
export function translate(key: string, values?: MessageValues): string {
  return i18n._(key, values ? localiseValues(values) : undefined);
}

/** Translates a key with `{name}` placeholders filled from `values`. */
export function t(key: MessageKey, values?: MessageValues): string {
  return translate(key, values);
}

function makeT(): typeof t {
  return (key, values) => translate(key, values);
}
let current: typeof t = makeT();

function subscribe(cb: () => void): () => void {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

/**
 * React hook: a `t` that re-renders its component when the language changes. Its identity changes
 * with the language, so memoised text that lists it as a dependency is recomputed.
 */
export function useT(): typeof t {
  return useSyncExternalStore(subscribe, () => current, () => current);
}

/**
 * React hook for a feature's own catalogue (keys `K`), like {@link useT}. A lazily loaded feature
 * keeps its text out of the first render this way: its `locales/en.ts` registered with
 * {@link addCatalogue} when its chunk loads, its `locales/de.ts` with {@link addCatalogueLoader}
 * (the quiz does this: `quiz/messages.ts`).
 */
export function useTranslator<K extends string>(): (key: K, values?: MessageValues) => string {
  return useT() as unknown as (key: K, values?: MessageValues) => string;
}

// Other languages' catalogues of the explainer, loaded when chosen.
addCatalogueLoader('de', () => import('./messages/de').then((m) => m.de));
