/**
 * The arrows' and labels' layout of every built-in scenario, compared with the output recorded from
 * the layout before issue 43 made it near-linear (`tests/fixtures/layout-golden.json`): the spatial
 * indexes and the coarser level for dense runs must not move a single arrow or label of a built-in.
 * Each layout is recorded as a SHA-256 of its JSON (arrows with their obstacles, and every label's
 * placement with its stops). `RECORD_LAYOUT=1` writes the file again (only from a layout known good).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { simulate } from '../../model/simulate';
import { ALL_BUILT_IN_SCENARIOS } from '../../scenarios/all';
import { loadBuiltIn } from '../../store/initial-state';
import { t } from '../../i18n';
import { layoutTimeline, type Geometry } from './geometry';
import { planLabels } from './label-plan';
import { withMessages } from './message-geometry';
import { quietStretches } from './quiet';
import { roughMeasure } from './label-layout';
import './marks-messages';
import { chromiumMeasure } from '../../../tests/label-metrics';
import { phoneFrameLayouts } from '../../../tests/frame-layouts';
import type { Trace } from '../../model/trace';

const FILE = join(import.meta.dirname, '../../../tests/fixtures/layout-golden.json');
const record = process.env.RECORD_LAYOUT === '1';
const golden: Record<string, string> = !record && existsSync(FILE) ? (JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, string>) : {};
const recorded: Record<string, string> = {};

const round = (_: string, v: unknown) => (typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v);

function digest(trace: Trace, g: Geometry, measure: typeof roughMeasure): string {
  const gm = withMessages(g, trace);
  const plan = planLabels(gm, trace, t, measure);
  const json = JSON.stringify({ messages: gm.messages, decisionAt: [...gm.decisionAt], markerAt: [...gm.markerAt], labels: [...plan.all] }, round);
  return createHash('sha256').update(json).digest('hex').slice(0, 24);
}

describe('layout of the built-in scenarios, as recorded before issue 43', () => {
  afterAll(() => {
    if (record) writeFileSync(FILE, `${JSON.stringify(recorded, null, 1)}\n`);
  });
  for (const built of ALL_BUILT_IN_SCENARIOS) {
    it(`${built.id}: every width, skipped or not, and every phone frame's scale`, () => {
      const trace = simulate(loadBuiltIn(built.id));
      const check = (key: string, g: Geometry) => {
        for (const [name, measure] of [['chromium', chromiumMeasure], ['rough', roughMeasure]] as const) {
          const k = `${built.id} ${key} ${name}`;
          const d = digest(trace, g, measure);
          if (record) recorded[k] = d;
          else expect(d, k).toBe(golden[k]);
        }
      };
      for (const width of [1280, 712, 760, 360, 1900]) {
        check(`${width}`, layoutTimeline(trace, undefined, width));
        check(`${width} skipped`, layoutTimeline(trace, undefined, width, { skip: quietStretches(trace) }));
      }
      for (const f of phoneFrameLayouts([built.id])) check(`phone ${f.phone} ${f.pxPerMs}${f.cut ? ` cut ${f.cut.startMs}-${f.cut.endMs}` : ''}`, f.g);
    });
  }
});
