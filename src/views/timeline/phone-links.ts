/**
 * Two shortcuts for small screens (issue 13), loaded with the interventions (not in the first
 * render):
 * - tapping a client's or the lease service's name beside the timeline scrolls to that actor's
 *   interventions (far below on a phone) and focuses its first control (the keyboard reaches them
 *   in order anyway);
 * - on a phone, pressing Play brings the timeline to the top of the screen, so that it, the caption
 *   and the control bar are on screen together while the story plays.
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
    const unsubscribe = store.subscribe((s, prev) => {
      if (!s.playing || prev.playing || window.innerWidth > 640 || app.classList.contains('fl-app--embed')) return;
      const card = app.querySelector('.fl-stage__card');
      if (card && Math.abs(card.getBoundingClientRect().top) > 4) card.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    });
    return () => {
      app.removeEventListener('click', onClick);
      unsubscribe();
    };
  }, [panel, store]);
}
