/**
 * The explorer's worker inlined into the page (the single-file build, opened from `file://`, where
 * no worker file can be loaded): Vite's `?worker&inline` puts the bundled worker in the page and
 * starts it from a `blob:` URL (or a `data:` URL if blobs are refused). Imported only by
 * `workers.ts`, and only in that build.
 * @module
 */
import InlineWorker from './worker.ts?worker&inline';
import type { WorkerLike } from './client';

/** Starts the inlined worker. */
export function createInlineWorker(name: string): WorkerLike {
  return new InlineWorker({ name }) as unknown as WorkerLike;
}
