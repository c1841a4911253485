/**
 * The explorer's Web Worker entry. Create it with
 * `new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })` (as `workers.ts` does
 * in the normal build; the single-file build runs `worker-core.ts` on the main thread instead);
 * it speaks the protocol in `protocol.ts`. All logic lives in `worker-core.ts`.
 * @module
 */
import { createExplorerWorkerCore } from './worker-core';

interface WorkerScope {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

const scope = self as unknown as WorkerScope;
const core = createExplorerWorkerCore({ post: (message) => scope.postMessage(message) });
scope.addEventListener('message', (event) => core.onMessage(event.data));
