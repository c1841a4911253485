/**
 * Lost work (issue 18, finding 2): with more than 199 interventions on the seed (one fault of its
 * own), the learner's reload, share link and downloaded file were all refused ("expected at most 200
 * faults"), so the work was lost. Now the store makes no timed intervention past MAX_FAULTS faults
 * in all, and everything it writes reads back: the link (which is also what a reload opens), the
 * file, and reopening either gives the same interventions and trace.
 */
import { describe, expect, it } from 'vitest';
import { openingFor } from '../../src/library/restore';
import { scenarioFileText } from '../../src/library/scenario-file';
import { shareUrlFor } from '../../src/library/share-link';
import { parseLocation } from '../../src/links';
import { MAX_FAULTS, parseScenarioText } from '../../src/model';
import { faultsLeft } from '../../src/store/interventions';
import { loadSimulator } from '../../src/store/simulator';
import { createLabStore, type LabStore } from '../../src/store/store';

/** Makes `n` attempts at timed interventions at moving playheads: pauses, crashes, expiries in turn. */
function intervene(store: LabStore, n: number): void {
  for (let k = 0; k < n; k++) {
    const s = store.getState();
    s.seek((k * 137) % Math.max(1, s.trace.endMs));
    if (k % 3 === 0) store.getState().pauseClient(k % 2 === 0 ? 'client-1' : 'client-2', 100 + k);
    else if (k % 3 === 1) store.getState().expireLeaseNow();
    else store.getState().pauseClient('client-2', 200 + k);
  }
}

describe('interventions are capped so that what the app writes reads back', { timeout: 120_000 }, () => {
  it('makes at most MAX_FAULTS faults in all; the share link, the reload and the download all reopen them', async () => {
    await loadSimulator();
    const store = createLabStore();
    const own = store.getState().base.faults.length;
    expect(own).toBe(1);
    intervene(store, MAX_FAULTS + 5);
    const s = store.getState();
    expect(s.interventions.length).toBe(MAX_FAULTS - own);
    expect(s.scenario.faults.length).toBe(MAX_FAULTS);
    expect(faultsLeft(s.base, s.interventions)).toBe(0);
    // One more of each kind is refused and changes nothing (no undo step either).
    const undoDepth = s.undoStack.length;
    s.pauseClient('client-1');
    s.crashClient('client-2');
    s.expireLeaseNow();
    expect(store.getState().interventions).toBe(s.interventions);
    expect(store.getState().undoStack.length).toBe(undoDepth);
    // The token check is not a fault: it can still be switched.
    s.setFencing('off');
    expect(store.getState().interventions.length).toBe(MAX_FAULTS - own + 1);
    const full = store.getState();

    // The share link, which is also the URL a reload opens (url-sync writes exactly this).
    const url = shareUrlFor('https://example.org/fencing-lab/?lang=en', full);
    expect(url, 'the link is not too long to make').toBeDefined();
    const u = new URL(url!);
    const parsed = parseLocation(u.search, u.hash);
    expect(parsed.problems).toEqual([]);
    expect(parsed.customScenario?.faults.length).toBe(MAX_FAULTS);
    const fromLink = await openingFor(parsed.customScenario!);
    expect(fromLink.baseId).toBe('seed-gc-pause');
    expect(fromLink.interventions).toEqual(full.interventions);

    // The downloaded file.
    const read = parseScenarioText(scenarioFileText(full.scenario));
    expect(read.ok && read.scenario.faults.length).toBe(MAX_FAULTS);
    if (!read.ok) return;
    const fromFile = await openingFor(read.scenario);
    expect(fromFile.interventions).toEqual(full.interventions);

    // Reopened, the run is the same, and the store again refuses one more.
    const again = createLabStore();
    again.getState().openWith({ ...fromFile, atMs: 0 });
    expect(again.getState().trace.storageLog).toEqual(full.trace.storageLog);
    again.getState().pauseClient('client-1');
    expect(again.getState().interventions.length).toBe(full.interventions.length);
  });

  it('removing or undoing one makes room for one more', async () => {
    await loadSimulator();
    const store = createLabStore();
    intervene(store, MAX_FAULTS);
    expect(faultsLeft(store.getState().base, store.getState().interventions)).toBe(0);
    store.getState().removeIntervention(0);
    expect(faultsLeft(store.getState().base, store.getState().interventions)).toBe(1);
    store.getState().crashClient('client-1');
    expect(store.getState().interventions.length).toBe(MAX_FAULTS - 1);
    store.getState().undo();
    expect(faultsLeft(store.getState().base, store.getState().interventions)).toBe(1);
  });
});
