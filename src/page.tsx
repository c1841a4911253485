/**
 * The page's React tree, shared by the browser (`main.tsx`, which hydrates it or renders it) and
 * the build (`prerender.tsx`, which renders the default page to HTML with React's server renderer,
 * issue 15): the explainer, the quiz, or both, as the display parameters say (`embed/params.ts`).
 * No browser API is touched here, so the same tree renders in Node.
 *
 * The quiz is its own chunk, loaded only when shown. The explainer is imported statically (it IS
 * the first screen); it waits only for a language other than English (the skeleton shows
 * meanwhile).
 * @module
 */
import { StrictMode, Suspense, lazy } from 'react';
import { DisplayProvider, type Display } from './embed/display';
import { EmbedReady } from './embed/EmbedReady';
import { PageLab as PageLabNow } from './embed/PageLab';
import { ParamNotice } from './embed/ParamNotice';
import type { DisplayParams } from './embed/params';
import type { Locale } from './i18n/locale';
import { ChunkBoundary } from './views/ChunkBoundary';
import { PartFailed } from './views/PartFailed';
import { Skeleton } from './views/Skeleton';

/** What the page shows, from its URL (`location.search` and `hash`) and language. */
export interface PageSettings {
  params: DisplayParams;
  display: Display;
  locale: Locale;
  search: string;
  hash: string;
}

type I18n = typeof import('./i18n');

/** The language's catalogue: English at once; another language once {@link startLocale} has loaded it. */
let i18nReady: Promise<I18n> = import('./i18n');

/**
 * Switches the UI language before the page renders (the explainer and the quiz wait for it).
 * @returns the i18n module once the language's catalogue is in
 */
export function startLocale(locale: Locale): Promise<I18n> {
  i18nReady = i18nReady.then(async (m) => {
    await m.setLocale(locale);
    return m;
  });
  return i18nReady;
}

// English is in the bundle, so the explainer renders at once; another language waits for its catalogue.
const PageLabLater = lazy(() => i18nReady.then(() => ({ default: PageLabNow })));
// With the quiz alone: an embed's "Open in Fencing Lab" link, or the page's way back to the explainer.
const QuizNav = lazy(() => Promise.all([import('./story/QuizNav'), i18nReady]).then(([m, i18n]) => i18n.withText(m)));
const QuizPanel = lazy(() => Promise.all([import('./quiz/QuizPanel'), i18nReady]).then(([m, i18n]) => i18n.withText(m)));

/** The page. `how` says whether React hydrates prerendered HTML or renders afresh (`embed/EmbedReady.tsx` marks it). */
export function Page({ settings, how = 'rendered' }: { settings: PageSettings; how?: 'hydrated' | 'rendered' }) {
  const { params, display, locale, search, hash } = settings;
  const showTimeline = params.view !== 'quiz';
  const showQuiz = params.view !== 'timeline';
  const PageLab = locale === 'en' ? PageLabNow : PageLabLater;
  return (
    <StrictMode>
      <DisplayProvider value={display}>
        <ParamNotice />
        {showTimeline && (
          <Suspense fallback={<Skeleton />}>
            <PageLab search={search} hash={hash} autoplay={params.autoplay} globalShortcuts={!showQuiz} />
            <EmbedReady instance={params.instance} how={how} />
          </Suspense>
        )}
        {showQuiz && (
          <ChunkBoundary fallback={<PartFailed />}>
            <Suspense fallback={null}>
              {!showTimeline && <QuizNav embed={params.embed} />}
              <QuizPanel />
              <EmbedReady instance={params.instance} how={how} />
            </Suspense>
          </ChunkBoundary>
        )}
      </DisplayProvider>
    </StrictMode>
  );
}

/** The display settings of an explainer page (`params` as parsed from the URL). */
export function displayOf(params: DisplayParams): Display {
  return { embed: params.embed, controls: params.controls, instance: params.instance, further: params.further };
}

/** URL parameters that leave the default page's HTML as it is (the theme is CSS; `lang=en` is the default). */
const SAME_PAGE_PARAMS: ReadonlySet<string> = new Set(['theme', 'lang']);

/**
 * Whether the page as the URL and language ask for it is the default page the build prerendered
 * (`prerender.tsx`), so React may hydrate that HTML: English, no `#…`, no parameter other than
 * `theme` and `lang`, and nothing to report about them. Anything else (a deep link, an embed,
 * German) is rendered afresh in the browser.
 */
export function opensPrerendered(search: string, hash: string, locale: Locale, notices: readonly string[]): boolean {
  if (locale !== 'en' || hash !== '' || notices.length > 0) return false;
  for (const key of new URLSearchParams(search).keys()) if (!SAME_PAGE_PARAMS.has(key)) return false;
  return true;
}
