/**
 * Animation, loaded after the first render (issue 7: the first render must fit 95 KB gzip, and
 * motion's `m` core alone is about 14 KB of it).
 *
 * The views draw animated elements with {@link M} (`<M.g {...appear}>`, `<M.text>`, `<M.div>`,
 * `<M.li>`), which take motion's props. Until `motion-kit.tsx` has loaded they render the plain
 * element in its final state (motion's `initial`, `animate`, `transition`... are dropped); once it
 * has, they render motion's `m` element inside `LazyMotion` and `MotionConfig reducedMotion="user"`
 * (see that file), and from then on new elements animate in. Elements already on screen when motion
 * arrives do not replay their entrance (`initial={false}`). Only the animated leaves swap their
 * element, so nothing else remounts or loses focus. This module imports nothing from motion.
 * @module
 */
import { createContext, createElement, useContext, useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import type { m as motionM } from 'motion/react';

type Kit = typeof import('./motion-kit');

let kit: Kit | undefined;
let loading: Promise<Kit> | undefined;

/**
 * Loads motion (once) and resolves when its elements can be used. The app calls it after the first
 * render; tests may await it before rendering so every element animates from the start.
 */
export function loadMotion(): Promise<Kit> {
  loading ??= import('./motion-kit').then(
    (k) => (kit = k),
    (err: unknown) => {
      // Offline or a failed chunk: the explainer keeps working without animation; retry next time.
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

const KitContext = createContext<Kit | undefined>(undefined);

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

/** Wraps an explainer so its {@link M} elements animate once motion has loaded. */
export function MotionProvider({ children }: { children: ReactNode }) {
  const [loaded, setLoaded] = useState<Kit | undefined>(kit);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    const stop = whenIdleAfterLoad(() => {
      loadMotion().then(
        (k) => live && setLoaded(k),
        () => undefined,
      );
    });
    return () => {
      live = false;
      stop();
    };
  }, [loaded]);
  return <KitContext value={loaded}>{children}</KitContext>;
}

/** Props that only motion understands; the plain element must not get them. */
const MOTION_PROPS = new Set([
  'initial',
  'animate',
  'exit',
  'transition',
  'variants',
  'layout',
  'layoutId',
  'whileHover',
  'whileTap',
  'whileFocus',
  'whileInView',
  'whileDrag',
  'onAnimationStart',
  'onAnimationComplete',
  'onUpdate',
]);

type Tag = 'g' | 'text' | 'div' | 'li';
type MotionElement<T extends Tag> = (typeof motionM)[T];

function animated<T extends Tag>(tag: T) {
  function Animated(props: ComponentProps<MotionElement<T>>) {
    const k = useContext(KitContext);
    // Born before motion arrived: when it does, appear as it is rather than replay the entrance.
    const [bornStill] = useState(() => k === undefined);
    if (!k) {
      const plain: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(props)) if (!MOTION_PROPS.has(key)) plain[key] = value;
      return createElement(tag, plain);
    }
    return createElement(k.Animated, { tag, props: (bornStill ? { ...props, initial: false } : props) as Record<string, unknown> });
  }
  Animated.displayName = `M.${tag}`;
  return Animated;
}

/** Animated elements: motion's `m.g`, `m.text`, `m.div` and `m.li` once loaded, plain ones until then. */
export const M = { g: animated('g'), text: animated('text'), div: animated('div'), li: animated('li') } as const;
