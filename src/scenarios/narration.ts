/**
 * Matching narration steps to trace events. Pure: no React, no DOM.
 * @module
 */
import type { TraceEvent } from '../model/trace';
import type { NarrationStep } from './types';

/**
 * Finds the event a narration step points at: the `nth` (from 1; default 1) event of `match.kind`,
 * counting only events at `match.actor` when an actor is given.
 *
 * @param events A trace's events, in time order (`Trace.events`).
 * @returns The event, or `undefined` when the trace has fewer such events (e.g. after the user
 *   removed a fault, the step's moment may no longer happen).
 */
export function findNarrationEvent(events: readonly TraceEvent[], match: NarrationStep['match']): TraceEvent | undefined {
  let left = match.nth ?? 1;
  for (const e of events) {
    if (e.kind !== match.kind || (match.actor !== undefined && e.actor !== match.actor)) continue;
    left -= 1;
    if (left === 0) return e;
  }
  return undefined;
}

/** The caption to show at one moment, with the event it belongs to. */
export interface ActiveNarration {
  /** Index of the step in the scenario's narration. */
  index: number;
  step: NarrationStep;
  event: TraceEvent;
}

/**
 * The narration step to show at simulated time `atMs` (ms): the step whose event is the latest one
 * at or before `atMs`. Steps whose event does not occur in this trace are skipped.
 *
 * @returns `undefined` before the first captioned event.
 */
export function narrationAt(
  events: readonly TraceEvent[],
  narration: readonly NarrationStep[],
  atMs: number,
): ActiveNarration | undefined {
  let best: ActiveNarration | undefined;
  narration.forEach((step, index) => {
    const event = findNarrationEvent(events, step.match);
    if (!event || event.atMs > atMs) return;
    if (!best || event.id > best.event.id) best = { index, step, event };
  });
  return best;
}
