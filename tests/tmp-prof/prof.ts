// Temporary profiling tool (not committed): plays a scenario at 2x, CPU 4x, counts React renders per component
// (through the DevTools global hook, which production React calls on each commit) and takes a CPU profile.
import { launchChromium, findChromium } from '../browser/chromium';
import { serveBuild } from '../bench/serve';
const dir = process.argv[2]!;
const id = process.argv[3] ?? 'seed-gc-pause';
const HOOK = `
window.__flRenders = new Map(); window.__flCommits = 0; window.__flCount = false;
const nameOf = (f) => { const t = f.type; if (!t) return null; if (typeof t === 'string') return null; return t.displayName || t.name || (t.type && (t.type.displayName || t.type.name)) || (t.render && t.render.name) || null; };
const walk = (f) => {
  while (f) {
    const a = f.alternate;
    const isComp = f.tag === 0 || f.tag === 1 || f.tag === 11 || f.tag === 14 || f.tag === 15;
    if (isComp && (a === null || (f.flags & 1))) { let n = nameOf(f); if (!n) { let q = f.return; while (q && !nameOf(q)) q = q.return; n = '?<' + (q ? nameOf(q) : '') + ' tag' + f.tag; } window.__flRenders.set(n, (window.__flRenders.get(n) || 0) + 1); }
    if (a === null || f.child !== a.child) walk(f.child);
    f = f.sibling;
  }
};
window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { supportsFiber: true, renderers: new Map(), inject() { return 1; }, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {},
  onCommitFiberRoot(_id, root) { if (!window.__flCount) return; window.__flCommits++; walk(root.current.child); } };
`;
const served = await serveBuild(dir);
const browser = await launchChromium(findChromium());
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.addInitScript(HOOK);
await page.goto(`${served.base}?scenario=${id}`);
await page.locator('.fl-timeline__svg .fl-lane__line').first().waitFor({ state: 'attached' });
await page.waitForLoadState('networkidle');
await page.waitForTimeout(800);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.getByRole('button', { name: '2×', exact: true }).click();
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
await page.evaluate('window.__flCount = true');
await cdp.send('Profiler.start');
await page.getByRole('button', { name: 'Play', exact: true }).click();
await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();
await page.getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 120_000 });
const { profile } = (await cdp.send('Profiler.stop')) as any;
const renders = (await page.evaluate('[window.__flCommits, [...window.__flRenders].sort((a,b)=>b[1]-a[1]).slice(0,400)]')) as [number, [string, number][]];
console.log('commits', renders[0]);
console.log(renders[1].map(([n, c]) => `${n} ${c}`).join(', '));
// self and total time per function
const nodes = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const selfUs = new Map<number, number>();
const dts = profile.timeDeltas as number[];
profile.samples.forEach((s: number, i: number) => selfUs.set(s, (selfUs.get(s) ?? 0) + (dts[i + 1] ?? 0)));
const key = (n: any) => `${n.callFrame.functionName || '(anon)'}@${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
const self = new Map<string, number>(); const total = new Map<string, number>();
for (const [nid, us] of selfUs) {
  const n = nodes.get(nid); self.set(key(n), (self.get(key(n)) ?? 0) + us);
  const seen = new Set<string>(); let cur: number | undefined = nid;
  while (cur !== undefined) { const k = key(nodes.get(cur)); if (!seen.has(k)) { seen.add(k); total.set(k, (total.get(k) ?? 0) + us); } cur = parent.get(cur); }
}
const fmt = (m: Map<string, number>, k = 40) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([n, us]) => `  ${(us / 1000).toFixed(0).padStart(6)} ms ${n}`).join('\n');
console.log('SELF\n' + fmt(self));
console.log('TOTAL\n' + fmt(total, 70));
await browser.close(); await served.close();
