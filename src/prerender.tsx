/**
 * The default page rendered to HTML at build time with React's own server renderer (issue 15), by
 * the build step `src/build/prerender.ts`. `react-dom/static`'s `prerender` waits for every
 * Suspense boundary, so the parts that load on demand in the browser (the secondary controls of
 * `views/later.tsx`) are in the HTML too: the first paint is the whole first screen, and each
 * part is hydrated when its chunk arrives. Parts that are drawn only once measured (the timeline's
 * picture: `useElementWidth`) keep their space and are drawn right after hydration.
 *
 * What it renders is exactly what the browser's first render of the default page is
 * (`page.tsx`, `opensPrerendered`): English, no URL parameters, the default scenario at 0 s.
 * @module
 */
import { prerender } from 'react-dom/static';
import { parseDisplayParams } from './embed/params';
import { Page, displayOf, type PageSettings } from './page';

/** The default page's settings: no URL parameters, English. */
export function defaultSettings(): PageSettings {
  const { params } = parseDisplayParams('');
  return { params, display: displayOf(params), locale: 'en', search: '', hash: '' };
}

/**
 * The HTML of the default page's root (what goes inside `<div id="root">`).
 * @throws Error if a part of the page failed to render on the server
 */
export async function renderDefaultPage(): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(<Page settings={defaultSettings()} how="hydrated" />, {
    // Every boundary inline, where it belongs (the default would move large ones to the end of the
    // document behind an inline reveal script, which shows nothing without JavaScript).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      errors.push(error);
    },
  });
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw new Error(`prerender: ${errors.length} part(s) failed to render: ${errors.map(String).join('; ')}`);
  return html;
}
