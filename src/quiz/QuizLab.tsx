/**
 * A small lab inside a question: its own explainer store (one per question, so it never touches
 * the main explainer's), the live timeline and the storage panel, driven by the same playback loop
 * as the main app. Predict and moment questions put their controls inside it so they can seek and
 * play its store.
 * @module
 */
import type { ReactNode } from 'react';
import { LabProvider } from '../store/context';
import { usePlaybackLoop } from '../views/hooks/usePlaybackLoop';
import { MotionProvider } from '../views/MotionProvider';
import { StoragePanel } from '../views/StoragePanel';
import { Timeline } from '../views/timeline/Timeline';

/** A lab instance for built-in scenario `scenarioId` (which must exist; see `isAvailable`). */
export function QuizLab({ scenarioId, children }: { scenarioId: string; children: ReactNode }) {
  return (
    <LabProvider scenarioId={scenarioId}>
      <MotionProvider>{children}</MotionProvider>
    </LabProvider>
  );
}

/** The live timeline and the storage at the playhead, with the playback loop running. */
export function QuizLabView() {
  usePlaybackLoop();
  return (
    <div className="fl-quiz__lab">
      <div className="fl-quiz__lab-timeline">
        <Timeline />
      </div>
      <div className="fl-quiz__lab-storage">
        <StoragePanel />
      </div>
    </div>
  );
}

/** True when the user asked the system for reduced motion (never throws; false where unknown). */
export function prefersReducedMotion(): boolean {
  try {
    return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  } catch {
    return false;
  }
}
