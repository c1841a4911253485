import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../model/validate';
import { simulate } from '../model/simulate';
import { loadBuiltIn } from './initial-state';
import {
  BUSY_RATE,
  LIGHT_RATE,
  QUIET_RATE,
  activityOf,
  advancePlayhead,
  buildWarp,
  eventTimes,
  lastEventIndexAt,
  nextEventTime,
  playbackRate,
  prevEventTime,
} from './playback';

const trace = simulate(loadBuiltIn('seed-gc-pause'));
const times = eventTimes(trace);

/** Plays a warp at ~60 frames a second and returns the wall ms it took. */
function playThrough(warp: ReturnType<typeof buildWarp>, speed: number): number {
  let playhead = 0;
  let wall = 0;
  for (let i = 0; i < 100_000; i++) {
    const r = advancePlayhead(warp, playhead, 1000 / 60, speed);
    wall += 1000 / 60;
    expect(r.playheadMs).toBeGreaterThanOrEqual(playhead);
    playhead = r.playheadMs;
    if (r.ended) return wall;
  }
  throw new Error('never ended');
}

describe('event times and stepping', () => {
  it('lists each instant once, ascending', () => {
    expect(times.slice(0, 6)).toEqual([0, 100, 200, 300, 400, 1000]);
    expect(times.at(-1)).toBe(21_600);
    expect(new Set(times).size).toBe(times.length);
  });

  it('steps to the next instant strictly after the playhead', () => {
    expect(nextEventTime(times, 0)).toBe(100);
    expect(nextEventTime(times, 150)).toBe(200);
    expect(nextEventTime(times, 199.9)).toBe(200);
    expect(nextEventTime(times, 2100)).toBe(10_100);
    expect(nextEventTime(times, 21_600)).toBeUndefined();
  });

  it('steps to the previous instant strictly before the playhead', () => {
    expect(prevEventTime(times, 200)).toBe(100);
    expect(prevEventTime(times, 10_100)).toBe(2100);
    expect(prevEventTime(times, 10_100.5)).toBe(10_100);
    expect(prevEventTime(times, 0)).toBeUndefined();
  });

  it('finds the last event at or before a time', () => {
    expect(lastEventIndexAt(trace, -1)).toBe(-1);
    expect(trace.events[lastEventIndexAt(trace, 10_100)]!.atMs).toBe(10_100);
    expect(trace.events[lastEventIndexAt(trace, 10_099)]!.atMs).toBe(2100);
  });
});

describe('playbackRate', () => {
  const activity = activityOf(trace);
  it('is slow while a message is in flight or an event is near', () => {
    expect(playbackRate(activity, 150)).toBe(BUSY_RATE); // the grant is in flight
    expect(playbackRate(activity, 10_100)).toBe(BUSY_RATE); // lease 33 expires
  });
  it('is fast in quiet stretches, such as the long wait for the TTL', () => {
    expect(playbackRate(activity, 6000)).toBe(QUIET_RATE);
    expect(playbackRate(activity, 15_000)).toBe(QUIET_RATE);
  });
  it('eases between the two', () => {
    const r = playbackRate(activity, 2220 + 250);
    expect(r).toBeGreaterThan(BUSY_RATE);
    expect(r).toBeLessThan(QUIET_RATE);
  });
  it('plays keepalive traffic at the light rate', () => {
    const file = join(import.meta.dirname, '..', '..', 'tests', 'cases', 'keepalive-holds.json');
    const parsed = parseScenario(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.ok) throw new Error('bad case');
    const a = activityOf(simulate(parsed.scenario));
    expect(playbackRate(a, 6300)).toBe(LIGHT_RATE); // keepalive at 6.2 s, renewal at 6.3 s
  });
});

describe('time warp and advancePlayhead', () => {
  const warp = buildWarp(activityOf(trace));

  it('is monotonic and its two directions invert each other', () => {
    let prev = -1;
    for (let ms = 0; ms <= trace.endMs; ms += 97) {
      const w = warp.toWall(ms);
      expect(w).toBeGreaterThan(prev);
      prev = w;
      expect(warp.toSim(w)).toBeCloseTo(ms, 3);
    }
  });

  it('plays the seed story in 10 to 15 s at 1x, and twice as fast at 2x', () => {
    const wall1 = playThrough(warp, 1);
    expect(wall1).toBeGreaterThan(10_000);
    expect(wall1).toBeLessThan(15_000);
    const wall2 = playThrough(warp, 2);
    expect(Math.abs(wall2 - wall1 / 2)).toBeLessThan(100);
  });

  it('plays every shared case in under a minute at 1x', () => {
    const dir = join(import.meta.dirname, '..', '..', 'tests', 'cases');
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
      const parsed = parseScenario(JSON.parse(readFileSync(join(dir, f), 'utf8')));
      if (!parsed.ok) throw new Error(f);
      const w = buildWarp(activityOf(simulate(parsed.scenario)));
      expect(w.totalWallMs, f).toBeLessThan(60_000);
      expect(w.totalWallMs, f).toBeGreaterThan(3000);
    }
  });

  it('skips wall gaps over 500 ms instead of replaying them', () => {
    expect(advancePlayhead(warp, 5000, 2000, 1)).toEqual({ playheadMs: 5000, ended: false });
    expect(advancePlayhead(warp, 5000, 16, 1).playheadMs).toBeGreaterThan(5000);
  });

  it('stops at the end of the trace', () => {
    expect(advancePlayhead(warp, 21_590, 400, 4)).toEqual({ playheadMs: 21_600, ended: true });
    expect(advancePlayhead(warp, 21_600, 16, 1)).toEqual({ playheadMs: 21_600, ended: true });
  });
});
