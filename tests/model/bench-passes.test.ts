import { describe, expect, it } from 'vitest';
import { medianOfPasses, type FrameStats } from '../bench/frames-bench';

/** A pass of a playback with the given figures (ms). */
const pass = (p95: number, over33: number, longFrames: number, label = 'play seed-gc-pause 8 s at 1x'): FrameStats => ({
  label,
  frames: 480 - over33,
  p50: 16.7,
  p95,
  p99: p95 * 2,
  over33,
  longFrames,
  longestMs: 50 + longFrames * 10,
  durationMs: 8000,
  playedTo: `${p95} s`,
});

describe('the frames bench over several passes', () => {
  it('gives each figure as the median of the passes, and keeps every pass', () => {
    const runs = [pass(33.3, 40, 3), pass(16.7, 12, 0), pass(50, 70, 6)];
    const m = medianOfPasses(runs);
    expect(m.p95).toBe(33.3);
    expect(m.over33).toBe(40);
    expect(m.longFrames).toBe(3);
    expect(m.frames).toBe(440);
    expect(m.passes).toEqual(runs);
    // The time played to is the middle pass's by p95.
    expect(m.playedTo).toBe('33.3 s');
  });

  it('takes each figure on its own: the median pass by p95 need not hold the median long frames', () => {
    const m = medianOfPasses([pass(16.7, 30, 4), pass(33.3, 10, 0), pass(33.4, 20, 1), pass(50, 90, 9)]);
    expect(m.p95).toBeCloseTo(33.35);
    expect(m.over33).toBe(25);
    expect(m.longFrames).toBe(2.5);
  });

  it('returns a single pass as it is, and refuses none', () => {
    const one = pass(20, 5, 0);
    expect(medianOfPasses([one])).toBe(one);
    expect(() => medianOfPasses([])).toThrow(/no pass/);
  });
});
