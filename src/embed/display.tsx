/**
 * How the page is displayed, for every component below the page root: embed mode (no page chrome)
 * and which control groups appear (`controls=`; see `params.ts`). Components ask with
 * {@link useControl}; outside a {@link DisplayProvider} (tests, other pages) everything is shown.
 *
 * ```tsx
 * <DisplayProvider value={{ embed: true, controls: new Set(['playback']) }}>…</DisplayProvider>
 * const showSpeed = useControl('speed');
 * ```
 * @module
 */
import { createContext, useContext, type ReactNode } from 'react';
import { CONTROL_NAMES, type ControlName } from './params';

/** What the display context carries. */
export interface Display {
  /** `embed=1`: compact layout without the page header. */
  embed: boolean;
  /** The control groups to show. */
  controls: ReadonlySet<ControlName>;
  /** The embed's id in protocol messages (`instance=`). */
  instance: string;
  /** `further=1`: the "Go further" tabs in an embed too. */
  further?: boolean;
}

/** The full page with every control: the default outside a provider. */
export const FULL_PAGE: Display = { embed: false, controls: new Set(CONTROL_NAMES), instance: 'fencing-lab' };

const DisplayContext = createContext<Display>(FULL_PAGE);

/** Provides the display settings to the page (one per page; the value must be stable). */
export function DisplayProvider({ value, children }: { value: Display; children: ReactNode }) {
  return <DisplayContext.Provider value={value}>{children}</DisplayContext.Provider>;
}

/** The display settings of the nearest provider (or {@link FULL_PAGE}). */
export function useDisplay(): Display {
  return useContext(DisplayContext);
}

/** True when the control group `name` is to be shown. */
export function useControl(name: ControlName): boolean {
  return useContext(DisplayContext).controls.has(name);
}
