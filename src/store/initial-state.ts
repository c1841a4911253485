/**
 * The initial state of one explainer's store, built from a built-in scenario id or a validated
 * scenario. Kept apart from the actions (as React Flow keeps `initialState.ts`), so tests and
 * embedders can build a state without a store.
 * @module
 */
import { parseScenario, type Scenario } from '../model/scenario';
import { simulate } from '../model/simulate';
import type { Trace } from '../model/trace';
import { BUILT_IN_SCENARIOS, DEFAULT_SCENARIO_ID, findBuiltIn } from '../scenarios';
import { DEFAULT_PAUSE_MS, applyInterventions, type Intervention } from './interventions';
import { activityOf, buildWarp, eventTimes, type Speed, type TimeWarp } from './playback';

/** Everything derived from the effective scenario; recomputed only when the scenario or the interventions change. */
export interface Derived {
  /** The base scenario with the interventions applied. */
  scenario: Scenario;
  /** `simulate(scenario)`. */
  trace: Trace;
  /** Distinct event times (ms), ascending: the stops of step next / previous. */
  times: number[];
  /** Simulated ms ↔ wall ms at 1x: drives playback and lays out the timeline's x axis. */
  warp: TimeWarp;
}

/** The data of one explainer (actions live in `store.ts`). All times are simulated ms. */
export interface LabData extends Derived {
  /** Id of the built-in scenario the run started from, or `null` for a custom scenario. */
  baseId: string | null;
  /** The validated scenario before any intervention. */
  base: Scenario;
  /** What the learner did to the run, in order. */
  interventions: Intervention[];
  /** Earlier intervention lists, most recent last; Undo restores the last one. */
  undoStack: Intervention[][];
  /** The playhead: how far the story has been told (ms, may be fractional while playing). */
  playheadMs: number;
  playing: boolean;
  speed: Speed;
  /** Length of the next pause the learner adds (ms). */
  pauseForMs: number;
}

/** Recomputes the derived part of the state. */
export function derive(base: Scenario, interventions: readonly Intervention[]): Derived {
  const scenario = applyInterventions(base, interventions);
  const trace = simulate(scenario);
  return { scenario, trace, times: eventTimes(trace), warp: buildWarp(activityOf(trace)) };
}

/**
 * Loads a built-in scenario by id.
 * @throws Error if the id is unknown or its file does not validate (a test checks all of them do).
 */
export function loadBuiltIn(id: string): Scenario {
  const found = findBuiltIn(id);
  if (!found) throw new Error(`unknown built-in scenario "${id}"; expected one of ${BUILT_IN_SCENARIOS.map((s) => s.id).join(', ')}`);
  const parsed = parseScenario(found.scenario);
  if (!parsed.ok) throw new Error(`built-in scenario "${id}" is invalid: ${parsed.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
  return parsed.scenario;
}

/** Options for a new explainer: a built-in id (default: the seed) or a custom scenario. */
export interface InitOptions {
  scenarioId?: string;
  /** A validated custom scenario; takes precedence over `scenarioId`. */
  scenario?: Scenario;
}

/** Builds a fresh state: playhead at 0, paused, 1x, no interventions. */
export function createInitialState(options: InitOptions = {}): LabData {
  const baseId = options.scenario ? null : (options.scenarioId ?? DEFAULT_SCENARIO_ID);
  const base = options.scenario ?? loadBuiltIn(baseId ?? DEFAULT_SCENARIO_ID);
  return {
    baseId,
    base,
    interventions: [],
    undoStack: [],
    ...derive(base, []),
    playheadMs: 0,
    playing: false,
    speed: 1,
    pauseForMs: DEFAULT_PAUSE_MS,
  };
}
