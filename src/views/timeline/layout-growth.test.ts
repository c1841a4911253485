/**
 * The timeline's layout grows at most as n log n in the events of a run (issue 43: a 300 s run of
 * keepalives every 100 ms froze the page for minutes, its arrows laid out against every other).
 * Generated runs: a stretch of 15 s of one random shape (one to three clients renewing every 0.1 to
 * 3 s, acquiring, writing, working, reading, releasing; pauses, partitions and delays in it) repeated
 * 2 to 40 times, up to ten minutes and 16,000 events. Each is laid out at one scale (the picture grows
 * with the run, as a story frame's zoom draws it), its arrows (`withMessages`) and every label
 * (`planLabels`), and the layout's elementary steps counted (`layoutOps`, `spatial.ts`: operation
 * counts, not timings): steps per n · log2(n) stay within twice the shortest run's of that shape
 * (quadratic work would grow with the number of stretches). And the issue's own links, drawn whole
 * at a laptop's and a phone's width, where the denser run is drawn coarser (`coarse.ts`). And runs of
 * dense writes (one to eight clients writing back to back or 100 ms apart, up to the 200 steps a
 * program holds, with pauses that make some writes stale or rejected), whose routine writes the
 * coarser level thins too.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../model/simulate';
import { parseScenario } from '../../model/validate';
import { MAX_SIMULATION_EVENTS, type ScenarioInput } from '../../model/scenario';
import { t } from '../../i18n';
import { layoutTimeline, type Geometry } from './geometry';
import type { Message, Trace } from '../../model/trace';
import { planLabels } from './label-plan';
import { roughMeasure } from './label-layout';
import { withMessages } from './message-geometry';
import { layoutOps } from './spatial';
import './marks-messages';
import { mulberry32 } from '../../model/sim/lease-service';

/** The model's deterministic PRNG (mulberry32): the same generated cases on every run. */
const rng = mulberry32;

/** One stretch of `PERIOD_MS` of a generated run, from `seed`: its clients' steps and its faults. */
const PERIOD_MS = 15_000;

/**
 * A run of `periods` stretches of one generated shape back to back (`seed` fixes the clients, their
 * renewals, their steps in a stretch and the stretch's faults): its work per stretch is alike, so the
 * layout's should be too, whatever the number of stretches.
 */
function generate(seed: number, periods: number, renewMs?: number): ScenarioInput {
  const r = rng(seed);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  // (Renewing every `renewMs` given: three clients that hold on, the busiest runs.)
  const clients = renewMs ? 3 : 1 + Math.floor(r() * 3);
  const renew = renewMs ?? pick([100, 200, 500, 1000, 3000]);
  const ids = Array.from({ length: clients }, (_, i) => `client-${i + 1}`);
  const faults: NonNullable<ScenarioInput['faults']> = [];
  const perPeriod = Math.floor(r() * 4);
  const shapes = Array.from({ length: perPeriod }, () => ({ at: Math.floor(r() * PERIOD_MS), client: pick(ids), kind: pick(['pause', 'partition', 'delay'] as const), forMs: 200 + Math.floor(r() * 6000), with: pick(['lease-service', 'storage', 'all'] as const), to: pick(['lease-service', 'storage']), nth: 1 + Math.floor(r() * 20) }));
  for (let k = 0; k < periods; k++) {
    for (const f of shapes) {
      const atMs = k * PERIOD_MS + f.at;
      if (f.kind === 'pause') faults.push({ kind: 'pause', client: f.client, atMs, forMs: f.forMs });
      else if (f.kind === 'partition') faults.push({ kind: 'partition', client: f.client, with: f.with, atMs, forMs: f.forMs });
      else faults.push({ kind: 'delay', from: f.client, to: f.to, nth: f.nth + k * 30, extraMs: f.forMs });
    }
  }
  const steps = ids.map(() => {
    const [a, b] = [Math.floor(r() * 5000), Math.floor(r() * 5000)];
    return [
      { op: 'acquire' as const },
      { op: 'write' as const, value: 'v' },
      { op: 'work' as const, ms: a },
      { op: 'read' as const },
      ...(renewMs ? [] : [{ op: 'release' as const }]),
      { op: 'work' as const, ms: Math.max(0, PERIOD_MS - 3000 - a - b) },
    ];
  });
  return {
    format: 'fencing-lab.scenario/v1',
    title: `generated ${seed} × ${periods}`,
    lease: { ttlMs: pick([2000, 5000, 10_000]) },
    durationMs: periods * PERIOD_MS,
    clients: ids.map((id, i) => ({ id, renewEveryMs: renew * (1 + i), program: Array.from({ length: periods }, () => steps[i]!).flat() })),
    faults,
  } as ScenarioInput;
}

/** The scale (px per ms) of a single stretch drawn whole on a laptop, kept for every length: the picture grows with the run. */
const SCALE = 630 / PERIOD_MS;

/** Simulates `input`, or `undefined` past the simulator's event budget. */
function run(input: ScenarioInput): Trace | undefined {
  const parsed = parseScenario(input);
  if (!parsed.ok) throw new Error(parsed.issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  try {
    return simulate(parsed.scenario);
  } catch (e) {
    if ((e as Error).name === 'SimulationLimitError') return undefined;
    throw e;
  }
}

/** The layout's steps for one trace and geometry: its arrows and every label. */
function opsOf(trace: Trace, g: Geometry): number {
  layoutOps.n = 0;
  planLabels(withMessages(g, trace), trace, t, roughMeasure);
  return layoutOps.n;
}

const nlogn = (n: number) => n * Math.log2(n);

describe("the timeline's layout work (issue 43)", () => {
  it(`grows at most as n log n in the events, for generated runs of up to ten minutes (the event budget: ${MAX_SIMULATION_EVENTS}), to scale`, { timeout: 600_000 }, () => {
    let largest = 0;
    let runs = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      let first: { n: number; ops: number } | undefined;
      // (Forty stretches of five steps are the most a program holds, 200 steps.)
      for (const k of seed > 6 ? [2, 4, 8, 16, 32, 40] : [2, 4, 8, 16, 32]) {
        const trace = run(generate(seed, k, seed > 6 ? 100 : undefined));
        if (!trace) break;
        const n = Math.max(2, trace.events.length);
        const ops = opsOf(trace, layoutTimeline(trace, undefined, 712, { pxPerMs: SCALE }));
        runs++;
        largest = Math.max(largest, n);
        first ??= { n, ops };
        // Steps per n log2 n no more than twice the shortest run's: quadratic work grows with the stretches.
        expect(ops / nlogn(n), `seed ${seed}, ${k} stretches: ${n} events, ${ops} steps (${first.n} events: ${first.ops})`).toBeLessThanOrEqual((2 * first.ops) / nlogn(first.n));
      }
    }
    expect(runs).toBeGreaterThan(30);
    // The largest: ten minutes of a lease renewed every 100 ms (one lock has one holder at a time),
    // as the issue's ten-minute link (18,000 events), a third of the budget.
    expect(largest).toBeGreaterThan(MAX_SIMULATION_EVENTS / 4);
  });

  it("stays near-linear for the issue's links drawn whole at a laptop's width (30 s to 10 minutes of keepalives every 100 ms): the coarser level", () => {
    let first: { n: number; ops: number } | undefined;
    for (const durationMs of [30_000, 60_000, 120_000, 300_000, 600_000]) {
      const trace = run({
        format: 'fencing-lab.scenario/v1',
        title: 'keepalive',
        lease: { ttlMs: 10_000 },
        durationMs,
        clients: [{ id: 'client-1', renewEveryMs: 100, program: [{ op: 'acquire' }, { op: 'write', value: 'v' }, { op: 'work', ms: 600_000 }] }],
      })!;
      const n = trace.events.length;
      const ops = opsOf(trace, layoutTimeline(trace, undefined, 712)) + opsOf(trace, layoutTimeline(trace, undefined, 360));
      first ??= { n, ops };
      expect(ops / nlogn(n), `${durationMs} ms: ${n} events, ${ops} steps`).toBeLessThanOrEqual((2 * first.ops) / nlogn(first.n));
    }
  });

  /**
   * A generated run of dense writes from `seed`: `clients` clients each acquiring, then writing
   * `writes` times (back to back, or `gapMs` apart), some paused long enough that their lease ends
   * under them (their later writes stale or rejected).
   */
  function denseWrites(seed: number, writes: number): ScenarioInput {
    const r = rng(seed);
    const clients = 1 + Math.floor(r() * 8);
    const gapMs = [0, 100][Math.floor(r() * 2)]!;
    const ttlMs = [2000, 5000, 10_000][Math.floor(r() * 3)]!;
    const ids = Array.from({ length: clients }, (_, i) => `client-${i + 1}`);
    const faults: NonNullable<ScenarioInput['faults']> = ids.filter(() => r() < 0.5).map((client) => ({ kind: 'pause', client, atMs: 200 + Math.floor(r() * 20_000), forMs: ttlMs + Math.floor(r() * 5000) }));
    return {
      format: 'fencing-lab.scenario/v1',
      title: `dense writes ${seed} × ${writes}`,
      lease: { ttlMs },
      durationMs: 300_000,
      clients: ids.map((id) => ({
        id,
        renewEveryMs: Math.floor(ttlMs / 3),
        program: [{ op: 'acquire' as const }, ...Array.from({ length: writes }, () => (gapMs ? [{ op: 'write' as const, value: 'v' }, { op: 'work' as const, ms: gapMs }] : [{ op: 'write' as const, value: 'v' }])).flat()].slice(0, 200),
      })),
      faults,
    } as ScenarioInput;
  }

  /**
   * Lays out the runs `make(seed, size)` for each seed and size (sizes ascending) at a laptop's and a
   * phone's plot width, and expects each seed's work to grow at most as n log n from its smallest run
   * (within 2×). Returns how many runs were laid out and at how many widths `thinned(gm)` held.
   */
  function expectNLogN(make: (seed: number, size: number) => ScenarioInput, seeds: readonly number[], sizes: readonly number[], thinned: (gm: ReturnType<typeof withMessages>) => boolean): { runs: number; thinned: number } {
    let runs = 0;
    let thinnedAt = 0;
    for (const seed of seeds) {
      let first: { n: number; ops: number } | undefined;
      for (const size of sizes) {
        const trace = run(make(seed, size));
        if (!trace) break;
        const n = Math.max(2, trace.events.length);
        let ops = 0;
        for (const width of [712, 360]) {
          layoutOps.n = 0;
          const gm = withMessages(layoutTimeline(trace, undefined, width), trace);
          planLabels(gm, trace, t, roughMeasure);
          ops += layoutOps.n;
          if (thinned(gm)) thinnedAt++;
        }
        runs++;
        first ??= { n, ops };
        expect(ops / nlogn(n), `seed ${seed}, size ${size} a client: ${n} events, ${ops} steps (${first.n} events: ${first.ops})`).toBeLessThanOrEqual((2 * first.ops) / nlogn(first.n));
      }
    }
    return { runs, thinned: thinnedAt };
  }

  it('stays near n log n for generated runs of dense writes (up to eight clients writing back to back), drawn whole at a laptop\'s and a phone\'s width: the coarser level thins routine writes', { timeout: 600_000 }, () => {
    const { runs, thinned } = expectNLogN(denseWrites, [11, 12, 13, 14], [12, 50, 199], (gm) => gm.coarse.drawnWrites < gm.coarse.writes);
    expect(runs).toBe(12);
    // (Thinned at most widths: the shortest runs at a laptop's width may draw every write.)
    expect(thinned).toBeGreaterThan(12);
  });

  it('never leaves out a write where the story changes, and draws each drawn write with its decision and reply (generated dense writes)', () => {
    let checked = 0;
    for (const seed of [11, 12, 13, 14, 15, 16]) {
      const trace = run(denseWrites(seed, 199))!;
      const decisionOf = new Map(trace.storage.map((d) => [d.messageId, d]));
      const outcome = (id: number) => {
        const d = decisionOf.get(id);
        return !d ? 'undecided' : !d.accepted ? 'rejected' : d.staleAccepted ? 'stale' : 'stored';
      };
      // Per client, its writes in order: the ones that must be drawn.
      const must = new Set<number>();
      const byClient = new Map<string, Message[]>();
      for (const m of trace.messages) if (m.kind === 'write') byClient.set(m.from, [...(byClient.get(m.from) ?? []), m]);
      for (const ws of byClient.values()) {
        ws.forEach((m, i) => {
          const prev = ws[i - 1];
          const changes = !prev || prev.token !== m.token || outcome(prev.id) !== outcome(m.id) || m.delayedMs + m.heldMs > 0 || outcome(m.id) === 'undecided';
          if (changes) must.add(m.id);
          if (changes && prev) must.add(prev.id);
        });
        must.add(ws.at(-1)!.id);
      }
      for (const width of [712, 360]) {
        const c = withMessages(layoutTimeline(trace, undefined, width), trace).coarse;
        const drawn = new Set(c.messages.filter((m) => m.kind === 'write').map((m) => m.id));
        expect([...must].filter((id) => !drawn.has(id)), `seed ${seed} at ${width} px`).toEqual([]);
        // Each drawn write's decision drawn, no other; each decision's reply drawn with it.
        expect(c.decisions).toEqual(trace.storage.filter((d) => drawn.has(d.messageId)));
        const replies = new Set(c.messages.filter((m) => m.kind === 'write-reply').map((m) => `${m.to}@${m.sentAtMs}`));
        const decided = new Set(c.decisions.map((d) => `${d.client}@${d.atMs}`));
        const allReplies = trace.messages.filter((m) => m.kind === 'write-reply');
        expect(allReplies.filter((m) => replies.has(`${m.to}@${m.sentAtMs}`) !== decided.has(`${m.to}@${m.sentAtMs}`))).toEqual([]);
        expect(c.drawnWrites).toBe(drawn.size);
        expect(c.writes).toBe(trace.messages.filter((m) => m.kind === 'write').length);
        if (c.drawnWrites < c.writes) checked++;
      }
    }
    expect(checked).toBeGreaterThan(8);
  });

  /**
   * A generated run of dense reads from `seed` (issue 43's review: eight clients reading back to back
   * froze the page): `clients` clients each acquiring, writing once, then reading `reads` times, with
   * fenced reads or not, some paused past their lease (their later reads refused, or served another
   * writer's data).
   */
  function denseReads(seed: number, reads: number): ScenarioInput {
    const r = rng(seed);
    const clients = 1 + Math.floor(r() * 8);
    const ttlMs = [1000, 2000, 5000][Math.floor(r() * 3)]!;
    const ids = Array.from({ length: clients }, (_, i) => `client-${i + 1}`);
    const faults: NonNullable<ScenarioInput['faults']> = ids.filter(() => r() < 0.5).map((client) => ({ kind: 'pause', client, atMs: 200 + Math.floor(r() * 5000), forMs: ttlMs + Math.floor(r() * 3000) }));
    return {
      format: 'fencing-lab.scenario/v1',
      title: `dense reads ${seed} × ${reads}`,
      lease: { ttlMs },
      storage: { fenceReads: r() < 0.5 },
      durationMs: 300_000,
      clients: ids.map((id) => ({
        id,
        renewEveryMs: Math.floor(ttlMs / 3),
        program: [{ op: 'acquire' as const }, { op: 'write' as const, value: id }, ...Array.from({ length: reads }, () => ({ op: 'read' as const }))].slice(0, 200),
      })),
      faults,
    } as ScenarioInput;
  }

  it('stays near n log n for generated runs of dense reads (up to eight clients reading back to back): the coarser level thins routine reads', { timeout: 600_000 }, () => {
    const { runs, thinned } = expectNLogN(denseReads, [21, 22, 23, 24], [12, 50, 198], (gm) => gm.coarse.drawnReads < gm.coarse.reads);
    expect(runs).toBe(12);
    expect(thinned).toBeGreaterThan(8);
  });

  it('never leaves out a read where what it returns changes, and draws each drawn read with its reply and mark, no other (generated dense reads)', () => {
    let checked = 0;
    for (const seed of [21, 22, 23, 24, 25, 26]) {
      const trace = run(denseReads(seed, 198))!;
      const answerOf = new Map((trace.reads ?? []).map((a) => [a.messageId, a]));
      const shown = (m: Message) => {
        const a = answerOf.get(m.id);
        return !a ? 'unanswered' : `${m.token}|${a.served}|${a.writtenWith}`;
      };
      const must = new Set<number>();
      const byClient = new Map<string, Message[]>();
      for (const m of trace.messages) if (m.kind === 'read') byClient.set(m.from, [...(byClient.get(m.from) ?? []), m]);
      for (const rs of byClient.values()) {
        rs.forEach((m, i) => {
          const prev = rs[i - 1];
          const changes = !prev || shown(prev) !== shown(m) || m.delayedMs + m.heldMs > 0 || m.handledAtMs === undefined;
          if (changes) must.add(m.id);
          if (changes && prev) must.add(prev.id);
        });
        must.add(rs.at(-1)!.id);
      }
      for (const width of [712, 360]) {
        const c = withMessages(layoutTimeline(trace, undefined, width), trace).coarse;
        const drawn = new Set(c.messages.filter((m) => m.kind === 'read').map((m) => m.id));
        expect([...must].filter((id) => !drawn.has(id)), `seed ${seed} at ${width} px`).toEqual([]);
        // A read's reply and the storage's mark (the event whose message is the reply) drawn exactly when the read is.
        const drawnReplies = new Set(c.messages.filter((m) => m.kind === 'read-reply').map((m) => m.id));
        for (const a of trace.reads ?? []) {
          const mark = trace.events.find((e) => (e.kind === 'read-served' || e.kind === 'read-rejected') && e.atMs === a.atMs && e.peer === a.client && e.messageId !== undefined);
          expect(mark, `seed ${seed}: the mark of the read at ${a.atMs}`).toBeDefined();
          const replyDrawn = drawnReplies.has(mark!.messageId!);
          expect(replyDrawn).toBe(drawn.has(a.messageId));
          expect(c.thinnedReadReplies.has(mark!.messageId!)).toBe(!replyDrawn);
        }
        expect(c.drawnReads).toBe(drawn.size);
        expect(c.reads).toBe(trace.messages.filter((m) => m.kind === 'read').length);
        if (c.drawnReads < c.reads) checked++;
      }
    }
    expect(checked).toBeGreaterThan(4);
  });
});
