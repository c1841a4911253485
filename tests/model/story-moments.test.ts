/**
 * The story's key moments, its ending sentence and the before/after comparison (issue 14), over
 * real traces of the built-ins and after interventions.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/model/simulate';
import { normalizeScenario } from '../../src/model/scenario';
import { ALL_BUILT_IN_SCENARIOS as BUILT_IN } from '../../src/scenarios/all';
import { applyInterventions, type Intervention } from '../../src/store/interventions';
import { keyMoments, outcomeOf, runOutcome, stopBetween } from '../../src/story/moments';
import { changeSummary, compareRuns, noEffectNotice } from '../../src/story/compare';
import { predictQuestion, predictReason } from '../../src/story/text';

const builtIn = (id: string) => normalizeScenario(BUILT_IN.find((b) => b.id === id)!.scenario);
const seed = builtIn('seed-gc-pause');
const run = (interventions: Intervention[] = [], base = seed) => simulate(applyInterventions(base, interventions));

describe('keyMoments', () => {
  it('finds the seed story: grant, first decision, pause, expiry, new grant, decisions and the late write, in time order', () => {
    const moments = keyMoments(run());
    expect(moments.map((m) => m.kind)).toEqual(['grant', 'decision', 'pause', 'expiry', 'new-grant', 'decision', 'expiry', 'late-write', 'decision']);
    const stops = moments.map((m) => m.stopMs);
    expect([...stops].sort((a, b) => a - b)).toEqual(stops);
    expect(moments.find((m) => m.kind === 'late-write')).toMatchObject({ client: 'client-1', token: 33, stopMs: 21_400 });
  });

  it('stops at each lease check in check-then-write, so the gap the pause falls into is shown before it', () => {
    const trace = run([], builtIn('check-then-write'));
    const moments = keyMoments(trace);
    const checks = moments.filter((m) => m.kind === 'check');
    const checkEvents = trace.events.filter((e) => e.kind === 'lease-check-passed' || e.kind === 'lease-check-failed');
    expect(checks.map((m) => m.stopMs)).toEqual(checkEvents.map((e) => e.atMs));
    expect(checks.length).toBe(2);
    const pause = moments.find((m) => m.kind === 'pause')!;
    // The second check is the moment right before the pause.
    expect(moments[moments.indexOf(pause) - 1]).toBe(checks[1]);
    expect(checks[1]!.stopMs).toBeLessThan(pause.stopMs);
    // The seed, with no check, has no check moment.
    expect(keyMoments(run()).some((m) => m.kind === 'check')).toBe(false);
  });

  it('with random tokens, the ending blames the random values, not a new holder that had not written', () => {
    const trace = run([], builtIn('random-tokens'));
    const text = runOutcome(trace);
    expect(text).not.toContain('had not written yet');
    // The story's own trace: the new holder did write before the late one, and was rejected.
    const late = trace.storage.filter((d) => d.accepted).at(-1)!;
    expect(text).toContain(`its random token ${late.token}`);
    expect(trace.storage.some((d) => !d.accepted && d.client !== late.client && d.atMs < late.atMs)).toBe(true);
  });

  it('asks before the decisions that follow an expiry, 1 ms before the decision, with the true answer', () => {
    const predicted = keyMoments(run()).filter((m) => m.predict);
    expect(predicted).toHaveLength(2);
    expect(predicted[0]).toMatchObject({ stopMs: 10_299, predict: { client: 'client-2', token: 34, accepted: true, late: false } });
    expect(predicted[1]).toMatchObject({ stopMs: 21_499, predict: { client: 'client-1', token: 33, highestBefore: 34, accepted: false, late: true, fenced: true } });
    // With the check off, the same question has the other answer.
    const off = keyMoments(run([{ kind: 'fencing', fencing: 'off' }])).filter((m) => m.predict);
    expect(off[1]!.predict).toMatchObject({ accepted: true, fenced: false });
  });

  it('follows an intervention: a crash instead of the pause gives a crash moment and no late write', () => {
    const base = { ...seed, faults: [] };
    const moments = keyMoments(run([{ kind: 'crash', client: 'client-1', atMs: 1000 }], base));
    expect(moments.map((m) => m.kind)).toContain('crash');
    expect(moments.map((m) => m.kind)).not.toContain('late-write');
  });

  it('never asks more than three predictions, and every built-in has moments', () => {
    for (const b of BUILT_IN) {
      const t = simulate(normalizeScenario(b.scenario));
      const m = keyMoments(t);
      expect(m.length, b.id).toBeGreaterThan(0);
      expect(m.filter((x) => x.predict).length, b.id).toBeLessThanOrEqual(3);
      for (const x of m) expect(x.stopMs, b.id).toBeLessThanOrEqual(t.endMs);
    }
  });

  it('stopBetween returns the first stop strictly after from and at or before to', () => {
    const moments = keyMoments(run());
    expect(stopBetween(moments, 0, 5000)?.kind).toBe('grant');
    expect(stopBetween(moments, 200, 5000)?.kind).toBe('decision');
    expect(stopBetween(moments, 21_499, 30_000)?.stopMs).toBeUndefined();
    expect(stopBetween(moments, 10_300, 10_301)).toBeUndefined();
  });
});

describe('runOutcome', () => {
  it('says the storage rejected the late write, and why, with the check on', () => {
    expect(runOutcome(run())).toBe("The storage rejected Client 1's late write: its token 33 is lower than 34, the highest it had accepted.");
  });
  it("says client 2's data was silently overwritten with the check off", () => {
    const off = run([{ kind: 'fencing', fencing: 'off' }]);
    expect(outcomeOf(off)).toMatchObject({ kind: 'overwritten', late: 'client-1', victim: 'client-2' });
    expect(runOutcome(off)).toBe("Client 2's data was silently overwritten by Client 1's late write: the storage does not check tokens, so it accepts any write.");
  });
  it('names every late write that overwrote another client\'s data, not only the first (check-then-write, check off, lease expired at 10.3 s)', () => {
    // A newcomer's run: the expiry at 10.3 s ends client 2's fresh lease before its write lands, so
    // client 2's write is late too; client 1's late write then overwrites it and is what the storage keeps.
    const t = run([{ kind: 'fencing', fencing: 'off' }, { kind: 'expireLease', atMs: 10_300 }], builtIn('check-then-write'));
    const accepted = t.storage.filter((d) => d.accepted);
    expect(accepted.at(-1)!.client).toBe('client-1');
    expect(outcomeOf(t)).toMatchObject({ kind: 'overwritten', late: 'client-2', victim: 'client-1', then: [{ late: 'client-1', victim: 'client-2' }] });
    expect(runOutcome(t)).toBe("Client 1's data was silently overwritten by Client 2's late write: the storage does not check tokens, so it accepts any write. Then Client 1's late write overwrote Client 2's data in turn.");
  });
  it('the three-client run with the check off names both stale writes (client 1\'s, then client 2\'s)', () => {
    const t = run([{ kind: 'fencing', fencing: 'off' }], builtIn('jepsen-three-clients'));
    expect(t.storage.filter((d) => d.accepted).map((d) => d.client)).toEqual(['client-3', 'client-1', 'client-2']);
    expect(runOutcome(t)).toBe("Client 3's data was silently overwritten by Client 1's late write: the storage does not check tokens, so it accepts any write. Then Client 2's late write overwrote Client 1's data in turn.");
  });
  it('with random tokens a live holder\'s lower token is not a late write', () => {
    const t = run([{ kind: 'fencing', fencing: 'off' }], builtIn('random-tokens'));
    const second = t.storage[1]!;
    expect(second.client).toBe('client-2');
    expect(second.token).toBeLessThan(second.highestBefore);
    expect(outcomeOf(t)).toMatchObject({ kind: 'overwritten', late: 'client-1', victim: 'client-2', then: [] });
  });
  it('whenever the storage ends with a late write, the ending names its writer last', () => {
    let checked = 0;
    for (const b of BUILT_IN) {
      for (const fencing of ['token', 'off'] as const) {
        for (const atMs of [undefined, 3_000, 8_000, 10_100, 10_300, 12_000]) {
          const interventions: Intervention[] = [{ kind: 'fencing', fencing }, ...(atMs === undefined ? [] : [{ kind: 'expireLease' as const, atMs }])];
          let t;
          try {
            t = run(interventions, builtIn(b.id));
          } catch {
            continue; // an intervention this built-in cannot take (e.g. no live lease to expire)
          }
          const o = outcomeOf(t);
          if (o.kind !== 'overwritten') continue;
          const lastLate = o.then?.at(-1)?.late ?? o.late;
          const named = [...runOutcome(t).matchAll(/(Client \d+)'s late write/g)].map((m) => m[1]);
          expect(named.at(-1), `${b.id} fencing ${fencing} expire ${atMs}`).toBe(t.scenario.clients.find((c) => c.id === lastLate)!.name);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
  it('explains the first-write window: the late token was still the highest', () => {
    expect(runOutcome(simulate(builtIn('first-write-window')))).toMatch(/still the highest the storage had seen, because the new holder had not written yet/);
  });
  it('says a client skipped its write when its own lease check failed', () => {
    const t = run([{ kind: 'set', path: 'clients.client-1.checkLeaseBeforeWrite', value: true }]);
    expect(outcomeOf(t)).toEqual({ kind: 'skipped', client: 'client-1' });
  });
  it('calls a run clean when every write came from a live lease', () => {
    const t = run([{ kind: 'set', path: 'faults.0', value: null }]);
    expect(outcomeOf(t).kind).toBe('clean');
  });
});

describe('runOutcome and the predictions under issue 12\'s storage modes', () => {
  it('an equality check: the ending names the check and the restart, never "does not check tokens"', () => {
    const t = simulate(builtIn('identity-cas'));
    const o = outcomeOf(t);
    expect(o).toMatchObject({ kind: 'overwritten', fencing: 'equality', afterReset: true });
    const late = t.storage.find((d) => d.accepted && d.client === (o as { late: string }).late && d.atMs >= (t.storageResets ?? [])[0]!)!;
    expect(runOutcome(t)).toContain(`equals the one it remembers, not that it is the newest, and after its restart it took token ${late.token} as that one`);
    expect(runOutcome(t)).not.toMatch(/does not check tokens/);
  });
  it('an equality check: each prediction\'s answer agrees with the storage\'s decision and names the remembered token', () => {
    const t = simulate(builtIn('identity-cas'));
    const predicted = keyMoments(t).filter((m) => m.predict);
    expect(predicted.length).toBeGreaterThan(0);
    for (const m of predicted) {
      const p = m.predict!;
      expect(p.accepted).toBe(m.decision!.accepted);
      const q = predictQuestion(t, p);
      const a = predictReason(t, p);
      expect(q).not.toMatch(/does not check tokens|highest token/);
      expect(a.startsWith(`The storage ${m.decision!.accepted ? 'stores' : 'rejects'}`)).toBe(true);
      if (!m.decision!.accepted) expect(a).toContain(`is not ${m.decision!.remembered}`);
      if (p.afterReset && p.remembered === undefined) expect(q).toContain('since it restarted');
    }
  });
  it('one holder\'s writes stored out of order: the ending says the older value overwrote the newer', () => {
    const t = simulate(builtIn('same-token-order'));
    expect(outcomeOf(t)).toMatchObject({ kind: 'reordered', client: 'client-1', token: 33, newer: 'balance: 80', older: 'balance: 50' });
    expect(runOutcome(t)).toBe("Client 1's two writes with token 33 arrived out of order, so its older value 'balance: 50' overwrote its newer 'balance: 80': a token orders holders, not one holder's own writes.");
  });
  it('with sequence numbers the late, older write is rejected, and the ending says by its sequence number', () => {
    const b = builtIn('same-token-order');
    const t = simulate({ ...b, storage: { ...b.storage, sequence: true } });
    const rejected = t.storage.find((d) => !d.accepted)!;
    expect(runOutcome(t)).toBe(`The storage rejected Client 1's write: its sequence number ${rejected.seq} is not above ${rejected.lastSeq}, the last it accepted with token 33.`);
  });
  it('a late read the storage served: the ending names it, not "nothing was overwritten"', () => {
    const t = simulate(builtIn('zombie-stale-read'));
    const read = t.reads!.find((r) => r.client === 'client-1' && r.atMs > 1000)!;
    expect(read.served).toBe(true);
    expect(runOutcome(t)).toBe(`Client 1 read '${read.value}' after its lease had ended, and the storage served it: this storage checks the tokens of writes, not of reads.`);
  });
});

describe('compareRuns and the no-effect notices', () => {
  it('pausing a client whose write is already in flight changes nothing, and says why', () => {
    const base = builtIn('network-delay');
    const before = run([], base);
    // Client 1's delayed write leaves at 1.4 s; pause client 1 at 1.45 s (before its crash at 1.5 s).
    const change: Intervention = { kind: 'pause', client: 'client-1', atMs: 1450, forMs: 5000 };
    const now = run([change], base);
    expect(compareRuns(before, now).noEffect).toBe(true);
    expect(noEffectNotice(before, now, change)).toMatch(/its write was already on its way to the storage/);
    expect(changeSummary(before, now)).toBeUndefined();
  });

  it('pausing a client that is already paused (inside its pause) changes nothing, and says so', () => {
    const before = run();
    const change: Intervention = { kind: 'pause', client: 'client-1', atMs: 5000, forMs: 3000 };
    const now = run([change]);
    expect(noEffectNotice(before, now, change)).toBe('Client 1 was already paused at 5.0 s: pausing it again changed nothing the lease service or the storage did.');
  });

  it('a change with an effect gets a summary and side-by-side rows with the difference marked', () => {
    const before = run();
    const now = run([{ kind: 'fencing', fencing: 'off' }]);
    const c = compareRuns(before, now);
    expect(c.noEffect).toBe(false);
    expect(c.rows.map((r) => r.changed)).toEqual([false, false, true]);
    expect(c.rows[2]).toEqual({ before: "rejected 'late write from client 1' (token 33 < 34)", now: "stored 'late write from client 1' with token 33", changed: true });
    expect(noEffectNotice(before, now, { kind: 'fencing', fencing: 'off' })).toBeUndefined();
    expect(changeSummary(before, now)).toBe(
      "Compared with the run before, the storage decided differently (now: stored 'late write from client 1' with token 33; before: rejected 'late write from client 1' (token 33 < 34)).",
    );
  });

  it('a shorter scripted pause changes the grants and is summarised as such when the decisions stay', () => {
    const before = run();
    const now = run([{ kind: 'set', path: 'faults.0.forMs', value: 5000 }]);
    expect(compareRuns(before, now).leasesChanged).toBe(true);
    expect(changeSummary(before, now)).toMatch(/^Compared with the run before/);
  });
});
