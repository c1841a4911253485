/**
 * On the quiz page (`?view=quiz`, not embedded): the way back to the explainer (issue 14). Loaded
 * with the quiz, so the explainer's first render does not carry it.
 * @module
 */
import { useT } from '../i18n';
import '../views/tools-messages';
import './back-link.css';

/** "← Back to the explainer": this page without `view`. */
export default function BackLink() {
  const t = useT();
  const q = new URLSearchParams(window.location.search);
  q.delete('view');
  const search = q.toString();
  return (
    <nav className="fl-quiz-back">
      <a href={search ? `?${search}` : window.location.pathname}>{t('nav.back')}</a>
    </nav>
  );
}
