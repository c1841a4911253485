/**
 * The chips that list a learner's setting changes name a choice by its words in the control, never
 * by the scenario file's raw value ("fenced", "from-request", "monotonic": found by a newcomer).
 */
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../../src/model/scenario';
import { ALL_BUILT_IN_SCENARIOS } from '../../src/scenarios/all';
import { choiceLabel, describeSetting } from '../../src/story/setting-label';
import { storyEn } from '../../src/story/locales/en';
import { addCatalogue, translate } from '../../src/i18n';
import { toolsEn } from '../../src/views/locales/en';
import type { Translate } from '../../src/teaching/captions';

addCatalogue('en', storyEn);
addCatalogue('en', toolsEn);
const tEn: Translate = (key, values) => translate(key, values);
const seed = normalizeScenario(ALL_BUILT_IN_SCENARIOS.find((b) => b.id === 'seed-gc-pause')!.scenario);

describe('setting chips name choices as their controls do', () => {
  it.each([
    ['storage.fencing', 'token', storyEn['settings.fencing.token']],
    ['storage.fencing', 'equality', storyEn['settings.fencing.equality']],
    ['storage.fencing', 'off', storyEn['settings.fencing.off']],
    ['lease.release', 'fenced', storyEn['settings.release.fenced']],
    ['lease.release', 'by-key', storyEn['settings.release.byKey']],
    ['storage.fencePer', 'lock', storyEn['settings.fencePer.lock']],
    ['storage.fencePer', 'key', storyEn['settings.fencePer.key']],
    ['lease.tokens', 'monotonic', storyEn['settings.tokens.monotonic']],
    ['lease.tokens', 'random', storyEn['settings.tokens.random']],
    ['clients.c1.leaseTimer', 'from-reply', storyEn['settings.timer.reply']],
    ['clients.c1.leaseTimer', 'from-request', storyEn['settings.timer.request']],
  ])('%s = %s', (path, value, words) => {
    const chip = describeSetting(path, value, seed, tEn);
    expect(chip.endsWith(`: ${words}`)).toBe(true);
  });

  it('leaves a value that is no choice of the control as it is', () => {
    expect(choiceLabel('storage.fencing', 'bogus', tEn)).toBeUndefined();
    expect(describeSetting('lease.seed', 'x7', seed, tEn)).toBe(`${storyEn['settings.seed']}: x7`);
  });
});
