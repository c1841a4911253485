/**
 * The story's ending (`outcomeOf`, src/story/moments.ts) judged in linear time (issue 43: a search
 * back, or ahead, for each of thousands of writes was a 190 ms task at the end of a dense run): equal
 * to the search it replaced on every built-in with generated pauses, and on generated storage logs
 * (late writes over other clients' data, several objects, writes stored out of order).
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/model/simulate';
import { normalizeScenario } from '../../src/model/scenario';
import type { StorageDecision, Trace } from '../../src/model/trace';
import { ALL_BUILT_IN_SCENARIOS as BUILT_IN } from '../../src/scenarios/all';
import { applyInterventions } from '../../src/store/interventions';
import { outcomeOf } from '../../src/story/moments';
import { mulberry32 } from '../../src/model/sim/lease-service';

/** The parts of the ending the two searches decide: the first late write, who it overwrote, what followed, or a reordering. */
function reference(trace: Trace): unknown {
  const storage = trace.storage;
  const late = (d: StorageDecision) => d.accepted && d.staleAccepted === true;
  const holderBefore = (index: number) => {
    const key = storage[index]?.key;
    for (let k = index - 1; k >= 0; k--) if (storage[k]!.accepted && storage[k]!.key === key) return storage[k]!.client;
    return undefined;
  };
  for (let i = 0; i < storage.length; i++) {
    const d = storage[i]!;
    if (late(d)) {
      const prev = storage.slice(0, i).reverse().find((x) => x.accepted);
      const afterReset = (trace.storageResets ?? []).some((r) => r <= d.atMs && (prev === undefined || r > prev.atMs));
      const then: { late: string; victim: string | undefined }[] = [];
      for (let k = i + 1; k < storage.length; k++) {
        const x = storage[k]!;
        const victim = holderBefore(k);
        if (late(x) && victim !== x.client) then.push({ late: x.client, victim });
      }
      return { kind: 'overwritten', late: d.client, victim: holderBefore(i), afterReset, then };
    }
  }
  for (let i = 0; i < storage.length; i++) {
    const a = storage[i]!;
    if (!a.accepted) continue;
    const b = storage.slice(i + 1).find((x) => x.accepted && x.client === a.client && x.token === a.token && x.messageId < a.messageId);
    if (b) return { kind: 'reordered', client: a.client, token: a.token, newer: a.value, older: b.value };
  }
  return undefined;
}

function judged(trace: Trace): unknown {
  const o = outcomeOf(trace);
  if (o.kind === 'overwritten') return { kind: o.kind, late: o.late, victim: o.victim, afterReset: o.afterReset, then: o.then };
  if (o.kind === 'reordered') return o;
  return undefined;
}

/** The model's deterministic PRNG (mulberry32): the same generated cases on every run. */
const rng = mulberry32;

describe('outcomeOf in linear time (issue 43)', () => {
  it('equals the per-write search on every built-in with generated pauses', () => {
    const r = rng(43);
    const kinds = new Set<string>();
    for (const b of BUILT_IN) {
      const base = normalizeScenario(b.scenario);
      for (let k = 0; k < 4; k++) {
        const pauses = Array.from({ length: k }, () => ({ kind: 'pause' as const, client: base.clients[Math.floor(r() * base.clients.length)]!.id, atMs: Math.floor(r() * (base.durationMs ?? 30_000)), forMs: 500 + Math.floor(r() * 15_000) }));
        const trace = simulate(applyInterventions(base, pauses));
        expect(judged(trace), `${b.id} with ${JSON.stringify(pauses)}`).toEqual(reference(trace));
        kinds.add(outcomeOf(trace).kind);
      }
    }
    expect(kinds.has('overwritten')).toBe(true);
  });

  it('equals it on generated storage logs', () => {
    const r = rng(7);
    const seen = new Set<string>();
    const base = simulate(normalizeScenario(BUILT_IN.find((b) => b.id === 'seed-gc-pause')!.scenario));
    for (let n = 0; n < 400; n++) {
      const storage = Array.from({ length: Math.floor(r() * 14) }, (_, i) => {
        const accepted = r() < 0.8;
        return { atMs: i * 100, client: `client-${1 + Math.floor(r() * 3)}`, token: 1 + Math.floor(r() * 3), value: `v${i}`, key: r() < 0.5 ? undefined : `k${Math.floor(r() * 2)}`, accepted, highestBefore: 0, text: '', messageId: Math.floor(r() * 30), ...(accepted && r() < 0.15 ? { staleAccepted: true } : {}) };
      }) as StorageDecision[];
      const trace = { ...base, storage, storageResets: r() < 0.3 ? [Math.floor(r() * 1400)] : [] } as Trace;
      expect(judged(trace), JSON.stringify(storage)).toEqual(reference(trace));
      seen.add(outcomeOf(trace).kind);
    }
    expect([...seen]).toEqual(expect.arrayContaining(['overwritten', 'reordered']));
  });
});
