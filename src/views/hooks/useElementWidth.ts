/**
 * The content width of an element, kept up to date with a ResizeObserver. jsdom has none, so
 * without one the fallback width is returned.
 * @module
 */
import { startTransition, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useHydrating } from './useHydrating';

/**
 * Width (px) of `ref`'s element, measured before the first paint (a layout effect). Until then it is
 * `unmeasured` (so a view can skip drawing at a width it would redraw at once: issue 7), and
 * `fallback` where ResizeObserver is missing (jsdom); on the server, `unmeasured`.
 *
 * Where the element was hydrated from prerendered HTML (issue 15), the page is already painted, so
 * its first measured width is set in a transition: the view's full render then runs in slices after
 * hydration rather than as one long task inside its commit (it blocked input for 180–350 ms on this
 * machine's profiler). Every later width, and every width of a view rendered afresh (an embed, a deep
 * link), is set at once, before the paint, so a frame is never drawn at a stale width.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>, fallback = 960, unmeasured = fallback): number {
  // On the server (the build's prerender, issue 15) it is `unmeasured`, as in the browser's first
  // render, which hydrates that HTML.
  const [width, setWidth] = useState(() => (typeof window !== 'undefined' && typeof ResizeObserver === 'undefined' ? fallback : unmeasured));
  const hydrated = useHydrating();
  // Whether the first measured width is still to be set in a transition (read only by the effect).
  const deferFirst = useRef(hydrated);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const w = el.clientWidth;
      if (w <= 0) return;
      if (deferFirst.current) startTransition(() => setWidth(w));
      else setWidth(w);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  // Once a measured width is on screen, later ones are set before the paint again.
  useLayoutEffect(() => {
    if (width !== unmeasured) deferFirst.current = false;
  }, [width, unmeasured]);
  return width;
}
