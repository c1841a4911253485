/**
 * Bars that grow with the playhead, without React (issue 7). While an item is in progress (it has
 * started and not yet ended), its SVG elements register here; every frame the marks (`Marks.tsx`) set their
 * length to reach the playhead. Only these few elements change (and are repainted) per frame; the
 * rest of the picture changes only when the playhead crosses an event (`playhead-hooks.ts`).
 * @module
 */
import { createContext, createElement, useCallback, useContext, type ReactNode, type RefCallback, type SVGProps } from 'react';

/** How one element follows the playhead. All positions in px (SVG user units). */
export interface Growth {
  /**
   * What is set: a rect's `width`, a line's `x2`, or `visibility` (a label shown once the bar is
   * long enough for it).
   */
  attr: 'width' | 'x2' | 'visibility';
  /** Where the item starts (x). */
  fromX: number;
  /** Where it ends (x): it stops growing there. */
  toX: number;
  /**
   * For `width`: the least width drawn. For `visibility`: the length the bar must have reached for
   * the label to show.
   */
  min: number;
  /** For `visibility`: the length from which the label hides again (a longer label took its place). Default: never. */
  max?: number;
}

/** Sets `el` as `spec` says for a playhead at x `px`. */
export function applyGrowth(el: Element, spec: Growth, px: number): void {
  const reach = Math.min(Math.max(px, spec.fromX), spec.toX);
  const length = reach - spec.fromX;
  if (spec.attr === 'width') el.setAttribute('width', String(Math.max(spec.min, length)));
  else if (spec.attr === 'x2') el.setAttribute('x2', String(reach));
  else {
    const show = length >= spec.min && length < (spec.max ?? Infinity);
    // Only touch the DOM when the label appears or disappears.
    if ((el.getAttribute('visibility') !== 'hidden') !== show) el.setAttribute('visibility', show ? 'visible' : 'hidden');
  }
}

/** The growing elements of one timeline and the playhead's current x. */
export interface GrowthRegistry {
  /** Adds `el` (applied at once); returns a function that removes it and leaves it at its full length. */
  add(el: Element, spec: Growth): () => void;
  /** Applies every growing element for a playhead at x `px`. */
  apply(px: number): void;
}

/** Creates the registry of one timeline. `currentX` gives the playhead's x when an element is added. */
export function createGrowthRegistry(currentX: () => number): GrowthRegistry {
  const entries = new Map<Element, Growth>();
  return {
    add(el, spec) {
      entries.set(el, spec);
      applyGrowth(el, spec, currentX());
      return () => {
        if (entries.get(el) === spec) entries.delete(el);
        applyGrowth(el, spec, Infinity);
      };
    },
    apply(px) {
      for (const [el, spec] of entries) applyGrowth(el, spec, px);
    },
  };
}

/** The registry of the timeline around, if any (a lane drawn on its own grows nothing). */
export const GrowthContext = createContext<GrowthRegistry | null>(null);

/**
 * A ref for an element that grows as `spec` says while its item is in progress (`spec` given), and
 * is drawn as rendered otherwise. Render the element at its full length: the registry shortens it
 * before the browser paints.
 */
export function useGrowth<T extends Element>(spec: Growth | undefined): RefCallback<T> {
  const registry = useContext(GrowthContext);
  const { attr, fromX, toX, min, max } = spec ?? { attr: undefined, fromX: 0, toX: 0, min: 0, max: undefined };
  return useCallback(
    (el: T | null) => {
      if (!el || !registry || attr === undefined) return undefined;
      return registry.add(el, { attr, fromX, toX, min, ...(max !== undefined ? { max } : {}) });
    },
    [registry, attr, fromX, toX, min, max],
  );
}

/** Props of {@link Grow}: an SVG element's props, which element, and how it grows (if in progress). */
export type GrowProps = SVGProps<SVGElement> & {
  /** The element: `rect`, `line`, `text` or `g`. */
  as: 'rect' | 'line' | 'text' | 'g';
  /** How it follows the playhead while its item is in progress; `undefined` once it is over. */
  grow: Growth | undefined;
  children?: ReactNode;
};

/** An SVG element that follows the playhead while `grow` is given (see {@link useGrowth}). */
export function Grow({ as, grow, ...props }: GrowProps) {
  const ref = useGrowth<SVGElement>(grow);
  return createElement(as, { ...props, ref });
}
