/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { viteSingleFile } from 'vite-plugin-singlefile';

/**
 * Vite builds the app; Vitest runs three projects:
 * - `model`: pure TypeScript tests of the simulation (node environment);
 * - `components`: React components in jsdom with Testing Library;
 * - `browser`: the production build in real Chromium through playwright-core.
 */
export default defineConfig(({ mode }) => ({
  base: './',
  // `vite build --mode single` (npm run build:single) inlines everything into one HTML file that
  // works from file:// with no network, for LMS upload and lecture halls.
  plugins: mode === 'single' ? [react(), viteSingleFile()] : [react()],
  define: { 'import.meta.env.FENCING_LAB_SINGLE_FILE': JSON.stringify(mode === 'single') },
  build:
    mode === 'single'
      ? { target: 'es2022', sourcemap: false, outDir: 'dist-single', emptyOutDir: true }
      : { target: 'es2022', sourcemap: false, manifest: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'model',
          environment: 'node',
          include: ['src/**/*.test.ts', 'tests/model/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', 'tests/components/**/*.test.tsx'],
          setupFiles: ['tests/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/browser/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
}));
