import { describe, expect, it } from 'vitest';
import { simulate } from '../../model/simulate';
import { ALL_BUILT_IN_SCENARIOS } from '../../scenarios/all';
import { loadBuiltIn } from '../../store/initial-state';
import { t } from '../../i18n';
import { AXIS_H, layoutTimeline } from './geometry';
import type { Trace } from '../../model/trace';
import { inside, leaderCrosses, leaderOf, overlaps, overlapsXY, placeLabels, pointCandidates, roughMeasure, segmentHits, textBox, type LabelRequest, type Measure } from './label-layout';
import { DECISION_APART, HEAD_SPARE, planLabels, ROW_GAP } from './label-plan';
import { drawnHead } from './arrows';
import { passagesOf } from './passages';
import { withMessages, type MarkGeometry } from './message-geometry';
import { quietStretches } from './quiet';
import './marks-messages';
import { chromiumMeasure } from '../../../tests/label-metrics';
import { phoneFrameLayouts } from '../../../tests/frame-layouts';

/** The layouts are checked with the rough measure (a bound) and with Chromium's own metrics (what the browser draws; `tests/label-metrics.ts`). */
const MEASURES = [['rough', roughMeasure], ['Chromium', chromiumMeasure]] as const;

const m = roughMeasure('label', 11, 600);
const at = (x: number, y: number, text = 'label') => ({ x, y, text, box: textBox(x, y, m) });

describe('placeLabels', () => {
  const bounds = { x: 0, y: 0, w: 400, h: 100 };

  it('gives each label its first candidate that keeps clear of the labels placed before it', () => {
    const reqs: LabelRequest[] = [
      { id: 'a', priority: 2, candidates: [at(10, 20)] },
      { id: 'b', priority: 1, candidates: [at(12, 20), at(12, 50)] },
    ];
    const out = placeLabels(reqs, { bounds });
    expect(out.get('a')!.index).toBe(0);
    expect(out.get('b')!.index).toBe(1);
    expect(overlaps(out.get('a')!.box, out.get('b')!.box, 2)).toBe(false);
  });

  it('places the more important label first, whatever the order asked', () => {
    const out = placeLabels(
      [
        { id: 'minor', priority: 1, candidates: [at(10, 20)] },
        { id: 'major', priority: 9, candidates: [at(10, 20)] },
      ],
      { bounds },
    );
    expect(out.has('major')).toBe(true);
    expect(out.has('minor')).toBe(false);
  });

  it('keeps labels inside the bounds and their region, and off obstacles they do not own', () => {
    const out = placeLabels(
      [
        { id: 'clipped', priority: 1, candidates: [at(380, 20), at(300, 20)] },
        { id: 'region', priority: 1, candidates: [at(10, 60), at(10, 90)], region: { x: 0, y: 70, w: 400, h: 30 } },
        { id: 'own', priority: 1, candidates: [at(150, 40)], owner: 'bar' },
        { id: 'other', priority: 1, candidates: [at(150, 15), at(150, 98)] },
      ],
      { bounds, obstacles: [{ x: 140, y: 0, w: 60, h: 45, owner: 'bar' }] },
    );
    expect(out.get('clipped')!.x).toBe(300);
    expect(out.get('region')!.index).toBe(1);
    expect(out.get('own')!.index).toBe(0);
    expect(out.has('other')).toBe(false); // the first covers the bar, the second leaves the bounds
    for (const p of out.values()) expect(inside(p.box, bounds)).toBe(true);
  });

  it('offers candidates around a point, the far ones with a leader back to it', () => {
    const c = pointCandidates('stored 33', roughMeasure('stored 33', 11, 750), 100, [40, 20], { x: 100, y: 30 });
    expect(c[0]!.box.x + c[0]!.box.w / 2).toBeCloseTo(100, 6);
    expect(c.slice(0, 6).every((x) => x.leaderTo === undefined)).toBe(true);
    expect(c.slice(6).every((x) => x.leaderTo !== undefined)).toBe(true);
  });

  it('rejects a candidate whose leader line would cross an arrow or a label placed before it', () => {
    // The mark at (100, 50); an arrow at x 130 runs between the mark and the first candidate's spot.
    const arrow = { x1: 130, y1: 0, x2: 130, y2: 100 };
    const far = { ...at(150, 54), leaderTo: { x: 100, y: 50 } };
    const left = { ...at(20, 54), leaderTo: { x: 100, y: 50 } };
    const out = placeLabels([{ id: 'l', priority: 1, candidates: [far, left] }], { bounds, lines: [arrow] });
    expect(out.get('l')!.index).toBe(1);
    // A leader that starts on its own arrow does not count as crossing it.
    expect(leaderCrosses({ x1: 130, y1: 50, x2: 160, y2: 50 }, arrow)).toBe(false);
    expect(leaderCrosses({ x1: 100, y1: 50, x2: 160, y2: 50 }, arrow)).toBe(true);
    // Nor does a later label sit on an earlier leader.
    const out2 = placeLabels(
      [
        { id: 'first', priority: 2, candidates: [{ ...at(200, 54), leaderTo: { x: 100, y: 50 } }] },
        { id: 'second', priority: 1, candidates: [at(150, 54), at(150, 90)] },
      ],
      { bounds },
    );
    expect(out2.get('second')!.index).toBe(1);
  });
});

describe('placeLabels: room on a row, and lines kept off where possible', () => {
  const bounds = { x: 0, y: 0, w: 400, h: 100 };

  it('keeps two labels side by side rowGap apart, two stacked ones only gap apart', () => {
    const w = m.width;
    const reqs: LabelRequest[] = [
      { id: 'a', priority: 2, candidates: [at(10, 20)] },
      // 4 px right of a on its row, else 9 px right of it, else under it.
      { id: 'b', priority: 1, candidates: [at(10 + w + 4, 20), at(10 + w + 9, 20)] },
      { id: 'c', priority: 0, candidates: [at(10, 20 + m.ascent + m.descent + 3)] },
    ];
    const out = placeLabels(reqs, { bounds, gap: 2, rowGap: 8 });
    expect(out.get('b')!.index).toBe(1);
    expect(out.has('c')).toBe(true);
    // Without rowGap the first place would do.
    expect(placeLabels(reqs, { bounds, gap: 2 }).get('b')!.index).toBe(0);
    expect(overlapsXY(out.get('a')!.box, out.get('b')!.box, 8, 2)).toBe(false);
  });

  it('keeps two stacked labels of one kind apart px apart, and others only gap apart', () => {
    const h = m.ascent + m.descent;
    const under = (dy: number) => at(10, 20 + h + dy);
    // 3 px under a, else 9 px under it.
    const reqs = (apartB: { kind: string; px: number } | undefined): LabelRequest[] => [
      { id: 'a', priority: 2, candidates: [at(10, 20)], apart: { kind: 'k', px: 8 } },
      { id: 'b', priority: 1, candidates: [under(3), under(9)], ...(apartB === undefined ? {} : { apart: apartB }) },
    ];
    expect(placeLabels(reqs({ kind: 'k', px: 8 }), { bounds, gap: 2 }).get('b')!.index).toBe(1);
    // The smaller of the two counts; one of another kind, or without apart, keeps only gap.
    expect(placeLabels(reqs({ kind: 'k', px: 2 }), { bounds, gap: 2 }).get('b')!.index).toBe(0);
    expect(placeLabels(reqs({ kind: 'other', px: 8 }), { bounds, gap: 2 }).get('b')!.index).toBe(0);
    expect(placeLabels(reqs(undefined), { bounds, gap: 2 }).get('b')!.index).toBe(0);
  });

  it('takes the first candidate clear of an avoided line, and one on it only when there is no other', () => {
    const line = { x1: 100, y1: 0, x2: 100, y2: 100 };
    const onIt = at(80, 30);
    const clear = at(120, 30);
    expect(placeLabels([{ id: 'l', priority: 1, candidates: [onIt, clear] }], { bounds, avoid: [line] }).get('l')!.index).toBe(1);
    // 5 px off the line is too near (5.5 by default); a label that has nothing else still gets its place.
    expect(placeLabels([{ id: 'l', priority: 1, candidates: [at(105, 30), clear] }], { bounds, avoid: [line] }).get('l')!.index).toBe(1);
    expect(placeLabels([{ id: 'l', priority: 1, candidates: [onIt] }], { bounds, avoid: [line] }).get('l')!.index).toBe(0);
  });

  it('keeps a label off the places it shuns where it can, and never pulls it onto one with a leader', () => {
    const hatch = { x: 100, y: 0, w: 100, h: 100 };
    const onIt = at(120, 30);
    const clear = at(250, 30);
    expect(placeLabels([{ id: 'l', priority: 1, candidates: [onIt, clear], shun: [hatch] }], { bounds }).get('l')!.index).toBe(1);
    expect(placeLabels([{ id: 'l', priority: 1, candidates: [onIt, clear] }], { bounds }).get('l')!.index).toBe(0);
    // With no other place it sits there after all ...
    expect(placeLabels([{ id: 'l', priority: 1, candidates: [onIt], shun: [hatch] }], { bounds }).get('l')!.index).toBe(0);
    // ... but not pulled there, nor pulled across it, with a leader.
    const pulled = { ...at(130, 30), leaderTo: { x: 90, y: 30 } };
    const across = { ...at(250, 60), leaderTo: { x: 60, y: 60 } };
    expect(placeLabels([{ id: 'l', priority: 1, candidates: [pulled, across], shun: [hatch] }], { bounds }).has('l')).toBe(false);
    expect(placeLabels([{ id: 'l', priority: 1, candidates: [pulled, across] }], { bounds }).get('l')!.index).toBe(0);
  });
});

describe("message labels and pauses' hatches", () => {
  it.each(MEASURES)('no message label is pulled onto a pause, or across one, with a leader (every built-in, 1280, 360 and 1900 px; %s metrics)', (_, measure) => {
    let labels = 0;
    for (const built of ALL_BUILT_IN_SCENARIOS) {
      const trace = simulate(loadBuiltIn(built.id));
      for (const width of [1280, 712, 360, 1900]) {
        const g = withMessages(layoutTimeline(trace, undefined, width), trace);
        const hatches = trace.pauses.map((q) => {
          const lane = g.lane(q.client)!;
          return { x: g.x(q.startMs) - 1, y: lane.top + 6, w: g.x(q.endMs) - g.x(q.startMs) + 2, h: lane.height - 12 };
        });
        for (const [key, p] of planLabels(g, trace, t, measure).all) {
          if (!key.startsWith('msg:') || !p.leaderTo) continue;
          labels++;
          const leader = leaderOf(p)!;
          for (const h of hatches) expect(overlaps(p.box, h) || segmentHits(leader, h), `${built.id} @${width}: ${p.text}`).toBe(false);
        }
      }
    }
    expect(labels).toBeGreaterThan(0);
  });
});

/**
 * The plan's checks on one layout `g` of `trace`: no two labels overlap, none leaves the picture,
 * every storage decision is labelled, no label near an arrow or its head, two on a row ROW_GAP
 * apart, two decisions of one kind DECISION_APART apart, none on the end's line, no leader across
 * an arrow or a label. `where` names the layout in failures; `endLine`: whether the playhead can
 * stand at the run's end in this layout (not at a story frame's scale whose frames all end before).
 */
function checkPlan(trace: Trace, g: MarkGeometry, measure: Measure, where: string, endLine = true): void {
  /** A `dec:<messageId>` label's kind, as the plan keeps them apart: stored, stale or rejected. */
  const kindOf = (id: string): string => {
    const d = trace.storage.find((s) => `dec:${s.messageId}` === id);
    if (!d) return id;
    return d.accepted ? (d.staleAccepted ? 'stale' : 'stored') : 'rejected';
  };
  const plan = planLabels(g, trace, t, measure);
  const boxes = [...plan.all.values()].map((p) => p.box);
  expect(boxes.length).toBeGreaterThan(5);
  for (let i = 0; i < boxes.length; i++) {
    expect(inside(boxes[i]!, { x: 0, y: AXIS_H, w: g.width, h: g.height - AXIS_H }), `${[...plan.all.keys()][i]} inside @${where}`).toBe(true);
    for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i]!, boxes[j]!), `${[...plan.all.keys()][i]} on ${[...plan.all.keys()][j]} @${where}`).toBe(false);
  }
  for (const d of trace.storage) expect(plan.get(`dec:${d.messageId}`), `decision ${d.messageId} @${where}`).toBeDefined();
  // No leader line crosses an arrow (or the faint guide where it passes a lane) or another label.
  const lines = g.messages.flatMap((msg) =>
    [...msg.visible, ...passagesOf(msg.visible)].map(([a, b]) => ({
      x1: msg.x1 + (msg.x2 - msg.x1) * a,
      y1: msg.y1 + (msg.y2 - msg.y1) * a,
      x2: msg.x1 + (msg.x2 - msg.x1) * b,
      y2: msg.y1 + (msg.y2 - msg.y1) * b,
    })),
  );
  // No label comes nearer than 3 px to an arrow (a label's own message is one too);
  // a label sitting on the arrow's line would touch it.
  for (const [id, p] of plan.all) {
    for (const msg of g.messages) expect(segmentHits(msg, p.box, 3), `${id} near message ${msg.id} @${where}`).toBe(false);
  }
  // Two labels on one row keep ROW_GAP apart (closer, they read as one phrase); none lies
  // on the playhead's line at the run's end or within HEAD_SPARE px of an arrowhead.
  const placed = [...plan.all];
  const endX = g.x(trace.endMs);
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      expect(overlapsXY(placed[i]![1].box, placed[j]![1].box, ROW_GAP - 0.01, 0), `${placed[i]![0]} beside ${placed[j]![0]} @${where}`).toBe(false);
      // Two storage decisions' labels stacked closer read as one two-line label.
      if (placed[i]![0].startsWith('dec:') && placed[j]![0].startsWith('dec:') && kindOf(placed[i]![0]) === kindOf(placed[j]![0])) {
        expect(overlapsXY(placed[i]![1].box, placed[j]![1].box, 0, DECISION_APART - 0.01), `${placed[i]![0]} over ${placed[j]![0]} @${where}`).toBe(false);
      }
    }
    if (endLine) expect(segmentHits({ x1: endX, y1: 0, x2: endX, y2: g.height }, placed[i]![1].box, 5.4), `${placed[i]![0]} on the end's line @${where}`).toBe(false);
  }
  for (const msg of g.messages) {
    if (msg.bundled) continue;
    const h = drawnHead(msg);
    const head = { x: h.x0, y: h.y0, w: h.x1 - h.x0, h: h.y1 - h.y0 };
    for (const [id, p] of placed) expect(overlaps(head, p.box, HEAD_SPARE - 0.01), `${id} by the head of ${msg.id} @${where}`).toBe(false);
  }
  for (const [id, p] of plan.all) {
    const leader = leaderOf(p);
    if (!leader) continue;
    expect(lines.some((l) => leaderCrosses(leader, l)), `leader of ${id} @${where}`).toBe(false);
    for (const [other, q] of plan.all) if (other !== id) expect(segmentHits(leader, q.box, 0.5), `leader of ${id} over ${other} @${where}`).toBe(false);
  }
}

describe('planLabels on every built-in scenario', () => {
  for (const built of ALL_BUILT_IN_SCENARIOS) for (const [metrics, measure] of MEASURES) {
    it(`${built.id}: no two labels overlap, none leaves the picture, the storage's decisions are all labelled (${metrics} metrics)`, () => {
      const trace = simulate(loadBuiltIn(built.id));
      for (const width of [1280, 712, 360]) {
        for (const skip of [undefined, quietStretches(trace)]) {
          checkPlan(trace, withMessages(layoutTimeline(trace, undefined, width, skip ? { skip } : {}), trace), measure, `${width}${skip ? ', skipped' : ''}`);
        }
      }
    });
  }
});

describe("planLabels at the scales the story's frames draw on phones (issue 40)", () => {
  for (const built of ALL_BUILT_IN_SCENARIOS) for (const [metrics, measure] of MEASURES) {
    it(`${built.id}: every frame's scale at 360 and 412 px (${metrics} metrics)`, () => {
      let n = 0;
      for (const f of phoneFrameLayouts([built.id])) {
        n++;
        checkPlan(f.trace, withMessages(f.g, f.trace), measure, `${f.phone} px phone, ${f.pxPerMs.toFixed(4)} px/ms (frames at ${f.stops.join(', ')} ms)`, f.reachesEnd);
      }
      expect(n).toBeGreaterThan(0);
    });
  }
});
