/**
 * The time the texts following the playhead show (`shownMs`, issue 44): exact while paused; while
 * playing, moved on at most every SHOWN_EVERY_MS of wall-clock time, the same for every text in a
 * frame, and at once when the playhead goes back.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLabStore } from '../../store/store';
import { SHOWN_EVERY_MS, shownMs } from './playhead-hooks';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Wall-clock time as `performance.now` gives it, set by the test (ms). */
function wallClock(): { set: (ms: number) => void } {
  let now = 1000;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  return { set: (ms) => (now = ms) };
}

describe('shownMs', () => {
  it('is the playhead\'s own tenth of a second while paused, at every call', () => {
    wallClock();
    const store = createLabStore();
    expect(shownMs(store, 1234)).toBe(1200);
    expect(shownMs(store, 1251)).toBe(1300);
    expect(shownMs(store, 1349)).toBe(1300);
  });

  it('while playing, moves on at most every SHOWN_EVERY_MS of wall time, the same for every caller in a frame', () => {
    const wall = wallClock();
    const store = createLabStore();
    store.getState().play();
    expect(shownMs(store, 1000)).toBe(1000);
    // Later frames within SHOWN_EVERY_MS: the same time shown, though the playhead's tenth changed.
    wall.set(1000 + SHOWN_EVERY_MS / 2);
    expect(shownMs(store, 1480)).toBe(1000);
    expect(shownMs(store, 1480)).toBe(1000);
    // Past it: the tenth reached, and every other text of the same frame gets the same.
    wall.set(1000 + SHOWN_EVERY_MS);
    expect(shownMs(store, 1730)).toBe(1700);
    wall.set(1000 + SHOWN_EVERY_MS + 5);
    expect(shownMs(store, 1730)).toBe(1700);
    // Paused: exact at once.
    store.getState().pause();
    expect(shownMs(store, 1790)).toBe(1800);
  });

  it('while playing, shows a playhead moved back, or forward by a second or more (a seek), at once', () => {
    const wall = wallClock();
    const store = createLabStore();
    store.getState().play();
    expect(shownMs(store, 5000)).toBe(5000);
    wall.set(1010);
    expect(shownMs(store, 2000)).toBe(2000);
    wall.set(1020);
    expect(shownMs(store, 2400)).toBe(2000);
    wall.set(1030);
    expect(shownMs(store, 17_020)).toBe(17_000);
  });

  it('another explainer asking gets its own exact tenth', () => {
    wallClock();
    const a = createLabStore();
    const b = createLabStore();
    a.getState().play();
    b.getState().play();
    expect(shownMs(a, 1000)).toBe(1000);
    expect(shownMs(b, 4321)).toBe(4300);
  });
});
