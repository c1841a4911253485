/**
 * Issue 13: no message is drawn across a lane it has nothing to do with. For every built-in
 * scenario, at the widths the app is used at (and with quiet stretches skipped or not), every drawn
 * stretch of every message line stays within the bands of its sender's and receiver's lanes.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../model/simulate';
import { ALL_BUILT_IN_SCENARIOS } from '../../scenarios/all';
import { loadBuiltIn } from '../../store/initial-state';
import { layoutTimeline } from './geometry';
import { quietStretches } from './quiet';
import { DECISION_R, dashArrayFor, passagesOf, visibleStretches, withMessages, type MarkGeometry as Geometry, type MessageGeom } from './message-geometry';

/** The drawn pieces of a message, as y ranges (px). */
function drawnYRanges(m: MessageGeom): [number, number][] {
  return m.visible.map(([a, b]) => {
    const ya = m.y1 + (m.y2 - m.y1) * a;
    const yb = m.y1 + (m.y2 - m.y1) * b;
    return [Math.min(ya, yb), Math.max(ya, yb)];
  });
}

/** Lanes (other than the message's ends) whose band a drawn piece of `m` passes through. */
function crossedLanes(g: Geometry, m: MessageGeom): string[] {
  const out: string[] = [];
  for (const lane of g.lanes) {
    if (lane.id === m.from || lane.id === m.to) continue;
    const top = lane.bandTop + 0.01;
    const bottom = lane.bandTop + lane.bandHeight - 0.01;
    if (drawnYRanges(m).some(([lo, hi]) => hi > top && lo < bottom)) out.push(lane.id);
  }
  return out;
}

describe('message routing (every built-in scenario)', () => {
  for (const built of ALL_BUILT_IN_SCENARIOS) {
    const trace = simulate(loadBuiltIn(built.id));
    it(`${built.id}: no drawn message segment passes through a third lane`, () => {
      expect(trace.messages.length).toBeGreaterThan(0);
      for (const width of [1280, 360, 1900]) {
        for (const skipQuiet of [false, true]) {
          for (const height of [undefined, 900]) {
            const g = withMessages(layoutTimeline(trace, undefined, width, { ...(skipQuiet ? { skip: quietStretches(trace) } : {}), ...(height ? { height } : {}) }), trace);
            expect(g.messages.length).toBe(trace.messages.filter((m) => m.sentAtMs <= trace.endMs).length);
            for (const m of g.messages) {
              expect(crossedLanes(g, m), `message ${m.id} ${m.kind} ${m.from}→${m.to}`).toEqual([]);
              // Each end is drawn: the arrow leaves its sender and reaches its receiver.
              expect(m.visible[0]![0]).toBe(0);
              expect(m.visible[m.visible.length - 1]![1]).toBe(1);
              // Its faint guides fill exactly the gaps, each within the lanes it passes (none of its ends').
              const passages = passagesOf(m.visible);
              expect(passages.length).toBe(m.visible.length - 1);
              for (const [a, b] of passages) {
                const mid = m.y1 + (m.y2 - m.y1) * ((a + b) / 2);
                const lane = g.lanes.find((l) => mid >= l.bandTop && mid <= l.bandTop + l.bandHeight)!;
                expect([m.from, m.to]).not.toContain(lane.id);
              }
            }
          }
        }
      }
    });
  }

  it('no two storage decision marks overlap, and each write ends at its own mark', () => {
    for (const built of ALL_BUILT_IN_SCENARIOS) {
      const trace = simulate(loadBuiltIn(built.id));
      for (const width of [1280, 360]) {
        const g = withMessages(layoutTimeline(trace, undefined, width), trace);
        const marks = trace.storage.map((d) => ({ x: g.x(d.atMs), y: g.decisionY.get(d.messageId)!, id: d.messageId }));
        for (let i = 0; i < marks.length; i++) {
          for (let j = i + 1; j < marks.length; j++) {
            const [p, q] = [marks[i]!, marks[j]!];
            expect(Math.hypot(p.x - q.x, p.y - q.y), `${built.id} @${width}: decisions ${p.id} and ${q.id}`).toBeGreaterThanOrEqual(2 * DECISION_R);
          }
          const write = g.messages.find((m) => m.id === marks[i]!.id);
          // At its own mark: at the mark's x, stopping just above it, clear of its halo (3 px).
          if (write) {
            expect(write.x2).toBe(marks[i]!.x);
            expect(write.y2).toBe(marks[i]!.y - DECISION_R - 3);
          }
        }
      }
    }
  });

  it('lanes run lease service, clients, storage, so client traffic never passes the lease service to reach the storage', () => {
    const t3 = simulate(loadBuiltIn('jepsen-three-clients'));
    const g = withMessages(layoutTimeline(t3, undefined, 1280), t3);
    expect(g.lanes.map((l) => l.kind)).toEqual(['lease', 'client', 'client', 'client', 'storage']);
    for (const m of g.messages.filter((m) => m.to === 'storage' || m.from === 'storage')) {
      const lease = g.lane('lease-service')!;
      expect(drawnYRanges(m).every(([, hi]) => hi >= lease.bandTop + lease.bandHeight)).toBe(true);
    }
  });
});

describe('visibleStretches and dashArrayFor', () => {
  it('breaks a line over the bands it passes and keeps the rest', () => {
    expect(visibleStretches(0, 100, [])).toEqual([[0, 1]]);
    expect(visibleStretches(0, 100, [{ top: 40, bottom: 60 }])).toEqual([
      [0, 0.4],
      [0.6, 1],
    ]);
    // Upwards too.
    expect(visibleStretches(100, 0, [{ top: 40, bottom: 60 }])).toEqual([
      [0, 0.4],
      [0.6, 1],
    ]);
  });

  it('turns the stretches into a dash array whose dashes sum to the drawn length', () => {
    expect(dashArrayFor([[0, 1]], 100)).toBeUndefined();
    const solid = dashArrayFor([[0, 0.4], [0.6, 1]], 100)!.split(' ').map(Number);
    expect(solid.slice(0, 4)).toEqual([40, 20, 40, 0]);
    const dashed = dashArrayFor([[0, 0.4], [0.6, 1]], 100, [3, 3])!.split(' ').map(Number);
    const on = dashed.filter((_, i) => i % 2 === 0).reduce((a, b) => a + b, 0);
    expect(on).toBeGreaterThan(35);
    expect(on).toBeLessThanOrEqual(42);
  });
});
