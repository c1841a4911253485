/**
 * The message catalogues and the i18n facade (issue 6):
 * - every message of every catalogue (app and quiz, English and German) is valid ICU and compiles
 *   with the build's compiler, and no placeholder is quoted away by an apostrophe;
 * - German has every English key, and each German message uses the same placeholders;
 * - the facade translates, switches language (loading German on demand), localises decimal
 *   numbers, falls back to English, and keeps `lang` on the document;
 * - the language is picked from `?lang=`, then the browser's languages, then English;
 * - the build plugin rewrites a catalogue module and rejects the apostrophe trap.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { compileCatalogueMessage, compileCatalogueModule, CATALOGUE_FILE } from '../../src/build/lingui-catalogues';
import { getLocale, setLocale, t, translate } from '../../src/i18n';
import { pickLocale, matchLocale } from '../../src/i18n/locale';
import { quizT } from '../../src/quiz/messages';
// The generated captions' text loads with their module (issue 7); these tests use it directly.
import '../../src/teaching/messages';
import '../../src/views/timeline/marks-messages';

// The catalogues as written (source text): read the files, not the compiled modules.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** Parses a catalogue file's `'key': 'message'` entries from its source text. */
function sourceCatalogue(file: string): Map<string, string> {
  const text = readFileSync(join(root, file), 'utf8');
  const out = new Map<string, string>();
  // A message may start on the line after its key (a long one, as the lesson's paragraphs).
  const entry = /^\s*'([\w.-]+)':\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"),?\s*$/gm;
  for (const m of text.matchAll(entry)) {
    const raw = m[2] ?? m[3] ?? '';
    out.set(m[1]!, raw.replace(/\\(.)/g, '$1'));
  }
  return out;
}

/** Placeholder names used by an ICU message (simple and plural arguments). */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown[]): void => {
    for (const tok of tokens) {
      if (Array.isArray(tok)) {
        names.add(tok[0] as string);
        const choices = tok[2];
        if (choices && typeof choices === 'object') for (const branch of Object.values(choices)) if (Array.isArray(branch)) walk(branch);
      }
    }
  };
  walk(compileCatalogueMessage(message, 'test'));
  return [...names].sort();
}

const CATALOGUES = [
  { en: 'src/i18n/messages/en.ts', de: 'src/i18n/messages/de.ts' },
  { en: 'src/quiz/locales/en.ts', de: 'src/quiz/locales/de.ts' },
  { en: 'src/views/locales/en.ts', de: 'src/views/locales/de.ts' },
  { en: 'src/teaching/locales/en.ts', de: 'src/teaching/locales/de.ts' },
  { en: 'src/breakit/locales/en.ts', de: 'src/breakit/locales/de.ts' },
  { en: 'src/views/timeline/locales/en.ts', de: 'src/views/timeline/locales/de.ts' },
  { en: 'src/embed/locales/en.ts', de: 'src/embed/locales/de.ts' },
  { en: 'src/lesson/locales/en.ts', de: 'src/lesson/locales/de.ts' },
];

describe.each(CATALOGUES)('catalogue $en and its German', ({ en, de }) => {
  const english = sourceCatalogue(en);
  const german = sourceCatalogue(de);

  it('is found by the build plugin', () => {
    expect(CATALOGUE_FILE.test(`/x/${en}`)).toBe(true);
    expect(CATALOGUE_FILE.test(`/x/${de}`)).toBe(true);
  });

  it('every message compiles (valid ICU, no placeholder quoted away)', () => {
    // Every catalogue has a good many keys (the Embed dialog's, the smallest, has 40): a parse that found few is broken.
    expect(english.size).toBeGreaterThan(30);
    for (const [k, v] of [...english, ...german]) expect(() => compileCatalogueMessage(v, k), k).not.toThrow();
  });

  it('German has every English key and no other', () => {
    const missing = [...english.keys()].filter((k) => !german.has(k));
    const extra = [...german.keys()].filter((k) => !english.has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('each German message uses the same placeholders as the English one', () => {
    const differ: string[] = [];
    for (const [k, v] of german) {
      const e = english.get(k);
      if (e !== undefined && placeholders(e).join() !== placeholders(v).join()) differ.push(`${k}: ${placeholders(e)} vs ${placeholders(v)}`);
    }
    expect(differ).toEqual([]);
  });
});

describe('the catalogues together', () => {
  it('no key is in two catalogues (a later one would silently replace the first)', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const { en } of CATALOGUES) {
      for (const key of sourceCatalogue(en).keys()) {
        if (seen.has(key)) twice.push(`${key}: ${seen.get(key)} and ${en}`);
        seen.set(key, en);
      }
    }
    expect(seen.size).toBeGreaterThan(500);
    expect(twice).toEqual([]);
  });
});

describe('the facade', () => {
  afterAll(async () => {
    await setLocale('en');
  });

  it('translates with placeholders and plurals, in English by default', () => {
    expect(getLocale()).toBe('en');
    expect(t('storage.heading')).toBe('Storage');
    expect(t('caption.writeRejected.data', { data: 'from client 2' })).toBe("The data stays 'from client 2'.");
    expect(t('controls.scrubberValue', { now: '10.1', end: '21.6' })).toBe('10.1 s of 21.6 s');
    expect(quizT('quiz.unavailable', { n: 1 })).toBe('Left out: 1 question whose scenario is not available in this version.');
    expect(quizT('quiz.unavailable', { n: 3 })).toBe('Left out: 3 questions whose scenario is not available in this version.');
    expect(translate('no.such.key')).toBe('no.such.key');
  });

  it('switches to German on demand, with decimal commas, the quiz too, and back', async () => {
    await setLocale('de-DE');
    expect(getLocale()).toBe('de');
    expect(t('controls.play')).toBe('Abspielen');
    expect(t('controls.scrubberValue', { now: '10.1', end: '21.6' })).toBe('10,1 s von 21,6 s');
    expect(t('controls.speedValue', { speed: 0.5 })).toBe('0,5×');
    expect(t('timeline.lease', { token: 33 })).toBe('Token 33');
    expect(t('caption.writeRejected.data', { data: 'from client 2' })).toBe("Die Daten bleiben 'from client 2'.");
    expect(quizT('quiz.title')).toBe('Prüfen Sie Ihr Verständnis');
    expect(quizT('quiz.unavailable', { n: 2 })).toBe('Ausgelassen: 2 Fragen, deren Szenario in dieser Version nicht verfügbar ist.');
    await setLocale('xx');
    expect(getLocale()).toBe('en');
    expect(t('controls.play')).toBe('Play');
  });
});

describe('picking the language', () => {
  it('prefers ?lang=, then the browser languages, then English', () => {
    expect(pickLocale('de', ['en-US'])).toBe('de');
    expect(pickLocale('de-CH', [])).toBe('de');
    expect(pickLocale('fr', ['fr-FR', 'de-AT', 'en'])).toBe('de');
    expect(pickLocale(undefined, ['en-GB', 'de'])).toBe('en');
    expect(pickLocale(undefined, ['ja'])).toBe('en');
    expect(pickLocale(undefined)).toBe('en');
    expect(matchLocale('DE_de')).toBe('de');
    expect(matchLocale('')).toBeUndefined();
  });
});

describe('the build plugin', () => {
  it('compiles each string of an exported object literal', () => {
    const out = compileCatalogueModule("export const x = {\n  'a.b': 'Hi {name}',\n  c: `plain`,\n};\n", 'x.ts')!;
    expect(out).toContain('"a.b"'.slice(1, -1));
    expect(out).toContain('["Hi ",["name"]]');
    expect(out).toContain('["plain"]');
  });

  it('rejects a placeholder quoted away by apostrophes, and invalid ICU, naming the key', () => {
    expect(() => compileCatalogueModule("export const x = { k: \"the write '{value}' is\" };", 'x.ts')).toThrow(/x\.ts "k".*two apostrophes/);
    expect(() => compileCatalogueModule("export const x = { k: 'a { b' };", 'x.ts')).toThrow(/x\.ts "k": not a valid ICU message/);
    expect(() => compileCatalogueModule('export const x = { k: 1 };', 'x.ts')).toThrow(/string literals/);
  });

  it('leaves modules without exported objects alone', () => {
    expect(compileCatalogueModule('export const n = 1;\nexport function f() {}\n', 'x.ts')).toBeUndefined();
  });
});
