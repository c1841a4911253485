/**
 * The page: reads the display parameters (`?view=`, `?embed=`, ...; see `embed/params.ts`) and shows
 * the explainer, the quiz, or both. The quiz is its own chunk, loaded only when shown.
 *
 * Bundle (issue 7): the entry holds React, the styles and the working explainer with the default
 * scenario: it is imported statically, so the first render is the explainer itself, not a
 * placeholder. What it does not need at first is loaded on demand: motion's animation code (after
 * the first render), other scenarios, other languages, the quiz, dialogs. `npm run budget` measures
 * what is fetched before the explainer first appears (at most 95 KB gzip).
 * @module
 */
import { StrictMode, Suspense, lazy, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/app.css';
import { DisplayProvider, type Display } from './embed/display';
import { EmbedReady } from './embed/EmbedReady';
import { reportNotices } from './embed/notices';
import { ParamNotice } from './embed/ParamNotice';
import { parseDisplayParams } from './embed/params';
import { isEmbedded } from './embed/protocol';
import { LOCALES, browserLanguages, matchLocale, pickLocale } from './i18n/locale';
import { PageLab as PageLabNow } from './embed/PageLab';
import { ChunkBoundary } from './views/ChunkBoundary';
import { PartFailed } from './views/PartFailed';
import { Skeleton } from './views/Skeleton';
import { applyTheme, initialTheme } from './views/theme';

const { params, notices } = parseDisplayParams(window.location.search);
// Embedding (issue 5): ignored parameters go to the page's notice; `embed=1` drops the page chrome
// (`data-embed` on <html> for the CSS); `controls=` picks the control groups.
reportNotices(notices);
document.documentElement.toggleAttribute('data-embed', params.embed);
const display: Display = { embed: params.embed, controls: params.controls, instance: params.instance, further: params.further };
// Theme before the first paint; language (`?lang=`, else the browser's) before any text renders:
// the explainer and the quiz wait for the language's catalogue, loaded on demand.
applyTheme(initialTheme(window.location.search));
const locale = pickLocale(params.lang, browserLanguages());
// A language this build does not ship (any but English in the single file) is said, not hidden.
if (params.lang && !matchLocale(params.lang)) {
  reportNotices([`lang: "${params.lang}" is not available here (languages: ${LOCALES.join(', ')}); showing English`]);
}
document.documentElement.lang = locale;
const i18nReady = import('./i18n').then(async (m) => {
  await m.setLocale(locale);
  return m;
});
const showTimeline = params.view !== 'quiz';
const showQuiz = params.view !== 'timeline';
// The quiz alone gets its own spacing (quiz.css): without the explainer above it, it would touch the top edge.
document.documentElement.toggleAttribute('data-quiz-only', !showTimeline);
// The explainer as the URL opens it: `scenario`, `t`, `#s=` are read in `embed/PageLab.tsx`.
// Static, not lazy: the explainer IS the first render. It waits only for a language other than
// English (the skeleton shows meanwhile); English is in the bundle, so it renders at once.
const PageLab = locale === 'en' ? PageLabNow : lazy(() => i18nReady.then(() => ({ default: PageLabNow })));
// With the quiz alone: an embed's "Open in Fencing Lab" link, or the page's way back to the explainer.
const QuizNav = lazy(() => Promise.all([import('./story/QuizNav'), i18nReady]).then(([m, i18n]) => i18n.withText(m)));
const QuizPanel = lazy(() => Promise.all([import('./quiz/QuizPanel'), i18nReady]).then(([m, i18n]) => i18n.withText(m)));

// A transition: React renders the page in slices and lets the browser breathe between them, rather
// than in one long task (on a slow phone that task blocked input for about half a second; issue 7).
const root = createRoot(document.getElementById('root')!);
startTransition(() => root.render(
  <StrictMode>
    <DisplayProvider value={display}>
      <ParamNotice />
      {showTimeline && (
        <Suspense fallback={<Skeleton />}>
          <PageLab search={window.location.search} hash={window.location.hash} autoplay={params.autoplay} globalShortcuts={!showQuiz} />
          <EmbedReady instance={params.instance} />
        </Suspense>
      )}
      {showQuiz && (
        <ChunkBoundary fallback={<PartFailed />}>
          <Suspense fallback={null}>
            {!showTimeline && <QuizNav embed={params.embed} />}
            <QuizPanel />
            <EmbedReady instance={params.instance} />
          </Suspense>
        </ChunkBoundary>
      )}
    </DisplayProvider>
  </StrictMode>,
));

// In a frame: tell the host page our height whenever it changes (fonts, late chunks, resizes).
// Its code loads only in frames.
if (isEmbedded()) {
  import('./embed/resize').then(
    (m) => m.startResizeReporter(params.instance),
    () => undefined, // offline: the host keeps the frame's initial height
  );
}
