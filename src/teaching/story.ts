/**
 * When a built-in scenario's narration may still be told after the learner changed the run.
 *
 * Narration steps quote the scenario as written ("at 21.5 s client 1's write arrives"). The model
 * guarantees that a fault at time t leaves every event before t unchanged (see
 * `store/interventions.ts`), so narration stays true for events strictly before the earliest timed
 * intervention. From that time on, the generated captions (`captions.ts`) tell the run. Switching
 * the storage's token check changes the whole run, so it ends the narration from the start.
 *
 * Pure: no React, no DOM.
 * @module
 */
import type { TraceEvent } from '../model/trace';
import { narrationAt, type ActiveNarration } from '../scenarios/narration';
import type { NarrationStep } from '../scenarios/types';
import type { Intervention } from '../store/interventions';

/**
 * The time (simulated ms) from which a scenario's narration no longer holds: the earliest timed
 * intervention's `atMs`; `0` when the token check was switched (the whole run changed); `Infinity`
 * with no intervention.
 */
export function narrationValidUntil(interventions: readonly Intervention[]): number {
  let until = Infinity;
  for (const i of interventions) {
    if (i.kind === 'fencing' || i.kind === 'set') return 0;
    until = Math.min(until, i.atMs);
  }
  return until;
}

/**
 * The narration step to show at `atMs`, or `undefined` when the generated captions should speak:
 * before the first narrated event, or once the playhead has reached the first intervention (the
 * latest event at or before `atMs` is at or after {@link narrationValidUntil}).
 *
 * @param events The current trace's events (with the interventions applied).
 * @param narration The built-in scenario's narration.
 * @param interventions What the learner did to the run.
 * @param atMs Time of the latest event at or before the playhead (ms), or -1 before any.
 */
export function validNarrationAt(
  events: readonly TraceEvent[],
  narration: readonly NarrationStep[],
  interventions: readonly Intervention[],
  atMs: number,
): ActiveNarration | undefined {
  if (atMs < 0 || narration.length === 0) return undefined;
  const until = narrationValidUntil(interventions);
  if (atMs >= until) return undefined;
  const story = narrationAt(events, narration, atMs);
  // Every event at or before atMs is before `until`, so it is one the scenario as written also has.
  return story && story.event.atMs < until ? story : undefined;
}
