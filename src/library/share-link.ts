/**
 * The share link of what an explainer shows: a built-in scenario with no interventions as
 * `?scenario=ID&t=MS`; anything else (interventions, a custom scenario) as the whole effective
 * scenario in `#s=…` plus `?t=MS`, and the learner's setting changes in `&set=…` (see `src/links`). Pure.
 * @module
 */
import { buildShareUrl, type LinkState } from '../links/url';
import { toScenarioInput, type Scenario } from '../model/scenario';
import type { Intervention } from '../store/interventions';

/** The parts of an explainer's state a link carries. */
export interface ShareableState {
  baseId: string | null;
  interventions: readonly Intervention[];
  /** The base with the interventions applied. */
  scenario: Scenario;
  playheadMs: number;
  /** Quiet stretches of the axis skipped (`?quiet=skip`). */
  skipQuiet?: boolean;
}

/**
 * The link state of what is shown: the moment rounded to whole ms and kept within 0 to 10 minutes;
 * for a built-in with setting changes (`set` interventions), those changes too, so the link reopens
 * as that built-in with them (`restore.ts`).
 */
export function linkStateFor(s: ShareableState): LinkState {
  const timeMs = Math.min(600_000, Math.max(0, Math.round(Number.isFinite(s.playheadMs) ? s.playheadMs : 0)));
  const scenario: LinkState['scenario'] =
    s.baseId !== null && s.interventions.length === 0 ? { kind: 'builtin', id: s.baseId } : { kind: 'custom', input: toScenarioInput(s.scenario) };
  const settings = s.baseId !== null ? s.interventions.flatMap((i) => (i.kind === 'set' ? [{ path: i.path, value: i.value }] : [])) : [];
  return { scenario, timeMs, ...(settings.length > 0 ? { settings } : {}), ...(s.skipQuiet ? { skipQuiet: true } : {}) };
}

/**
 * The share URL for `state` on the page at `href` (its other parameters kept), or `undefined` when
 * the scenario is too large for a link (share it as a file instead).
 */
export function shareUrlFor(href: string, state: ShareableState): string | undefined {
  try {
    return buildShareUrl(href, linkStateFor(state));
  } catch {
    return undefined;
  }
}
