/**
 * The initial state of one explainer's store, built from a built-in scenario id or a validated
 * scenario. Kept apart from the actions (as React Flow keeps `initialState.ts`), so tests and
 * embedders can build a state without a store.
 * @module
 */
import { normalizeScenario, type Scenario } from '../model/scenario';
import type { Trace } from '../model/trace';
import type { FrameSpan } from '../story/frame-constants';
import type { ReactNode } from 'react';
import builtInSeedTrace from 'virtual:fencing-lab/seed-trace';
import { BUILT_IN_SCENARIOS, DEFAULT_SCENARIO_ID, findBuiltIn, loadedBuiltIn } from '../scenarios';
import { DEFAULT_PAUSE_MS, applyInterventions, type Intervention } from './interventions';
import { activityOf, buildWarp, eventTimes, type Speed, type TimeWarp } from './playback';
import { runSimulation } from './simulator';

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
  /**
   * Whether the timeline skips its quiet stretches (each drawn as a labelled break) instead of
   * drawing all of the run to scale (the default; issue 13). A view setting: the run is unchanged.
   */
  skipQuiet: boolean;
  /** Length of the next pause the learner adds (ms). */
  pauseForMs: number;
  /**
   * Changes asked for in the moment before the simulator has loaded (`simulator.ts`), not made yet:
   * the controls show they are busy meanwhile.
   */
  waiting: number;
  /**
   * The run before the learner's last change (its trace and interventions), to compare with the
   * run now (`story/compare.ts`); `null` after opening a scenario.
   */
  previous: { trace: Trace; interventions: Intervention[] } | null;
  /**
   * What the story (`story/StoryBar.tsx`, loaded after the first render) says in the caption panel
   * now, instead of or after the caption's own text; `undefined` when it says nothing.
   */
  story?: StoryCaption | undefined;
  /**
   * The stretch of the run the timeline frames now (simulated ms; `story/frames.ts`, set by the
   * story at a key moment, with the `focus` its events span, a quiet `cut` a narrow view may draw as
   * a labelled break, and `gapMs`, the smallest gap between its events), or `undefined` for the whole run.
   */
  frame?: FrameSpan | undefined;
  /** The learner asked to see the whole run rather than the story's frames (a view setting). */
  wholeRun?: boolean;
  /**
   * What the Play button does while paused when the story has taken it over (issue 40: one way
   * forward): its label ("Continue", "Play again") and action, or `run: null` to wait (a question
   * is asked). `undefined`: Play plays.
   */
  storyNext?: StoryNext | undefined;
}

/** The story's forward step, on the Play button (`views/Transport.tsx`). */
export interface StoryNext {
  /** The button's name and text. */
  label: string;
  /** What it does; `null` while the story waits for an answer (the button is disabled). */
  run: (() => void) | null;
}

/** What the story says in the caption. */
export interface StoryCaption {
  /** Changes when the content does (the caption animates in on a new key). */
  key: string;
  title: string;
  body: ReactNode;
  /** Simulated ms the caption is about, if any (shown as its time). */
  atMs?: number | undefined;
  /** `after`: shown below the caption's own text instead of replacing it (default: replaces it). */
  place?: 'instead' | 'after';
}

/**
 * Recomputes the derived part of the state.
 * @param known the trace of `base` with `interventions` if it is known already (the default
 *   scenario's, computed at build time); otherwise it is simulated
 * @throws Error if it must simulate and the simulator is not loaded (`simulator.ts`)
 */
export function derive(base: Scenario, interventions: readonly Intervention[], known?: Trace): Derived {
  const scenario = applyInterventions(base, interventions);
  const trace = known ?? runSimulation(scenario);
  return { scenario, trace, times: eventTimes(trace), warp: buildWarp(activityOf(trace)) };
}

/**
 * The default scenario's trace without its scenario, computed at build time (`src/build/seed-trace.ts`);
 * `null` in the single-file build, which simulates it like any other.
 */
const seedTrace = builtInSeedTrace as Omit<Trace, 'scenario'> | null;

/** Whether `options` open the default scenario as written, whose trace is built in. */
export function opensDefault(options: InitOptions): boolean {
  return seedTrace !== null && !options.scenario && (options.scenarioId === undefined || options.scenarioId === DEFAULT_SCENARIO_ID);
}

/**
 * The scenario of a built-in whose module is loaded (the default always is; others after
 * `loadBuiltInScenario(id)` from `src/scenarios`, or once `src/scenarios/all` is imported), with its
 * defaults filled in. Built-ins are trusted: a test validates every one with `parseScenario`.
 * @throws Error if the id is unknown or its module is not loaded yet.
 */
export function loadBuiltIn(id: string): Scenario {
  const found = loadedBuiltIn(id);
  if (found) return normalizeScenario(found.scenario);
  if (!findBuiltIn(id)) throw new Error(`unknown built-in scenario "${id}"; expected one of ${BUILT_IN_SCENARIOS.map((s) => s.id).join(', ')}`);
  throw new Error(`built-in scenario "${id}" is not loaded yet: await loadBuiltInScenario("${id}") first`);
}

/** Options for a new explainer: a built-in id (default: the seed) or a custom scenario. */
export interface InitOptions {
  scenarioId?: string;
  /** A validated custom scenario; takes precedence over `scenarioId`. */
  scenario?: Scenario;
  /** Open paused at this simulated time (ms; a deep link's `t`), clamped to the run. Default 0. */
  timeMs?: number;
  /** The trace of `scenario` if it is known already (simulated off the main thread, `library/simulate-untrusted.ts`). */
  trace?: Trace;
}

/**
 * Builds a fresh state: playhead at 0 (or `timeMs`), paused, 1x, no interventions. The default
 * scenario opens with its trace computed at build time; anything else is simulated.
 * @throws Error if another scenario is to be simulated and the simulator is not loaded yet
 *   (`await loadSimulator()` from `simulator.ts` first), or as {@link loadBuiltIn} does
 */
export function createInitialState(options: InitOptions = {}): LabData {
  const baseId = options.scenario ? null : (options.scenarioId ?? DEFAULT_SCENARIO_ID);
  const base = options.scenario ?? loadBuiltIn(baseId ?? DEFAULT_SCENARIO_ID);
  const known = options.scenario && options.trace ? options.trace : seedTrace && opensDefault(options) ? { scenario: base, ...seedTrace } : undefined;
  const derived = derive(base, [], known);
  const timeMs = options.timeMs !== undefined && Number.isFinite(options.timeMs) ? options.timeMs : 0;
  return {
    baseId,
    base,
    interventions: [],
    undoStack: [],
    ...derived,
    playheadMs: Math.min(derived.trace.endMs, Math.max(0, timeMs)),
    playing: false,
    speed: 1,
    skipQuiet: false,
    pauseForMs: DEFAULT_PAUSE_MS,
    waiting: 0,
    previous: null,
  };
}
