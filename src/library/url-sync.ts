/**
 * Keeps the page URL in step with what the explainer shows, so the address bar is always a share
 * link (`?scenario=ID&t=MS`, or `#s=…&t=`; see `share-link.ts`). It uses `history.replaceState`,
 * never `pushState`: scrubbing must not flood the history. A write waits until the changes have
 * settled for 250 ms (so a drag along the scrubber writes once, when it stops: a `replaceState`
 * costs tens of ms on a slow phone, too much for a frame; issue 7), and while the story plays;
 * where the history cannot be written (a sandboxed frame) it is skipped silently.
 *
 * The other way round: pasting a share link that differs only in its `#s=…` into the address bar
 * does not reload the page (a fragment change), so a `hashchange` opens the link's scenario here.
 * @module
 */
import { forgetLinkNotices, reportNotices } from '../embed/notices';
import { replaceUrl } from '../embed/safe';
import type { LabState, LabStore } from '../store/store';
import { openingFor, simulateOpening } from './restore';
import { shareUrlFor } from './share-link';

/** How long the scenario and the moment must stay unchanged before the URL is written (real ms). */
export const URL_WRITE_INTERVAL_MS = 250;

/** What a URL depends on; a change of any of these (while not playing) rewrites it. */
function signature(s: LabState): unknown[] {
  return [s.baseId, s.scenario, s.interventions, Math.round(s.playheadMs), s.playing, s.skipQuiet];
}

/**
 * Opens the scenario of a link whose `#s=` changed (see the module comment). Problems with the link
 * go to the page's notice, and the scenario on the timeline stays.
 */
export async function openHashLink(store: LabStore, search: string, hash: string): Promise<void> {
  // The decoder validates with zod/mini: loaded only when a link actually changes (issue 7).
  const { parseLocation } = await import('../links/location');
  const parsed = parseLocation(search, hash);
  // What was said about the last link no longer applies.
  forgetLinkNotices();
  reportNotices(parsed.problems.map((p) => p.message), 'link');
  if (!parsed.customScenario) return;
  const opening = await openingFor(parsed.customScenario, parsed.timeMs ?? 0, parsed.settings);
  // Simulated off the main thread (issue 18); a run the simulator refuses keeps what is on screen.
  const run = await simulateOpening(opening);
  if (!run.ok) reportNotices([`The link's scenario cannot be shown: ${run.message}`], 'link');
  else {
    if (opening.notices) reportNotices(opening.notices, 'link');
    store.getState().openWith({ ...opening, trace: run.trace });
  }
}

/**
 * Starts writing `win`'s URL on every change of the store's scenario, interventions or moment.
 * The page's first URL is left as it came until something changes.
 * @returns a function that stops it (a pending write is dropped)
 */
export function startUrlSync(store: LabStore, win: Window = window, intervalMs = URL_WRITE_INTERVAL_MS): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = signature(store.getState());

  const write = (): void => {
    timer = undefined;
    const s = store.getState();
    if (s.playing) return; // written when playback stops
    let href: string;
    try {
      href = win.location.href;
    } catch {
      return;
    }
    const url = shareUrlFor(href, s);
    if (url && url !== href) replaceUrl(url, win);
  };

  const unsubscribe = store.subscribe((s) => {
    const now = signature(s);
    if (now.every((v, k) => v === last[k])) return;
    last = now;
    clearTimeout(timer);
    timer = s.playing ? undefined : setTimeout(write, intervalMs);
  });

  const onHashChange = (): void => {
    try {
      void openHashLink(store, win.location.search, win.location.hash);
    } catch {
      // An unreadable location (an opaque frame): nothing to open.
    }
  };
  win.addEventListener?.('hashchange', onHashChange);

  return () => {
    unsubscribe();
    win.removeEventListener?.('hashchange', onHashChange);
    if (timer !== undefined) clearTimeout(timer);
  };
}
