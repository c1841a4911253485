/**
 * React bindings of the per-instance store: a provider that creates one store for its subtree,
 * `useLab(selector)` to read from it and `useLabStore()` for imperative access (the playback loop).
 *
 * zustand v5: a selector must not return a fresh object or array on each call; select primitives,
 * stable references (the trace), or wrap the selector in `useShallow`.
 * @module
 */
import { createContext, use, useContext, useDeferredValue, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { opensDefault, type InitOptions } from './initial-state';
import { eventStepAt } from './playback';
import { loadSimulator, simulatorReady } from './simulator';
import { createLabStore, type LabState, type LabStore } from './store';

const LabContext = createContext<LabStore | null>(null);

/** Props of {@link LabProvider}: initial options, or an existing store (tests, embedders). */
export interface LabProviderProps extends InitOptions {
  store?: LabStore;
  children: ReactNode;
}

/** A thenable React reads as already fulfilled (its `status`), so `use` returns at once. */
const LOADED = Object.assign(Promise.resolve(undefined as unknown), { status: 'fulfilled' as const, value: undefined as unknown });

/**
 * Creates one explainer's store (once) and provides it to its subtree. The default scenario opens
 * at once (its trace is built in); another one suspends (React `use`) until the simulator has
 * loaded, which for the default starts right after the first render (`simulator.ts`).
 */
export function LabProvider({ store, scenarioId, scenario, timeMs, children }: LabProviderProps) {
  const options: InitOptions = { ...(scenarioId ? { scenarioId } : {}), ...(scenario ? { scenario } : {}) };
  // `use` is called on every render that needs the simulator, whether it has loaded or not (a
  // thenable that is already fulfilled then): calling it only while loading made React's replay of
  // the suspended render see one call fewer, and log error #467/#520 (issue 16: the single file
  // reloaded on a predict question).
  if (!store && !opensDefault(options)) use(simulatorReady() ? LOADED : loadSimulator());
  useEffect(() => {
    // Load it now, so that the learner's first change does not wait for it.
    loadSimulator().catch(() => undefined);
  }, []);
  const [value] = useState<LabStore>(
    () =>
      store ??
      createLabStore({ ...(scenarioId ? { scenarioId } : {}), ...(scenario ? { scenario } : {}), ...(timeMs !== undefined ? { timeMs } : {}) }),
  );
  return (
    <LabContext.Provider value={value}>
      <StepClock>{children}</StepClock>
    </LabContext.Provider>
  );
}

/** The playhead's event step as the views read it ({@link useEventStep}); -1 outside a provider. */
const StepContext = createContext(-1);

/**
 * Holds the playhead's event step (`eventStepAt`) for the explainer's views: the step itself while
 * paused; while playing, deferred (`useDeferredValue`), so that the views that draw what the
 * playhead has crossed (the marks, the caption, the storage, the lane names, the panels) re-render
 * at an event step in a render of their own, which React does in short slices between frames, not
 * in the frame that moves the playhead (issue 44). One holder for them all: of the views that read
 * the step, a step's urgent render is this component alone, whose children are the same elements
 * and are not rendered again (a view that reads the playhead itself, with `usePlayheadLab`, still
 * renders at once when what it selects changes). When
 * each view read the playhead and deferred the step itself, the urgent render ran every one of them
 * (and what they draw) once more with the step before, inside the frame (issue 44, round 6).
 */
function StepClock({ children }: { children: ReactNode }) {
  const step = usePlayheadLab((s) => eventStepAt(s.trace, s.playheadMs));
  const deferred = useDeferredValue(step);
  return <StepContext value={useLab((s) => s.playing) ? deferred : step}>{children}</StepContext>;
}

/**
 * React hook: the playhead's discrete step (`eventStepAt`: the index in `trace.events` of the last
 * event at or before it, -1 before the first, `trace.events.length` at the end of the run); while
 * playing, deferred: it follows in a render of its own, a frame or more later, and may pass over a
 * step when two come that close (see {@link StepClock}). Re-renders only when it changes. Outside a
 * {@link LabProvider}: -1.
 */
export function useEventStep(): number {
  return use(StepContext);
}

/**
 * React hook: the index in `trace.events` of the last event at or before the playhead
 * (`lastEventIndexAt`), -1 before the first; read as {@link useEventStep} reads the step.
 */
export function useEventIndex(): number {
  const events = useLab((s) => s.trace.events.length);
  return Math.min(useEventStep(), events - 1);
}

/**
 * The store of the nearest {@link LabProvider}.
 * @throws Error outside a provider.
 */
export function useLabStore(): LabStore {
  const store = useContext(LabContext);
  if (!store) throw new Error('useLab must be used inside <LabProvider>');
  return store;
}

/** Whether `s` differs from `prev` in the playhead alone. */
function onlyPlayheadMoved(s: LabState, prev: LabState): boolean {
  for (const k in s) if (k !== 'playheadMs' && s[k as keyof LabState] !== prev[k as keyof LabState]) return false;
  return true;
}

/** Each store's subscription for {@link useLab}: told of every change but a frame of playback. */
const steps = new WeakMap<LabStore, (listener: () => void) => () => void>();

/**
 * Subscribes to every change of `store` but a frame of playback (the playhead moved on while playing,
 * nothing else changed). Such a frame comes sixty times a second, and it ran the selectors of the
 * hundred and more `useLab` readers of a page, of which only those that read the playhead could
 * change (issue 44: playback's store updates 8 % shorter without them). Those that read the
 * playhead subscribe to every change ({@link usePlayheadLab}); the playhead's layers and texts
 * follow it without React (`usePlayheadFrame`).
 */
function subscribeSteps(store: LabStore): (listener: () => void) => () => void {
  let subscribe = steps.get(store);
  if (!subscribe) {
    const listeners = new Set<() => void>();
    store.subscribe((s, prev) => {
      if (s.playing && prev.playing && onlyPlayheadMoved(s, prev)) return;
      for (const listener of listeners) listener();
    });
    subscribe = (listener) => (listeners.add(listener), () => void listeners.delete(listener));
    steps.set(store, subscribe);
  }
  return subscribe;
}

/**
 * In development and tests: the state as `useLab`'s selectors see it, which throws when one reads the
 * playhead (they are not told of playback's frames: {@link usePlayheadLab} is).
 */
const guard = (state: LabState): LabState =>
  new Proxy(state, {
    get(target, key) {
      if (key === 'playheadMs') throw new Error('useLab: a selector that reads playheadMs must use usePlayheadLab');
      return target[key as keyof LabState];
    },
  });

/**
 * Reads from the explainer's store; re-renders only when the selected value changes (Object.is).
 * The selector must not read the playhead (`playheadMs`): it is not run at playback's frames (use
 * {@link usePlayheadLab}; in development and tests, reading it throws).
 */
export function useLab<T>(selector: (state: LabState) => T): T {
  const store = useLabStore();
  const read = (state: LabState): T => selector(import.meta.env.DEV ? guard(state) : state);
  return useSyncExternalStore(subscribeSteps(store), () => read(store.getState()), () => read(store.getInitialState()));
}

/**
 * Reads from the explainer's store what depends on the playhead (`playheadMs`); its selector runs at
 * every change, playback's frames included, and it re-renders only when the selected value changes.
 * Select something that changes at an event step, not every frame.
 */
export function usePlayheadLab<T>(selector: (state: LabState) => T): T {
  const store = useLabStore();
  return useSyncExternalStore(store.subscribe, () => selector(store.getState()), () => selector(store.getInitialState()));
}
