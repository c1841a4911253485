import { describe, expect, it } from 'vitest';
import { simulate } from '../model/simulate';
import { loadedBuiltIn } from '../scenarios';
import { loadBuiltIn } from '../store/initial-state';
import { applyInterventions, type Intervention } from '../store/interventions';
import { narrationValidUntil, validNarrationAt } from './story';

const seed = loadBuiltIn('seed-gc-pause');
const narration = loadedBuiltIn('seed-gc-pause')!.narration;
const eventsWith = (interventions: Intervention[]) => simulate(applyInterventions(seed, interventions)).events;

describe('narrationValidUntil', () => {
  it('is unbounded with no intervention', () => {
    expect(narrationValidUntil([])).toBe(Infinity);
  });

  it('is the earliest timed intervention, whatever the order they were added in', () => {
    expect(
      narrationValidUntil([
        { kind: 'crash', client: 'client-2', atMs: 9000 },
        { kind: 'pause', client: 'client-1', atMs: 5000, forMs: 1000 },
        { kind: 'expireLease', atMs: 7000 },
      ]),
    ).toBe(5000);
  });

  it('is 0 once the token check is switched: the whole run changed', () => {
    expect(narrationValidUntil([{ kind: 'crash', client: 'client-2', atMs: 9000 }, { kind: 'fencing', fencing: 'off' }])).toBe(0);
  });
});

describe('validNarrationAt', () => {
  it('tells the story as written when nothing changed', () => {
    const events = eventsWith([]);
    const story = validNarrationAt(events, narration, [], 21_500);
    expect(story?.event.kind).toBe('write-rejected');
  });

  it('keeps the narration for events strictly before the earliest intervention', () => {
    // Client 2 crashes at 12 s: the story up to the grant of token 34 (10.1 s) still holds.
    const changed: Intervention[] = [{ kind: 'crash', client: 'client-2', atMs: 12_000 }];
    const events = eventsWith(changed);
    const before = validNarrationAt(events, narration, changed, 10_100);
    const asWritten = validNarrationAt(eventsWith([]), narration, [], 10_100);
    expect(before).toBeDefined();
    expect(before?.step).toBe(asWritten?.step);
    expect(before?.event.atMs).toBe(asWritten?.event.atMs);
  });

  it('hands over to the generated captions from the intervention on', () => {
    const changed: Intervention[] = [{ kind: 'crash', client: 'client-2', atMs: 12_000 }];
    const events = eventsWith(changed);
    const crashAt = events.find((e) => e.kind === 'crashed')!.atMs;
    expect(crashAt).toBe(12_000);
    expect(validNarrationAt(events, narration, changed, crashAt)).toBeUndefined();
    expect(validNarrationAt(events, narration, changed, 21_500)).toBeUndefined();
  });

  it('an event at exactly the intervention time is not narrated (it may have changed)', () => {
    // A pause added at 100 ms, the moment of the first grant.
    const changed: Intervention[] = [{ kind: 'pause', client: 'client-1', atMs: 100, forMs: 12_000 }];
    const events = eventsWith(changed);
    expect(validNarrationAt(events, narration, changed, 99)).toBeUndefined(); // nothing narrated yet
    expect(validNarrationAt(events, narration, changed, 100)).toBeUndefined();
  });

  it('switching the token check silences the narration for the whole run', () => {
    const changed: Intervention[] = [{ kind: 'fencing', fencing: 'off' }];
    const events = eventsWith(changed);
    for (const ms of [300, 10_100, 21_500]) expect(validNarrationAt(events, narration, changed, ms)).toBeUndefined();
  });

  it('is undefined before any event and with no narration', () => {
    expect(validNarrationAt(eventsWith([]), narration, [], -1)).toBeUndefined();
    expect(validNarrationAt(eventsWith([]), [], [], 21_500)).toBeUndefined();
  });
});
