/**
 * The scenario and moment an explainer shows now, as a share-link state (`src/links`): the built-in
 * id while the run is the scenario as written, else the whole effective scenario (interventions
 * merged into its faults) for `#s=`.
 * @module
 */
import { useMemo } from 'react';
import { toScenarioInput } from '../model/scenario';
import type { LinkState } from '../links/url';
import { useLab, usePlayheadLab } from '../store/context';
import { linkStateOf } from './snippet';

/**
 * React hook: the current link state of the nearest explainer. While playing, the moment is
 * rounded to a quarter second so the link (and whatever shows it) is not rebuilt every frame.
 * @param withMoment include the playhead (`t`); false gives the scenario alone
 */
export function useCurrentLink(withMoment = true): { link: LinkState; baseId: string | null } {
  const baseId = useLab((s) => s.baseId);
  const interventions = useLab((s) => s.interventions);
  const scenario = useLab((s) => s.scenario);
  const timeMs = usePlayheadLab((s) => (!withMoment ? 0 : s.playing ? Math.round(s.playheadMs / 250) * 250 : Math.round(s.playheadMs)));
  const custom = useMemo(
    () => (baseId !== null && interventions.length === 0 ? undefined : toScenarioInput(scenario)),
    [baseId, interventions, scenario],
  );
  const link = useMemo(() => linkStateOf(baseId, custom, timeMs), [baseId, custom, timeMs]);
  return { link, baseId };
}
