/**
 * The recorder's choice of when etcd's 500 ms expiry checks fall (`safestExpiryPhase`,
 * `src/etcd/conformance.ts`): the phase it picks is one where moving the checks by a keepalive's
 * drift in either direction changes nothing in the etcd-flavoured model's run.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/model';
import { normalizeScenario, type Scenario } from '../../src/model/scenario';
import { ALL_BUILT_IN_SCENARIOS } from '../../src/scenarios/all';
import { etcdInexpressible } from '../../src/etcd/record';
import { safestExpiryPhase, scaleScenario } from '../../src/etcd/conformance';

/** Who got which token, who lost it and how, and what the storage decided, in order. */
const DECIDING = /^(lease-granted|lease-expired|lease-released|write-accepted|write-rejected|read-served|read-rejected)$/;
const outcome = (s: Scenario, phase: number): string =>
  simulate({ ...s, leaseService: { flavour: 'etcd', expiryCheckPhaseMs: ((phase % 500) + 500) % 500 } })
    .events.filter((e) => DECIDING.test(e.kind))
    .map((e) => `${e.kind}|${e.actor}|${'token' in e ? String(e.token) : ''}`)
    .join(';');

const scaled = ALL_BUILT_IN_SCENARIOS.map((b) => ({ id: b.id, s: normalizeScenario(scaleScenario(b.scenario)) })).filter(
  ({ s }) => etcdInexpressible(s).length === 0,
);

describe('safestExpiryPhase', () => {
  it('some recorded built-in has an outcome that depends on the phase (so the choice matters)', () => {
    const sensitive = scaled.filter(({ s }) => new Set([0, 100, 200, 300, 400].map((p) => outcome(s, p))).size > 1);
    expect(sensitive.map((x) => x.id)).toContain('jepsen-three-clients');
  });

  for (const { id, s } of scaled) {
    it(`${id}: the outcome is the same 50 ms either side of the chosen phase`, () => {
      const p = safestExpiryPhase(s);
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThan(500);
      const here = outcome(s, p);
      for (const d of [-50, -25, 25, 50]) expect(outcome(s, p + d), `phase ${p + d}`).toBe(here);
    });
  }

  it('gives the middle of the period when no phase changes anything', () => {
    const b = ALL_BUILT_IN_SCENARIOS.find((x) => x.id === 'keepalive-holds')!;
    const s = normalizeScenario(scaleScenario(b.scenario));
    const outcomes = new Set(Array.from({ length: 100 }, (_, i) => outcome(s, i * 5)));
    if (outcomes.size === 1) expect(safestExpiryPhase(s)).toBe(250);
    else expect(outcomes.size).toBeGreaterThan(1);
  });
});
