import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
const dir = '/tmp/smbuild/assets/';
for (const f of readdirSync(dir).filter((x) => /^(core|index)-.*\.js$/.test(x))) {
  const code = readFileSync(dir + f, 'utf8');
  const map = new SourceMapConsumer(JSON.parse(readFileSync(dir + f + '.map', 'utf8')));
  const lines = code.split('\n');
  const per = new Map<string, string[]>();
  map.eachMapping((m) => {}, null);
  // attribute each generated char range to the source of its mapping
  const mappings: { line: number; col: number; src: string }[] = [];
  map.eachMapping((m) => mappings.push({ line: m.generatedLine, col: m.generatedColumn, src: m.source ?? '?' }));
  mappings.sort((a, b) => a.line - b.line || a.col - b.col);
  for (let i = 0; i < mappings.length; i++) {
    const a = mappings[i]!, b = mappings[i + 1];
    const text = b && b.line === a.line ? lines[a.line - 1]!.slice(a.col, b.col) : lines[a.line - 1]!.slice(a.col);
    const k = a.src.replace(/^.*node_modules\//, 'nm/').replace(/^\.\.\/\.\.\/src\//, 'src/');
    (per.get(k) ?? per.set(k, []).get(k)!).push(text);
  }
  const rows = [...per].map(([k, v]) => [k, gzipSync(v.join('')).length] as const).sort((x, y) => y[1] - x[1]);
  console.log('==', f, (gzipSync(code).length / 1024).toFixed(1));
  for (const [k, n] of rows.slice(0, 45)) console.log(String(n).padStart(7), k);
}
