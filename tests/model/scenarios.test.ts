import { describe, expect, it } from 'vitest';
import { parseScenario, simulate, type Trace } from '../../src/model';
import { realSystemIdsFor } from '../../src/realsystems';
import { BUILT_IN_SCENARIOS, DEFAULT_SCENARIO_ID, findBuiltIn, findNarrationEvent, loadBuiltInScenario, loadedBuiltIn, narrationAt } from '../../src/scenarios';
import { ALL_BUILT_IN_SCENARIOS, builtInScenario } from '../../src/scenarios/all';
import { BUILT_IN_SUMMARIES } from '../../src/scenarios/summaries';

const LINK_SAFE_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The order the brief (issue 3) asks for. */
const EXPECTED_ORDER = [
  'seed-gc-pause',
  'seed-gc-pause-unfenced',
  'check-then-write',
  'network-delay',
  'first-write-window',
  'first-write-window-fenced-read',
  'keepalive-holds',
  'crash-holder',
  'slow-clock',
  'partition-lease-service',
  'random-tokens',
  'jepsen-three-clients',
  // Issue 12's lessons.
  'identity-cas',
  'zombie-unlock',
  'zombie-stale-read',
  'same-token-order',
  'lease-timer',
  'fence-per-object',
];

const traces = new Map<string, Trace>();
function traceOf(id: string): Trace {
  let t = traces.get(id);
  if (!t) {
    const parsed = parseScenario(builtInScenario(id)!.scenario);
    if (!parsed.ok) throw new Error(parsed.issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
    t = simulate(parsed.scenario);
    traces.set(id, t);
  }
  return t;
}

describe('built-in scenario registry', () => {
  it('lists the scenarios in the agreed order, default first', () => {
    expect(BUILT_IN_SCENARIOS.map((s) => s.id)).toEqual(EXPECTED_ORDER);
    expect(BUILT_IN_SCENARIOS[0]!.id).toBe(DEFAULT_SCENARIO_ID);
  });

  it('has unique, link-safe ids', () => {
    const ids = BUILT_IN_SCENARIOS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(LINK_SAFE_ID);
      expect(encodeURIComponent(id)).toBe(id);
    }
  });

  it('finds scenarios by id and nothing for an unknown id', () => {
    expect(findBuiltIn('network-delay')?.id).toBe('network-delay');
    expect(findBuiltIn('nope')).toBeUndefined();
  });

  it("holds each module's own title and summary, in the modules' order", () => {
    expect(BUILT_IN_SCENARIOS).toEqual(ALL_BUILT_IN_SCENARIOS.map((s) => ({ id: s.id, title: s.scenario.title })));
    expect(Object.entries(BUILT_IN_SUMMARIES)).toEqual(ALL_BUILT_IN_SCENARIOS.map((s) => [s.id, s.summary]));
  });

  it('loads each module on demand, once, and nothing for an unknown id', async () => {
    for (const meta of BUILT_IN_SCENARIOS) {
      const first = loadBuiltInScenario(meta.id);
      expect(loadBuiltInScenario(meta.id)).toBe(first);
      expect(await first).toBe(builtInScenario(meta.id));
      expect(loadedBuiltIn(meta.id)).toBe(builtInScenario(meta.id));
    }
    expect(await loadBuiltInScenario('nope')).toBeUndefined();
  });
});

describe.each(ALL_BUILT_IN_SCENARIOS.map((s) => [s.id, s] as const))('%s', (id, builtIn) => {
  it('parses, with a title, a description and an expected storage log', () => {
    const parsed = parseScenario(builtIn.scenario);
    if (!parsed.ok) throw new Error(parsed.issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
    expect(parsed.scenario.title.length).toBeGreaterThan(0);
    expect(parsed.scenario.description.length).toBeGreaterThan(0);
    expect(parsed.scenario.expect?.storageLog.length).toBeGreaterThan(0);
  });

  it('simulates to exactly its expected storage log', () => {
    expect(traceOf(id).storageLog).toEqual(builtIn.scenario.expect?.storageLog);
  });

  it('has a one-line summary and 1 to 3 things to try', () => {
    expect(builtIn.summary.trim().length).toBeGreaterThan(0);
    expect(builtIn.summary).not.toMatch(/\n/);
    expect(builtIn.tryThis.length).toBeGreaterThanOrEqual(1);
    expect(builtIn.tryThis.length).toBeLessThanOrEqual(3);
    for (const hint of builtIn.tryThis) expect(hint.trim().length).toBeGreaterThan(0);
  });

  it('matches every narration step to an event of its trace, in story order', () => {
    const { events } = traceOf(id);
    expect(builtIn.narration.length).toBeGreaterThan(0);
    let lastId = -1;
    for (const step of builtIn.narration) {
      const event = findNarrationEvent(events, step.match);
      expect(event, `${step.title}: no event ${JSON.stringify(step.match)}`).toBeDefined();
      expect(event!.id, `${step.title} is out of story order`).toBeGreaterThan(lastId);
      lastId = event!.id;
      expect(step.title.trim().length).toBeGreaterThan(0);
      expect(step.text.trim().length).toBeGreaterThan(0);
    }
  });

  it('gives the true simulated time in captions that start with "At N s"', () => {
    const { events } = traceOf(id);
    for (const step of builtIn.narration) {
      const m = /^At (\d+(?:\.\d+)?) s\b/.exec(step.text);
      if (!m) continue;
      const event = findNarrationEvent(events, step.match)!;
      expect(Number(m[1]), step.title).toBe(event.atMs / 1000);
    }
  });

  it('names at least one real system', () => {
    expect(realSystemIdsFor(id).length).toBeGreaterThan(0);
  });
});

describe('narration matching', () => {
  const { events } = traceOf('seed-gc-pause');

  it('counts nth per kind and actor, from 1', () => {
    expect(findNarrationEvent(events, { kind: 'write-accepted', actor: 'storage' })?.value).toBe('from client 1');
    expect(findNarrationEvent(events, { kind: 'write-accepted', actor: 'storage', nth: 2 })?.value).toBe('from client 2');
    expect(findNarrationEvent(events, { kind: 'lease-granted', nth: 2 })?.token).toBe(34);
    expect(findNarrationEvent(events, { kind: 'write-accepted', actor: 'client-1' })).toBeUndefined();
    expect(findNarrationEvent(events, { kind: 'write-accepted', nth: 3 })).toBeUndefined();
  });

  it('shows, at a time, the step of the latest captioned event so far', () => {
    const narration = builtInScenario('seed-gc-pause')!.narration;
    expect(narrationAt(events, narration, 0)).toBeUndefined();
    expect(narrationAt(events, narration, 10_100)?.step.title).toBe('Client 2 gets token 34');
    expect(narrationAt(events, narration, 15_000)?.step.title).toBe('Client 2 writes with token 34');
    expect(narrationAt(events, narration, 600_000)?.step.title).toBe('The storage rejects the late write');
  });

  it('skips steps whose event no longer happens (e.g. after a fault is removed)', () => {
    const builtIn = builtInScenario('seed-gc-pause')!;
    const parsed = parseScenario({ ...builtIn.scenario, faults: [] });
    if (!parsed.ok) throw new Error('invalid');
    const trace = simulate(parsed.scenario);
    const active = narrationAt(trace.events, builtIn.narration, trace.endMs);
    expect(active).toBeDefined();
    expect(findNarrationEvent(trace.events, builtIn.narration[active!.index]!.match)).toBeDefined();
    expect(findNarrationEvent(trace.events, { kind: 'pause-started', actor: 'client-1' })).toBeUndefined();
  });
});

describe('the lessons the scenarios teach', () => {
  it('random-tokens fails both ways: the real holder is rejected and the stale one accepted', () => {
    const log = traceOf('random-tokens').storageLog;
    expect(log.some((l) => l.startsWith("rejected 'from client 2'"))).toBe(true);
    expect(log.some((l) => l.startsWith("stored 'late write from client 1'"))).toBe(true);
  });

  it('jepsen-three-clients has three clients who believe they hold the lock at the same moment', () => {
    const trace = traceOf('jepsen-three-clients');
    const at = 4_300;
    const believers = trace.beliefs.filter((b) => b.startMs <= at && at < b.endMs).map((b) => b.client);
    expect(believers.sort()).toEqual(['client-1', 'client-2', 'client-3']);
    const live = trace.leases.filter((l) => l.startMs <= at && at < l.endMs).map((l) => l.holder);
    expect(live).toEqual(['client-3']);
  });

  it('first-write-window lets the stale write in while client 2 holds the lock; the fenced read keeps it out', () => {
    const open = traceOf('first-write-window');
    const late = open.storage.find((d) => d.value === 'late write from client 1')!;
    const lease34 = open.leases.find((l) => l.token === 34)!;
    expect(late.accepted).toBe(true);
    expect(lease34.startMs).toBeLessThan(late.atMs);
    expect(late.atMs).toBeLessThan(lease34.endMs);
    expect(traceOf('first-write-window-fenced-read').storage.find((d) => d.value === 'late write from client 1')?.accepted).toBe(false);
  });

  it("slow-clock's check passes only because the clock is slow", () => {
    const passed = traceOf('slow-clock').events.filter((e) => e.kind === 'lease-check-passed');
    expect(passed).toHaveLength(2);
    const lease = traceOf('slow-clock').leases[0]!;
    expect(passed[1]!.atMs).toBeGreaterThan(lease.endMs);
  });
});
