/**
 * The end of an embed's bar (`EmbedBar.tsx`): the Embed button (with `controls` including `share`)
 * and a small "Open in Fencing Lab ↗" link to the full page at the same scenario and moment, in a
 * new tab. Both need the link encoder, so they come with the secondary controls just after the
 * first render (`views/later.tsx`, issue 7).
 * @module
 */
import { useT } from '../i18n';
import { useControl } from './display';
import { EmbedButton } from './EmbedButton';
import { fullPageUrl } from './snippet';
import { useCurrentLink } from './useCurrentLink';
import '../views/tools-messages'; // its text (catalogue loaded with the secondary controls, issue 7)

function currentHref(): string {
  try {
    return window.location.href;
  } catch {
    return '';
  }
}

/** The "Open in Fencing Lab ↗" link for the explainer's current scenario and moment. */
export function OpenFullPage() {
  const t = useT();
  const { link, baseId } = useCurrentLink();
  return (
    <a className="fl-open" href={fullPageUrl(currentHref(), link, baseId)} target="_blank" rel="noopener">
      {t('embed.open')}
      <span aria-hidden="true"> ↗</span>
      <span className="fl-visually-hidden"> {t('embed.openHint')}</span>
    </a>
  );
}

/** The Embed button and the full-page link. */
export function EmbedBarActions() {
  const share = useControl('share');
  return (
    <>
      {/* No Embed in the single file: a course page cannot frame a file on the reader's disk (issue 16). */}
      {share && import.meta.env.FENCING_LAB_SINGLE_FILE !== true && <EmbedButton />}
      <OpenFullPage />
    </>
  );
}
