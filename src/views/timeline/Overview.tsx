/**
 * Where the picture is in the whole run (issue 40, item 1): while the timeline shows only part of the
 * run (a story frame, or a phone's window), that part is outlined on the scrubber under it, the
 * strip of the whole run. Loads with the marks' chunk; drawn into the scrubber (a portal), so the page's
 * layout does not change when it comes.
 *
 * The outline follows the timeline's sideways scroll without a React render (a scroll listener sets
 * its attributes), as the playhead does.
 * @module
 */
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { Geometry } from './geometry';
import './overview.css';

/** Props of {@link Overview}. */
export interface OverviewProps {
  g: Geometry;
  /** The timeline's scroll box (its `scrollLeft` is the picture's x at the view's left edge). */
  scrollBox: RefObject<HTMLDivElement | null>;
  /** Width of the visible plot (px, beside the lane names). */
  view: number;
}

/** The outline, on the scrubber of the same explainer, of the part of the run the timeline shows; nothing while it shows all of it. */
export function Overview({ g, scrollBox, view }: OverviewProps) {
  const box = useRef<SVGRectElement>(null);
  const [host, setHost] = useState<Element | null>(null);
  const partial = g.width > view + 1;
  useLayoutEffect(() => {
    // The scrubber of this explainer (an embed page may hold several).
    setHost(scrollBox.current?.closest('.fl-app')?.querySelector('.fl-scrubber') ?? null);
  }, [scrollBox]);
  useLayoutEffect(() => {
    const el = scrollBox.current;
    if (!el || !partial || !host) return;
    // The scrubber runs from 0 to the run's end.
    const pct = (ms: number) => (g.endMs > 0 ? (Math.min(Math.max(ms, 0), g.endMs) / g.endMs) * 100 : 0);
    const place = () => {
      const from = pct(g.msAt(el.scrollLeft));
      const to = pct(g.msAt(el.scrollLeft + view));
      box.current?.setAttribute('x', `${from}%`);
      box.current?.setAttribute('width', `${Math.max(0.5, to - from)}%`);
    };
    place();
    el.addEventListener('scroll', place, { passive: true });
    return () => el.removeEventListener('scroll', place);
  }, [g, view, partial, scrollBox, host]);
  if (!partial || !host) return null;
  return createPortal(
    <svg className="fl-scrubber__frame" aria-hidden="true" focusable="false">
      <rect ref={box} y={0} height="100%" rx={3} />
    </svg>,
    host,
  );
}
