/**
 * The lesson as a page (issue 45): `main.tsx` renders it instead of the lab's page when the URL asks
 * for `?view=lesson` (and `&figure=ID` for one figure alone, an embed's). A chunk of its own, so
 * nothing of the lesson is in the lab's first render. It waits for the UI language's catalogue
 * (`startLocale`, as the lab does) and the lesson's text, then renders the page's notices, the
 * lesson and the embed's ready signal (`embed/EmbedReady.tsx`).
 * @module
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { DisplayProvider } from '../embed/display';
import { EmbedReady } from '../embed/EmbedReady';
import { ParamNotice } from '../embed/ParamNotice';
import { startLocale } from '../page';
import { ChunkBoundary } from '../views/ChunkBoundary';
import { PartFailed } from '../views/PartFailed';
import { Lesson } from './Lesson';
import { figureParam } from './figure-param';
import { pageSettings } from './settings';

/** Renders the lesson into `container` once its text is in, in the page's language. */
export async function boot(container: HTMLElement): Promise<void> {
  const settings = pageSettings();
  const i18n = await startLocale(settings.locale);
  await i18n.withText(undefined);
  const { params, display } = settings;
  const figure = figureParam(settings.search);
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <DisplayProvider value={display}>
          <ParamNotice />
          <ChunkBoundary fallback={<PartFailed />}>
            <Lesson figure={figure} embed={params.embed} />
            <EmbedReady instance={params.instance} how="rendered" />
          </ChunkBoundary>
        </DisplayProvider>
      </StrictMode>,
    ),
  );
}
