/**
 * The Web Worker that simulates a scenario from outside the app (a link, a file, pasted JSON) away
 * from the page's main thread (issue 18): `simulate-untrusted.ts` starts it with
 * `new Worker(new URL('./sim-worker.ts', import.meta.url), { type: 'module' })` (in
 * `sim-worker-url.ts`, normal build only). It answers one message `{ scenario }` with
 * `{ ok: true, trace }` or, when the run exceeds the simulator's event budget,
 * `{ ok: false, name, message }`.
 * @module
 */
import { simulate } from '../model/simulate';
import type { Scenario } from '../model/scenario';

interface WorkerScope {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<{ scenario: Scenario }>) => void): void;
}

const scope = self as unknown as WorkerScope;
scope.addEventListener('message', (event) => {
  try {
    scope.postMessage({ ok: true, trace: simulate(event.data.scenario) });
  } catch (e) {
    const err = e as Error;
    scope.postMessage({ ok: false, name: err?.name ?? 'Error', message: err?.message ?? String(e) });
  }
});
