import { describe, expect, it } from 'vitest';
import { simulate } from '../../model';
import { normalizeScenario } from '../../model/scenario';
import { ALL_BUILT_IN_SCENARIOS } from '../../scenarios/all';
import { keyMoments } from '../../story/moments';
import { frameOf } from '../../story/frames';
import { CUT_PX, MIN_EVENT_GAP_PX } from '../../story/frame-constants';
import { frameCut, frameScale } from './frame-ease';
import { layoutTimeline } from './geometry';

const trace = simulate(normalizeScenario(ALL_BUILT_IN_SCENARIOS.find((b) => b.id === 'seed-gc-pause')!.scenario));
const moments = keyMoments(trace);
const climax = moments.find((m) => m.kind === 'late-write')!;
const stored34 = trace.events.find((e) => e.kind === 'write-accepted' && e.token === 34)!;
const rejected = trace.events.find((e) => e.kind === 'write-rejected')!;
const wake = trace.events.find((e) => e.kind === 'pause-ended')!;
/** The visible plot (px) of a 360 px phone and of a 1280x800 laptop's timeline. */
const PHONE = 242;
const LAPTOP = 712;

describe("frameCut: the climax's quiet middle drawn as a labelled break (issue 40, item 6)", () => {
  const f = frameOf(trace, climax);
  it('on a phone: the whole cut, so "stored 34" and "rejected 33 < 34" are in view together, every two events 24 px apart', () => {
    const cut = frameCut(trace.endMs, f, PHONE)!;
    expect(cut).toEqual(f.cut);
    const s = frameScale(trace.endMs, f, PHONE)!;
    const g = layoutTimeline(trace, undefined, PHONE, { pxPerMs: s, skip: [cut], breakPx: CUT_PX });
    expect(g.breaks).toHaveLength(1);
    // The frame, drawn, fits the view less the room kept at its ends (24 + 40 px).
    expect(g.x(f.cutBounds!.endMs) - g.x(f.cutBounds!.startMs)).toBeLessThanOrEqual(PHONE - 64 + 0.5);
    const xs = f.eventIds.map((i) => g.x(trace.events[i]!.atMs)).sort((a, b) => a - b);
    for (let i = 1; i < xs.length; i++) expect(xs[i]! - xs[i - 1]!).toBeGreaterThanOrEqual(MIN_EVENT_GAP_PX);
    expect(f.eventIds).toContain(stored34.id);
    expect(f.eventIds).toContain(rejected.id);
  });
  it('on a laptop: only the stretch where nothing happens, so the wake-up at 21.0 s stays to scale', () => {
    const cut = frameCut(trace.endMs, f, LAPTOP)!;
    expect(cut).toEqual(f.quietCut);
    expect(cut.endMs).toBeLessThan(wake.atMs);
    expect(trace.events.filter((e) => e.atMs > cut.startMs && e.atMs < cut.endMs)).toEqual([]);
    const g = layoutTimeline(trace, undefined, LAPTOP, { pxPerMs: frameScale(trace.endMs, f, LAPTOP)!, skip: [cut], breakPx: CUT_PX });
    expect(g.x(rejected.atMs) - g.x(wake.atMs)).toBeGreaterThanOrEqual(MIN_EVENT_GAP_PX * 4);
  });
  it('no break where the frame is drawn to scale with its events apart (the first grant; an expiry on a laptop)', () => {
    expect(frameCut(trace.endMs, frameOf(trace, moments[0]!), PHONE)).toBeUndefined();
    expect(frameCut(trace.endMs, frameOf(trace, moments.find((m) => m.kind === 'expiry')!), LAPTOP)).toBeUndefined();
  });
});
