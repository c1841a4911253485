import { describe, expect, it } from 'vitest';
import { simulate } from '../model';
import { normalizeScenario } from '../model/scenario';
import { ALL_BUILT_IN_SCENARIOS } from '../scenarios/all';
import { keyMoments } from './moments';
import { MIN_EVENT_GAP_PX, MIN_FRAME_MS, NARROW_PLOT_PX, changeFrame, frameOf, momentEvents, nextFrame } from './frames';

describe('frameOf: every key moment of every built-in', () => {
  for (const b of ALL_BUILT_IN_SCENARIOS) {
    it(`${b.id}: frames hold the moment's own events and the stop, apart at ${NARROW_PLOT_PX} px`, () => {
      const trace = simulate(normalizeScenario(b.scenario));
      for (const m of keyMoments(trace)) {
        const f = frameOf(trace, m);
        const at = `${m.kind} at ${m.stopMs}`;
        expect(f.startMs, at).toBeGreaterThanOrEqual(0);
        expect(f.endMs - f.startMs, at).toBeGreaterThanOrEqual(MIN_FRAME_MS);
        expect(f.eventIds, at).toContain(m.eventId);
        for (const e of momentEvents(trace, m).core) expect(f.eventIds, at).toContain(e.id);
        const times = [...f.eventIds.map((i) => trace.events[i]!.atMs), m.stopMs];
        for (const t of times) {
          expect(t, at).toBeGreaterThanOrEqual(f.startMs);
          expect(t, at).toBeLessThanOrEqual(f.endMs);
        }
        // Context events are kept only where they leave every two events far enough apart.
        const distinct = [...new Set(f.eventIds.map((i) => trace.events[i]!.atMs))].sort((p, q) => p - q);
        if (f.eventIds.length > momentEvents(trace, m).core.length) {
          for (let k = 1; k < distinct.length; k++) {
            expect(((distinct[k]! - distinct[k - 1]!) * NARROW_PLOT_PX) / (f.endMs - f.startMs), at).toBeGreaterThanOrEqual(MIN_EVENT_GAP_PX);
          }
        }
      }
    });
  }
});

describe('frameOf on the seed', () => {
  const trace = simulate(normalizeScenario(ALL_BUILT_IN_SCENARIOS.find((b) => b.id === 'seed-gc-pause')!.scenario));
  const moments = keyMoments(trace);
  it('frames the first grant with its request and the lease service\'s grant, in the first 0.6 s', () => {
    const f = frameOf(trace, moments[0]!);
    expect(f.eventIds.map((i) => trace.events[i]!.kind)).toEqual(['acquire-sent', 'lease-granted', 'grant-received']);
    expect([f.startMs, f.endMs]).toEqual([0, 600]);
  });
  it('frames the late write with the decision after it; the wake-up 0.4 s before only where the plot is wide enough', () => {
    const late = moments.find((m) => m.kind === 'late-write')!;
    expect(frameOf(trace, late).eventIds.map((i) => trace.events[i]!.kind)).toEqual(['write-sent', 'write-rejected']);
    expect(frameOf(trace, late, 400).eventIds.map((i) => trace.events[i]!.kind)).toEqual(['pause-ended', 'write-sent', 'write-rejected']);
  });
  it('frames a lease\'s expiry with the grant that set its deadline (no keepalive came)', () => {
    const expiry = moments.find((m) => m.kind === 'expiry')!;
    const f = frameOf(trace, expiry);
    expect(f.eventIds.map((i) => trace.events[i]!.kind)).toEqual(['lease-granted', 'lease-expired']);
    expect(f.startMs).toBeLessThanOrEqual(100);
    expect(f.endMs).toBeGreaterThanOrEqual(10_100);
  });
});

describe('nextFrame', () => {
  const trace = simulate(normalizeScenario(ALL_BUILT_IN_SCENARIOS.find((b) => b.id === 'seed-gc-pause')!.scenario));
  const moments = keyMoments(trace);
  it('frames a moment at rest, keeps the frame while the playhead stays inside it, and shows the whole run outside', () => {
    const first = nextFrame(undefined, trace, moments, 200, false);
    expect(first).toMatchObject({ startMs: 0, endMs: 600 });
    expect(nextFrame(first, trace, moments, 250, true)).toBe(first);
    expect(nextFrame(first, trace, moments, 250, false)).toBe(first);
    expect(nextFrame(first, trace, moments, 700, true)).toBeUndefined();
    // Not while playing: the moment frames only once the playhead rests on it.
    expect(nextFrame(undefined, trace, moments, 1000, true)).toBeUndefined();
    expect(nextFrame(undefined, trace, moments, 1000, false)).toBeDefined();
  });
});

describe('changeFrame', () => {
  const run = (id: string) => simulate(normalizeScenario(ALL_BUILT_IN_SCENARIOS.find((b) => b.id === id)!.scenario));
  const fenced = run('seed-gc-pause');
  const unfenced = run('seed-gc-pause-unfenced');
  it('frames from the playhead to the first storage decision the change altered', () => {
    // Switching the token check off: the late write at 21.5 s is stored instead of rejected.
    const f = changeFrame(fenced, unfenced, 21_000)!;
    expect(f.startMs).toBeLessThanOrEqual(21_000);
    expect(f.endMs).toBeGreaterThanOrEqual(21_500);
    expect(f.endMs - f.startMs).toBeLessThan(2000);
  });
  it('is undefined when no decision changed', () => {
    expect(changeFrame(fenced, fenced, 5000)).toBeUndefined();
  });
});
