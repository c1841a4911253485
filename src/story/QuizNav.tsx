/**
 * Above the quiz shown alone (`?view=quiz`): in an embed, the "Open in Fencing Lab" link
 * (`embed/QuizOpenLink.tsx`); on the page, the way back to the explainer (`BackLink.tsx`, issue 14).
 * One chunk for both, loaded with the quiz.
 *
 * The quiz alone shows no scenario, but its links back keep `?scenario=`: an unknown one is named
 * in the page's notice here, as the explainer names it (a link that silently means something else
 * hides a mistake).
 * @module
 */
import { useEffect } from 'react';
import QuizOpenLink from '../embed/QuizOpenLink';
import { reportNotices } from '../embed/notices';
import { readLocation } from '../links/read';
import BackLink from './BackLink';

/** The link above a quiz shown alone. */
export default function QuizNav({ embed }: { embed: boolean }) {
  useEffect(() => {
    const { problems } = readLocation(window.location.search, window.location.hash);
    reportNotices(problems.filter((p) => p.param === 'scenario').map((p) => p.message));
  }, []);
  return embed ? <QuizOpenLink /> : <BackLink />;
}
