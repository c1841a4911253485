/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { viteSingleFile } from 'vite-plugin-singlefile';
import { cspHashes } from './src/build/csp-hashes';
import { inlineFavicon } from './src/build/inline-favicon';
import { linguiCatalogues } from './src/build/lingui-catalogues';
import { prerenderPage } from './src/build/prerender';
import { seedTrace } from './src/build/seed-trace';

/**
 * Modules every first render needs (issue 7), bundled as one chunk beside the entry instead of the
 * dozen small chunks Rolldown would make of them (they are shared with chunks loaded later): fewer
 * requests, no import/export glue between them, and one gzip dictionary. Together with the entry
 * (the views) that is about 2 KB gzip less for the same code. A module listed here that the first
 * render stopped needing would be loaded early for nothing; `npm run budget` lists what is loaded.
 */
const FIRST_RENDER = new RegExp(
  [
    String.raw`node_modules[\/](react|react-dom|scheduler|zustand|@lingui[\/]core)[\/]`,
    String.raw`node_modules[\/]lucide-react[\/]dist[\/]esm[\/](createLucideIcon|Icon|defaultAttributes|context|shared[\/])`,
    // The store, but not the quiz's belief key (`beliefs.ts`, only the quiz imports it).
    String.raw`src[\/]store[\/](?!beliefs\.)`,
    String.raw`src[\/]i18n[\/](index|locale|messages[\/]en)\.ts`,
    String.raw`src[\/]scenarios[\/](index|narration|builtin[\/]seed-gc-pause)\.`,
    String.raw`src[\/]model[\/](scenario|pyrepr)\.ts`,
    String.raw`src[\/]embed[\/](params|display|notices|protocol|safe)\.tsx?`,
  ].join('|'),
);

/**
 * Vite builds the app; Vitest runs three projects:
 * - `model`: pure TypeScript tests of the simulation (node environment);
 * - `components`: React components in jsdom with Testing Library;
 * - `browser`: the production build in real Chromium through playwright-core;
 * - `etcd`: the conformance of the etcd-flavoured model with a real etcd (`tests/etcd`).
 */
export default defineConfig(({ mode }) => {
  // `--mode package`: the single file plus the LMS runtimes (SCORM 1.2, cmi5), for `npm run build:scorm`
  // and `build:cmi5` (dist-package/index.html). The plain single file (`--mode single`) leaves them out.
  const single = mode === 'single' || mode === 'package';
  return {
  // The single file's hash-based CSP is written beside it as csp.txt (src/build/csp-hashes.ts).
  base: './',
  // `vite build --mode single` (npm run build:single) inlines everything into one HTML file that
  // works from file:// with no network, for LMS upload and lecture halls.
  // linguiCatalogues compiles the message catalogues (ICU) for Lingui's runtime; seedTrace provides
  // the default scenario's trace computed at build time (the first render needs no simulator; the
  // hosted build reads it from the prerendered HTML); prerenderPage writes the default page's HTML
  // with React's server renderer (issue 15; `languages` is the hosted build's LOCALES, `shownParts` the
  // chunks loaded on demand that it shows, whose stylesheets it links); see their files.
  // The single file also carries its favicon inline and copies no public/ files (embed.js, the icon):
  // it must refer to nothing outside itself.
  plugins: single ? [react(), linguiCatalogues(), seedTrace({ builtIn: false }), inlineFavicon(), viteSingleFile(), cspHashes()] : [react(), linguiCatalogues(), seedTrace({ inHtml: true }), prerenderPage({ languages: ['en', 'de'], shownParts: ['src/story/story-parts.ts'] })],
  define: {
    'import.meta.env.FENCING_LAB_SINGLE_FILE': JSON.stringify(single),
    // The LMS runtimes (src/lms): the hosted app (loaded on demand) and the packages, not the plain single file.
    'import.meta.env.FENCING_LAB_LMS': JSON.stringify(mode !== 'single'),
  },
  build:
    single
      ? { target: 'es2022', sourcemap: false, outDir: mode === 'package' ? 'dist-package' : 'dist-single', emptyOutDir: true, copyPublicDir: false }
      : {
          target: 'es2022',
          sourcemap: false,
          manifest: true,
          rollupOptions: {
            output: {
              codeSplitting: { groups: [{ name: 'core', test: FIRST_RENDER }] },
              // 7 characters of content hash in a file's name, not the default 8 (the least rolldown
              // allows for this many chunks): the first render's code names some 50 files (its imports
              // and its dynamic imports' preload lists), and a hash does not compress, so the one
              // character saves 81 bytes gzip there (issue 45: its route's 67 bytes found back).
              // 64^7 names per file name still tell its versions apart.
              entryFileNames: 'assets/[name]-[hash:7].js',
              chunkFileNames: 'assets/[name]-[hash:7].js',
              assetFileNames: 'assets/[name]-[hash:7][extname]',
            },
          },
          // Vite lists, at each dynamic import, the files to preload with it. Files the first render
          // has loaded already are left out, and so is a chunk with nothing else to preload (the
          // import fetches it anyway): fewer file names in the first render's code.
          modulePreload: {
            // The frame around events (`story/event-frame.ts`, shared by the story and the lesson) is
            // fetched by the chunk that imports it, not preloaded: its name in the first render's
            // preload lists cost 22 bytes gzip (issue 45: the lab's first render must not grow); it
            // is a small file, fetched beside the story's other imports once its chunk is in.
            resolveDependencies: (file: string, deps: string[]) => {
              const rest = deps.filter((d) => !/(^|\/)(core|index|rolldown-runtime|event-frame)-[\w-]+\.js$/.test(d));
              return rest.length === 1 && rest[0] === file ? [] : rest;
            },
          },
        },
  // Embeds sandboxed WITHOUT allow-same-origin have the origin `null`: Chromium then loads the page's
  // module script and stylesheet only if the server allows any origin. Hosts must send the same
  // header (README, "Embed it"); the files are public and carry no credentials.
  server: { headers: { 'Access-Control-Allow-Origin': '*' } },
  preview: { headers: { 'Access-Control-Allow-Origin': '*' } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'model',
          environment: 'node',
          include: ['src/**/*.test.ts', 'tests/model/**/*.test.ts'],
          setupFiles: ['tests/setup-simulator.ts'],
          // Property tests and CLI runs take seconds on a busy 2-core machine; no test here is a timing test.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', 'tests/components/**/*.test.tsx'],
          setupFiles: ['tests/setup-dom.ts', 'tests/setup-simulator.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // A real etcd 3.4 on loopback (issue 17): the recorder against the etcd-flavoured model.
        // `npm test` runs it after the others, alone, so that its timings are not crowded out.
        extends: true,
        test: {
          name: 'etcd',
          environment: 'node',
          include: ['tests/etcd/**/*.test.ts'],
          testTimeout: 90_000,
          fileParallelism: false,
          // Three scenarios side by side (`it.concurrent` in the test), each on its own etcd.
          maxConcurrency: 3,
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
          // A poll waits for the state it reads: 1 s (Vitest's default) is itself a timing assumption
          // on a busy machine.
          expect: { poll: { timeout: 15_000 } },
          // Stopgap: one retry of a failed browser test. The last fresh-clone runs each had one
          // failure under load that passed alone (story's Quiz link, fixed; hints' first-write-window
          // hint 1, not yet found): a retry is reported by Vitest, so a flake stays visible.
          retry: 1,
          hookTimeout: 120_000,
          // Files run side by side (`npm test` runs 3 at a time), each with its own Chromium, all
          // against the one preview server of the global setup: no test may wait a fixed time.
        },
      },
    ],
  },
};
});
