import { describe, expect, it } from 'vitest';
import { simulate } from '../../model/simulate';
import { loadBuiltIn } from '../../store/initial-state';
import { applyInterventions } from '../../store/interventions';
import { activityOf, buildWarp } from '../../store/playback';
import { REPLY_SEP, withMessages } from './message-geometry';
import { quietStretches } from './quiet';
import type { Trace } from '../../model/trace';
import { ALL_BUILT_IN_SCENARIOS } from '../../scenarios/all';
import { AXIS_H, FIT_WIDTH, MIN_WIDTH, PAD_LEFT, PAD_RIGHT, horizonOf, layoutTimeline, staleStretches, ticksOf } from './geometry';

const seed = loadBuiltIn('seed-gc-pause');
const trace = simulate(seed);
const warp = buildWarp(activityOf(trace));

describe('layoutTimeline', () => {
  const g = layoutTimeline(trace, warp, 1000);

  it('puts the lease service on top, then one lane per client, then the storage', () => {
    expect(g.lanes.map((l) => l.id)).toEqual(['lease-service', 'client-1', 'client-2', 'storage']);
    expect(g.lanes[0]!.bandTop).toBe(AXIS_H);
    for (let i = 1; i < g.lanes.length; i++) expect(g.lanes[i]!.bandTop).toBe(g.lanes[i - 1]!.bandTop + g.lanes[i - 1]!.bandHeight);
  });

  it('draws time to scale: 0 and the horizon at the plot edges, equal time equal width', () => {
    expect(g.horizonMs).toBe(25_000);
    expect(g.x(0)).toBe(PAD_LEFT);
    expect(g.x(25_000)).toBeCloseTo(1000 - PAD_RIGHT, 6);
    expect(g.x(200) - g.x(100)).toBeCloseTo(g.x(6000) - g.x(5900), 6);
    for (let ms = 0; ms <= trace.endMs; ms += 250) expect(g.msAt(g.x(ms))).toBeCloseTo(ms, 3);
  });

  it('rounds the run up to a fixed horizon, so a slightly longer run keeps the same scale', () => {
    expect(horizonOf(21_600)).toBe(25_000);
    expect(horizonOf(24_000)).toBe(25_000);
    expect(horizonOf(8_700)).toBe(10_000);
    const longer = simulate(applyInterventions(seed, [{ kind: 'pause', client: 'client-1', atMs: 1000, forMs: 22_000 }]));
    expect(longer.endMs).not.toBe(trace.endMs);
    const g2 = layoutTimeline(longer, undefined, 1000);
    expect(g2.horizonMs).toBe(g.horizonMs);
    expect(ticksOf(g2)).toEqual(ticksOf(g));
  });

  it('never goes narrower than the minimum (the picture scrolls instead)', () => {
    expect(layoutTimeline(trace, warp, 300).width).toBe(MIN_WIDTH);
    expect(layoutTimeline(trace, warp, FIT_WIDTH - 1).width).toBe(MIN_WIDTH);
  });

  it('fills a box at least FIT_WIDTH wide exactly (a 1280 px screen\'s 712 px), so nothing hides past its right edge', () => {
    expect(layoutTimeline(trace, warp, 712).width).toBe(712);
    expect(layoutTimeline(trace, warp, FIT_WIDTH).width).toBe(FIT_WIDTH);
  });

  it('fills a taller box by giving each lane more room', () => {
    const tall = layoutTimeline(trace, warp, 1000, { height: 800 });
    expect(tall.height).toBeGreaterThan(760);
    expect(tall.height).toBeLessThanOrEqual(800);
    expect(tall.lanes[1]!.bandHeight).toBeGreaterThan(g.lanes[1]!.bandHeight);
  });

  it("draws each message from its sender's lane to its receiver's", () => {
    const grant = withMessages(g, trace).messages.find((m) => m.kind === 'grant' && m.token === 33)!;
    // From the lower edge of the lease bar it leaves (22 px high on the lane's line), not from inside it over its label.
    expect(grant.y1).toBe(g.lane('lease-service')!.base + 12);
    expect(grant.y2).toBe(g.lane('client-1')!.base);
    // At its times, or moved right (its slope kept) by at most REPLY_SEP px to stay clear of the request it answers.
    expect(grant.x2 - grant.x1).toBeCloseTo(g.x(200) - g.x(100), 6);
    expect(grant.x1).toBeGreaterThanOrEqual(g.x(100));
    expect(grant.x1 - g.x(100)).toBeLessThanOrEqual(REPLY_SEP);
  });

  it('skips quiet stretches only when asked, each as a break', () => {
    expect(g.breaks).toEqual([]);
    const s = layoutTimeline(trace, warp, 1000, { skip: quietStretches(trace) });
    expect(s.breaks.length).toBeGreaterThanOrEqual(2);
    expect(s.breaks.some((c) => c.startMs < 5000 && c.endMs > 5000)).toBe(true);
    for (const b of s.breaks) expect(b.x2 - b.x1).toBeGreaterThan(40);
    expect(s.x(trace.endMs)).toBeCloseTo(1000 - PAD_RIGHT, 3);
  });
});

describe('ticksOf', () => {
  it('ticks at one round interval from 0, labels at least the gap apart', () => {
    const ticks = ticksOf(g0(), 46);
    expect(ticks[0]!.ms).toBe(0);
    const step = ticks[1]!.ms - ticks[0]!.ms;
    expect([500, 1000, 2000, 5000]).toContain(step);
    for (let i = 1; i < ticks.length; i++) {
      expect(ticks[i]!.ms - ticks[i - 1]!.ms).toBe(step);
      expect(ticks[i]!.x - ticks[i - 1]!.x).toBeGreaterThanOrEqual(46);
    }
  });
});

function g0() {
  return layoutTimeline(trace, warp, 1000);
}

describe('staleStretches', () => {
  it('in the seed: client 1 believes in lease 33 from its expiry at 10.1 s to the end', () => {
    expect(staleStretches(trace)).toEqual([{ client: 'client-1', token: 33, startMs: 10_100, endMs: 21_600 }]);
  });

  it('a grant handled after its lease ended is stale from the start', () => {
    const late = simulate(applyInterventions(seed, [{ kind: 'pause', client: 'client-1', atMs: 101, forMs: 12_000 }]));
    expect(staleStretches(late)).toEqual([{ client: 'client-1', token: 33, startMs: 21_000, endMs: 22_400 }]);
  });

  /** The lookup as it was (a search of every lease per belief, quadratic on a dense run): the reference. */
  function reference(t: Trace) {
    const out: { client: string; token: number; startMs: number; endMs: number }[] = [];
    for (const b of t.beliefs) {
      const lease = t.leases.find((l) => l.holder === b.client && l.token === b.token && l.startMs <= b.startMs);
      if (!lease || lease.endReason === 'run-ended') continue;
      const start = Math.max(lease.endMs, b.startMs);
      if (start < b.endMs) out.push({ client: b.client, token: b.token, startMs: start, endMs: b.endMs });
    }
    return out;
  }

  /** mulberry32: the same generated cases on every run. */
  function rng(seedN: number): () => number {
    let a = seedN >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let x = Math.imul(a ^ (a >>> 15), 1 | a);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
  }

  it('equals the per-belief search of every lease on every built-in, with generated pauses, and on generated leases and beliefs (issue 43)', () => {
    const r = rng(43);
    let stretches = 0;
    for (const s of ALL_BUILT_IN_SCENARIOS) {
      const base = loadBuiltIn(s.id);
      const clients = base.clients.map((c) => c.id);
      for (let k = 0; k < 4; k++) {
        const pauses = k === 0 ? [] : Array.from({ length: k }, () => ({ kind: 'pause' as const, client: clients[Math.floor(r() * clients.length)]!, atMs: Math.floor(r() * (base.durationMs ?? 30_000)), forMs: 500 + Math.floor(r() * 15_000) }));
        const tr = simulate(applyInterventions(base, pauses));
        const got = staleStretches(tr);
        expect(got, `${s.id} with ${JSON.stringify(pauses)}`).toEqual(reference(tr));
        stretches += got.length;
      }
    }
    expect(stretches).toBeGreaterThan(10);
    // (The simulator records leases in order of start: the lookup relies on it.)
    for (const s of ALL_BUILT_IN_SCENARIOS) {
      const starts = simulate(loadBuiltIn(s.id)).leases.map((l) => l.startMs);
      expect(starts, s.id).toEqual([...starts].sort((a, b) => a - b));
    }
    // Leases that share a holder and token (random tokens repeat), in order of start as the simulator records them, and beliefs before, among and after them.
    for (let k = 0; k < 200; k++) {
      const holders = ['client-1', 'client-2'];
      const leases = Array.from({ length: 1 + Math.floor(r() * 12) }, () => {
        const startMs = Math.floor(r() * 1000);
        return { holder: holders[Math.floor(r() * 2)]!, token: 1 + Math.floor(r() * 3), startMs, endMs: startMs + Math.floor(r() * 400), endReason: r() < 0.2 ? 'run-ended' : 'expired' };
      }).sort((a, b) => a.startMs - b.startMs);
      const beliefs = Array.from({ length: Math.floor(r() * 12) }, () => {
        const startMs = Math.floor(r() * 1200);
        return { client: holders[Math.floor(r() * 2)]!, token: 1 + Math.floor(r() * 3), startMs, endMs: startMs + Math.floor(r() * 600) };
      });
      const generated = { ...trace, leases, beliefs } as unknown as Trace;
      expect(staleStretches(generated), JSON.stringify(generated.leases)).toEqual(reference(generated));
    }
  });
});
