/**
 * Animation setup: `LazyMotion` with the `domAnimation` features loaded asynchronously (only the
 * small `m` components are in the first render), and `MotionConfig reducedMotion="user"` so the
 * system's reduced-motion setting turns movement off.
 * @module
 */
import type { ReactNode } from 'react';
import { LazyMotion, MotionConfig } from 'motion/react';

const loadFeatures = () => import('./motion-features').then((r) => r.default);

/** Wraps the explainer so `m.*` components animate. */
export function MotionProvider({ children }: { children: ReactNode }) {
  return (
    <LazyMotion features={loadFeatures} strict>
      <MotionConfig reducedMotion="user">{children}</MotionConfig>
    </LazyMotion>
  );
}
