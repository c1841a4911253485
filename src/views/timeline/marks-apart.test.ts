/**
 * Issue 13, from two fresh reviewers' looks at the screenshots (stop 28): marks that lines ran
 * through or that touched.
 * - A lease service marker's dot ("queued", "keepalive refused") is kept off every message's line:
 *   at the start of the three-client run a grant ran through the "queued" ring.
 * - Two messages that leave one lane a few px apart start from two dots, not one blot.
 * - An arrowhead arriving by a pause's edge is drawn on the side of the edge its arrival is on.
 * - Arrows drawn on the very same line are one line in the picture.
 * - An arrow into the lease service keeps its line off a lease bar's lower corners.
 * Every built-in scenario at 1280 px, 360 px and the presenter's 1900 px unless said otherwise.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../model/simulate';
import { ALL_BUILT_IN_SCENARIOS } from '../../scenarios/all';
import { loadBuiltIn } from '../../store/initial-state';
import { layoutTimeline } from './geometry';
import { DOT_SEP, LEASE_RX, LINE_ROOM, PASSAGE_ROOM, withMessages } from './message-geometry';
import { drawnEnd, drawnPieces, headBox, headCorners, headToSegment, pointToSegment } from './arrows';
import { MARKER_CLEAR } from './mark-spots';
import { passagePieces } from './passages';

const WIDTHS = [1280, 712, 360, 1900];

function* layouts(widths = WIDTHS, ids?: readonly string[]) {
  for (const built of ALL_BUILT_IN_SCENARIOS.filter((b) => !ids || ids.includes(b.id))) {
    const trace = simulate(loadBuiltIn(built.id));
    for (const width of widths) yield { id: built.id, width, trace, g: withMessages(layoutTimeline(trace, undefined, width), trace) };
  }
}

describe('geometry helpers', () => {
  it('pointToSegment measures to the nearest point of the segment, ends included', () => {
    expect(pointToSegment(5, 3, 0, 0, 10, 0)).toBeCloseTo(3, 9);
    expect(pointToSegment(-4, 3, 0, 0, 10, 0)).toBeCloseTo(5, 9);
    expect(pointToSegment(1, 1, 2, 2, 2, 2)).toBeCloseTo(Math.SQRT2, 9);
  });
  it('headToSegment is 0 for a line through the head and the gap for one beside it', () => {
    const c = headCorners(10, 0, 0, -1); // tip at (10, 0), pointing up: base corners at y = 7, x = 6.5 and 13.5
    expect(headToSegment(c, [0, 4, 20, 4])).toBe(0);
    expect(headToSegment(c, [10, 2, 10, 3])).toBe(0); // wholly inside
    expect(headToSegment(c, [16, -10, 16, 20])).toBeCloseTo(2.5, 9);
  });
});

describe("a marker's dot stays off the lines", () => {
  it('every marker dot keeps at least 1 px of air from every message line (MARKER_CLEAR less 0.5 px at most)', () => {
    let markers = 0;
    let moved = 0;
    for (const { id, width, trace, g } of layouts()) {
      const pieces = g.messages.filter((m) => !m.sameLine).flatMap((m) => drawnPieces(m));
      for (const e of trace.events) {
        const at = g.markerAt.get(e.id);
        if (!at || at.shared) continue;
        markers++;
        if (Math.abs(at.x - g.x(e.atMs)) > 0.01) moved++;
        const d = Math.min(...pieces.map((p) => pointToSegment(at.x, at.y, p[0]!, p[1]!, p[2]!, p[3]!)));
        expect(d, `${id} @${width}: ${e.kind} at ${e.atMs} ms`).toBeGreaterThanOrEqual(MARKER_CLEAR - 0.5);
      }
    }
    // The rule is not idle: most markers sit where an arrow arrives, so many move.
    expect(markers).toBeGreaterThan(50);
    expect(moved).toBeGreaterThan(10);
  });
  it('the three-client run at 1280 px: the grant leaving at 0.1 s misses the "queued" ring by 2 px or more', () => {
    const trace = simulate(loadBuiltIn('jepsen-three-clients'));
    const g = withMessages(layoutTimeline(trace, undefined, 1280), trace);
    const grant = g.messages.find((m) => m.kind === 'grant')!;
    const queued = trace.events.find((e) => e.kind === 'acquire-queued')!;
    const at = g.markerAt.get(queued.id)!;
    expect(pointToSegment(at.x, at.y, grant.x1, grant.y1, grant.x2, grant.y2) - 3.75 - 0.75).toBeGreaterThanOrEqual(2 - 1e-9);
  });
});

describe('start dots', () => {
  it(`two messages leaving one lane keep ${DOT_SEP} px between their start dots (unless sent at once along one route)`, () => {
    for (const { id, width, g } of layouts()) {
      const ms = g.messages.filter((m) => !m.sameLine);
      for (const a of ms) {
        for (const b of ms) {
          if (b.id <= a.id || b.from !== a.from || Math.abs(b.y1 - a.y1) >= 1) continue;
          if (b.sentAtMs === a.sentAtMs && b.to === a.to) continue;
          expect(Math.abs(b.x1 - a.x1), `${id} @${width}: ${a.kind} ${a.id} and ${b.kind} ${b.id}`).toBeGreaterThanOrEqual(DOT_SEP - 1e-9);
        }
      }
    }
  });
});

describe("pauses' edges", () => {
  it('no arrowhead lies across a pause edge of the lane it arrives at (1280, 712 and 1900 px)', () => {
    let near = 0;
    for (const { id, width, trace, g } of layouts([1280, 712, 1900])) {
      for (const m of g.messages) {
        if (m.bundled || m.dropped || m.waitX2 !== undefined) continue;
        const tip = drawnEnd(m);
        const b = headBox(tip.x, tip.y, m.x2 - m.x1, m.y2 - m.y1);
        for (const q of trace.pauses.filter((p) => p.client === m.to)) {
          for (const ex of [g.x(q.startMs), g.x(q.endMs)]) {
            if (Math.abs(m.x2 - ex) < 12) near++;
            // The edge is 2 px wide; 0.5 px of air on each side at least.
            const clear = b.x1 <= ex - 1.5 || b.x0 >= ex + 1.5 || b.y1 < g.lane(m.to)!.top + 6;
            // One known exception, at a 1280 px screen's 712 px: the first-write-window runs' first
            // second is 16 px there and holds an acquire, a grant, a write, its reply and the pause's
            // start; the reply's head, kept REPLY_SEP px from its write's start dot, reaches 1.2 px
            // past the edge. It may get no worse.
            // fence-per-object (issue 41) opens exactly as first-write-window does, so it shares the exception.
            if ((id.startsWith('first-write-window') || id === 'fence-per-object') && width === 712 && m.kind === 'write-reply' && m.id === 3) expect(b.x1 - ex, `${id} @${width}: ${m.kind} ${m.id}`).toBeLessThanOrEqual(1.5);
            else expect(clear, `${id} @${width}: ${m.kind} ${m.id}`).toBe(true);
          }
        }
      }
    }
    expect(near).toBeGreaterThan(0);
  });
});

/**
 * The heads (of the built-ins `ids`, or every one, at `widths`) within LINE_ROOM px of another
 * message's drawn line (`bold`), and those within PASSAGE_ROOM px of its passages over a lane (`thin`).
 */
function headsOn(ids: readonly string[] | undefined, widths: number[]) {
  const bold: string[] = [];
  const thin: string[] = [];
  for (const { id, width, g } of layouts(widths, ids)) {
    const ms = g.messages.filter((m) => !m.sameLine);
    for (const m of ms) {
      if (m.bundled || m.dropped || m.waitX2 !== undefined) continue;
      const tip = drawnEnd(m);
      const c = headCorners(tip.x, tip.y, m.x2 - m.x1, m.y2 - m.y1);
      for (const o of ms.filter((k) => k !== m)) {
        const at = `${id} @${width}: ${m.kind} ${m.id} by ${o.kind} ${o.id}`;
        if (drawnPieces(o).some((p) => headToSegment(c, p) < LINE_ROOM - 1e-9)) bold.push(at);
        if (passagePieces(o).some((p) => headToSegment(c, p) < PASSAGE_ROOM - 1e-9)) thin.push(at);
      }
    }
  }
  return { bold, thin };
}

describe('heads off other lines', () => {
  it('the three-client run: every head keeps LINE_ROOM px off every other line (1280, 712, 760 and 1900 px)', () => {
    expect(headsOn(['jepsen-three-clients'], [1280, 712, 760, 1900]).bold).toEqual([]);
  });
});

describe('heads off passages', () => {
  it("the screenshots' seed and partition runs: no head on another message's line or passage (1280, 712, 760 and 1900 px)", () => {
    const { bold, thin } = headsOn(['seed-gc-pause', 'partition-lease-service'], [1280, 712, 760, 1900]);
    expect(bold).toEqual([]);
    expect(thin).toEqual([]);
  });
  it('every built-in: at most 3 heads on a drawn line and 18 on a passage (45 before heads kept off passages, 10 on lines)', () => {
    const { bold, thin } = headsOn(undefined, [1280, 712, 760, 1900]);
    console.log(`heads on another message's line: ${bold.length}; on a passage: ${thin.length}`);
    expect(bold.length).toBeLessThanOrEqual(3);
    expect(thin.length).toBeLessThanOrEqual(18);
    // The three-client run's Client 3 release no longer ends on the "lease gone" reply's line (a reviewer's find).
    expect(bold.filter((b) => b.startsWith('jepsen-three-clients'))).toEqual([]);
  });
});

describe('one line where the picture shows one', () => {
  it('no two drawn arrows share the very same line; the healed partition has such replies, kept by name only', () => {
    let same = 0;
    for (const { id, width, g } of layouts()) {
      const drawn = g.messages.filter((m) => !m.sameLine);
      same += g.messages.length - drawn.length;
      const keys = drawn.map((m) => [m.x1, m.y1, m.x2, m.y2].map((v) => Math.round(v * 2) / 2).join(' '));
      expect(new Set(keys).size, `${id} @${width}`).toBe(keys.length);
    }
    expect(same).toBeGreaterThan(0);
  });
});

describe("lease bars' corners", () => {
  it('an arrow into the lease service passes a lease bar\'s lower corner with room to spare', () => {
    for (const { id, width, trace, g } of layouts()) {
      const lease = g.lane('lease-service') ?? g.lanes.find((l) => l.kind === 'lease');
      if (!lease) continue;
      for (const m of g.messages) {
        if (m.to !== lease.id || m.y1 <= m.y2) continue;
        const dir = Math.sign(m.x2 - m.x1);
        for (const l of trace.leases) {
          for (const [cx, side] of [
            [g.x(l.startMs), 1],
            [g.x(l.endMs), -1],
          ] as const) {
            if ((cx - m.x1) * dir <= 2 || (m.x2 - cx) * dir <= 9) continue;
            // The bar's corner is rounded (5 px): the line keeps LINE_ROOM px (its half width and 1 px) off that quarter circle.
            const gap = pointToSegment(cx + side * LEASE_RX, lease.base + 11 - LEASE_RX, m.x1, m.y1, m.x2, m.y2) - LEASE_RX;
            expect(gap, `${id} @${width}: ${m.kind} ${m.id}`).toBeGreaterThanOrEqual(LINE_ROOM - 1e-9);
          }
        }
      }
    }
  });
});
