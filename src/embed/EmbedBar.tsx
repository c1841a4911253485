/**
 * The top bar of an embedded explainer (`embed=1`), in place of the page header: the scenario's
 * title (or the scenario picker, with `controls` including `scenarios`), the storage's token check
 * (with `interventions`), the Embed button (with `share`), and a small "Open in Fencing Lab ↗"
 * link to the full page at the same scenario and moment, in a new tab. Those two come with the
 * secondary controls just after the first render (`EmbedBarActions.tsx`); the bar itself is part
 * of the first render, so its height is right from the start.
 * @module
 */
import { useT } from '../i18n';
import { useLab } from '../store/context';
import { FencingSwitch, ScenarioPicker } from '../views/Header';
import { EmbedBarActions } from '../views/later';
import { useControl } from './display';

/** The compact header of an embed. */
export function EmbedBar() {
  const t = useT();
  const title = useLab((s) => s.scenario.title);
  const scenarios = useControl('scenarios');
  const interventions = useControl('interventions');
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
        <EmbedBarActions />
      </div>
    </header>
  );
}
