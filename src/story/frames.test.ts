import { describe, expect, it } from 'vitest';
import { simulate } from '../model';
import { normalizeScenario } from '../model/scenario';
import { ALL_BUILT_IN_SCENARIOS } from '../scenarios/all';
import { keyMoments } from './moments';
import { CUT_PX, MIN_CUT_MS, MIN_EVENT_GAP_PX, MIN_FRAME_MS, NARROW_PLOT_PX, changeFrame, frameOf, momentEvents, nextFrame, type Frame } from './frames';

/**
 * The gap (px) between two times `dMs` apart inside frame `f` drawn `plotPx` wide: to scale, or with
 * its cut drawn as a break {@link CUT_PX} wide (the time drawn is the frame less the cut).
 */
function drawnGapPx(f: Frame, dMs: number, plotPx: number): number {
  const toScale = (dMs * plotPx) / (f.endMs - f.startMs);
  if (!f.cut || !f.cutBounds) return toScale;
  return Math.max(toScale, (dMs * (plotPx - CUT_PX)) / (f.cutBounds.endMs - f.cutBounds.startMs - (f.cut.endMs - f.cut.startMs)));
}

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
        // Context events are kept only where they leave every two events far enough apart (with the
        // frame's cut drawn as a break where it has one).
        const distinct = [...new Set(f.eventIds.map((i) => trace.events[i]!.atMs))].sort((p, q) => p - q);
        if (f.eventIds.length > momentEvents(trace, m).core.length) {
          for (let k = 1; k < distinct.length; k++) {
            expect(drawnGapPx(f, distinct[k]! - distinct[k - 1]!, NARROW_PLOT_PX), at).toBeGreaterThanOrEqual(MIN_EVENT_GAP_PX);
          }
        }
        // A cut is a quiet stretch between the frame's events, at least as long as MIN_CUT_MS less its room.
        if (f.cut) {
          expect(f.cut.endMs - f.cut.startMs, at).toBeGreaterThan(MIN_CUT_MS / 2);
          for (const t of times) expect(t <= f.cut.startMs || t >= f.cut.endMs, `${at}: ${t} outside the cut`).toBe(true);
          for (const ends of [f, f.cutBounds!]) {
            expect(f.cut.startMs, at).toBeGreaterThan(ends.startMs);
            expect(f.cut.endMs, at).toBeLessThan(ends.endMs);
          }
          for (const t of times) expect(t >= f.cutBounds!.startMs && t <= f.cutBounds!.endMs, `${at}: ${t} inside the frame drawn with its cut`).toBe(true);
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
  it('frames the late write with the decision after it and the write it runs into; the wake-up 0.4 s before only where the plot is wide enough', () => {
    const late = moments.find((m) => m.kind === 'late-write')!;
    expect(frameOf(trace, late).eventIds.map((i) => trace.events[i]!.kind)).toEqual(['write-accepted', 'write-sent', 'write-rejected']);
    expect(frameOf(trace, late, 400).eventIds.map((i) => trace.events[i]!.kind)).toEqual(['write-accepted', 'pause-ended', 'write-sent', 'write-rejected']);
  });
  it('frames a lease\'s expiry with the grant that set its deadline (no keepalive came)', () => {
    const expiry = moments.find((m) => m.kind === 'expiry')!;
    const f = frameOf(trace, expiry);
    expect(f.eventIds.map((i) => trace.events[i]!.kind)).toEqual(['lease-granted', 'lease-expired']);
    expect(f.startMs).toBeLessThanOrEqual(100);
    expect(f.endMs).toBeGreaterThanOrEqual(10_100);
  });
});

describe("the climax: the late write's frame and the new holder's write", () => {
  const run = (id: string) => simulate(normalizeScenario(ALL_BUILT_IN_SCENARIOS.find((b) => b.id === id)!.scenario));
  /** The accepted write that set the storage's highest token before decision event `d`, read off the trace. */
  const setterOf = (trace: ReturnType<typeof run>, d: { id: number; highestBefore?: number | undefined }) =>
    trace.events.filter((x) => x.id < d.id && x.kind === 'write-accepted' && x.token === d.highestBefore).at(-1);

  it('the seed: the late write and its decision speak of client 2\'s stored 34, 11.2 s before: held with the quiet stretch between cut, 24 px apart', () => {
    const trace = run('seed-gc-pause');
    const moments = keyMoments(trace);
    const late = moments.find((m) => m.kind === 'late-write')!;
    const decision = moments.find((m) => m.kind === 'decision' && m.stopMs > late.stopMs)!;
    const rejected = trace.events.find((x) => x.kind === 'write-rejected')!;
    const setter = setterOf(trace, rejected)!;
    expect([setter.actor, setter.peer, setter.token]).toEqual(['storage', 'client-2', 34]);
    for (const m of [late, decision]) {
      expect(momentEvents(trace, m).context, `${m.kind}`).toContain(setter);
      // The rejected write's send and its decision are 100 ms apart: with 34 stored 11.2 s before in
      // the frame to scale, they would be 1.6 px apart at 176 px and 5.8 px at a laptop's 648 px;
      // the frame cuts the quiet stretch between (client 1 paused, client 2 holding its lease).
      for (const px of [NARROW_PLOT_PX, 648]) {
        const f = frameOf(trace, m, px);
        expect(f.eventIds, `${m.kind} at ${px} px`).toContain(setter.id);
        expect(f.cut!.startMs, `${m.kind} at ${px} px`).toBeGreaterThan(setter.atMs);
        expect(f.cut!.endMs, `${m.kind} at ${px} px`).toBeLessThan(rejected.atMs - 100);
        expect(drawnGapPx(f, 100, px), `${m.kind} at ${px} px`).toBeGreaterThanOrEqual(MIN_EVENT_GAP_PX);
        // Nothing the story speaks of happens in the cut but client 1's pause going on and client 2's lease.
        const inside = trace.events.filter((x) => x.atMs > f.cut!.startMs && x.atMs < f.cut!.endMs && x.kind !== 'keepalive-sent' && !x.kind.startsWith('lease-renew'));
        expect(inside.map((x) => x.kind), `${m.kind} at ${px} px`).not.toContain('write-sent');
      }
    }
  });

  it('where the new holder\'s write is near (the partition: 0.3 s before), the late write\'s frame holds it, apart at 176 px', () => {
    const trace = run('partition-lease-service');
    const moments = keyMoments(trace);
    const late = moments.find((m) => m.kind === 'late-write')!;
    const decision = moments.find((m) => m.kind === 'decision' && m.stopMs > late.stopMs)!;
    const rejected = trace.events.find((x) => x.id > late.eventId && x.kind === 'write-rejected')!;
    const setter = setterOf(trace, rejected)!;
    expect(setter.token).toBeGreaterThan(rejected.token!);
    for (const m of [late, decision]) {
      const f = frameOf(trace, m);
      expect(f.eventIds, m.kind).toContain(setter.id);
      const times = [...new Set(f.eventIds.map((i) => trace.events[i]!.atMs))].sort((a, b) => a - b);
      for (let k = 1; k < times.length; k++) expect(((times[k]! - times[k - 1]!) * NARROW_PLOT_PX) / (f.endMs - f.startMs)).toBeGreaterThanOrEqual(MIN_EVENT_GAP_PX);
    }
  });

  it('the three clients: the first late write\'s frame holds the write it runs into at 648 px, not at 176', () => {
    const trace = run('jepsen-three-clients');
    const late = keyMoments(trace).find((m) => m.kind === 'late-write')!;
    const setter = momentEvents(trace, late).context.find((x) => x.kind === 'write-accepted')!;
    expect(setter).toBeDefined();
    expect(frameOf(trace, late, 648).eventIds).toContain(setter.id);
    expect(frameOf(trace, late).eventIds).not.toContain(setter.id);
  });

  it('a decision on a write that is not late speaks of no earlier write', () => {
    const trace = run('seed-gc-pause');
    for (const m of keyMoments(trace).filter((x) => x.kind === 'decision' && x.stopMs < 21_000)) {
      expect(momentEvents(trace, m).context.filter((x) => x.kind === 'write-accepted'), `decision at ${m.stopMs}`).toEqual([]);
    }
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
  it('a link rounded to tenths of a second after a moment opens its frame; never a moment still to come', () => {
    for (const m of moments) {
      const exact = nextFrame(undefined, trace, moments, m.stopMs, false)!;
      // As a `?t=` link gives it: the next tenth of a second at or after the stop.
      const link = Math.ceil(m.stopMs / 100) * 100;
      const later = moments.filter((x) => x.stopMs > m.stopMs && x.stopMs <= link);
      if (later.length === 0) expect(nextFrame(undefined, trace, moments, link, false), `t=${link}`).toEqual(exact);
      // Resting just past a moment at any other ms (a scrub), the moment is framed only where it is exactly there.
      if (later.length === 0 && link - m.stopMs > 1) expect(nextFrame(undefined, trace, moments, link - 1, false), `scrub at ${link - 1}`).toBeUndefined();
      // Just before a moment, the moment is not framed yet (its events are still to come).
      const before = nextFrame(undefined, trace, moments, m.stopMs - 50, false);
      if (before) expect(before.focus!.endMs).toBeLessThanOrEqual(m.stopMs - 50 + 100);
    }
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
