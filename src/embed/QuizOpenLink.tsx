/**
 * The "Open in Fencing Lab ↗" link of an embed that shows only the quiz (`view=quiz`): the full
 * page with the same settings, minus the embed-only ones. (With the timeline, the embed's bar has
 * the link, with the scenario and moment shown.) Loaded lazily with the quiz.
 * @module
 */
import { useT } from '../i18n';
import '../views/tools-messages';
import { withoutEmbedParams } from './urls';

function currentHref(): string {
  try {
    return window.location.href;
  } catch {
    return '';
  }
}

function fullPageHref(href: string): string {
  const { page, hash } = withoutEmbedParams(href);
  return `${page}${hash}`;
}

/** The link (default export, for `React.lazy`). */
export default function QuizOpenLink() {
  const t = useT();
  return (
    <p className="fl-quiz-open">
      <a className="fl-open" href={fullPageHref(currentHref())} target="_blank" rel="noopener">
        {t('embed.open')}
        <span aria-hidden="true"> ↗</span>
        <span className="fl-visually-hidden"> {t('embed.openHint')}</span>
      </a>
    </p>
  );
}
