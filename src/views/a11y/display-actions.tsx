/**
 * Per-explainer display state that is not the simulation's: presenter mode and the keyboard-help
 * dialog, with the actions the toolbar, the presenter bar and the shortcuts share. Kept out of the
 * lab store (which is about the run) and provided by the explainer (`App.tsx`).
 *
 * Presenter mode asks for full screen on the explainer (Fullscreen API) where the page may have it;
 * in an iframe without `allow="fullscreen"`, or when the browser refuses, it is the large layout
 * alone. Leaving full screen (Esc, which the browser handles itself) leaves presenter mode too.
 * @module
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type RefObject } from 'react';

/** What the toolbar and the shortcuts can do. */
export interface DisplayActions {
  presenting: boolean;
  togglePresenting(): void;
  stopPresenting(): void;
  helpOpen: boolean;
  openHelp(): void;
  closeHelp(): void;
}

const Ctx = createContext<DisplayActions | null>(null);

/** The explainer's display actions, or `null` outside an explainer (the toolbar then hides). */
export function useDisplayActions(): DisplayActions | null {
  return useContext(Ctx);
}

/** Provides {@link DisplayActions} to the explainer's views. */
export const DisplayActionsProvider = Ctx.Provider;

function fullscreenElement(): Element | null {
  try {
    return typeof document === 'undefined' ? null : document.fullscreenElement;
  } catch {
    return null;
  }
}

/**
 * The display state of the explainer rooted at `root`. Focus: entering presenter mode moves it to
 * the presenter bar's heading (so Space and the arrows drive the timeline at once); leaving returns
 * it to the element that was focused before.
 */
export function useDisplayState(root: RefObject<HTMLElement | null>): DisplayActions {
  const [presenting, setPresenting] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const returnTo = useRef<HTMLElement | null>(null);

  const start = useCallback(() => {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setPresenting(true);
    const el = root.current;
    try {
      if (el && document.fullscreenEnabled && !fullscreenElement() && typeof el.requestFullscreen === 'function') {
        // Refused (no user gesture, a sandbox, a policy): presenter mode goes on without it.
        el.requestFullscreen().catch(() => {});
      }
    } catch {
      /* the large layout alone */
    }
  }, [root]);

  const stop = useCallback(() => {
    setPresenting(false);
    try {
      if (fullscreenElement()) document.exitFullscreen().catch(() => {});
    } catch {
      /* nothing to leave */
    }
  }, []);

  // Esc in full screen is the browser's: it leaves full screen without a key event for the page.
  useEffect(() => {
    if (!presenting) return;
    let wasFull = false;
    const onChange = () => {
      if (fullscreenElement()) wasFull = true;
      else if (wasFull) setPresenting(false);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [presenting]);

  // Focus into the presenter bar on entry, back on exit.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (presenting) {
      root.current?.querySelector<HTMLElement>('[data-fl-present-focus]')?.focus();
    } else {
      const back = returnTo.current?.isConnected ? returnTo.current : root.current?.querySelector<HTMLElement>('[data-fl-present-toggle]');
      back?.focus();
    }
  }, [presenting, root]);

  return useMemo(
    () => ({
      presenting,
      togglePresenting: () => (presenting ? stop() : start()),
      stopPresenting: stop,
      helpOpen,
      openHelp: () => setHelpOpen(true),
      closeHelp: () => setHelpOpen(false),
    }),
    [presenting, helpOpen, start, stop],
  );
}
