/**
 * One Fencing Lab explainer: its own store (so a page can hold two), animation setup, and the
 * views: header, timeline, caption, playback controls, storage and interventions. Styles come from
 * `styles/app.css`, which the page imports (see `main.tsx`).
 * @module
 */
import { useRef } from 'react';
import type { Scenario } from '../model/scenario';
import { findBuiltIn } from '../scenarios';
import { LabProvider } from '../store/context';
import type { LabStore } from '../store/store';
import { CaptionPanel } from './CaptionPanel';
import { Header } from './Header';
import { usePlaybackLoop } from './hooks/usePlaybackLoop';
import { useShortcuts } from './hooks/useShortcuts';
import { Interventions } from './Interventions';
import { MotionProvider } from './MotionProvider';
import { StoragePanel } from './StoragePanel';
import { Timeline } from './timeline/Timeline';
import { Transport } from './Transport';

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
}

function Explainer({ globalShortcuts }: { globalShortcuts: boolean }) {
  const root = useRef<HTMLDivElement>(null);
  usePlaybackLoop();
  useShortcuts(root, globalShortcuts);
  return (
    <div className="fl-app" ref={root}>
      <Header />
      <main className="fl-main">
        <div className="fl-stage">
          <section className="fl-card fl-stage__card">
            <Timeline />
            <CaptionPanel />
            <Transport />
          </section>
        </div>
        <aside className="fl-side">
          <StoragePanel />
          <Interventions />
        </aside>
      </main>
    </div>
  );
}

/** A complete explainer. */
export function FencingLab({ scenarioId: requested, scenario, store, globalShortcuts = false }: FencingLabProps) {
  const scenarioId = requested && findBuiltIn(requested) ? requested : undefined;
  return (
    <LabProvider {...(store ? { store } : {})} {...(scenarioId ? { scenarioId } : {})} {...(scenario ? { scenario } : {})}>
      <MotionProvider>
        <Explainer globalShortcuts={globalShortcuts} />
      </MotionProvider>
    </LabProvider>
  );
}
