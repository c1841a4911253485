/**
 * Two shortcuts for small screens (issue 13), loaded with the interventions (not in the first
 * render):
 * - tapping a client's or the lease service's name beside the timeline scrolls to that actor's
 *   interventions (far below on a phone) and focuses its first control (the keyboard reaches them
 *   in order anyway);
 * - on a phone, pressing Play brings the timeline to the top of the screen, so that it, the caption
 *   and the control bar are on screen together while the story plays;
 * - on a phone, while the control bar (sticky at the bottom of the screen) would lie over the
 *   timeline's lanes (the page opened at its top, the timeline running on below the bar), the bar
 *   folds to its Play and Next event buttons alone, at the right edge (`fl-transport--mini` in `app.css`), so the
 *   lanes are not hidden under it (the two round buttons cover a corner at their right end); it unfolds as soon as it no longer covers the timeline. The bar keeps
 *   its size (only what it shows changes), so nothing on the page moves. Browsers with CSS view
 *   timelines fold it in the style sheet from the first paint (`app.css`); the script folds it
 *   elsewhere, once the reader scrolls.
 * @module
 */
import { useEffect, type RefObject } from 'react';
import { prefersReducedMotion } from '../../embed/safe';
import { useLabStore } from '../../store/context';

/** Wires both shortcuts for the explainer around `panel` (the interventions card). */
export function usePhoneLinks(panel: RefObject<HTMLElement | null>): void {
  const store = useLabStore();
  useEffect(() => {
    const app = panel.current?.closest('.fl-app');
    if (!app) return undefined;
    const onClick = (e: Event) => {
      const row = (e.target as Element | null)?.closest?.('.fl-lanes__row[data-lane]');
      const box = panel.current;
      if (!row || !box || row.classList.contains('fl-lanes__row--storage')) return;
      const target = box.querySelector<HTMLElement>(`[data-client="${CSS.escape(row.getAttribute('data-lane') ?? '')}"]`) ?? box.querySelector<HTMLElement>('.fl-btn--wide') ?? box;
      target.scrollIntoView({ block: 'center' });
      (target.matches('button') ? target : target.querySelector<HTMLElement>('button:not(:disabled)'))?.focus({ preventScroll: true });
    };
    app.addEventListener('click', onClick);
    const bar = app.querySelector<HTMLElement>('.fl-transport');
    const timeline = app.querySelector<HTMLElement>('.fl-timeline');
    let frame = 0;
    // Where the browser has view timelines, the style sheet folds the bar from the first paint
    // (`app.css`, "The same fold without script"); this is the fold for the others.
    const cssFold = typeof CSS !== 'undefined' && CSS.supports?.('animation-timeline: view()') === true;
    const fold = () => {
      frame = 0;
      if (!bar || !timeline || cssFold) return;
      const t = timeline.getBoundingClientRect();
      const b = bar.getBoundingClientRect();
      // Over the timeline: the bar's top above the timeline's bottom while the timeline starts above it.
      const covers = window.innerWidth <= 640 && !app.classList.contains('fl-app--embed') && b.top < t.bottom - 1 && t.top < b.top - 1;
      if (bar.classList.contains('fl-transport--mini') !== covers) bar.classList.toggle('fl-transport--mini', covers);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(fold);
    };
    // Only once the reader scrolls: folding while the page loads would move Play and Next event
    // inside the bar after the (prerendered) first paint, a layout shift (layout-shift.test.ts).
    let scrolled = false;
    const onScroll = () => {
      scrolled = true;
      schedule();
    };
    const later = () => {
      if (scrolled) schedule();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', later);
    const resized = typeof ResizeObserver === 'undefined' || !timeline ? undefined : new ResizeObserver(later);
    if (timeline) resized?.observe(timeline);
    const unsubscribe = store.subscribe((s, prev) => {
      if (!s.playing || prev.playing || window.innerWidth > 640 || app.classList.contains('fl-app--embed')) return;
      const card = app.querySelector('.fl-stage__card');
      if (card && Math.abs(card.getBoundingClientRect().top) > 4) card.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    });
    return () => {
      app.removeEventListener('click', onClick);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      resized?.disconnect();
      cancelAnimationFrame(frame);
      bar?.classList.remove('fl-transport--mini');
      unsubscribe();
    };
  }, [panel, store]);
}
