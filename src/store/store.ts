/**
 * One explainer's store: a vanilla zustand store per instance (React Flow's pattern), so a course
 * page can embed two explainers that do not share state. Actions are thin glue around the pure
 * functions in `interventions.ts` and `playback.ts`; the trace is recomputed with `simulate` only
 * when the base scenario or the interventions change. The default scenario opens with its trace
 * computed at build time and the simulator loads just after (`simulator.ts`, issue 7): a change
 * asked for in that moment is made as soon as it is in.
 * @module
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Scenario } from '../model/scenario';
import type { Trace } from '../model/trace';
import { reportNotices } from '../embed/notices';
import {
  clampPauseMs,
  faultTimeAt,
  faultsLeft,
  withFencing,
  type Intervention,
  type SettingValue,
} from './interventions';
import { loadBuiltInScenario, loadedBuiltIn } from '../scenarios';
import { createInitialState, derive, loadBuiltIn, type InitOptions, type LabData } from './initial-state';
import { loadSimulator, settingsModule, simulatorReady } from './simulator';
import { advancePlayhead, nextEventTime, prevEventTime, type Speed } from './playback';

/** What the learner and the views can do. Times are simulated ms. */
export interface LabActions {
  /**
   * Opens a built-in scenario: clears interventions and undo, rewinds to 0, stops. Synchronous when
   * its module is loaded (the default always is); otherwise loads it first (its own chunk) and
   * resolves once it is open. A later open (of any scenario) wins over one still loading.
   * @returns a promise that rejects for an unknown id or a chunk that fails to load.
   */
  openBuiltIn(id: string): Promise<void>;
  /** Opens a validated custom scenario (no built-in id). */
  openScenario(scenario: Scenario): void;
  /**
   * Opens a base scenario with interventions already made, paused at `atMs` (clamped to the run;
   * default 0), with an empty undo history: a share link, a reopened export, or going back to what
   * the learner explored. `baseId` is the built-in the base came from (its module must be loaded) or
   * `null` for a custom base. `trace`, when given, is the trace of the base with the interventions,
   * simulated already (off the main thread, `library/simulate-untrusted.ts`).
   */
  openWith(opening: { baseId: string | null; base: Scenario; interventions?: readonly Intervention[]; atMs?: number; trace?: Trace }): void;
  play(): void;
  pause(): void;
  /** Play or pause; playing from the end starts again from 0. */
  togglePlay(): void;
  /** Moves the playhead to `ms`, clamped to [0, end]. */
  seek(ms: number): void;
  /** Moves the playhead to the next event time (or the end). */
  stepNext(): void;
  /** Moves the playhead to the previous event time (or 0). */
  stepPrev(): void;
  /** Back to 0 (keeps playing if playing). */
  restart(): void;
  /** To the end of the run, and stops. */
  toEnd(): void;
  setSpeed(speed: Speed): void;
  /** Skips the timeline's quiet stretches (labelled breaks) or draws the whole run to scale. */
  setSkipQuiet(skip: boolean): void;
  /** One animation frame: advances the playhead by `wallDeltaMs` of wall time; stops at the end. */
  tick(wallDeltaMs: number): void;
  /** Sets the length (ms) of the next pause the learner adds. */
  setPauseForMs(ms: number): void;
  /**
   * Pauses `client` at the playhead for `forMs` (default: the chosen pause length). Like the other
   * timed interventions, does nothing once the run holds `MAX_FAULTS` faults (see `faultsLeft`).
   */
  pauseClient(client: string, forMs?: number): void;
  /** Crashes `client` at the playhead (not past `MAX_FAULTS` faults). */
  crashClient(client: string): void;
  /** Ends the live lease at the lease service at the playhead (not past `MAX_FAULTS` faults). */
  expireLeaseNow(): void;
  /** Switches the storage's token check for the whole run. */
  setFencing(fencing: Scenario['storage']['fencing']): void;
  /**
   * Changes one setting of the scenario as written for the whole run (`settings/settings.ts`: a path such as
   * `lease.ttlMs` and its value; `null` removes a scripted fault or step). Undoable; setting the
   * written value again removes the change.
   */
  setSetting(path: string, value: SettingValue): void;
  /** Removes the intervention at `index` (undoable). */
  removeIntervention(index: number): void;
  /**
   * Changes the length of the learner's pause at `index` of the interventions to `forMs` (clamped
   * as a new pause is; undoable): dragging the pause's end on the timeline. Anything but a pause there changes nothing.
   */
  setPauseLength(index: number, forMs: number): void;
  /** Restores the interventions as they were before the last change. */
  undo(): void;
}

/** The state of one explainer: data plus actions. */
export type LabState = LabData & LabActions;

/** A store for one explainer. */
export type LabStore = StoreApi<LabState>;

/**
 * Runs `fn`; a run past the simulator's event budget (`SimulationLimitError`, issue 18) is reported
 * to the page's notice instead, and the state stays as it was. A validated scenario with at most
 * `MAX_FAULTS` faults never gets there; this guards kinds of work the validator does not bound.
 * @returns whether `fn` ran to the end
 */
function guarded(fn: () => void): boolean {
  try {
    fn();
    return true;
  } catch (e) {
    if ((e as Error)?.name !== 'SimulationLimitError') throw e;
    reportNotices([`${(e as Error).message} The scenario on screen was kept.`]);
    return false;
  }
}

/** The initial state; a custom scenario the simulator refuses (see {@link guarded}) opens the default one instead. */
function initialState(options: InitOptions): LabData {
  if (!options.scenario) return createInitialState(options);
  let state: LabData | undefined;
  if (!guarded(() => (state = createInitialState(options)))) return createInitialState({ ...(options.timeMs !== undefined ? { timeMs: options.timeMs } : {}) });
  return state!;
}

/** Creates the store of one explainer. */
export function createLabStore(options: InitOptions = {}): LabStore {
  return createStore<LabState>()((set, get) => {
    /**
     * Runs `change` now if the simulator is loaded, else once it is (counted in `waiting` meanwhile).
     * If it cannot load, the change is dropped and the error logged; the run stays as it was.
     */
    const withSimulator = (change: () => void): void => {
      if (simulatorReady()) {
        change();
        return;
      }
      set((s) => ({ waiting: s.waiting + 1 }));
      loadSimulator().then(
        () => {
          set((s) => ({ waiting: s.waiting - 1 }));
          change();
        },
        (err: unknown) => {
          set((s) => ({ waiting: s.waiting - 1 }));
          console.error('Fencing Lab: the simulator could not be loaded', err);
        },
      );
    };
    /**
     * Replaces the interventions and recomputes the trace. The playhead keeps its time (what came
     * before it is unchanged), except that a playhead at the end of the old run stays at the end
     * of the new one, so the learner sees the new outcome.
     */
    const replace = (next: Intervention[], undoStack: Intervention[][]): void => {
      const s = get();
      let derived!: ReturnType<typeof derive>;
      if (!guarded(() => (derived = derive(s.base, next)))) return;
      const atEnd = s.playheadMs >= s.trace.endMs;
      const playheadMs = atEnd ? derived.trace.endMs : Math.min(s.playheadMs, derived.trace.endMs);
      set({
        interventions: next,
        undoStack,
        ...derived,
        playheadMs,
        playing: s.playing && playheadMs < derived.trace.endMs,
        previous: { trace: s.trace, interventions: s.interventions },
      });
    };
    /**
     * A learner's change: undoable. In the moment before the simulator has loaded (`simulator.ts`),
     * it waits for it; `build` sees the state as it is then. `then` runs once its list is in.
     */
    const change = (build: (s: LabState) => Intervention[] | undefined, then?: () => void): void =>
      withSimulator(() => {
        const next = build(get());
        if (next) replace(next, [...get().undoStack, get().interventions]);
        if (next && get().interventions === next) then?.();
      });
    /** Counts opens: an open that is still loading (a scenario, the simulator) when a later one is asked for is dropped. */
    let opens = 0;
    const open = (base: Scenario, baseId: string | null, ticket = ++opens): void => {
      withSimulator(() => {
        if (opens === ticket) guarded(() => set({ baseId, base, interventions: [], undoStack: [], ...derive(base, []), playheadMs: 0, playing: false, previous: null }));
      });
    };
    /**
     * Adds a timed intervention, unless the run already holds as many faults as a scenario can (issue 18).
     * Paused, the playhead then moves on to the fault's time (at most 1 ms later: `faultTimeAt`), so
     * its first effect is on screen at once: the crashed client reads "crashed", the expired lease is
     * gone and "Expire lease now" waits for the next lease, instead of staying as it was.
     */
    const add = (i: Extract<Intervention, { atMs: number }>): void =>
      change(
        (s) => (faultsLeft(s.base, s.interventions) > 0 ? [...s.interventions, i] : undefined),
        () => {
          const now = get();
          if (!now.playing && now.playheadMs < i.atMs && i.atMs <= now.trace.endMs) set({ playheadMs: i.atMs });
        },
      );
    const clamp = (ms: number): number => Math.min(get().trace.endMs, Math.max(0, ms));
    const at = (): number => faultTimeAt(get().trace, get().playheadMs);

    return {
      ...initialState(options),

      openBuiltIn: (id) => {
        // Taken now: the last scenario asked for wins, whichever finishes loading first.
        const ticket = ++opens;
        if (loadedBuiltIn(id) && simulatorReady()) {
          open(loadBuiltIn(id), id, ticket);
          return Promise.resolve();
        }
        return Promise.all([loadBuiltInScenario(id), loadSimulator()]).then(([found]) => {
          if (!found) throw new Error(`unknown built-in scenario "${id}"`);
          if (opens === ticket) open(loadBuiltIn(id), id, ticket);
        });
      },
      openScenario: (scenario) => open(scenario, null),
      openWith: ({ baseId, base, interventions = [], atMs = 0, trace }) => {
        const ticket = ++opens;
        const apply = (): void =>
          void guarded(() => {
            if (opens !== ticket) return;
            const derived = derive(base, interventions, trace);
            const playheadMs = Math.min(derived.trace.endMs, Math.max(0, atMs));
            set({ baseId, base, interventions: [...interventions], undoStack: [], ...derived, playheadMs, playing: false, previous: null });
          });
        // With its trace known, nothing needs the simulator.
        if (trace) apply();
        else withSimulator(apply);
      },

      play: () => {
        const s = get();
        if (s.trace.endMs <= 0) return;
        set({ playing: true, playheadMs: s.playheadMs >= s.trace.endMs ? 0 : s.playheadMs });
      },
      pause: () => set({ playing: false }),
      togglePlay: () => (get().playing ? get().pause() : get().play()),
      seek: (ms) => set({ playheadMs: clamp(ms) }),
      stepNext: () => {
        const s = get();
        set({ playing: false, playheadMs: nextEventTime(s.times, s.playheadMs) ?? s.trace.endMs });
      },
      stepPrev: () => {
        const s = get();
        set({ playing: false, playheadMs: prevEventTime(s.times, s.playheadMs) ?? 0 });
      },
      restart: () => set({ playheadMs: 0 }),
      toEnd: () => set({ playing: false, playheadMs: get().trace.endMs }),
      setSpeed: (speed) => set({ speed }),
      setSkipQuiet: (skipQuiet) => set({ skipQuiet }),
      tick: (wallDeltaMs) => {
        const s = get();
        if (!s.playing) return;
        const r = advancePlayhead(s.warp, s.playheadMs, wallDeltaMs, s.speed);
        set(r.ended ? { playheadMs: r.playheadMs, playing: false } : { playheadMs: r.playheadMs });
      },

      setPauseForMs: (ms) => set({ pauseForMs: clampPauseMs(ms) }),
      setPauseLength: (index, forMs) =>
        change((s) => {
          const i = s.interventions[index];
          if (i?.kind !== 'pause' || i.forMs === clampPauseMs(forMs)) return undefined;
          return s.interventions.map((x, k) => (k === index ? { ...i, forMs: clampPauseMs(forMs) } : x));
        }),
      pauseClient: (client, forMs) => {
        // The time and length as they are now, when the learner asks.
        add({ kind: 'pause', client, atMs: at(), forMs: clampPauseMs(forMs ?? get().pauseForMs) });
      },
      crashClient: (client) => add({ kind: 'crash', client, atMs: at() }),
      expireLeaseNow: () => add({ kind: 'expireLease', atMs: at() }),
      setFencing: (fencing) =>
        change((s) => {
          const next = withFencing(s.base, s.interventions, fencing);
          const same = next.length === s.interventions.length && next.every((i, k) => i === s.interventions[k]);
          return same ? undefined : next;
        }),
      // A setting that changes nothing is still a change the learner made: the story says so.
      setSetting: (path, value) => change((s) => settingsModule().withSetting(s.base, s.interventions, path, value)),
      removeIntervention: (index) =>
        change((s) => (index < 0 || index >= s.interventions.length ? undefined : s.interventions.filter((_, k) => k !== index))),
      undo: () =>
        withSimulator(() => {
          const s = get();
          const prev = s.undoStack[s.undoStack.length - 1];
          if (prev) replace(prev, s.undoStack.slice(0, -1));
        }),
    };
  });
}
