/**
 * What the screen-reader announcer and the events table say, on the seed (pure functions; the
 * pacing in real Chromium is in `tests/browser/a11y-features.test.ts`).
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/model/simulate';
import { loadBuiltIn } from '../../src/store/initial-state';
import { t } from '../../src/i18n';
import { announcementFor, pickAnnouncement, ROUTINE_EVENTS } from '../../src/views/a11y/announce';
import { eventRows } from '../../src/views/a11y/EventTable';
import '../../src/scenarios/all'; // every built-in loaded (first-write-window below)

const trace = simulate(loadBuiltIn('seed-gc-pause'));
const indexOf = (kind: string, atMs: number) => trace.events.findIndex((e) => e.kind === kind && e.atMs === atMs);

describe('pickAnnouncement', () => {
  it('names the key event of a stretch, not the keepalive traffic after it', () => {
    const rejected = indexOf('write-rejected', 21_500);
    expect(rejected).toBeGreaterThan(0);
    // From just before the rejection to the end of the run (replies, program end come after it).
    expect(pickAnnouncement(trace, rejected - 1, trace.events.length - 1)).toBe(rejected);
    // A stretch of keepalives only: the latest one.
    const routine = trace.events.map((e, i) => [e, i] as const).filter(([e]) => ROUTINE_EVENTS.has(e.kind));
    const [, last] = routine[routine.length - 1]!;
    expect(pickAnnouncement(trace, last - 1, last)).toBe(last);
    expect(pickAnnouncement(trace, 5, 5)).toBe(-1);
  });

  it('says the time and the title, and the caption in full when stepping', () => {
    const expired = indexOf('lease-expired', 10_100);
    expect(announcementFor(trace, expired, t, false)).toBe('10.1 s: Lease 33 expired.');
    expect(announcementFor(trace, expired, t, true)).toMatch(/^10\.1 s: .+\. .*Client 1 is paused and does not know\./);
  });
});

describe('eventRows', () => {
  it('lists every event up to the playhead with actor, title, token and decision', () => {
    const rows = eventRows(trace, trace.events.length - 1, t);
    expect(rows).toHaveLength(trace.events.length);
    const rejected = rows.find((r) => r.what === 'Rejected: token 33 < 34')!;
    expect(rejected).toMatchObject({ at: '21.5', actor: 'the storage', token: 33, decision: { text: 'rejected', ok: false } });
    expect(rows.find((r) => r.what === 'Stored with token 34')?.decision).toEqual({ text: 'accepted', ok: true });
    expect(eventRows(trace, -1, t)).toEqual([]);
  });

  it('shows a write stored although its writer no longer held the lease as "stored, but stale" with its own mark (issue 40)', () => {
    const fww = simulate(loadBuiltIn('first-write-window'));
    const rows = eventRows(fww, fww.events.length - 1, t);
    const stale = rows.filter((r) => r.decision?.stale);
    expect(stale).toEqual([expect.objectContaining({ at: '21.5', actor: 'the storage', what: 'Stale write stored', token: 33, decision: { text: 'stored, but stale', ok: false, stale: true } })]);
    // The new holder's write is a plain acceptance; so is the first.
    expect(rows.filter((r) => r.decision?.text === 'accepted').map((r) => [r.at, r.token])).toEqual([['0.3', 33], ['25.3', 34]]);
    // The announcer says it in the same words.
    const i = fww.events.findIndex((e) => e.kind === 'write-accepted' && e.atMs === 21_500);
    expect(announcementFor(fww, i, t, false)).toBe('21.5 s: Stale write stored.');
  });
});
