/**
 * Where the picture is in the whole run (issue 40, item 1): while the timeline shows only part of the
 * run (a story frame, or a phone's window), that part is outlined on the scrubber under it, the
 * strip of the whole run. Loads with the marks' chunk; drawn into the scrubber (a portal), so the page's
 * layout does not change when it comes.
 *
 * The outline is a handle: dragged (by the grip above it, or anywhere on it but the scrubber's thumb,
 * which stays the playhead's), or focused and moved with the arrow keys (a quarter of the view; with Shift, and Page
 * Up and Page Down, a whole view; Home and End, the run's ends), it pans the part of the run in view without
 * moving the playhead, at the same scale. Panning is a sideways scroll of the timeline's box: the
 * timeline leaves a scroll the reader made where it is, so a frame the learner moved stays until the
 * playhead moves on (to the next moment, which frames itself) or "whole run" is ticked.
 *
 * The outline follows the timeline's sideways scroll without a React render (a scroll listener sets
 * its attributes), as the playhead does.
 * @module
 */
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../../i18n';
import { seconds } from '../../store/derive';
import type { Geometry } from './geometry';
// The handle's name and value (the story's catalogue, as the pause handles').
import '../../story/messages';
import './overview.css';

/** Props of {@link Overview}. */
export interface OverviewProps {
  g: Geometry;
  /** The timeline's scroll box (its `scrollLeft` is the picture's x at the view's left edge). */
  scrollBox: RefObject<HTMLDivElement | null>;
  /** Width of the visible plot (px of the picture, beside the lane names). */
  view: number;
  /** The picture's zoom (presenter mode; 1 elsewhere): the box scrolls in zoomed px. */
  zoom?: number;
}

/** Within this many px of the scrubber's thumb a press is the scrubber's (it moves the playhead), not the outline's. */
const THUMB_PX = 12;
/** The grip's least width (px): a narrow frame's outline lies under the thumb, its grip above it does not. */
const GRIP_PX = 36;

/** The outline, on the scrubber of the same explainer, of the part of the run the timeline shows; nothing while it shows all of it. */
export function Overview({ g, scrollBox, view, zoom = 1 }: OverviewProps) {
  const t = useT();
  const box = useRef<SVGRectElement>(null);
  const grip = useRef<SVGRectElement>(null);
  const [host, setHost] = useState<HTMLElement | null>(null);
  const partial = g.width > view + 1;
  useLayoutEffect(() => {
    // The scrubber of this explainer (an embed page may hold several).
    setHost(scrollBox.current?.closest('.fl-app')?.querySelector<HTMLElement>('.fl-scrubber') ?? null);
  }, [scrollBox]);
  useLayoutEffect(() => {
    const el = scrollBox.current;
    if (!el || !partial || !host) return;
    // The scrubber runs from 0 to the run's end, over its width less the thumb's 9 px at each end (as its event marks).
    const pct = (ms: number) => (g.endMs > 0 ? (Math.min(Math.max(ms, 0), g.endMs) / g.endMs) * 100 : 0);
    const place = () => {
      const left = el.scrollLeft / zoom;
      const fromMs = g.msAt(left);
      const toMs = g.msAt(left + view);
      const from = pct(fromMs);
      const to = pct(toMs);
      const r = box.current;
      if (!r) return;
      r.setAttribute('x', `${from}%`);
      r.setAttribute('width', `${Math.max(0.5, to - from)}%`);
      r.setAttribute('aria-valuenow', String(Math.round(fromMs)));
      // The grip above the outline: as wide as it, at least GRIP_PX (px of the strip, which is the scrubber less 18 px).
      const w = host.clientWidth - 18;
      const gw = Math.max(GRIP_PX, ((to - from) / 100) * w);
      grip.current?.setAttribute('x', String(((from + to) / 200) * w - gw / 2));
      grip.current?.setAttribute('width', String(gw));
      r.setAttribute('aria-valuetext', t('overview.value', { from: seconds(fromMs), to: seconds(toMs) }));
    };
    place();
    el.addEventListener('scroll', place, { passive: true });
    // Dragging the outline: a press on it (not on the thumb) pans; the scrubber never sees it.
    const msAt = (clientX: number) => {
      const r = host.getBoundingClientRect();
      return ((clientX - r.left - 9) / Math.max(1, r.width - 18)) * g.endMs;
    };
    const onThumb = (clientX: number) => {
      const input = host.querySelector('input');
      const r = host.getBoundingClientRect();
      const at = input && g.endMs > 0 ? r.left + 9 + (Number(input.value) / g.endMs) * (r.width - 18) : -Infinity;
      return Math.abs(clientX - at) <= THUMB_PX;
    };
    const onOutline = (e: PointerEvent) => {
      if (e.target === grip.current) return true;
      const r = box.current?.getBoundingClientRect();
      return !!r && e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom && !onThumb(e.clientX);
    };
    let grab: number | undefined;
    const down = (e: PointerEvent) => {
      if (e.button !== 0 || !onOutline(e)) return;
      e.preventDefault();
      e.stopPropagation();
      grab = g.msAt(el.scrollLeft / zoom) - msAt(e.clientX);
      host.setPointerCapture?.(e.pointerId);
      host.classList.add('fl-scrubber--panning');
      box.current?.focus({ preventScroll: true });
    };
    const move = (e: PointerEvent) => {
      if (grab === undefined) {
        host.classList.toggle('fl-scrubber--pan', onOutline(e));
        return;
      }
      el.scrollLeft = g.x(msAt(e.clientX) + grab) * zoom;
    };
    const up = () => {
      grab = undefined;
      host.classList.remove('fl-scrubber--panning');
    };
    host.addEventListener('pointerdown', down, { capture: true });
    host.addEventListener('pointermove', move);
    host.addEventListener('pointerup', up);
    host.addEventListener('pointercancel', up);
    return () => {
      el.removeEventListener('scroll', place);
      host.removeEventListener('pointerdown', down, { capture: true });
      host.removeEventListener('pointermove', move);
      host.removeEventListener('pointerup', up);
      host.removeEventListener('pointercancel', up);
      host.classList.remove('fl-scrubber--pan', 'fl-scrubber--panning');
    };
  }, [g, view, zoom, partial, scrollBox, host, t]);
  if (!partial || !host) return null;
  const onKeyDown = (e: KeyboardEvent<SVGRectElement>) => {
    const el = scrollBox.current;
    if (!el) return;
    const whole = e.shiftKey || e.key === 'PageUp' || e.key === 'PageDown';
    const step = (whole ? view : view / 4) * zoom;
    const to: Record<string, number> = {
      ArrowLeft: el.scrollLeft - step,
      ArrowDown: el.scrollLeft - step,
      PageDown: el.scrollLeft - step,
      ArrowRight: el.scrollLeft + step,
      ArrowUp: el.scrollLeft + step,
      PageUp: el.scrollLeft + step,
      Home: 0,
      End: el.scrollWidth,
    };
    const left = to[e.key];
    if (left === undefined) return;
    e.preventDefault();
    el.scrollLeft = Math.round(left);
  };
  return createPortal(
    <svg className="fl-scrubber__frame" focusable="false">
      <rect
        ref={box}
        y={0}
        height="100%"
        rx={3}
        role="slider"
        tabIndex={0}
        aria-label={t('overview.label')}
        aria-orientation="horizontal"
        aria-valuemin={0}
        aria-valuemax={Math.round(g.endMs)}
        onKeyDown={onKeyDown}
      />
      <rect ref={grip} className="fl-scrubber__grip" y={-12} height={10} rx={3} aria-hidden="true" />
    </svg>,
    host,
  );
}
