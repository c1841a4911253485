/**
 * The recordings of real etcd runs (`src/recordings/data`) and the pure parts of the recorder:
 * each recording read as a trace (`recordingTrace`) keeps etcd's tokens and decisions, the replay
 * scenario is a valid etcd-flavoured v1 scenario, and what etcd cannot express is named by path.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario, simulate } from '../../src/model';
import { normalizeScenario, type ScenarioInput } from '../../src/model/scenario';
import { realOwners, scaleScenario } from '../../src/etcd/conformance';
import { etcdInexpressible, measure } from '../../src/etcd/record';
import type { Recording } from '../../src/etcd/recording';
import { RECORDINGS } from '../../src/recordings';
import { recordingTrace } from '../../src/recordings/recording-trace';
import seedRec from '../../src/recordings/data/seed-gc-pause.recording.json';
import keepaliveRec from '../../src/recordings/data/keepalive-holds.recording.json';
import checkRec from '../../src/recordings/data/check-then-write.recording.json';
import partition from '../../src/scenarios/builtin/partition-lease-service.json';
import seed from '../../src/scenarios/builtin/seed-gc-pause.json';

const recordings: Record<string, Recording> = {
  'seed-gc-pause': seedRec as unknown as Recording,
  'keepalive-holds': keepaliveRec as unknown as Recording,
  'check-then-write': checkRec as unknown as Recording,
};

describe('the recordings in the Library', () => {
  it('has one recording for each Library entry, made on etcd 3.4.23', () => {
    expect(RECORDINGS.map((r) => r.id).sort()).toEqual(Object.keys(recordings).sort());
    for (const rec of Object.values(recordings)) expect(rec.etcdVersion).toBe('3.4.23');
  });

  for (const [id, rec] of Object.entries(recordings)) {
    it(`${id}: its trace keeps etcd's tokens, owners and decisions; its replay is a valid etcd scenario`, () => {
      const trace = recordingTrace(rec);
      expect(trace.storageLog).toEqual(rec.events.filter((e) => e.kind === 'write-decided').map((e) => e.text));
      expect(trace.leases.map((l) => [l.holder, l.token])).toEqual(realOwners(rec).map((o) => [o.holder, o.token]));
      for (let i = 1; i < trace.events.length; i++) expect(trace.events[i]!.atMs).toBeGreaterThanOrEqual(trace.events[i - 1]!.atMs);
      for (const e of trace.events) if (e.messageId !== undefined) expect(trace.messages[e.messageId]).toBeDefined();
      trace.messages.forEach((m, i) => expect(m.id).toBe(i));
      const replay = parseScenario(rec.replay);
      expect(replay.ok && replay.scenario.leaseService.flavour).toBe('etcd');
      // Its first token is the first lock key's create revision on etcd.
      expect(rec.replay.lease.firstToken).toBe(rec.events.find((e) => e.kind === 'lock-put')!.token);
      // The model of the replay tells the same story in the storage.
      expect(simulate(normalizeScenario(rec.replay)).storageLog).toEqual(trace.storageLog);
    });
  }

  it('measures each expiry lag from the last keepalive that reached etcd', () => {
    const rec = recordings['seed-gc-pause']!;
    const m = measure(rec.events, 10_000, rec.measures.loopbackRttMs);
    expect(m).toEqual(rec.measures);
    for (const l of m.expiryLagsMs) {
      expect(l.lagMs).toBeGreaterThanOrEqual(0);
      expect(l.lagMs).toBeLessThan(600);
    }
  });
});

describe('what a real etcd run cannot express', () => {
  it('names partitions, random tokens and TTLs in parts of a second by path', () => {
    const p = normalizeScenario(partition as unknown as ScenarioInput);
    expect(etcdInexpressible(p).map((i) => i.path)).toEqual(['faults[0]']);
    const s = normalizeScenario({ ...(seed as unknown as ScenarioInput), lease: { ttlMs: 2500, tokens: 'random' } });
    expect(etcdInexpressible(s).map((i) => i.path).sort()).toEqual(['lease.tokens', 'lease.ttlMs']);
    expect(etcdInexpressible(normalizeScenario(seed as unknown as ScenarioInput))).toEqual([]);
  });

  it('scales a 10 s scenario to a 2 s TTL: every time × 0.2, on the etcd lease service', () => {
    const scaled = scaleScenario(seed as unknown as ScenarioInput);
    expect(scaled.lease.ttlMs).toBe(2000);
    expect(scaled.network?.latencyMs).toBe(20);
    expect(scaled.faults).toEqual([{ kind: 'pause', client: 'client-1', atMs: 200, forMs: 4000 }]);
    expect(scaled.clients[1]!.startAtMs).toBe(400);
    expect(parseScenario(scaled).ok).toBe(true);
  });
});
