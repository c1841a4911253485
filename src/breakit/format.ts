/**
 * Numbers and names as the schedule explorer's panel shows them (`BreakItPanel.tsx`, its form and
 * its results).
 * @module
 */
import { getLocale } from '../i18n';
import type { Scenario } from '../model/scenario';
import type { Translate } from '../teaching/captions';

/** A whole number with the active language's grouping (12,600 / 12.600). */
export function count(n: number): string {
  try {
    return new Intl.NumberFormat(getLocale()).format(n);
  } catch {
    return String(n);
  }
}

/** The display name of an actor of `scenario`. */
export function actorLabel(scenario: Scenario, id: string, t: Translate): string {
  if (id === 'lease-service') return t('timeline.lane.leaseService');
  if (id === 'storage') return t('timeline.lane.storage');
  return scenario.clients.find((c) => c.id === id)?.name ?? id;
}
