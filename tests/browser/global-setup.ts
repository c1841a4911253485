/**
 * Global setup of the browser tests: checks that Chromium is there, then serves the production
 * build (`dist/`, made by `npm test` before Vitest starts) on a free local port.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { preview } from 'vite';
import { findChromium } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromiumPath = findChromium();
  const root = join(import.meta.dirname, '..', '..');
  // FL_DIST lets several people test their own builds at once (default: dist/, which npm test builds).
  const outDir = process.env.FL_DIST ?? join(root, 'dist');
  if (!existsSync(join(outDir, 'index.html'))) {
    throw new Error(`${outDir}/index.html is missing: run \`npm run build\` first (npm test does this).`);
  }
  const server = await preview({
    root,
    logLevel: 'silent',
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1', strictPort: false, open: false },
  });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('preview server has no port');
  project.provide('baseURL', `http://127.0.0.1:${address.port}/`);
  project.provide('chromiumPath', chromiumPath);
  return async () => {
    await server.close();
  };
}
