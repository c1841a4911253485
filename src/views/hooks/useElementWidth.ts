/**
 * The content width of an element, kept up to date with a ResizeObserver. jsdom has none, so
 * without one the fallback width is returned.
 * @module
 */
import { startTransition, useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Width (px) of `ref`'s element, measured before the first paint (a layout effect). Until then it is
 * `unmeasured` (so a view can skip drawing at a width it would redraw at once: issue 7), and
 * `fallback` where ResizeObserver is missing (jsdom); on the server, `unmeasured`.
 *
 * The first measured width is set in a transition (issue 15): the view it lets draw (the whole
 * timeline picture) is then rendered in slices between which the browser can paint and answer
 * input, not in one long task right after hydration. Later widths (a resize) are set at once.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>, fallback = 960, unmeasured = fallback): number {
  // On the server (the build's prerender, issue 15) it is `unmeasured`, as in the browser's first
  // render, which hydrates that HTML.
  const [width, setWidth] = useState(() => (typeof window !== 'undefined' && typeof ResizeObserver === 'undefined' ? fallback : unmeasured));
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // The width last asked for: the ResizeObserver's first call repeats the first measure, and an
    // urgent update to the same width would render at once what the transition renders in slices.
    let asked = 0;
    const measure = () => {
      const w = el.clientWidth;
      if (w <= 0 || w === asked) return;
      const first = asked === 0;
      asked = w;
      if (first) startTransition(() => setWidth(w));
      else setWidth(w);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}
