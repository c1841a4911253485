import { simulate } from '../../src/model/simulate';
import { parseScenario } from '../../src/model/validate';
import { t } from '../../src/i18n';
import { layoutTimeline } from '../../src/views/timeline/geometry';
import { planLabels } from '../../src/views/timeline/label-plan';
import { roughMeasure } from '../../src/views/timeline/label-layout';
import { withMessages } from '../../src/views/timeline/message-geometry';
import { layoutOps } from '../../src/views/timeline/spatial';
import '../../src/views/timeline/marks-messages';

function doc(clients: number, writes: number, workMs: number, durationMs: number) {
  return {
    format: 'fencing-lab.scenario/v1', title: 'dense writes', lease: { ttlMs: 10_000 }, durationMs,
    clients: Array.from({ length: clients }, (_, i) => ({ id: `client-${i + 1}`, renewEveryMs: 1000, program: [{ op: 'acquire' }, ...Array.from({ length: writes }, () => (workMs ? [{ op: 'write', value: 'v' }, { op: 'work', ms: workMs }] : [{ op: 'write', value: 'v' }])).flat()].slice(0, 200) })),
  };
}
for (const [c, w, work, d] of [[1, 99, 100, 30_000], [1, 199, 0, 30_000], [8, 199, 0, 300_000], [8, 99, 2900, 300_000]] as const) {
  const p = parseScenario(doc(c, w, work, d));
  if (!p.ok) throw new Error(JSON.stringify(p.issues));
  const tr = simulate(p.scenario);
  for (const width of [712, 360]) {
    const g = layoutTimeline(tr, undefined, width);
    layoutOps.n = 0;
    const t0 = performance.now();
    const gm = withMessages(g, tr);
    const t1 = performance.now();
    planLabels(gm, tr, t, roughMeasure);
    const t2 = performance.now();
    console.log(`${c}c ${w}w work ${work} ${d}ms @${width}: events ${tr.events.length} msgs ${tr.messages.length} storage ${tr.storage.length} drawn ${gm.coarse.messages.length} ops ${layoutOps.n} msg ${(t1 - t0).toFixed(0)}ms labels ${(t2 - t1).toFixed(0)}ms`);
  }
}
