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
import { DECISION_DODGE, DECISION_R, DECISION_SLIDE, DODGE_GAP } from './mark-spots';
import { dashArrayFor, passageLanes, passagesOf, visibleStretches } from './passages';
import { withMessages, type MarkGeometry as Geometry } from './message-geometry';
import type { MessageGeom } from './arrows';

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
      for (const width of [1280, 712, 360, 1900]) {
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
              // Where the lane it passes is broken (wiring-diagram gaps): one piece a lane, each
              // within that lane's band and none of its ends' lanes, together exactly the passages.
              const pieces = passageLanes(g, m);
              const covered = pieces.reduce((n, p) => n + p.to - p.from, 0);
              expect(covered).toBeCloseTo(passages.reduce((n, [a, b]) => n + b - a, 0), 9);
              for (const p of pieces) {
                const lane = g.lanes[p.lane]!;
                expect([m.from, m.to]).not.toContain(lane.id);
                for (const f of [p.from, p.to]) {
                  const y = m.y1 + (m.y2 - m.y1) * f;
                  expect(y).toBeGreaterThanOrEqual(lane.bandTop - 1e-6);
                  expect(y).toBeLessThanOrEqual(lane.bandTop + lane.bandHeight + 1e-6);
                }
                expect(passages.some(([a, b]) => p.from >= a - 1e-9 && p.to <= b + 1e-9)).toBe(true);
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
      for (const width of [1280, 712, 360]) {
        const g = withMessages(layoutTimeline(trace, undefined, width), trace);
        const marks = trace.storage.map((d) => ({ ...g.decisionAt.get(d.messageId)!, id: d.messageId }));
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

  it('a decision mark stays on the storage line, moved at most DECISION_SLIDE px right of its time, unless that cannot clear the one before', () => {
    for (const built of ALL_BUILT_IN_SCENARIOS) {
      const trace = simulate(loadBuiltIn(built.id));
      for (const width of [1280, 712, 360]) {
        const g = withMessages(layoutTimeline(trace, undefined, width), trace);
        const base = g.lane('storage')?.base;
        let lastOnLine = -Infinity;
        for (const d of [...trace.storage].sort((a, b) => a.atMs - b.atMs)) {
          const at = g.decisionAt.get(d.messageId)!;
          const own = g.x(d.atMs);
          const name = `${built.id} @${width}: decision ${d.messageId}`;
          expect(at.x - own, name).toBeGreaterThanOrEqual(0);
          expect(at.x - own, name).toBeLessThanOrEqual(DECISION_SLIDE + 1e-9);
          if (at.y === base) {
            expect(at.x - lastOnLine, name).toBeGreaterThanOrEqual(DECISION_DODGE);
            lastOnLine = at.x;
          } else {
            // Below the line only where sliding along it could not have made room.
            expect(at.x, name).toBe(own);
            expect(lastOnLine + 2 * DECISION_R + DODGE_GAP - own, name).toBeGreaterThan(DECISION_SLIDE);
          }
        }
      }
    }
    // The partition's rejected write at 10.5 s, 0.4 s after "stored 34": on the line beside it, not below it.
    const p = simulate(loadBuiltIn('partition-lease-service'));
    for (const width of [1280, 712, 360]) {
      const g = withMessages(layoutTimeline(p, undefined, width), p);
      expect([...g.decisionAt.values()].every((at) => at.y === g.lane('storage')!.base), `@${width}`).toBe(true);
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
