/**
 * Size budgets of the production build (issue 7), run by `npm test` after the build:
 * - JavaScript needed for the first render (the entry chunk and everything it imports statically,
 *   read from Vite's manifest): at most 95 KB gzip;
 * - CSS loaded by the first render: at most 10 KB gzip;
 * - the single-file build (`dist-single/index.html`), when present: at most 200 KB gzip.
 * Prints the figures every time; exits 1 when a budget is exceeded.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const root = join(import.meta.dirname, '..', '..');
const dist = join(root, 'dist');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const gz = (file: string): number => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (n: number): string => `${(n / KB).toFixed(1)} KB`;

function main(): number {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    console.error('budget: dist/.vite/manifest.json is missing; run `vite build` first (build.manifest must be on).');
    return 1;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry && c.file.endsWith('.js') && !c.file.includes('worker'));
  const seen = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  const indexEntry = entries.find(([key]) => key === 'index.html') ?? entries[0];
  if (!indexEntry) {
    console.error('budget: no entry chunk in the manifest');
    return 1;
  }
  visit(indexEntry[0]);
  const rows: [string, number][] = [...seen].map((k) => [manifest[k]!.file, gz(join(dist, manifest[k]!.file))]);
  const firstJs = rows.reduce((a, [, n]) => a + n, 0);
  const firstCss = [...css].reduce((a, f) => a + gz(join(dist, f)), 0);
  const lazy = Object.values(manifest).filter((c) => c.file.endsWith('.js') && ![...seen].some((k) => manifest[k]!.file === c.file));
  const lazyJs = lazy.reduce((a, c) => a + gz(join(dist, c.file)), 0);

  const budgets: { name: string; value: number; limit: number }[] = [
    { name: 'first-render JS (gzip)', value: firstJs, limit: 95 * KB },
    { name: 'first-render CSS (gzip)', value: firstCss, limit: 10 * KB },
  ];
  const single = join(root, 'dist-single', 'index.html');
  if (existsSync(single)) budgets.push({ name: 'single-file build (gzip)', value: gz(single), limit: 200 * KB });

  console.log('Size budgets (production build):');
  for (const [file, n] of rows.sort((a, b) => b[1] - a[1])) console.log(`  first render  ${kb(n).padStart(9)}  ${file}`);
  console.log(`  loaded on demand: ${lazy.length} chunks, ${kb(lazyJs)} gzip in all`);
  let failed = 0;
  for (const b of budgets) {
    const ok = b.value <= b.limit;
    if (!ok) failed += 1;
    console.log(`  ${ok ? 'ok  ' : 'OVER'}  ${b.name}: ${kb(b.value)} of ${kb(b.limit)}`);
  }
  console.log(`budgets: ${budgets.length - failed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

process.exitCode = main();
