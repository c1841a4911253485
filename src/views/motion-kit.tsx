/**
 * Motion, in one small chunk loaded after the first render by `MotionProvider.tsx`: only motion's
 * `animate` from `motion/mini` (motion.dev, "Reduce bundle size": about 3 KB gzip, against 31 KB
 * for the `m` elements with `LazyMotion` and `domAnimation` this replaced; issue 7).
 *
 * Why the mini animator pays its way and the `m` feature pack did not: every animation here is an
 * entrance (fade, short slide or pop) that runs once when an element mounts. `motion/mini` hands it
 * to the browser as a Web Animation (WAAPI) and does no JavaScript per frame; on the HTML panels
 * (caption, storage log) the browser runs fade and slide on the compositor. The `m` elements built
 * a visual element per mark, wrapped each in two providers, and (on SVG) stepped the values in
 * JavaScript every frame: 50 to 140 ms frames at events on a 4x slower CPU.
 * @module
 */
import { animate } from 'motion/mini';

/** A value of an entrance's start or end: opacity, `x`/`y` in px, `scale`. */
export type EntranceValues = Partial<Record<'opacity' | 'x' | 'y' | 'scale', number>>;

/** How an entrance runs: motion's transition options (seconds, a named or cubic easing). */
export interface EntranceTransition {
  duration?: number;
  ease?: string | readonly number[];
  delay?: number;
  type?: string;
}

/**
 * Reduced motion (issue 6): with the system setting on, nothing slides, scales or fades in; the
 * element is simply there. Read at each entrance, so a change while the page is open is followed.
 */
function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Whether `el` is a mark of a timeline whose story is playing (`data-playing` on its picture, set by
 * the marks, `Marks.tsx`). There a mark appears without an entrance: the browser animates an SVG
 * element's opacity and scale on the main thread, and each frame of it repaints the whole picture.
 * With one core busy and the CPU slowed 4x, the seed played with a quarter fewer frames over 33 ms
 * without them (4 alternating passes; no difference measured in the three-client run; issue 44).
 * Paused, stepping or seeking, marks enter as before.
 */
function inPlayingPicture(el: Element): boolean {
  return el instanceof SVGElement && el.closest('.fl-timeline__picture[data-playing]') !== null;
}

/**
 * Plays `el`'s entrance from `from` to `to` as a Web Animation. Both ends are given in full, so
 * motion never reads the element's computed style (no forced style recalculation at an event).
 * Does nothing where the browser has no Web Animations (jsdom), the reader asks for reduced motion,
 * or `el` is a mark of a picture that is playing ({@link inPlayingPicture}).
 */
export function enter(el: Element, from: EntranceValues, to: EntranceValues, transition: EntranceTransition = {}): void {
  if (typeof (el as HTMLElement).animate !== 'function' || reducedMotion() || inPlayingPicture(el)) return;
  const keyframes: Record<string, [number | string, number | string]> = {};
  if (from.opacity !== undefined) keyframes.opacity = [from.opacity, to.opacity ?? 1];
  if (from.x !== undefined || from.y !== undefined) {
    // The CSS `translate` property, not `transform`: it leaves the element's own transform alone.
    keyframes.translate = [`${from.x ?? 0}px ${from.y ?? 0}px`, `${to.x ?? 0}px ${to.y ?? 0}px`];
  }
  if (from.scale !== undefined) {
    keyframes.scale = [from.scale, to.scale ?? 1];
    // An SVG element scales about the SVG's origin unless told to use its own box.
    if (el instanceof SVGElement) {
      el.style.transformBox = 'fill-box';
      el.style.transformOrigin = 'center';
    }
  }
  const { duration = 0.3, ease = 'easeOut', delay } = transition;
  const styled = el as HTMLElement | SVGElement;
  animate(el, keyframes, { duration, ease: ease as 'easeOut', ...(delay !== undefined ? { delay } : {}) }).then(
    () => {
      // Motion leaves the end values inline (`opacity: 1; translate: 0px 0px; scale: 1`). They are
      // the element's resting state anyway, but an inline `translate` or `scale`, even an identity
      // one, gives the element a transform of its own that the browser then carries through every
      // later frame's paint: clear them once the entrance is over.
      for (const name of Object.keys(keyframes)) styled.style.removeProperty(name);
      styled.style.removeProperty('transform-box');
      styled.style.removeProperty('transform-origin');
      if (styled.getAttribute('style') === '') styled.removeAttribute('style');
    },
    () => undefined,
  );
}
