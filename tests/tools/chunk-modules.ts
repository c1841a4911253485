/**
 * Where the first render's bytes go: for the `core` and `index` chunks of a build made with source
 * maps, the gzip size of each source module's share (its generated text, gzipped on its own, so the
 * figures overlap the chunk's by the shared dictionary; good for ranking, not for sums).
 *
 *   npx vite build --outDir /tmp/smbuild --sourcemap
 *   npx tsx tests/tools/chunk-modules.ts            (DIR=/tmp/smbuild/assets TOP=45)
 * @module
 */
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';

const dir = process.env.DIR ?? '/tmp/smbuild/assets';
const top = Number(process.env.TOP ?? 45);

for (const f of readdirSync(dir).filter((x) => /^(core|index)-.*\.js$/.test(x))) {
  const code = readFileSync(`${dir}/${f}`, 'utf8');
  const map = new SourceMapConsumer(JSON.parse(readFileSync(`${dir}/${f}.map`, 'utf8')));
  const lines = code.split('\n');
  const mappings: { line: number; col: number; src: string }[] = [];
  map.eachMapping((m) => mappings.push({ line: m.generatedLine, col: m.generatedColumn, src: m.source ?? '?' }));
  mappings.sort((a, b) => a.line - b.line || a.col - b.col);
  const per = new Map<string, string[]>();
  for (let i = 0; i < mappings.length; i++) {
    const a = mappings[i]!;
    const b = mappings[i + 1];
    const text = b && b.line === a.line ? lines[a.line - 1]!.slice(a.col, b.col) : lines[a.line - 1]!.slice(a.col);
    const k = a.src.replace(/^.*node_modules\//, 'node_modules/').replace(/^.*?\/src\//, 'src/');
    (per.get(k) ?? per.set(k, []).get(k)!).push(text);
  }
  const rows = [...per].map(([k, v]) => [k, gzipSync(v.join('')).length] as const).sort((x, y) => y[1] - x[1]);
  console.log(`== ${f}: ${(gzipSync(code).length / 1024).toFixed(1)} KB gzip`);
  for (const [k, n] of rows.slice(0, top)) console.log(`${String(n).padStart(7)}  ${k}`);
}
