/**
 * Every "Try this" hint of every built-in has its actions as data (`src/scenarios/hint-actions.ts`),
 * and doing them on the model (as the store does for the same controls) gives the storage log and
 * the grants the hint promises. The browser test `tests/browser/hints.test.ts` does the same actions
 * through the controls alone.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/model/simulate';
import { normalizeScenario, type Scenario } from '../../src/model/scenario';
import { ALL_BUILT_IN_SCENARIOS } from '../../src/scenarios/all';
import { HINT_ACTIONS, type HintPlan } from '../../src/scenarios/hint-actions';
import { applyInterventions, faultTimeAt, withFencing, type Intervention } from '../../src/store/interventions';
import { withSetting } from '../../src/settings/settings';
import { settingLabel } from '../../src/story/setting-label';
import { storyEn } from '../../src/story/locales/en';
import { addCatalogue, translate, type MessageKey } from '../../src/i18n';
import { toolsEn as viewsEn } from '../../src/views/locales/en';
import type { SettingValue } from '../../src/store/interventions';
import type { Translate } from '../../src/teaching/captions';

function outcome(id: string, plan: HintPlan) {
  let base: Scenario = normalizeScenario(ALL_BUILT_IN_SCENARIOS.find((b) => b.id === id)!.scenario);
  let interventions: Intervention[] = [];
  let atMs = 0;
  let pauseMs = 12_000;
  for (const a of plan.actions) {
    if (a.do === 'open') {
      base = normalizeScenario(ALL_BUILT_IN_SCENARIOS.find((b) => b.id === a.scenario)!.scenario);
      interventions = [];
    } else if (a.do === 'fencing') interventions = withFencing(base, interventions, a.on ? 'token' : 'off');
    else if (a.do === 'set') interventions = withSetting(base, interventions, a.path, a.value);
    else if (a.do === 'seek') atMs = a.atMs;
    else if (a.do === 'pauseLength') pauseMs = a.ms;
    else {
      const before = simulate(applyInterventions(base, interventions));
      interventions = [...interventions, { kind: 'pause', client: a.client, atMs: faultTimeAt(before, atMs), forMs: pauseMs }];
    }
  }
  return simulate(applyInterventions(base, interventions));
}

describe('the hints as actions', () => {
  // Every built-in's hints have plans now (zombie-stale-read's, about reads, promise the reads'
  // answers too). A new built-in without plans fails the test below.
  const HINTS_WITHOUT_CONTROLS_YET: string[] = [];

  it('every built-in has exactly one plan per hint (but the listed lessons), and every built-in with plans exists', () => {
    for (const b of ALL_BUILT_IN_SCENARIOS) {
      if (HINTS_WITHOUT_CONTROLS_YET.includes(b.id)) expect(HINT_ACTIONS[b.id], b.id).toBeUndefined();
      else expect(HINT_ACTIONS[b.id]?.length, b.id).toBe(b.tryThis.length);
    }
    for (const id of HINTS_WITHOUT_CONTROLS_YET) expect(ALL_BUILT_IN_SCENARIOS.some((b) => b.id === id), id).toBe(true);
    for (const id of Object.keys(HINT_ACTIONS)) expect(ALL_BUILT_IN_SCENARIOS.some((b) => b.id === id), id).toBe(true);
  });

  for (const b of ALL_BUILT_IN_SCENARIOS) {
    (HINT_ACTIONS[b.id] ?? []).forEach((plan, k) => {
      it(`${b.id}, hint ${k + 1}: the actions give the promised outcome`, () => {
        const t = outcome(b.id, plan);
        expect(t.storageLog).toEqual(plan.storageLog);
        if (plan.reads) expect((t.reads ?? []).map((r) => r.text)).toEqual(plan.reads);
        for (const g of plan.grants ?? []) expect(t.leases.some((l) => l.holder === g.client && l.token === g.token && l.startMs === g.atMs), JSON.stringify(g)).toBe(true);
        // The outcome differs from the scenario as written (the hint changes something).
        const asWritten = simulate(normalizeScenario(b.scenario));
        const seen = (x: typeof t) => JSON.stringify([x.storageLog, x.leases, plan.reads ? (x.reads ?? []).map((r) => r.text) : []]);
        expect(seen(t)).not.toBe(seen(asWritten));
      });
    });
  }
});

// The English text of the controls: the story's and the secondary controls' catalogues, registered as their modules do.
addCatalogue('en', storyEn);
addCatalogue('en', viewsEn);
const tEn: Translate = (key, values) => translate(key, values);

/** The visible label of the control a `set` action uses (`story/SettingsControls.tsx`). */
function controlLabel(s: Scenario, path: string): string {
  // A scripted fault is kept or switched off by the checkbox "<its title>: on".
  if (/^faults\.\d+$/.test(path)) return `${settingLabel(path, s, tEn)}: ${tEn('settings.fault.on')}`;
  return settingLabel(path, s, tEn);
}

/** What a hint must say for a `set` action: tick/untick a checkbox, a select's option, a number in the field's unit. */
function wording(s: Scenario, path: string, value: SettingValue): string {
  const label = `“${controlLabel(s, path)}”`;
  if (value === null || typeof value === 'boolean') return `${value === true ? 'tick' : 'untick'} ${label}`;
  if (typeof value === 'number') return `${label} to ${(path.endsWith('Ms') || path.endsWith('.ms')) && path !== 'network.latencyMs' ? value / 1000 : value}`;
  const option: Record<string, MessageKey> = {
    monotonic: 'settings.tokens.monotonic',
    random: 'settings.tokens.random',
    fenced: 'settings.release.fenced',
    'by-key': 'settings.release.byKey',
    'from-reply': 'settings.timer.reply',
    'from-request': 'settings.timer.request',
    lock: 'settings.fencePer.lock',
    key: 'settings.fencePer.key',
  };
  return `${label} to “${option[value] ? tEn(option[value]) : value}”`;
}

describe('the hints name the controls of their plans', () => {
  for (const b of ALL_BUILT_IN_SCENARIOS) {
    const s = normalizeScenario(b.scenario);
    (HINT_ACTIONS[b.id] ?? []).forEach((plan, k) => {
      it(`${b.id}, hint ${k + 1}: says which visible control to use, with its label`, () => {
        const hint = b.tryThis[k]!;
        // No JSON editing: no Library "start from", no `field` names.
        expect(hint).not.toMatch(/`|Start from the scenario/);
        // "Then also …" builds on the hint before it: its actions are not repeated in the text.
        const before = hint.startsWith('Then') ? (HINT_ACTIONS[b.id]![k - 1]?.actions ?? []) : [];
        for (const a of plan.actions) {
          if (before.some((x) => JSON.stringify(x) === JSON.stringify(a))) continue;
          if (a.do === 'fencing') expect(hint).toContain(`Switch “${tEn('fencing.label')}” ${a.on ? 'on' : 'off'}`);
          else if (a.do === 'open') expect(hint).toContain(`Open “${ALL_BUILT_IN_SCENARIOS.find((x) => x.id === a.scenario)!.scenario.title}”`);
          else if (a.do === 'pauseLength') expect(hint).toContain(`set “${tEn('intervene.pauseFor')}” to ${a.ms / 1000}`);
          else if (a.do === 'pause') expect(hint).toContain(`“${tEn('intervene.pause', { client: s.clients.find((c) => c.id === a.client)!.name })}”`);
          else if (a.do === 'set') {
            if (!hint.startsWith('Then')) expect(hint).toContain('“Scenario settings”');
            expect(hint).toContain(wording(s, a.path, a.value));
          }
        }
      });
    });
  }
});
