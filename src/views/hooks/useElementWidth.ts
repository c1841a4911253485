/**
 * The content width of an element, kept up to date with a ResizeObserver. jsdom has none, so
 * without one the fallback width is returned.
 * @module
 */
import { useLayoutEffect, useState, type RefObject } from 'react';

/** Width (px) of `ref`'s element; `fallback` until measured or where ResizeObserver is missing. */
export function useElementWidth(ref: RefObject<HTMLElement | null>, fallback = 960): number {
  const [width, setWidth] = useState(fallback);
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
