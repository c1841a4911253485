/**
 * The figure (the timeline and its controls) on small screens, loaded with the interventions (not in
 * the first render). Below the two-column layout the figure sticks to the top of the screen while
 * the caption and the story scroll under it (`.fl-figure` in `app.css`); this adds two things:
 * - on a phone, pressing Play brings the figure to the top of the screen, so that it and the
 *   caption are on screen together while the story plays (issue 13);
 * - where the figure would take more than three quarters of the screen's height (a scenario with
 *   many clients on a small phone, a phone held sideways), it scrolls with the page instead
 *   (`fl-figure--loose`), so the words under it keep room to be read. Sticking or not moves
 *   nothing until the page scrolls, so this causes no layout shift.
 *
 * A lane's name opens its interventions in place (`../LaneMenu.tsx`).
 * @module
 */
import { useEffect, type RefObject } from 'react';
import { prefersReducedMotion } from '../../embed/safe';
import { useLabStore } from '../../store/context';

/** Share of the screen's height (0..1) above which the figure does not stick. */
const MAX_STUCK_SHARE = 0.75;

/** Wires both for the explainer around `panel` (any element inside it: the interventions card). */
export function usePhoneLinks(panel: RefObject<HTMLElement | null>): void {
  const store = useLabStore();
  useEffect(() => {
    const app = panel.current?.closest('.fl-app');
    if (!app) return undefined;
    const figure = app.querySelector<HTMLElement>('.fl-figure');
    const fit = () => {
      if (figure) figure.classList.toggle('fl-figure--loose', figure.offsetHeight > window.innerHeight * MAX_STUCK_SHARE);
    };
    fit();
    window.addEventListener('resize', fit);
    const resized = typeof ResizeObserver === 'undefined' || !figure ? undefined : new ResizeObserver(fit);
    if (figure) resized?.observe(figure);
    const unsubscribe = store.subscribe((s, prev) => {
      if (!s.playing || prev.playing || window.innerWidth > 640 || app.classList.contains('fl-app--embed')) return;
      const card = app.querySelector('.fl-stage__card');
      if (card && Math.abs(card.getBoundingClientRect().top) > 4) card.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    });
    return () => {
      window.removeEventListener('resize', fit);
      resized?.disconnect();
      figure?.classList.remove('fl-figure--loose');
      unsubscribe();
    };
  }, [panel, store]);
}
