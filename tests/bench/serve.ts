/**
 * Shared by the browser benchmarks: serve a production build locally (Vite's preview server) and
 * launch Debian's Chromium with the browser tests' flags.
 * @module
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { preview } from 'vite';

/** The repository root. */
export const ROOT = join(import.meta.dirname, '..', '..');

/** A running preview server of `outDir`; `close` stops it. */
export interface Served {
  /** e.g. `http://127.0.0.1:41234/` */
  base: string;
  close(): Promise<void>;
}

/**
 * Serves the production build in `outDir` (default: FL_DIST, else `dist/`) on a free local port.
 * @throws Error if the build has no index.html.
 */
export async function serveBuild(outDir = process.env.FL_DIST ?? join(ROOT, 'dist')): Promise<Served> {
  if (!existsSync(join(outDir, 'index.html'))) throw new Error(`${outDir}/index.html is missing: build first (npm run bench does).`);
  const server = await preview({
    root: ROOT,
    logLevel: 'silent',
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1', strictPort: false, open: false },
  });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('preview server has no port');
  return { base: `http://127.0.0.1:${address.port}/`, close: () => server.close() };
}

/** Percentile `p` (0..100) of `xs` by nearest rank; NaN for an empty list. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const rank = Math.min(s.length, Math.max(1, Math.ceil((p / 100) * s.length)));
  return s[rank - 1]!;
}

/** The median of `xs`; NaN for an empty list. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
