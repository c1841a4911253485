/**
 * The story's chunk in the single file: its 200 KB gzip budget has no room for the story, so its
 * place under the playback controls holds the way to the quiz only (`?view=quiz` works from file://
 * too), and the comparison card under the timeline, as in the hosted app. The hosted app loads `story-parts.ts` instead.
 * @module
 */
import { useT } from '../i18n';
import '../views/tools-messages';
import { quizHref, refreshQuizHref } from './quiz-href';

export { CompareCard } from './compare-slot';

/** The quiz link in the story's place (none in presenter mode). */
export function StoryPart({ presenting = false }: { presenting?: boolean }) {
  const t = useT();
  if (presenting) return null;
  return (
    <div className="fl-slot fl-slot--story fl-story-lite">
      <a className="fl-btn fl-btn--ghost" href={quizHref(location.search)} onPointerDown={refreshQuizHref} onFocus={refreshQuizHref} onClick={refreshQuizHref}>
        {t('nav.quiz')}
      </a>
    </div>
  );
}
