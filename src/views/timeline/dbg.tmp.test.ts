import { it } from 'vitest';
import { ALL_BUILT_IN_SCENARIOS } from '../../scenarios/all';
void ALL_BUILT_IN_SCENARIOS;
import { simulate } from '../../model/simulate';
import { loadBuiltIn } from '../../store/initial-state';
import { t } from '../../i18n';
import { layoutTimeline } from './geometry';
import { roughMeasure } from './label-layout';
import { planLabels, messageLabels } from './label-plan';
import { withMessages } from './message-geometry';
import './marks-messages';
it('dbg', () => {
  for (const id of ['seed-gc-pause', 'partition-lease-service', 'jepsen-three-clients']) {
    const trace = simulate(loadBuiltIn(id));
    const g = withMessages(layoutTimeline(trace, undefined, 1280 - 230), trace);
    const plan = planLabels(g, trace, t, roughMeasure);
    const texts = messageLabels(g, t);
    for (const [mid, text] of texts) if (!plan.get(`msg:${mid}`)) console.log(id, 'missing msg', mid, text);
    for (const e of trace.events) if ((e.kind === 'keepalive-rejected' || e.kind === 'acquire-queued') && !plan.get(`marker:${e.id}`)) console.log(id, 'missing marker', e.id, e.kind, e.atMs);
    console.log(id, [...plan.all.keys()].join(' '));
  }
});
import { placeLabels, segmentHits, inside } from './label-layout';
it('why', () => {
  const trace = simulate(loadBuiltIn('partition-lease-service'));
  const g = withMessages(layoutTimeline(trace, undefined, 1280 - 230), trace);
  const m2 = g.messages.find((m) => m.id === 2)!;
  const r3 = g.messages.find((m) => m.id === 3)!;
  console.log('M2', JSON.stringify(m2), 'R3', r3.x1, r3.y1, r3.x2, r3.y2, g.lane('storage'), g.lane('client-1'));
});
