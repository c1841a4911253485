/**
 * The content width of an element, kept up to date with a ResizeObserver. jsdom has none, so
 * without one the fallback width is returned.
 * @module
 */
import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Width (px) of `ref`'s element, measured before the first paint (a layout effect). Until then it is
 * `unmeasured` (so a view can skip drawing at a width it would redraw at once: issue 7), and
 * `fallback` where ResizeObserver is missing (jsdom); on the server, `unmeasured`.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>, fallback = 960, unmeasured = fallback): number {
  // On the server (the build's prerender, issue 15) it is `unmeasured`, as in the browser's first
  // render, which hydrates that HTML.
  const [width, setWidth] = useState(() => (typeof window !== 'undefined' && typeof ResizeObserver === 'undefined' ? fallback : unmeasured));
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const w = el.clientWidth;
      if (w > 0) setWidth(w);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}
