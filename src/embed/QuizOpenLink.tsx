/**
 * The "Open in Fencing Lab ↗" link of an embed that shows only the quiz (`view=quiz`): the full
 * page with the same settings, minus the embed-only ones. (With the timeline, the embed's bar has
 * the link, with the scenario and moment shown.) Loaded lazily with the quiz.
 * @module
 */
import { useT } from '../i18n';
import '../views/tools-messages';
import { withoutEmbedParams } from './urls';

/** A cmi5 launch's parameters (cmi5 spec 8.1): dropped from the link, whose page is no part of the launch. */
const CMI5_LAUNCH_PARAMS = ['endpoint', 'fetch', 'actor', 'registration', 'activityId'];

function currentHref(): string {
  try {
    return window.location.href;
  } catch {
    return '';
  }
}

function fullPageHref(href: string, launched: boolean): string {
  const { page, hash } = withoutEmbedParams(href);
  if (!launched) return `${page}${hash}`;
  const url = new URL(page);
  for (const k of CMI5_LAUNCH_PARAMS) url.searchParams.delete(k);
  return `${url.href}${hash}`;
}

/** In a course package (SCORM or cmi5, `--mode package`): the page an LMS launches and grades. */
function launchedByLms(): boolean {
  return Boolean(import.meta.env.FENCING_LAB_LMS);
}

/**
 * The link (default export, for `React.lazy`). In a course package it opens a practice copy (the
 * launch's parameters dropped), and says so: what is done there is not sent to the course.
 */
export default function QuizOpenLink() {
  const t = useT();
  const launched = launchedByLms();
  return (
    <p className="fl-quiz-open">
      <a className="fl-open" href={fullPageHref(currentHref(), launched)} target="_blank" rel="noopener">
        {t(launched ? 'embed.openPractice' : 'embed.open')}
        <span aria-hidden="true"> ↗</span>
        <span className="fl-visually-hidden"> {t('embed.openHint')}</span>
      </a>
    </p>
  );
}
