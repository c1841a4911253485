/** The "Try to break it" form as data: seconds lists, draft ↔ schedule space, delayable messages. */
import { describe, expect, it } from 'vitest';
import {
  draftFromSpace,
  formatSeconds,
  messageChoices,
  messageKey,
  parseSecondsList,
  spaceFromDraft,
  spaceSizes,
} from '../../src/breakit/space-form';
import { countSchedules, defaultScheduleSpace, MAX_SCHEDULES } from '../../src/explorer/space';
import { ALL_BUILT_IN_SCENARIOS } from '../../src/scenarios/all';
import { loadBuiltIn } from '../../src/store/initial-state';

const seed = loadBuiltIn('seed-gc-pause');

describe('seconds lists', () => {
  it('reads seconds into sorted whole ms without duplicates', () => {
    expect(parseSecondsList('1, 0.5;2  1 0.001', 0)).toEqual({ ok: true, ms: [1, 500, 1000, 2000] });
    expect(formatSeconds(1001)).toBe('1.001');
    expect(formatSeconds(20_000)).toBe('20');
  });

  it('names what is wrong', () => {
    expect(parseSecondsList('1, soon', 0)).toEqual({ ok: false, error: { key: 'breakit.error.notNumber', values: { value: 'soon' } } });
    expect(parseSecondsList('-1', 0)).toEqual({ ok: false, error: { key: 'breakit.error.notNumber', values: { value: '-1' } } });
    expect(parseSecondsList('0', 1)).toEqual({ ok: false, error: { key: 'breakit.error.range', values: { value: '0', min: '0.001', max: 600 } } });
    expect(parseSecondsList('601', 0)).toMatchObject({ ok: false, error: { key: 'breakit.error.range' } });
    expect(parseSecondsList(' , ', 0)).toEqual({ ok: false, error: { key: 'breakit.error.empty' } });
    expect(parseSecondsList(Array.from({ length: 1001 }, (_, i) => i / 10).join(','), 0)).toMatchObject({ ok: false, error: { key: 'breakit.error.tooMany' } });
  });
});

describe('draft and space', () => {
  it.each(ALL_BUILT_IN_SCENARIOS.map((s) => s.id))('the default space of %s survives the form unchanged', (id) => {
    const scenario = loadBuiltIn(id);
    const space = defaultScheduleSpace(scenario);
    const back = spaceFromDraft(draftFromSpace(space), space);
    expect(back).toEqual({ ok: true, space });
    expect(spaceSizes(space).total).toBe(countSchedules(space));
    // The suggested delayed message is one the form offers.
    if (space.delay) expect(messageChoices(scenario, space.delay).map(messageKey)).toContain(messageKey(space.delay));
  });

  it('no pausing client: start and length lists are not checked; no message: delays are not', () => {
    const space = defaultScheduleSpace(seed);
    const draft = { ...draftFromSpace(space), pauseClients: [], starts: 'junk', delayMessage: '', delays: 'junk' };
    expect(spaceFromDraft(draft, space)).toEqual({
      ok: true,
      space: { pauseClients: [], pauseStartsMs: [], pauseDurationsMs: [], delay: undefined, fencing: 'both', baseFaults: 'drop-pauses' },
    });
  });

  it('reports every bad field, and a space too large to run', () => {
    const space = defaultScheduleSpace(seed);
    const bad = spaceFromDraft({ ...draftFromSpace(space), starts: 'x', durations: '0', delays: '' }, space);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && Object.keys(bad.errors).sort()).toEqual(['delays', 'durations', 'starts']);
    const many = Array.from({ length: 1000 }, (_, i) => (i + 1) / 10).join(',');
    const huge = spaceFromDraft({ ...draftFromSpace(space), starts: many, durations: many }, space);
    expect(huge).toMatchObject({ ok: false, errors: { total: { key: 'breakit.error.tooManySchedules', values: { max: MAX_SCHEDULES } } } });
  });
});

describe('messageChoices', () => {
  it('lists the seed’s messages to and from the lease service and the storage, numbered per pair as delay faults count them', () => {
    const choices = messageChoices(seed);
    const writes = choices.filter((c) => c.kind === 'write');
    // Without its pause, client 1 writes twice before client 2 starts.
    expect(writes.map((c) => [c.from, c.to, c.nth])).toEqual([
      ['client-1', 'storage', 1],
      ['client-1', 'storage', 2],
      ['client-2', 'storage', 1],
    ]);
    expect(choices[0]).toMatchObject({ from: 'client-1', to: 'lease-service', nth: 1, kind: 'acquire' });
    expect(choices.every((c, i) => i === 0 || c.sentAtMs! >= choices[i - 1]!.sentAtMs!)).toBe(true);
  });

  it('adds the suggested message when the run without pauses does not send it', () => {
    // crash-holder: client 1 crashes before its second write, which a pause could still delay.
    const scenario = loadBuiltIn('crash-holder');
    const suggested = defaultScheduleSpace(scenario).delay!;
    expect(messageChoices(scenario).map(messageKey)).not.toContain(messageKey(suggested));
    const { from, to, nth } = suggested;
    expect(messageChoices(scenario, suggested).at(-1)).toStrictEqual({ from, to, nth, kind: undefined, sentAtMs: undefined });
  });
});
