import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
const dist = process.argv[2]!;
const m = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const seen = new Set<string>();
const visit = (k: string) => { if (seen.has(k)) return; seen.add(k); for (const i of m[k]?.imports ?? []) visit(i); };
visit('index.html');
let s = 0;
for (const k of seen) { const f = m[k].file; const n = gzipSync(readFileSync(join(dist, f)), { level: 9 }).length; s += n; console.log(f, n); }
console.log('total', s, 'limit', 97 * 1024, 'left', 97 * 1024 - s);
