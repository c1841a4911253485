/**
 * React bindings of the per-instance store: a provider that creates one store for its subtree,
 * `useLab(selector)` to read from it and `useLabStore()` for imperative access (the playback loop).
 *
 * zustand v5: a selector must not return a fresh object or array on each call; select primitives,
 * stable references (the trace), or wrap the selector in `useShallow`.
 * @module
 */
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { InitOptions } from './initial-state';
import { createLabStore, type LabState, type LabStore } from './store';

const LabContext = createContext<LabStore | null>(null);

/** Props of {@link LabProvider}: initial options, or an existing store (tests, embedders). */
export interface LabProviderProps extends InitOptions {
  store?: LabStore;
  children: ReactNode;
}

/** Creates one explainer's store (once) and provides it to its subtree. */
export function LabProvider({ store, scenarioId, scenario, timeMs, children }: LabProviderProps) {
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
