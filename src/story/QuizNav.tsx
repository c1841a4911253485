/**
 * Above the quiz shown alone (`?view=quiz`): in an embed, the "Open in Fencing Lab" link
 * (`embed/QuizOpenLink.tsx`); on the page, the way back to the explainer (`BackLink.tsx`, issue 14).
 * One chunk for both, loaded with the quiz.
 * @module
 */
import QuizOpenLink from '../embed/QuizOpenLink';
import BackLink from './BackLink';

/** The link above a quiz shown alone. */
export default function QuizNav({ embed }: { embed: boolean }) {
  return embed ? <QuizOpenLink /> : <BackLink />;
}
