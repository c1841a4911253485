import { simulate } from '../../src/model/simulate';
import { parseScenario } from '../../src/model/validate';
import { t } from '../../src/i18n';
import { layoutTimeline } from '../../src/views/timeline/geometry';
import { planLabels } from '../../src/views/timeline/label-plan';
import { roughMeasure } from '../../src/views/timeline/label-layout';
import { withMessages } from '../../src/views/timeline/message-geometry';
import '../../src/views/timeline/marks-messages';
const n = Number(process.argv[2] ?? 4);
const p = parseScenario({
  format: 'fencing-lab.scenario/v1', title: 'dense writes', lease: { ttlMs: 10_000 }, durationMs: 300_000,
  clients: Array.from({ length: n }, (_, i) => ({ id: `client-${i + 1}`, renewEveryMs: 1000, program: [{ op: 'acquire' }, ...Array.from({ length: 199 }, () => ({ op: 'write', value: 'v' }))] })),
});
if (!p.ok) throw new Error('bad');
const tr = simulate(p.scenario);
const g = layoutTimeline(tr, undefined, 712);
const t0 = performance.now();
const gm = withMessages(g, tr);
const t1 = performance.now();
planLabels(gm, tr, t, roughMeasure);
console.log(tr.events.length, (t1 - t0).toFixed(0), (performance.now() - t1).toFixed(0));
