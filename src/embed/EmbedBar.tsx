/**
 * The top bar of an embedded explainer (`embed=1`), in place of the page header: the scenario's
 * title (or the scenario picker, with `controls` including `scenarios`), the storage's token check
 * (with `interventions`), the Embed button (with `share`), and a small "Open in Fencing Lab ↗"
 * link to the full page at the same scenario and moment, in a new tab.
 * @module
 */
import { useT } from '../i18n';
import { useLab } from '../store/context';
import { FencingSwitch, ScenarioPicker } from '../views/Header';
import { useControl } from './display';
import { EmbedButton } from './EmbedButton';
import { fullPageUrl } from './snippet';
import { useCurrentLink } from './useCurrentLink';

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

/** The compact header of an embed. */
export function EmbedBar() {
  const t = useT();
  const title = useLab((s) => s.scenario.title);
  const scenarios = useControl('scenarios');
  const interventions = useControl('interventions');
  const share = useControl('share');
  return (
    <header className="fl-embedbar">
      {scenarios ? (
        <>
          <h1 className="fl-visually-hidden">{t('app.title')}</h1>
          <ScenarioPicker />
        </>
      ) : (
        <h1 className="fl-embedbar__title">{title}</h1>
      )}
      <div className="fl-embedbar__end">
        {interventions && <FencingSwitch />}
        {share && <EmbedButton />}
        <OpenFullPage />
      </div>
    </header>
  );
}
