/**
 * The library's pure parts: share-link state, restoring a built-in plus interventions from a whole
 * document, scenario file names and text, and the throttled URL writer.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeScenario, encodeScenario, parseLocation } from '../../src/links';
import { interventionsFrom, openingFor } from '../../src/library/restore';
import { readScenarioFile, readScenarioText, scenarioFileName, scenarioFileText } from '../../src/library/scenario-file';
import { linkStateFor, shareUrlFor } from '../../src/library/share-link';
import { startUrlSync } from '../../src/library/url-sync';
import { clearNotices, currentNotices, reportNotices } from '../../src/embed/notices';
import { parseScenario, simulate, toScenarioInput } from '../../src/model';
import { ALL_BUILT_IN_SCENARIOS } from '../../src/scenarios/all';
import { applyInterventions, createLabStore, loadBuiltIn, type Intervention } from '../../src/store';

const seed = loadBuiltIn('seed-gc-pause');
const PAUSE: Intervention = { kind: 'pause', client: 'client-1', atMs: 101, forMs: 12_000 };

describe('share link state', () => {
  it('a built-in with no interventions is ?scenario=ID&t=MS', () => {
    const s = { baseId: 'seed-gc-pause', interventions: [], scenario: seed, playheadMs: 10_100.4 };
    expect(linkStateFor(s)).toEqual({ scenario: { kind: 'builtin', id: 'seed-gc-pause' }, timeMs: 10_100 });
    expect(shareUrlFor('https://lab.example/fl/?lang=en#old', s)).toBe('https://lab.example/fl/?lang=en&scenario=seed-gc-pause&t=10100');
  });

  it('interventions put the whole effective scenario in #s= and the time in ?t=', () => {
    const scenario = applyInterventions(seed, [PAUSE]);
    const url = shareUrlFor('https://lab.example/', { baseId: 'seed-gc-pause', interventions: [PAUSE], scenario, playheadMs: 22_400 })!;
    expect(url).toMatch(/^https:\/\/lab\.example\/\?t=22400#s=[A-Za-z0-9+\-$]+$/);
    const parsed = parseLocation(new URL(url).search, new URL(url).hash);
    expect(parsed.problems).toEqual([]);
    expect(parsed.timeMs).toBe(22_400);
    expect(parsed.scenario).toEqual({ kind: 'custom', input: toScenarioInput(scenario) });
    expect(simulate(parsed.customScenario!).storageLog).toEqual(simulate(scenario).storageLog);
  });

  it('a custom scenario always travels whole', () => {
    const custom = { ...seed, title: 'My own' };
    const state = linkStateFor({ baseId: null, interventions: [], scenario: custom, playheadMs: 0 });
    expect(state).toEqual({ scenario: { kind: 'custom', input: toScenarioInput(custom) }, timeMs: 0 });
  });
});

describe('restoring a built-in plus interventions', () => {
  it.each(ALL_BUILT_IN_SCENARIOS.map((s) => s.id))('%s with a pause, a crash, an expiry and the check switched round-trips', async (id) => {
    const base = loadBuiltIn(id);
    const client = base.clients[0]!.id;
    const interventions: Intervention[] = [
      { kind: 'pause', client, atMs: 500, forMs: 3000 },
      { kind: 'crash', client, atMs: 9000 },
      { kind: 'expireLease', atMs: 700 },
      { kind: 'fencing', fencing: base.storage.fencing === 'token' ? 'off' : 'token' },
    ];
    const effective = applyInterventions(base, interventions);
    // As a link or an export carries it: the document, validated again.
    const reparsed = decodeScenario(encodeScenario(toScenarioInput(effective)));
    expect(reparsed.ok).toBe(true);
    if (!reparsed.ok) return;
    expect(interventionsFrom(base, reparsed.scenario)).toEqual(interventions);
    const opening = await openingFor(reparsed.scenario, 1234);
    expect(opening).toEqual({ baseId: id, base, interventions, atMs: 1234 });
  });

  it('the built-in as written comes back with no interventions', async () => {
    expect(await openingFor(seed)).toEqual({ baseId: 'seed-gc-pause', base: seed, interventions: [], atMs: 0 });
  });

  it('anything else opens as a custom scenario', async () => {
    const delayed = { ...seed, faults: [...seed.faults, { kind: 'delay' as const, from: 'client-1', to: 'storage', nth: 1, extraMs: 500 }] };
    expect(interventionsFrom(seed, delayed)).toBeUndefined(); // a delay is not an intervention
    const otherPause = { ...seed, faults: [{ ...seed.faults[0]!, forMs: 5000 }] };
    expect(interventionsFrom(seed, otherPause)).toBeUndefined(); // the built-in's own faults changed
    const renamed = { ...seed, title: 'Not a built-in' };
    expect(await openingFor(renamed)).toEqual({ baseId: null, base: renamed, interventions: [], atMs: 0 });
    const edited = { ...seed, lease: { ...seed.lease, ttlMs: 5000 } };
    expect((await openingFor(edited)).baseId).toBeNull();
  });
});

describe('share links carry the learner\'s setting changes', () => {
  const SETS: Intervention[] = [
    { kind: 'set', path: 'lease.ttlMs', value: 5000 },
    { kind: 'set', path: 'clients.client-1.checkLeaseBeforeWrite', value: true },
    { kind: 'set', path: 'faults.0.forMs', value: 8000 },
  ];

  it('a link with settings, a pause and the check off reopens as the built-in with the same changes and run', async () => {
    const interventions: Intervention[] = [...SETS, PAUSE, { kind: 'fencing', fencing: 'off' }];
    const scenario = applyInterventions(seed, interventions);
    const url = shareUrlFor('https://lab.example/', { baseId: 'seed-gc-pause', interventions, scenario, playheadMs: 9000 })!;
    expect(new URL(url).hash).toMatch(/&set=lease\.ttlMs:5000,clients\.client-1\.checkLeaseBeforeWrite:true,faults\.0\.forMs:8000$/);
    const parsed = parseLocation(new URL(url).search, new URL(url).hash);
    expect(parsed.problems).toEqual([]);
    expect(parsed.settings).toEqual(SETS.map((i) => (i.kind === 'set' ? { path: i.path, value: i.value } : undefined)));
    const opening = await openingFor(parsed.customScenario!, parsed.timeMs, parsed.settings);
    expect(opening).toEqual({ baseId: 'seed-gc-pause', base: seed, interventions, atMs: 9000 });
    expect(simulate(applyInterventions(seed, opening.interventions)).storageLog).toEqual(simulate(scenario).storageLog);
  });

  it('removing a scripted fault and a string setting travel too', async () => {
    const interventions: Intervention[] = [
      { kind: 'set', path: 'faults.0', value: null },
      { kind: 'set', path: 'lease.release', value: 'by-key' },
    ];
    const scenario = applyInterventions(seed, interventions);
    const url = new URL(shareUrlFor('https://lab.example/', { baseId: 'seed-gc-pause', interventions, scenario, playheadMs: 0 })!);
    const parsed = parseLocation(url.search, url.hash);
    expect((await openingFor(parsed.customScenario!, 0, parsed.settings)).interventions).toEqual(interventions);
  });

  it('names each bad setting in a link, opens with the good ones, and the run stays the link\'s', async () => {
    const scenario = applyInterventions(seed, [SETS[0]!]);
    const input = toScenarioInput(scenario);
    const bad = '&set=lease.ttlMs:5000,lease.ttlMs:abc,lease.ttlMs:1e3,network.nope:3,lease.ttlMs:1,storage.fenceReads:7,storage.fencing:maybe,lease.ttlMs:null,:4';
    const parsed = parseLocation('', `#s=${encodeScenario(input)}${bad}`);
    expect(parsed.problems.map((p) => [p.param, p.message])).toEqual([
      ['set', "set: lease.ttlMs has the value '1e3', which no setting takes; it is ignored."],
      ['set', "set: '' is not a setting's name; it is ignored."],
    ]);
    const opening = await openingFor(parsed.customScenario!, 0, parsed.settings);
    expect(opening.notices).toEqual([
      'set: lease.ttlMs takes a number, not abc; that change is ignored.',
      'set: this scenario has no setting network.nope; that change is ignored.',
      'set: lease.ttlMs must be from 100 to 600000, not 1; that change is ignored.',
      'set: storage.fenceReads takes true or false, not 7; that change is ignored.',
      'set: storage.fencing cannot be maybe; that change is ignored.',
      'set: lease.ttlMs cannot be removed; that change is ignored.',
    ]);
    expect(opening.baseId).toBe('seed-gc-pause');
    expect(opening.interventions).toEqual([SETS[0]]);
  });

  it('settings that do not match the link\'s scenario are named and it opens as the document says', async () => {
    const scenario = applyInterventions(seed, [SETS[0]!]);
    const opening = await openingFor(scenario, 0, [{ path: 'lease.ttlMs', value: 7000 }]);
    expect(opening.baseId).toBeNull();
    expect(opening.base).toBe(scenario);
    expect(opening.notices).toEqual([
      "set: the link's setting changes do not match its scenario; it opens as a custom scenario (the run is the one the link holds).",
    ]);
    expect(parseLocation('', '#set=lease.ttlMs:5000').problems.map((p) => p.message)).toEqual([
      'set: the link names setting changes but no scenario (#s=); they are ignored.',
    ]);
  });
});

describe('scenario files', () => {
  it('names the file after the title', () => {
    expect(scenarioFileName('Client 1 pauses for garbage collection')).toBe('client-1-pauses-for-garbage-collection.json');
    expect(scenarioFileName("Client 1's write is held up in the network, and client 1 crashes")).toBe(
      'client-1-s-write-is-held-up-in-the-network-and-client-1.json',
    );
    expect(scenarioFileName('Ünïcödé — Schlüssel')).toBe('unicode-schlussel.json');
    expect(scenarioFileName('!!!')).toBe('scenario.json');
  });

  it('writes the effective scenario as a complete document that reads back to the same run', () => {
    const effective = applyInterventions(seed, [PAUSE, { kind: 'fencing', fencing: 'off' }]);
    const text = scenarioFileText(effective);
    expect(text.endsWith('}\n')).toBe(true);
    const doc = JSON.parse(text);
    expect(doc.faults).toEqual([...seed.faults, { kind: 'pause', client: 'client-1', atMs: 101, forMs: 12_000 }]);
    expect(doc.storage.fencing).toBe('off');
    expect(doc.expect).toBeUndefined();
    const back = readScenarioText(text);
    expect(back.ok && simulate(back.scenario).storageLog).toEqual(simulate(effective).storageLog);
    expect(parseScenario(doc).ok).toBe(true);
  });

  it('names every problem by its field path', () => {
    const r = readScenarioText('{"format":"fencing-lab.scenario/v1","title":"x","lease":{"ttlMs":-1},"clients":[{"id":"c1","program":[{"op":"jump"}]}]}');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => i.path)).toEqual(expect.arrayContaining(['lease.ttlMs', 'clients[0].program[0].op']));
    const bad = readScenarioText('{"format": ');
    expect(!bad.ok && bad.issues[0]!.message).toMatch(/^not valid JSON/);
    const empty = readScenarioText('  ');
    expect(!empty.ok && empty.issues[0]!.message).toBe('Paste a scenario document first.');
  });

  it('says an empty file is empty (not "paste a document first", which is about the paste box)', async () => {
    const r = await readScenarioFile(new File(['\n  \n'], 'lesson.json', { type: 'application/json' }));
    expect(!r.ok && r.issues[0]!.message).toBe('the file is empty: it holds no scenario');
  });
});

describe('startUrlSync', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function fakeWindow(href = 'https://lab.example/?view=timeline') {
    const listeners: Record<string, (() => void)[]> = {};
    const win = {
      listeners,
      addEventListener: (type: string, l: () => void) => (listeners[type] ??= []).push(l),
      removeEventListener: (type: string, l: () => void) => (listeners[type] = (listeners[type] ?? []).filter((x) => x !== l)),
      location: {
        href,
        get search() {
          return new URL(win.location.href).search;
        },
        get hash() {
          return new URL(win.location.href).hash;
        },
      },
      history: {
        state: null,
        replaceState: vi.fn((_s: unknown, _t: string, url: string) => {
          win.location.href = url;
        }),
        pushState: vi.fn(),
      },
    };
    return win;
  }

  it('replaces (never pushes) the URL once a scrub has settled for 250 ms, with the last state', () => {
    const store = createLabStore();
    const win = fakeWindow();
    const stop = startUrlSync(store, win as unknown as Window);
    expect(win.history.replaceState).not.toHaveBeenCalled(); // the first URL stays until something changes
    // A drag along the scrubber: a move every 16 ms for 2 s writes nothing while it lasts...
    for (let ms = 100; ms <= 2000; ms += 16) {
      store.getState().seek(ms);
      vi.advanceTimersByTime(16);
    }
    expect(win.history.replaceState).not.toHaveBeenCalled();
    // ...and once, with where it stopped, 250 ms after the last move.
    vi.advanceTimersByTime(234);
    expect(win.history.replaceState).toHaveBeenCalledTimes(1);
    expect(win.location.href).toBe('https://lab.example/?view=timeline&scenario=seed-gc-pause&t=1988');
    store.getState().seek(3000);
    store.getState().seek(4000);
    vi.advanceTimersByTime(249);
    expect(win.history.replaceState).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(win.history.replaceState).toHaveBeenCalledTimes(2);
    expect(win.location.href).toBe('https://lab.example/?view=timeline&scenario=seed-gc-pause&t=4000');
    expect(win.history.pushState).not.toHaveBeenCalled();
    stop();
  });

  it('waits while playing and writes once playback stops; interventions move the scenario to #s=', () => {
    const store = createLabStore();
    const win = fakeWindow('https://lab.example/');
    const stop = startUrlSync(store, win as unknown as Window);
    store.getState().play();
    for (let i = 0; i < 50; i++) store.getState().tick(16);
    vi.advanceTimersByTime(1000);
    expect(win.history.replaceState).not.toHaveBeenCalled();
    store.getState().pause();
    vi.advanceTimersByTime(300);
    expect(win.history.replaceState).toHaveBeenCalledTimes(1);
    store.getState().seek(101);
    store.getState().pauseClient('client-1', 12_000);
    vi.advanceTimersByTime(300);
    const url = new URL(win.location.href);
    expect(url.searchParams.get('scenario')).toBeNull();
    expect(url.searchParams.get('t')).toBe('101');
    const parsed = parseLocation(url.search, url.hash);
    expect(simulate(parsed.customScenario!).storageLog).toEqual(store.getState().trace.storageLog);
    stop();
  });

  it('a link pasted over the current one (only #s= differs, no reload) opens its scenario', async () => {
    const store = createLabStore();
    const win = fakeWindow('https://lab.example/?t=0');
    const stop = startUrlSync(store, win as unknown as Window);
    const changed = applyInterventions(seed, [PAUSE]);
    win.location.href = shareUrlFor('https://lab.example/', { baseId: 'seed-gc-pause', interventions: [PAUSE], scenario: changed, playheadMs: 5000 })!;
    for (const l of win.listeners.hashchange ?? []) l();
    await vi.waitFor(() => expect(store.getState().interventions).toEqual([PAUSE]));
    expect(store.getState().baseId).toBe('seed-gc-pause');
    expect(store.getState().playheadMs).toBe(5000);
    stop();
    expect(win.listeners.hashchange).toEqual([]);
  });

  it("a new link read drops what was said about the last one, and keeps the other notices", async () => {
    clearNotices();
    reportNotices(['theme: expected light, dark or auto, got "blue"; ignored']);
    const store = createLabStore();
    const win = fakeWindow('https://lab.example/');
    const stop = startUrlSync(store, win as unknown as Window);
    win.location.href = 'https://lab.example/#s=garbage';
    for (const l of win.listeners.hashchange ?? []) l();
    await vi.waitFor(() => expect(currentNotices().length).toBe(2));
    const bad = currentNotices()[1]!;
    expect(bad).toMatch(/link/i);
    win.location.href = shareUrlFor('https://lab.example/', { baseId: 'seed-gc-pause', interventions: [PAUSE], scenario: applyInterventions(seed, [PAUSE]), playheadMs: 5000 })!;
    for (const l of win.listeners.hashchange ?? []) l();
    await vi.waitFor(() => expect(store.getState().interventions).toEqual([PAUSE]));
    expect(currentNotices()).toEqual(['theme: expected light, dark or auto, got "blue"; ignored']);
    stop();
    clearNotices();
  });

  it('a history that throws (a sandboxed frame) is skipped silently', () => {
    const store = createLabStore();
    const win = fakeWindow();
    win.history.replaceState.mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const stop = startUrlSync(store, win as unknown as Window);
    store.getState().seek(500);
    expect(() => vi.advanceTimersByTime(300)).not.toThrow();
    stop();
  });
});
