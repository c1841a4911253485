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
