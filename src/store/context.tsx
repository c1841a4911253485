/**
 * React bindings of the per-instance store: a provider that creates one store for its subtree,
 * `useLab(selector)` to read from it and `useLabStore()` for imperative access (the playback loop).
 *
 * zustand v5: a selector must not return a fresh object or array on each call; select primitives,
 * stable references (the trace), or wrap the selector in `useShallow`.
 * @module
 */
import { createContext, use, useContext, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { opensDefault, type InitOptions } from './initial-state';
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
  return <LabContext.Provider value={value}>{children}</LabContext.Provider>;
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

/** Reads from the explainer's store; re-renders only when the selected value changes (Object.is). */
export function useLab<T>(selector: (state: LabState) => T): T {
  return useStore(useLabStore(), selector);
}
