import { describe, expect, it } from 'vitest';
import { simulate } from '../../model/simulate';
import { loadBuiltIn } from '../../store/initial-state';
import { applyInterventions } from '../../store/interventions';
import { activityOf, buildWarp } from '../../store/playback';
import { AXIS_H, MIN_WIDTH, PAD_LEFT, PAD_RIGHT, layoutTimeline, staleStretches, ticksOf } from './geometry';

const seed = loadBuiltIn('seed-gc-pause');
const trace = simulate(seed);
const warp = buildWarp(activityOf(trace));

describe('layoutTimeline', () => {
  const g = layoutTimeline(trace, warp, 1000);

  it('puts one lane per client, then the lease service, then the storage, top to bottom', () => {
    expect(g.lanes.map((l) => l.id)).toEqual(['client-1', 'client-2', 'lease-service', 'storage']);
    expect(g.lanes[0]!.top).toBe(AXIS_H);
    for (let i = 1; i < g.lanes.length; i++) expect(g.lanes[i]!.top).toBe(g.lanes[i - 1]!.top + g.lanes[i - 1]!.height);
  });

  it('maps time 0 and the end to the plot edges, monotonically, and back', () => {
    expect(g.x(0)).toBe(PAD_LEFT);
    expect(g.x(trace.endMs)).toBeCloseTo(1000 - PAD_RIGHT, 6);
    let prev = -Infinity;
    for (let ms = 0; ms <= trace.endMs; ms += 250) {
      expect(g.x(ms)).toBeGreaterThan(prev);
      prev = g.x(ms);
      expect(g.msAt(g.x(ms))).toBeCloseTo(ms, 3);
    }
  });

  it('gives a busy 100 ms message more room than a quiet second', () => {
    const message = g.x(200) - g.x(100); // the grant in flight
    const quiet = g.x(6000) - g.x(5000); // waiting for the TTL
    expect(message).toBeGreaterThan(quiet);
  });

  it('never goes narrower than the minimum (the picture scrolls instead)', () => {
    expect(layoutTimeline(trace, warp, 300).width).toBe(MIN_WIDTH);
  });

  it('draws each message from its sender\'s lane to its receiver\'s', () => {
    const grant = g.messages.find((m) => m.kind === 'grant' && m.token === 33)!;
    expect(grant.y1).toBe(g.lane('lease-service')!.base);
    expect(grant.y2).toBe(g.lane('client-1')!.base);
    expect(grant.x1).toBe(g.x(100));
    expect(grant.x2).toBe(g.x(200));
  });

  it('marks the long quiet stretches as drawn compressed', () => {
    expect(g.compressed.length).toBeGreaterThanOrEqual(2);
    expect(g.compressed.some((c) => c.startMs < 5000 && c.endMs > 5000)).toBe(true);
  });
});

describe('ticksOf', () => {
  it('labels 0 and whole seconds without crowding', () => {
    const g = layoutTimeline(trace, warp, 1000);
    const ticks = ticksOf(g, 46);
    expect(ticks[0]!.ms).toBe(0);
    expect(ticks.some((t) => t.ms === 10_000)).toBe(true);
    for (let i = 1; i < ticks.length; i++) expect(ticks[i]!.x - ticks[i - 1]!.x).toBeGreaterThanOrEqual(46);
  });
});

describe('staleStretches', () => {
  it('in the seed: client 1 believes in lease 33 from its expiry at 10.1 s to the end', () => {
    expect(staleStretches(trace)).toEqual([{ client: 'client-1', token: 33, startMs: 10_100, endMs: 21_600 }]);
  });

  it('a grant handled after its lease ended is stale from the start', () => {
    const late = simulate(applyInterventions(seed, [{ kind: 'pause', client: 'client-1', atMs: 101, forMs: 12_000 }]));
    expect(staleStretches(late)).toEqual([{ client: 'client-1', token: 33, startMs: 21_000, endMs: 22_400 }]);
  });
});
