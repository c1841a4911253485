/**
 * The before/after card as the story's chunk hands it to the explainer (`slot.tsx`): the card is a
 * chunk of its own with its own style sheet (`CompareCard.tsx`, `compare.css`), asked for with the
 * story's chunk, after the first render.
 * @module
 */
import { Suspense, lazy } from 'react';

const Card = lazy(() => import('./CompareCard').then((m) => ({ default: m.CompareCard })));

/** The comparison card under the timeline (nothing before the first change). */
export function CompareCard() {
  return (
    <Suspense fallback={null}>
      <Card />
    </Suspense>
  );
}
