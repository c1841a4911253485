/**
 * Issue 13, from a fresh reviewer's look at the screenshots: marks that all but touched.
 * - A storage decision's mark moved below the line (its neighbour took the line) keeps at least
 *   7 px from that neighbour's mark, so "stored 34" and the "rejected" under it read as two marks.
 * - A stream of held keepalives let through at once (a partition heals) joins its last one's line
 *   short of the lease service, as one bundle into one head, instead of fanning into one point
 *   over the lease bar's end.
 * - A belief that lasted only a moment, drawn wider than its time, stops short of the arrow that
 *   ended it rather than reach across it.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../model/simulate';
import { ALL_BUILT_IN_SCENARIOS } from '../../scenarios/all';
import { loadBuiltIn } from '../../store/initial-state';
import { layoutTimeline } from './geometry';
import { BELIEF_DY, BELIEF_H, beliefEndX } from './label-plan';
import { DECISION_R } from './mark-spots';
import { HEAD_ROOM, MERGE_DY, withMessages } from './message-geometry';
import { drawnHead } from './arrows';

describe('marks kept apart (every built-in scenario, 1280 and 360 px)', () => {
  for (const built of ALL_BUILT_IN_SCENARIOS) {
    const trace = simulate(loadBuiltIn(built.id));
    it(`${built.id}: a decision's mark moved below the line keeps 7 px from the mark above it`, () => {
      for (const width of [1280, 712, 360]) {
        const g = withMessages(layoutTimeline(trace, undefined, width), trace);
        const base = g.lane('storage')!.base;
        const marks = trace.storage.map((d) => ({ ...g.decisionAt.get(d.messageId)! }));
        for (const m of marks.filter((k) => k.y !== base)) {
          // The nearest mark on the line to its left, which it made room for.
          const above = marks.filter((k) => k.y === base && k.x <= m.x).sort((a, b) => b.x - a.x)[0];
          if (!above) continue;
          expect(Math.hypot(m.x - above.x, m.y - above.y) - 2 * DECISION_R).toBeGreaterThanOrEqual(7 - 1e-9);
        }
      }
    });
  }
});

describe('a held stream into the lease service is one bundle', () => {
  const trace = simulate(loadBuiltIn('partition-lease-service'));
  for (const width of [1280, 712, 360]) {
    it(`partition-lease-service at ${width} px: every bundled keepalive ends on the last one's line, ${MERGE_DY} px short of the lane`, () => {
      const g = withMessages(layoutTimeline(trace, undefined, width), trace);
      const held = g.messages.filter((m) => m.lateBy === 'partition' && m.to === 'lease-service');
      const bundled = held.filter((m) => m.bundled);
      expect(bundled.length).toBeGreaterThan(3);
      const last = held.find((m) => !m.bundled)!;
      for (const m of bundled) {
        // On the last one's line: the cross product of the two directions is 0 there.
        const cross = (last.x2 - last.x1) * (m.y2 - last.y1) - (last.y2 - last.y1) * (m.x2 - last.x1);
        expect(Math.abs(cross) / Math.hypot(last.x2 - last.x1, last.y2 - last.y1)).toBeLessThan(0.01);
        expect(m.y2 - last.y2).toBeCloseTo(MERGE_DY, 6);
        // And below the lease bar (22 px high on the lane's line) all the way.
        expect(Math.min(m.y1, m.y2)).toBeGreaterThan(g.lane('lease-service')!.base + 11);
      }
    });
  }
});

describe("a moment's belief stops short of the arrow that ended it", () => {
  const trace = simulate(loadBuiltIn('seed-gc-pause'));
  it("client 2's belief in the seed: drawn no wider than up to 3 px before its reply's arrow", () => {
    const g = withMessages(layoutTimeline(trace, undefined, 1280), trace);
    const lane = g.lane('client-2')!;
    const b = trace.beliefs.find((x) => x.client === 'client-2')!;
    const x2 = beliefEndX(g, b, lane.top);
    const reply = g.messages.find((m) => m.to === 'client-2' && m.kind === 'write-reply')!;
    const y = lane.top + BELIEF_DY + BELIEF_H;
    const replyX = reply.x1 + ((reply.x2 - reply.x1) * (y - reply.y1)) / (reply.y2 - reply.y1);
    expect(x2).toBeGreaterThanOrEqual(g.x(b.endMs));
    expect(x2).toBeLessThanOrEqual(replyX - 3 + 1e-9);
  });
});

describe('arrowheads do not pile up (every built-in scenario, 1280 and 360 px)', () => {
  for (const built of ALL_BUILT_IN_SCENARIOS) {
    it(`${built.id}: no two arrowheads drawn overlap (arrows on one line share one head)`, () => {
      const trace = simulate(loadBuiltIn(built.id));
      for (const width of [1280, 712, 360]) {
        const g = withMessages(layoutTimeline(trace, undefined, width), trace);
        const heads = g.messages
          .filter((m) => !m.bundled && !m.dropped && m.waitX2 === undefined)
          .map((m) => ({ m, b: drawnHead(m) }));
        for (let i = 0; i < heads.length; i++) {
          for (let j = i + 1; j < heads.length; j++) {
            const [p, q] = [heads[i]!, heads[j]!];
            // Boxes apart by HEAD_ROOM, or the two heads far enough along their own lines (a square around each).
            const apart = p.b.x1 + HEAD_ROOM <= q.b.x0 || q.b.x1 + HEAD_ROOM <= p.b.x0 || p.b.y1 + HEAD_ROOM <= q.b.y0 || q.b.y1 + HEAD_ROOM <= p.b.y0;
            expect(apart, `heads of ${p.m.id} and ${q.m.id} @${width}`).toBe(true);
          }
        }
      }
    });
  }
});
