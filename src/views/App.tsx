/**
 * One Fencing Lab explainer: its own store (so a page can hold two), animation setup, and the
 * views: header, timeline, caption, playback controls, storage and interventions. The secondary
 * controls (interventions, events table, announcer, toolbars, dialogs) arrive just after the first
 * render from one chunk (`later.tsx`, issue 7). Styles come from
 * `styles/app.css`, which the page imports (see `main.tsx`).
 * @module
 */
import { use, useEffect, useLayoutEffect, useRef } from 'react';
import { useControl, useDisplay } from '../embed/display';
import { EmbedBar } from '../embed/EmbedBar';
import { prefersReducedMotion } from '../embed/safe';
import type { Scenario } from '../model/scenario';
import { findBuiltIn, loadBuiltInScenario, loadedBuiltIn } from '../scenarios';
import { LabProvider, useLabStore } from '../store/context';
import type { LabStore } from '../store/store';
import { DisplayActionsProvider, useDisplayState } from './a11y/display-actions';
import { CaptionPanel } from './CaptionPanel';
import { Header } from './Header';
import { usePlaybackLoop } from './hooks/usePlaybackLoop';
import { EventTable, GoFurtherSlot, Interventions, LaneMenu, LiveAnnouncer, PresenterBar, Shortcuts, ShortcutHelp, UrlSync } from './later';
import { MotionProvider } from './MotionProvider';
import { StoragePanel } from './StoragePanel';
import { Legend } from './timeline/Legend';
import { Timeline } from './timeline/Timeline';
import { Transport, TransportHint } from './Transport';
import { CompareSlot, StorySlot } from '../story/slot';

/** Options of one explainer. */
export interface FencingLabProps {
  /** Built-in scenario to open (default: the seed; an unknown id also opens the seed). */
  scenarioId?: string;
  /** A validated custom scenario instead. */
  scenario?: Scenario;
  /** An existing store (tests, embedders). */
  store?: LabStore;
  /** Take the keyboard shortcuts when focus is on the page itself, not only inside the explainer. */
  globalShortcuts?: boolean;
  /** Open paused at this simulated time (ms; a link's `t`), clamped to the run. */
  timeMs?: number;
  /** Start playing once shown (`autoplay=1`); ignored when the reader prefers reduced motion. */
  autoplay?: boolean;
  /** Keep the page URL a share link of what is shown (history.replaceState; not in embeds). */
  syncUrl?: boolean;
  /** Open with the axis's quiet stretches skipped (a link's `quiet=skip`). */
  skipQuiet?: boolean;
}

function Explainer({ globalShortcuts, autoplay, syncUrl, skipQuiet }: { globalShortcuts: boolean; autoplay: boolean; syncUrl: boolean; skipQuiet: boolean }) {
  const root = useRef<HTMLDivElement>(null);
  const store = useLabStore();
  // Embed mode (`embed=1`) swaps the page header for a compact bar; `controls=` hides groups.
  const { embed, further = false } = useDisplay();
  const interventions = useControl('interventions');
  // Runs only while playing and in view: paused, a hidden tab or an embed scrolled away cost nothing.
  usePlaybackLoop(root);
  // Display state (presenter mode, keyboard help) and its keys: `?`, `p`, Esc (with the playback
  // keys, from `<Shortcuts>` below, which arrives with the secondary controls).
  const display = useDisplayState(root);
  useEffect(() => {
    if (autoplay && !prefersReducedMotion()) store.getState().play();
  }, [autoplay, store]);
  useLayoutEffect(() => {
    if (skipQuiet) store.getState().setSkipQuiet(true);
  }, [skipQuiet, store]);
  return (
    <DisplayActionsProvider value={display}>
    <div className={`${embed ? 'fl-app fl-app--embed' : 'fl-app'}${display.presenting ? ' fl-app--presenter' : ''}`} ref={root}>
      {display.presenting ? <PresenterBar /> : embed ? <EmbedBar /> : <Header />}
      <main className="fl-main">
        <div className="fl-stage">
          <section className="fl-card fl-stage__card">
            {/* Controls right under the picture, so the timeline and Play share the first screen
                (issue 13); the caption and the story's Continue follow at once, so the lanes a
                caption talks about and its Continue fit one screen at 1280x800 (the legend, a key
                looked up now and then, comes after them). The picture and its controls are one
                figure: on phones and tablets it sticks to the top of the screen while the caption
                and the story scroll under it (`app.css`), and a lane's name opens that lane's
                interventions right there (`LaneMenu.tsx`). */}
            <div className="fl-figure">
              <Timeline />
              {/* The before/after card, folded to a line under the picture once a change is made (issue 40). */}
              <CompareSlot />
              <Transport />
              {interventions && <LaneMenu />}
            </div>
            <CaptionPanel />
            {/* The story: stops at key moments, Continue, predictions, the quiz link (its own chunk);
                in presenter mode only the timeline's frames, which every way in opens with. */}
            <StorySlot root={root} presenting={display.presenting} />
            <Legend />
            <TransportHint />
            <EventTable />
          </section>
        </div>
        <aside className="fl-side">
          <StoragePanel />
          {interventions && <Interventions />}
        </aside>
        {/* "Try this", real systems and the explorer: below the fold, loaded once the page is idle; in an embed with further=1. */}
        {(!embed || further) && !display.presenting && <GoFurtherSlot />}
      </main>
      <LiveAnnouncer />
      {/* The address bar follows what is shown, as a share link (the page, not embeds). */}
      {syncUrl && !embed && <UrlSync />}
      <Shortcuts
        root={root}
        global={globalShortcuts}
        actions={{
          help: display.openHelp,
          present: display.togglePresenting,
          escape: () => {
            if (!display.presenting) return false;
            display.stopPresenting();
            return true;
          },
        }}
      />
      {display.helpOpen && <ShortcutHelp open onClose={display.closeHelp} />}
    </div>
    </DisplayActionsProvider>
  );
}

/** A complete explainer. */
export function FencingLab({ scenarioId: requested, scenario, store, globalShortcuts = false, timeMs, autoplay = false, syncUrl = false, skipQuiet = false }: FencingLabProps) {
  const scenarioId = requested && findBuiltIn(requested) ? requested : undefined;
  // Built-ins other than the default are chunks of their own: suspend until this one has loaded
  // (`use` may be called conditionally; the page's nearest Suspense boundary shows meanwhile).
  if (scenarioId && !store && !scenario && !loadedBuiltIn(scenarioId)) use(loadBuiltInScenario(scenarioId));
  return (
    <LabProvider
      {...(store ? { store } : {})}
      {...(scenarioId ? { scenarioId } : {})}
      {...(scenario ? { scenario } : {})}
      {...(timeMs !== undefined ? { timeMs } : {})}
    >
      <MotionProvider>
        <Explainer globalShortcuts={globalShortcuts} autoplay={autoplay} syncUrl={syncUrl} skipQuiet={skipQuiet} />
      </MotionProvider>
    </LabProvider>
  );
}
