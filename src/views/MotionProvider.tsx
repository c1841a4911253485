/**
 * Entrance animations, loaded after the first render (issue 7: the first render must fit 95 KB
 * gzip, so this module imports nothing from motion).
 *
 * The views draw animated elements with {@link M} (`<M.g {...appear}>`, `<M.text>`, `<M.div>`,
 * `<M.li>`), giving motion's `initial`, `animate` and `transition`. They always render the plain
 * element in its final state; once `motion-kit.tsx` (motion's small WAAPI `animate`) has loaded,
 * an element that mounts plays its entrance from `initial` to `animate` as a Web Animation, with
 * no React state and no JavaScript per frame. Elements already on screen when motion arrives do not
 * replay their entrance (an entrance only ever starts at mount), and motion's arrival re-renders
 * nothing.
 * @module
 */
import { createElement, useEffect, useState, type JSX, type ReactNode } from 'react';
import { loadOnce } from '../store/load-once';
import type { EntranceTransition, EntranceValues } from './motion-kit';

type Kit = typeof import('./motion-kit');

// Offline or a failed chunk: the explainer keeps working without animation; tried again next time.
const motion = loadOnce(() => import('./motion-kit'));

/**
 * Loads motion (once) and resolves when entrances can play: {@link M} elements mounted from then on
 * animate in. The app calls it after the first render; tests may await it before rendering.
 */
export function loadMotion(): Promise<Kit> {
  return motion.load();
}

/**
 * Starts loading motion once the page has loaded and the browser is idle, so it never competes with
 * the first render for the network or the main thread.
 */
function whenIdleAfterLoad(run: () => void): () => void {
  let cancelled = false;
  const go = (): void => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => !cancelled && run(), { timeout: 2000 });
    else setTimeout(() => !cancelled && run(), 50);
  };
  if (typeof document === 'undefined' || document.readyState === 'complete') go();
  else window.addEventListener('load', go, { once: true });
  return () => {
    cancelled = true;
    if (typeof window !== 'undefined') window.removeEventListener('load', go);
  };
}

/** Wraps an explainer: starts loading motion once the page is idle after load, so its {@link M} elements animate from then on. */
export function MotionProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (motion.current()) return undefined;
    return whenIdleAfterLoad(() => {
      // Offline or a failed chunk: no entrances, nothing else changes.
      loadMotion().catch(() => undefined);
    });
  }, []);
  return children;
}

/** Motion's entrance props that {@link M} elements take (start, end, timing). */
export interface EntranceProps {
  /** Where the entrance starts; `false` or absent: no entrance. */
  initial?: EntranceValues | false;
  /** Where it ends (the element's resting state, which it is rendered in). */
  animate?: EntranceValues;
  transition?: EntranceTransition;
}

type Tag = 'g' | 'text' | 'div' | 'li';

function animated<T extends Tag>(tag: T) {
  function Animated({ initial, animate, transition, ...props }: JSX.IntrinsicElements[T] & EntranceProps) {
    // One ref callback for the element's life, holding its props at mount: the entrance plays
    // once, when the element is attached, and never again when it re-renders.
    const [ref] = useState(() => (el: Element | null) => {
      const kit = motion.current();
      if (el && kit && initial && animate) kit.enter(el, initial, animate, transition);
    });
    return createElement(tag, { ...props, ref });
  }
  Animated.displayName = `M.${tag}`;
  return Animated;
}

/** Elements with an entrance animation: `<g>`, `<text>`, `<div>` and `<li>` taking motion's entrance props. */
export const M = { g: animated('g'), text: animated('text'), div: animated('div'), li: animated('li') } as const;
