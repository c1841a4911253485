/**
 * Motion, in one chunk loaded after the first render by `MotionProvider.tsx` (about 22 KB gzip):
 * the `m` elements the views animate and the `domAnimation` feature pack (motion.dev, "Reduce
 * bundle size"), with `LazyMotion` (strict) and `MotionConfig reducedMotion="user"` so the system's
 * reduced-motion setting turns movement off.
 *
 * The providers wrap each animated element here rather than the whole explainer: the first render
 * must not import motion at all (even `LazyMotion` alone drags about 10 KB gzip of motion-dom into
 * the entry chunk once another chunk uses motion too), and wrapping the explainer only once motion
 * has loaded would remount it. Each element's providers are cheap (two contexts) and the elements
 * re-render only when their own props change.
 * @module
 */
import { createElement, type ReactNode } from 'react';
import { LazyMotion, MotionConfig, MotionGlobalConfig, domAnimation, m } from 'motion/react';

// Reduced motion (issue 6): `reducedMotion="user"` leaves scale and opacity animating, so with the
// system setting on every animation jumps straight to its end instead: nothing slides or scales,
// and changes still show at once. Follows the setting if it changes while the page is open.
if (typeof matchMedia === 'function') {
  const reduce = matchMedia('(prefers-reduced-motion: reduce)');
  MotionGlobalConfig.skipAnimations = reduce.matches;
  reduce.addEventListener?.('change', (e) => {
    MotionGlobalConfig.skipAnimations = e.matches;
  });
}

const ELEMENTS = { g: m.g, text: m.text, div: m.div, li: m.li } as const;

/** The elements {@link Animated} can draw. */
export type AnimatedTag = keyof typeof ELEMENTS;

/** Motion's element `tag` with `props` (motion's props included), ready to animate. */
export function Animated({ tag, props }: { tag: AnimatedTag; props: Record<string, unknown> }): ReactNode {
  return (
    <LazyMotion features={domAnimation} strict>
      <MotionConfig reducedMotion="user">{createElement(ELEMENTS[tag] as unknown as (p: Record<string, unknown>) => ReactNode, props)}</MotionConfig>
    </LazyMotion>
  );
}
