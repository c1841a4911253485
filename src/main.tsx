/**
 * The page: reads the display parameters (`?view=`, `?embed=`, ...; see `embed/params.ts`) and shows
 * the explainer, the quiz, or both. The quiz is its own chunk, loaded only when shown.
 *
 * Bundle: the entry holds React, the styles and a layout skeleton; the explainer (model, scenarios,
 * views, motion's `m` components) is a separate chunk whose download starts as this module runs.
 * @module
 */
import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/app.css';
import { parseDisplayParams } from './embed/params';
import { Skeleton } from './views/Skeleton';

const { params } = parseDisplayParams(window.location.search);
const scenarioId = new URLSearchParams(window.location.search).get('scenario') ?? undefined;
const showTimeline = params.view !== 'quiz';
const showQuiz = params.view !== 'timeline';
const explainer = showTimeline ? import('./views/App') : undefined;
const FencingLab = lazy(() => explainer!.then((m) => ({ default: m.FencingLab })));
const QuizPanel = lazy(() => import('./quiz/QuizPanel'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {showTimeline && (
      <Suspense fallback={<Skeleton />}>
        <FencingLab {...(scenarioId ? { scenarioId } : {})} globalShortcuts={!showQuiz} />
      </Suspense>
    )}
    {showQuiz && (
      <Suspense fallback={null}>
        <QuizPanel />
      </Suspense>
    )}
  </StrictMode>,
);
