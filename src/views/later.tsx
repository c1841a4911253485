/**
 * The explainer's secondary controls, kept out of the first render (issue 7: the JavaScript the
 * first render needs must fit 95 KB gzip, and React 19 alone is about 68 KB of it).
 *
 * The first render is the explainer itself: the header with the scenario picker and the token
 * check, the timeline, the caption, the playback controls and the storage. What it does not need to
 * appear comes from one chunk (`later-parts.tsx`, with its own message catalogue), requested while
 * the first render is committed and in place a moment later: the header's Tools button (Library,
 * Share, Embed, theme, export, presenter mode and shortcut help, issue 40), the interventions, the events table, the live announcer, the
 * keyboard shortcuts and their help, the URL sync, the "Go further" tabs' slot, the presenter bar and the end of the embed bar. Each slot keeps its space meanwhile (a
 * placeholder with the part's size in `app.css`), so nothing on the page moves when they arrive
 * (a browser test measures the layout shift).
 *
 * If the chunk cannot load (the network went away), the slots stay empty and the explainer keeps
 * working: an error boundary per slot (`ChunkBoundary.tsx`), never a blank page.
 * @module
 */
import type { ComponentProps, ComponentType } from 'react';
import { withText } from '../i18n';
import { deferredComponent } from './ChunkBoundary';
import { loadOnce } from '../store/load-once';
import { PartFailed } from './PartFailed';

type Parts = typeof import('./later-parts');

/** The chunk (with the active language's text for it). Once loaded, slots mounted from then on render their part at once. */
const parts = loadOnce(() => import('./later-parts').then(withText));

/** Loads the secondary controls' chunk (once; a failed load is tried again on the next call). */
export function loadLaterParts(): Promise<Parts> {
  return parts.load();
}

/**
 * One part of {@link Parts} as a lazy component with a placeholder: `slot` names the CSS class
 * (`fl-slot fl-slot--NAME`) that reserves the part's space, or `null` for parts that take no space
 * (dialogs, the announcer).
 */
function part<K extends keyof Parts, P extends object>(name: K, slot: string | null, sayFailed = false): ComponentType<P> {
  const placeholder = slot ? <div className={`fl-slot fl-slot--${slot}`} aria-hidden="true" /> : null;
  // If the chunk cannot load (offline), the slot keeps its place (nothing moves), says so where the
  // part is a card of its own, and everything is tried again once the browser is back online.
  const failed = slot ? (
    <div className={`fl-slot fl-slot--${slot}`} aria-hidden={sayFailed ? undefined : true}>
      {sayFailed && <PartFailed />}
    </div>
  ) : null;
  const Later = deferredComponent(parts, (m) => m[name] as unknown as ComponentType<P>, placeholder, failed);
  Later.displayName = `Later(${String(name)})`;
  return Later;
}

/** The header's Tools button: Library, Share, Embed, theme, export, presenter and shortcut help in one panel. */
export const HeaderTools = part<'HeaderTools', object>('HeaderTools', 'tools');
/** The interventions card (side column). */
export const Interventions = part<'Interventions', object>('Interventions', 'interventions', true);
/** A lane's interventions in place, under its name beside the timeline. */
export const LaneMenu = part<'LaneMenu', object>('LaneMenu', null);
/** The events table, folded under the timeline. */
export const EventTable = part<'EventTable', object>('EventTable', 'events');
/** The screen-reader announcer of the explainer's events. */
export const LiveAnnouncer = part<'LiveAnnouncer', object>('LiveAnnouncer', null);
/** The explainer's keyboard shortcuts (Space, arrows, Home/End, `?`, `p`, Esc); renders nothing. */
export const Shortcuts = part<'Shortcuts', ComponentProps<Parts['Shortcuts']>>('Shortcuts', null);
/** Keeps the page URL a share link of what is shown; renders nothing. */
export const UrlSync = part<'UrlSync', object>('UrlSync', null);
/** "What to try", real systems and the explorer, below the explainer (mounted when the page is idle). */
export const GoFurtherSlot = part<'GoFurtherSlot', object>('GoFurtherSlot', null);
/** The keyboard shortcut dialog. */
export const ShortcutHelp = part<'ShortcutHelp', { open: boolean; onClose: () => void }>('ShortcutHelp', null);
/** The bar that replaces the header while presenting. */
export const PresenterBar = part<'PresenterBar', object>('PresenterBar', null);
/** The end of an embed's bar: the Embed button and the "Open in Fencing Lab" link. */
export const EmbedBarActions = part<'EmbedBarActions', object>('EmbedBarActions', 'embedbar-actions');
