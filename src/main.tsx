/**
 * The page in the browser: reads the display parameters (`?view=`, `?embed=`, ...; see
 * `embed/params.ts`) and shows the explainer, the quiz, or both (the tree is `page.tsx`).
 *
 * First paint (issue 15): the build prerenders the default page (`src/build/prerender.ts`), so its
 * HTML and CSS paint before any script runs. When the URL asks for exactly that page (English, no
 * deep link, not an embed: `opensPrerendered`), React hydrates the HTML (`hydrateRoot`). Otherwise
 * the page's small start script (a file of the build, not inline, for the hosted app's CSP) has
 * hidden that HTML before it painted (`data-fl-fresh`), and the page is rendered afresh
 * (`createRoot`), as the single-file build, which has no prerendered HTML, always is.
 *
 * Bundle (issue 7): the entry holds React, the styles and the working explainer with the default
 * scenario. What it does not need at first is loaded on demand: motion's animation code, other
 * scenarios, other languages, the quiz, dialogs. `npm run budget` measures what is fetched before
 * the explainer is live (at most 95 KB gzip).
 * @module
 */
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles/app.css';
import { reportNotices } from './embed/notices';
import { parseDisplayParams } from './embed/params';
import { isEmbedded } from './embed/protocol';
import { LOCALES, browserLanguages, matchLocale, pickLocale } from './i18n/locale';
import { Page, displayOf, opensPrerendered, startLocale, type PageSettings } from './page';
import { applyTheme, initialTheme } from './views/theme';

const { search, hash } = window.location;
const { params, notices } = parseDisplayParams(search);
// Embedding (issue 5): ignored parameters go to the page's notice; `embed=1` drops the page chrome
// (`data-embed` on <html> for the CSS); `controls=` picks the control groups.
reportNotices(notices);
document.documentElement.toggleAttribute('data-embed', params.embed);
// Theme (the start script has set it already on a prerendered page); language (`?lang=`,
// else the browser's) before any text renders: the explainer and the quiz wait for its catalogue.
applyTheme(initialTheme(search));
const locale = pickLocale(params.lang, browserLanguages());
// A language the app does not ship is said, not hidden.
if (params.lang && !matchLocale(params.lang)) {
  reportNotices([`lang: "${params.lang}" is not available here (languages: ${LOCALES.join(', ')}); showing English`]);
}
document.documentElement.lang = locale;
if (locale !== 'en') void startLocale(locale);
// The quiz alone gets its own spacing (quiz.css): without the explainer above it, it would touch the top edge.
document.documentElement.toggleAttribute('data-quiz-only', params.view === 'quiz');

const settings: PageSettings = { params, display: displayOf(params), locale, search, hash };
const container = document.getElementById('root')!;
const prerendered = container.hasAttribute('data-fl-prerendered');

if (prerendered && !document.documentElement.hasAttribute('data-fl-fresh') && opensPrerendered(search, hash, locale, notices)) {
  // Any mismatch between the HTML and this first render is a bug (a browser test fails on it): React
  // would recover by rendering the part afresh, at the cost of the first paint's work. In a
  // transition, hydration runs in slices (at default priority it is one long task), as the fresh
  // render below does; the page is already painted meanwhile.
  startTransition(() => {
    hydrateRoot(container, <Page settings={settings} how="hydrated" />, {
      onRecoverableError: (error) => console.error('Fencing Lab: hydration error (React recovered):', error),
    });
  });
} else {
  // The default page's HTML does not fit this URL: it was hidden before it painted; clear it and render.
  if (prerendered) {
    container.replaceChildren();
    container.removeAttribute('data-fl-prerendered');
  }
  // A transition: React renders the page in slices and lets the browser breathe between them, rather
  // than in one long task (on a slow phone that task blocked input for about half a second; issue 7).
  // The lesson you read (issue 45, `?view=lesson`): a page of its own in its own chunk
  // (`lesson/load.ts`), so the lab's first render does not grow; the single file carries it too.
  if (params.view === 'lesson') void import('./lesson/load');
  else {
    const root = createRoot(container);
    startTransition(() => root.render(<Page settings={settings} />));
  }
}

// In a frame: tell the host page our height whenever it changes (fonts, late chunks, resizes).
// Its code loads only in frames.
if (isEmbedded()) {
  import('./embed/resize').then(
    (m) => m.startResizeReporter(params.instance),
    () => undefined, // offline: the host keeps the frame's initial height
  );
}
