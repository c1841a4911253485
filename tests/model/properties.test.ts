/**
 * Property tests of the simulation over random scenarios (fast-check).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulate, type Scenario } from '../../src/model';
import { faultArb, scenarioArb } from './arbitraries';

const RUNS = { numRuns: Number(process.env.FC_RUNS ?? 300) };

describe('simulate: properties over random scenarios', { timeout: 120_000 }, () => {
  it('with fencing "token", the tokens of accepted writes never go down', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const fenced: Scenario = { ...s, storage: { ...s.storage, fencing: 'token' } };
        const accepted = simulate(fenced).storage.filter((d) => d.accepted && d.token !== undefined);
        for (let i = 1; i < accepted.length; i++) expect(accepted[i]!.token!).toBeGreaterThanOrEqual(accepted[i - 1]!.token!);
      }),
      RUNS,
    );
  });

  it('the lease service never has two live leases at once', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const leases = simulate(s).leases;
        for (let i = 1; i < leases.length; i++) expect(leases[i]!.startMs).toBeGreaterThanOrEqual(leases[i - 1]!.endMs);
        for (const l of leases) expect(l.endMs).toBeGreaterThanOrEqual(l.startMs);
      }),
      RUNS,
    );
  });

  it('monotonic tokens grow by exactly one per grant, from firstToken', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const trace = simulate(s);
        trace.leases.forEach((l, i) => expect(l.token).toBe(s.lease.firstToken + i));
        const granted = trace.events.filter((e) => e.kind === 'lease-granted').map((e) => e.token);
        // Every fresh grant is a lease; a re-entrant acquire re-sends its holder's token.
        expect(new Set(granted)).toEqual(new Set(trace.leases.map((l) => l.token)));
      }),
      RUNS,
    );
  });

  it('is deterministic: the same scenario gives the same trace', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        expect(JSON.stringify(simulate(structuredClone(s)))).toBe(JSON.stringify(simulate(s)));
      }),
      RUNS,
    );
  });

  it('adding a fault at time t leaves every event before t unchanged', () => {
    const withFault = scenarioArb.chain((s) =>
      faultArb(s.clients.map((c) => c.id))
        .filter((f) => f.kind !== 'delay')
        .map((f) => [s, f] as const),
    );
    fc.assert(
      fc.property(withFault, ([s, fault]) => {
        const t = (fault as { atMs: number }).atMs;
        const before = simulate(s).events.filter((e) => e.atMs < t);
        const after = simulate({ ...s, faults: [...s.faults, fault] }).events.filter((e) => e.atMs < t);
        expect(after).toEqual(before);
      }),
      RUNS,
    );
  });

  it('every storage decision is worded exactly as in the seed', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        for (const d of simulate(s).storage) {
          expect(d.text).toMatch(/^(stored '.*' with token \d+|rejected '.*' \(token \d+ < \d+\)|stored '.*' without a token|rejected '.*' \(no token\)|(stored|rejected) ".*".*)$/);
        }
      }),
      RUNS,
    );
  });

  it('never runs past the 10-minute cap and every message leaves before it arrives', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const trace = simulate(s);
        expect(trace.endMs).toBeLessThanOrEqual(600_000);
        for (const m of trace.messages) expect(m.arriveAtMs).toBeGreaterThanOrEqual(m.sentAtMs + s.network.latencyMs);
        for (let i = 1; i < trace.events.length; i++) expect(trace.events[i]!.atMs).toBeGreaterThanOrEqual(trace.events[i - 1]!.atMs);
      }),
      RUNS,
    );
  });
});
