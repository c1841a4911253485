import { describe, expect, it } from 'vitest';
import { loadBuiltInScenario, loadedBuiltIn } from '../scenarios';
import { createLabStore } from './store';
import { clientStatusAt, liveLeaseAt } from './derive';

const SEED_LOG = [
  "stored 'from client 1' with token 33",
  "stored 'from client 2' with token 34",
  "rejected 'late write from client 1' (token 33 < 34)",
];

describe('createLabStore', () => {
  it('opens the seed by default, at 0, paused, at 1x, with its trace', () => {
    const s = createLabStore().getState();
    expect(s.baseId).toBe('seed-gc-pause');
    expect(s.playheadMs).toBe(0);
    expect(s.playing).toBe(false);
    expect(s.speed).toBe(1);
    expect(s.trace.storageLog).toEqual(SEED_LOG);
    expect(s.scenario).toBe(s.base);
  });

  it('gives every explainer its own state', async () => {
    await loadBuiltInScenario('seed-gc-pause-unfenced');
    const a = createLabStore();
    const b = createLabStore({ scenarioId: 'seed-gc-pause-unfenced' });
    a.getState().stepNext();
    expect(a.getState().playheadMs).toBe(100);
    expect(b.getState().playheadMs).toBe(0);
    expect(b.getState().trace.storageLog.at(-1)).toBe("stored 'late write from client 1' with token 33");
  });

  it('steps between events, restarts and jumps to the end', () => {
    const store = createLabStore();
    const s = () => store.getState();
    s().stepNext();
    s().stepNext();
    expect(s().playheadMs).toBe(200);
    s().stepPrev();
    expect(s().playheadMs).toBe(100);
    s().toEnd();
    expect(s().playheadMs).toBe(21_600);
    s().stepNext();
    expect(s().playheadMs).toBe(21_600);
    s().restart();
    expect(s().playheadMs).toBe(0);
    s().seek(99_999);
    expect(s().playheadMs).toBe(21_600);
    s().seek(-5);
    expect(s().playheadMs).toBe(0);
  });

  it('plays with wall time, skips hidden-tab gaps and stops at the end', () => {
    const store = createLabStore();
    const s = () => store.getState();
    s().tick(100);
    expect(s().playheadMs).toBe(0); // not playing: ticks do nothing
    s().play();
    s().tick(100);
    const after = s().playheadMs;
    expect(after).toBeGreaterThan(0);
    s().tick(5000); // a hidden tab
    expect(s().playheadMs).toBe(after);
    s().setSpeed(4);
    for (let i = 0; i < 2000 && s().playing; i++) s().tick(16);
    expect(s().playing).toBe(false);
    expect(s().playheadMs).toBe(21_600);
    s().togglePlay(); // from the end: starts again
    expect(s().playing).toBe(true);
    expect(s().playheadMs).toBe(0);
  });

  it('adds a pause at the playhead, recomputes the trace, and undoes it', () => {
    const store = createLabStore();
    const s = () => store.getState();
    s().stepNext(); // 0.1 s: the lease service grants token 33
    s().setPauseForMs(12_000);
    s().pauseClient('client-1');
    expect(s().interventions).toEqual([{ kind: 'pause', client: 'client-1', atMs: 101, forMs: 12_000 }]);
    expect(s().trace.storageLog).toEqual([
      "stored 'from client 2' with token 34",
      "rejected 'from client 1' (token 33 < 34)",
      "rejected 'late write from client 1' (token 33 < 34)",
    ]);
    // Paused, the playhead moves on to the pause's start (1 ms later), where client 1 reads as paused.
    expect(s().playheadMs).toBe(101);
    s().undo();
    expect(s().interventions).toEqual([]);
    expect(s().trace.storageLog).toEqual(SEED_LOG);
    expect(s().undoStack).toEqual([]);
  });

  it('shows a fault\'s effect at once when paused: the crashed client, the lease gone, nothing left to expire', () => {
    const store = createLabStore();
    const s = () => store.getState();
    s().seek(400);
    s().crashClient('client-1');
    expect(clientStatusAt(s().trace, 'client-1', s().playheadMs).phase).toBe('crashed');
    s().undo();
    s().seek(400);
    expect(liveLeaseAt(s().trace, s().playheadMs)).toBeDefined();
    s().expireLeaseNow();
    // The lease it expired is over at the playhead, so "Expire lease now" (disabled without a live
    // lease) cannot stack a second expiry on the same moment.
    expect(liveLeaseAt(s().trace, s().playheadMs)).toBeUndefined();
    expect(s().interventions).toEqual([{ kind: 'expireLease', atMs: 401 }]);
  });

  it('leaves the playhead where it is while playing', () => {
    const store = createLabStore();
    const s = () => store.getState();
    s().seek(400);
    s().play();
    s().crashClient('client-1');
    expect(s().playheadMs).toBe(400);
  });

  it('pausing client 2 before its grant opens the first-write window', () => {
    const store = createLabStore();
    const s = () => store.getState();
    s().seek(2000);
    s().pauseClient('client-2', 20_000);
    expect(s().interventions[0]).toEqual({ kind: 'pause', client: 'client-2', atMs: 2001, forMs: 20_000 });
    expect(s().trace.storageLog).toEqual([
      "stored 'from client 1' with token 33",
      "stored 'late write from client 1' with token 33",
      "stored 'from client 2' with token 34",
    ]);
  });

  it('crashes a client, expires the lease, and removes an intervention undoably', () => {
    const store = createLabStore({ scenarioId: 'seed-gc-pause-unfenced' });
    const s = () => store.getState();
    s().seek(500);
    s().crashClient('client-1');
    expect(s().trace.storageLog).toEqual(["stored 'from client 1' with token 33", "stored 'from client 2' with token 34"]);
    s().expireLeaseNow();
    expect(s().interventions.map((i) => i.kind)).toEqual(['crash', 'expireLease']);
    // The crash is an event at 0.5 s now, so the expiry goes 1 ms after it.
    expect(s().trace.leases[0]).toMatchObject({ token: 33, endMs: 501, endReason: 'revoked' });
    s().removeIntervention(0);
    expect(s().interventions.map((i) => i.kind)).toEqual(['expireLease']);
    s().undo();
    expect(s().interventions.map((i) => i.kind)).toEqual(['crash', 'expireLease']);
  });

  it('switches the token check for the whole run, leaving no chip when switched back', () => {
    const store = createLabStore();
    const s = () => store.getState();
    s().setFencing('off');
    expect(s().scenario.storage.fencing).toBe('off');
    expect(s().trace.storageLog.at(-1)).toBe("stored 'late write from client 1' with token 33");
    expect(s().interventions).toEqual([{ kind: 'fencing', fencing: 'off' }]);
    s().setFencing('token');
    expect(s().interventions).toEqual([]);
    expect(s().trace.storageLog).toEqual(SEED_LOG);
    const depth = s().undoStack.length;
    s().setFencing('token'); // no change: nothing to undo
    expect(s().undoStack.length).toBe(depth);
  });

  it('a playhead at the end stays at the end when the run gets longer or shorter', () => {
    const store = createLabStore();
    const s = () => store.getState();
    s().seek(500);
    s().crashClient('client-1');
    s().toEnd();
    expect(s().playheadMs).toBe(20_100);
    s().undo();
    expect(s().playheadMs).toBe(21_600);
    s().seek(700);
    s().crashClient('client-1');
    expect(s().playheadMs).toBe(700);
  });

  it('opening another scenario clears interventions and undo and rewinds', async () => {
    const store = createLabStore();
    const s = () => store.getState();
    s().seek(5000);
    s().crashClient('client-2');
    await s().openBuiltIn('seed-gc-pause-unfenced');
    expect(s().baseId).toBe('seed-gc-pause-unfenced');
    expect(s().interventions).toEqual([]);
    expect(s().undoStack).toEqual([]);
    expect(s().playheadMs).toBe(0);
  });
});

describe('opening built-ins whose module is not loaded yet', () => {
  it('createLabStore names the missing step instead of opening the wrong scenario', () => {
    expect(loadedBuiltIn('keepalive-holds')).toBeUndefined();
    expect(() => createLabStore({ scenarioId: 'keepalive-holds' })).toThrow('await loadBuiltInScenario("keepalive-holds") first');
    expect(() => createLabStore({ scenarioId: 'nope' })).toThrow('unknown built-in scenario "nope"');
  });

  it('openBuiltIn loads the module, then opens it', async () => {
    const store = createLabStore();
    expect(loadedBuiltIn('crash-holder')).toBeUndefined();
    const opening = store.getState().openBuiltIn('crash-holder');
    expect(store.getState().baseId).toBe('seed-gc-pause');
    await opening;
    expect(store.getState().baseId).toBe('crash-holder');
    expect(store.getState().base.title).toBe('Client 1 crashes while holding the lock; the lease frees it');
  });

  it('a later open wins over a built-in still loading', async () => {
    await loadBuiltInScenario('seed-gc-pause-unfenced');
    const store = createLabStore();
    expect(loadedBuiltIn('slow-clock')).toBeUndefined();
    const slow = store.getState().openBuiltIn('slow-clock');
    await store.getState().openBuiltIn('seed-gc-pause-unfenced');
    await slow;
    expect(store.getState().baseId).toBe('seed-gc-pause-unfenced');
  });

  it('rejects an unknown id and leaves the run as it was', async () => {
    const store = createLabStore();
    await expect(store.getState().openBuiltIn('nope')).rejects.toThrow('unknown built-in scenario "nope"');
    expect(store.getState().baseId).toBe('seed-gc-pause');
  });
});
