/**
 * Simulating a scenario from outside the app on the page's main thread (issue 18): the fallback of
 * `simulate-untrusted.ts` where no worker can start, and the way the single-file build opens a link
 * or a file (it cannot load a worker from `file://`). Never rejects.
 * @module
 */
import type { Scenario } from '../model/scenario';
import type { Trace } from '../model/trace';
import { loadSimulator, runSimulation } from '../store/simulator';

/** The outcome of a run: the trace, or why there is none. */
export type UntrustedRun = { ok: true; trace: Trace } | { ok: false; message: string };

/** The message of a failed run: the simulator's own for a budget overrun, else a plain one. */
export function failure(name: string | undefined, message: string | undefined): UntrustedRun {
  if (name === 'SimulationLimitError' && message) return { ok: false, message };
  return { ok: false, message: `This scenario could not be simulated${message ? `: ${message}` : '.'}` };
}

/**
 * The bounded run on the main thread: the simulator's event budget (and the validator's bound on
 * valid scenarios) is what bounds it. The single-file build opens outside scenarios this way.
 */
export function simulateHere(scenario: Scenario): Promise<UntrustedRun> {
  return loadSimulator().then(
    (): UntrustedRun => {
      try {
        return { ok: true, trace: runSimulation(scenario) };
      } catch (e) {
        const err = e as Error;
        if (err?.name !== 'SimulationLimitError') throw e;
        return failure(err.name, err.message);
      }
    },
    (e: unknown) => failure(undefined, `the simulator could not be loaded (${(e as Error)?.message ?? String(e)})`),
  );
}

