/**
 * The lessons of issue 12, pinned: each new built-in shows what its narration says, and every
 * "Try this" hint, done as the hint says (the header's token switch or an edit in the Library),
 * gives the outcome the hint promises.
 */
import { describe, expect, it } from 'vitest';
import { parseScenarioOrThrow, simulate, toScenarioInput, type Scenario, type ScenarioInput, type Trace } from '../../src/model';
import { QUESTIONS } from '../../src/quiz/questions';
import type { ChoiceQuestion } from '../../src/quiz/types';
import { builtInScenario } from '../../src/scenarios/all';

function base(id: string): ScenarioInput {
  return structuredClone(builtInScenario(id)!.scenario);
}
function run(input: ScenarioInput): Trace {
  return simulate(parseScenarioOrThrow(input));
}
/** What the header's token switch does: `storage.fencing` for the whole run. */
function withFencing(id: string, fencing: Scenario['storage']['fencing']): Trace {
  const s = parseScenarioOrThrow(base(id));
  return simulate({ ...s, storage: { ...s.storage, fencing } });
}
const client = (s: ScenarioInput, id: string) => s.clients.find((c) => c.id === id)!;

describe('identity-cas: an equality check is not fencing', () => {
  const trace = run(base('identity-cas'));

  it('rejects every holder after the first, and after the restart lets the paused former holder in', () => {
    expect(trace.storageLog).toEqual([
      "stored 'from client 1' with token 33",
      "rejected 'from client 2' (token 34 != 33)",
      "rejected 'from client 3' (token 35 != 33)",
      "stored 'late write from client 2' with token 34",
      "rejected 'second write from client 3' (token 35 != 34)",
    ]);
    const late = trace.storage.find((d) => d.value === 'late write from client 2')!;
    const live = trace.leases.find((l) => l.startMs <= late.atMs && late.atMs < l.endMs)!;
    expect(live.holder).toBe('client-3');
    expect(trace.storageResets).toEqual([20_000]);
  });

  it('hint 1: with the token check on, every holder writes, but the restart still lets the late write in', () => {
    expect(withFencing('identity-cas', 'token').storageLog).toEqual([
      "stored 'from client 1' with token 33",
      "stored 'from client 2' with token 34",
      "stored 'from client 3' with token 35",
      "stored 'late write from client 2' with token 34",
      "stored 'second write from client 3' with token 35",
    ]);
  });

  it('hint 2: with fencing "token" and no reset, the late write is rejected (34 < 35)', () => {
    const s = base('identity-cas');
    s.storage = { ...s.storage, fencing: 'token' };
    s.faults = s.faults!.filter((f) => f.kind !== 'resetStorage');
    expect(run(s).storageLog).toContain("rejected 'late write from client 2' (token 34 < 35)");
  });
});

describe('zombie-unlock: a release by key frees the next holder’s lock', () => {
  const trace = run(base('zombie-unlock'));

  it("client 1's late release ends client 2's lease and client 3 is granted while client 2 still believes", () => {
    const release = trace.messages.find((m) => m.kind === 'release' && m.from === 'client-1')!;
    const lease34 = trace.leases.find((l) => l.token === 34)!;
    expect(lease34).toMatchObject({ holder: 'client-2', endReason: 'released', endMs: release.handledAtMs });
    expect(trace.leases.find((l) => l.token === 35)!.startMs).toBe(17_500);
    const at = 17_700;
    const believers = trace.beliefs.filter((b) => b.startMs <= at && at < b.endMs).map((b) => b.client).sort();
    expect(believers).toEqual(['client-2', 'client-3']);
    expect(trace.storageLog.at(-1)).toBe("rejected 'second write from client 2' (token 34 < 35)");
  });

  it('hint 1: with release "fenced" the late release is ignored and client 3 gets token 35 only when client 2 releases at 20.7 s', () => {
    const s = base('zombie-unlock');
    s.lease = { ...s.lease, release: 'fenced' };
    const t = run(s);
    expect(t.events.some((e) => e.kind === 'release-ignored' && e.peer === 'client-1')).toBe(true);
    expect(t.leases.find((l) => l.token === 34)).toMatchObject({ endReason: 'released', endMs: 20_700 });
    expect(t.leases.find((l) => l.token === 35)!.startMs).toBe(20_700);
    expect(t.storageLog).toEqual([
      "stored 'from client 1' with token 33",
      "stored 'from client 2' with token 34",
      "stored 'second write from client 2' with token 34",
      "stored 'from client 3' with token 35",
    ]);
  });

  it("hint 2: with the token check off, client 2's second write is stored over client 3's", () => {
    const t = withFencing('zombie-unlock', 'off');
    expect(t.storageLog.slice(-2)).toEqual(["stored 'from client 3' with token 35", "stored 'second write from client 2' with token 34"]);
  });
});

describe('zombie-stale-read: a paused former holder reads with stale authority', () => {
  const trace = run(base('zombie-stale-read'));

  it("serves client 1's read with token 33 while client 2 holds the lock, with the value and the token it was written with", () => {
    const read = trace.reads!.find((r) => r.client === 'client-1')!;
    expect(read).toMatchObject({ atMs: 21_500, token: 33, served: true, value: 'next job: 7', writtenWith: 33, text: "read 'next job: 7' (written with token 33)" });
    const live = trace.leases.find((l) => l.startMs <= read.atMs && read.atMs < l.endMs)!;
    expect(live).toMatchObject({ holder: 'client-2', token: 34 });
    expect(trace.reads!.find((r) => r.client === 'client-2')).toMatchObject({ atMs: 10_300, value: 'next job: 7', writtenWith: 33 });
  });

  it('the narration and the quiz agree with the trace: the value read is the newest; the reader’s authority is what is stale (issue 41, item 5)', () => {
    const read = trace.reads!.find((r) => r.client === 'client-1')!;
    // The newest value the storage had accepted before the read, from the trace.
    const newest = trace.storage.filter((d) => d.accepted && d.atMs <= read.atMs).at(-1)!;
    expect(read.value).toBe(newest.value);
    expect(read.writtenWith).toBe(newest.token);
    const step = builtInScenario('zombie-stale-read')!.narration.find((n) => n.match.kind === 'read-served' && n.match.nth === 2)!;
    expect(step.text).toContain(`'${read.value}', written with token ${read.writtenWith}`);
    expect(step.text).toContain('the newest value the storage has');
    expect(step.text).toContain("what is stale is client 1's authority");
    expect(step.text).not.toMatch(/old data|stale data|out of date/i);
    const q = QUESTIONS.find((x) => x.id === 'zombie-stale-read') as ChoiceQuestion;
    expect(q.scenarioId).toBe('zombie-stale-read');
    const all = [q.prompt, ...q.options.map((o) => `${o.text} ${o.feedback}`)].join(' ');
    expect(all).toContain('the data is current');
    expect(all).not.toMatch(/old data|stale data|out of date/i);
    expect(all).toContain(`token ${read.writtenWith}, the token the data was written with`);
  });

  it("hint 1: with fenceReads, client 1's read at 21.5 s is refused (token 33 < 34)", () => {
    const s = base('zombie-stale-read');
    s.storage = { ...s.storage, fenceReads: true };
    const read = run(s).reads!.find((r) => r.client === 'client-1')!;
    expect(read).toMatchObject({ atMs: 21_500, served: false, value: undefined, text: 'refused read (token 33 < 34)' });
  });

  it("hint 2: with fenceReads but without client 2's read, the storage first hears of 34 at 25.3 s and the stale read is served", () => {
    const s = base('zombie-stale-read');
    s.storage = { ...s.storage, fenceReads: true };
    client(s, 'client-2').program = client(s, 'client-2').program.filter((op) => op.op !== 'read');
    const t = run(s);
    expect(t.storage.find((d) => d.token === 34)!.atMs).toBe(25_300);
    expect(t.reads!.find((r) => r.client === 'client-1')).toMatchObject({ atMs: 21_500, served: true });
  });
});

describe('same-token-order: equal tokens do not order one holder’s writes', () => {
  it('lets the delayed older write land last, with the same token', () => {
    const t = run(base('same-token-order'));
    expect(t.storageLog).toEqual(["stored 'balance: 80' with token 33", "stored 'balance: 50' with token 33"]);
    const sent = t.events.filter((e) => e.kind === 'write-sent').map((e) => e.value);
    expect(sent).toEqual(['balance: 50', 'balance: 80']);
  });

  it("hint 1: with storage.sequence the late 'balance: 50' is rejected (token 33, sequence 1 <= 2)", () => {
    const s = base('same-token-order');
    s.storage = { ...s.storage, sequence: true };
    expect(run(s).storageLog).toEqual([
      "stored 'balance: 80' with token 33, sequence 2",
      "rejected 'balance: 50' (token 33, sequence 1 <= 2)",
    ]);
  });

  it('hint 2: waiting for the first reply (at 3.4 s) lands the writes in order', () => {
    const s = base('same-token-order');
    const first = client(s, 'client-1').program[1]!;
    if (first.op === 'write') delete first.wait;
    const t = run(s);
    expect(t.events.find((e) => e.kind === 'write-reply-received')!.atMs).toBe(3_400);
    expect(t.storageLog).toEqual(["stored 'balance: 50' with token 33", "stored 'balance: 80' with token 33"]);
  });
});

describe('lease-timer: from the reply or from the request', () => {
  const trace = run(base('lease-timer'));

  it('the optimistic client believes 6.1 s past the end of its lease; the conservative one never past it', () => {
    const [b1, b2] = [trace.beliefs.find((b) => b.client === 'client-1')!, trace.beliefs.find((b) => b.client === 'client-2')!];
    const [l1, l2] = [trace.leases.find((l) => l.token === 33)!, trace.leases.find((l) => l.token === 34)!];
    expect(b1.deadlines[0]!.deadlineMs - l1.endMs).toBe(6_100);
    expect(b2.deadlines[0]!.deadlineMs).toBe(21_000);
    expect(b2.deadlines[0]!.deadlineMs).toBeLessThanOrEqual(l2.endMs);
    const passed = trace.events.find((e) => e.kind === 'lease-check-passed' && e.actor === 'client-1')!;
    expect(passed.atMs).toBe(12_200);
    expect(passed.atMs).toBeGreaterThan(l1.endMs);
    expect(trace.events.find((e) => e.kind === 'lease-check-failed' && e.actor === 'client-2')!.atMs).toBe(22_400);
  });

  it('hint 1: client 1 with "from-request" believes until 10.0 s and skips its write at 12.2 s', () => {
    const s = base('lease-timer');
    client(s, 'client-1').leaseTimer = 'from-request';
    const t = run(s);
    expect(t.beliefs.find((b) => b.client === 'client-1')!.deadlines[0]!.deadlineMs).toBe(10_000);
    expect(t.events.find((e) => e.kind === 'lease-check-failed' && e.actor === 'client-1')!.atMs).toBe(12_200);
    expect(t.storageLog).toEqual(["stored 'from client 2' with token 34"]);
  });

  it('hint 2: client 2 with "from-reply" believes until 27.2 s and its second write at 22.4 s is stored at 22.5 s, 1.4 s after its lease ended', () => {
    const s = base('lease-timer');
    client(s, 'client-2').leaseTimer = 'from-reply';
    const t = run(s);
    expect(t.beliefs.find((b) => b.client === 'client-2')!.deadlines[0]!.deadlineMs).toBe(27_200);
    const d = t.storage.find((x) => x.value === 'second write from client 2')!;
    expect(d.accepted).toBe(true);
    expect(t.events.find((e) => e.kind === 'write-sent' && e.value === 'second write from client 2')!.atMs).toBe(22_400);
    const late = ((d.atMs - t.leases.find((l) => l.token === 34)!.endMs) / 1000).toFixed(1);
    expect(builtInScenario('lease-timer')!.tryThis[1]).toContain(`stored at ${(d.atMs / 1000).toFixed(1)} s, ${late} s after the lease ended`);
  });

  it('narrates the write the optimistic timer lets through, with the times the trace gives (issue 41, item 6)', () => {
    const d = trace.storage.find((x) => x.value === 'from client 1')!;
    const l1 = trace.leases.find((l) => l.token === 33)!;
    const l2 = trace.leases.find((l) => l.token === 34)!;
    expect(d.accepted).toBe(true);
    expect(d.highestBefore).toBeLessThan(l2.token); // the storage has not seen 34 yet
    const grant2 = trace.messages.find((m) => m.kind === 'grant' && m.token === 34)!;
    expect(grant2.arriveAtMs).toBeGreaterThan(d.atMs); // 34 is still in the network
    const s = (ms: number) => (ms / 1000).toFixed(1);
    const step = builtInScenario('lease-timer')!.narration.find((n) => n.match.kind === 'write-accepted' && n.match.nth === 1)!;
    expect(step.text).toContain(`At ${s(d.atMs)} s the storage stores client 1's write with token ${d.token}, ${s(d.atMs - l1.endMs)} s after its lease ended.`);
    expect(step.text).toContain(`Token ${l2.token} was granted to client 2 at ${s(l2.startMs)} s`);
    expect(step.text).toContain(`has not seen ${l2.token} yet`);
    const last = builtInScenario('lease-timer')!.narration.find((n) => n.match.kind === 'lease-check-failed')!;
    expect(last.text).toContain('Counted from the request, and with the grant answering that very request, the timer never runs past');
  });
});

describe('the new fields round-trip through the file form', () => {
  it.each(['identity-cas', 'zombie-unlock', 'same-token-order', 'lease-timer'])('%s', (id) => {
    const a = parseScenarioOrThrow(base(id));
    const b = parseScenarioOrThrow(JSON.parse(JSON.stringify(toScenarioInput(a))));
    expect({ ...b, expect: a.expect }).toEqual(a);
  });
});

describe('the new fields are validated, each error naming its path', () => {
  it('names every bad new field', async () => {
    const { parseScenario } = await import('../../src/model/validate');
    const r = parseScenario({
      format: 'fencing-lab.scenario/v1',
      title: 't',
      lease: { ttlMs: 1000, release: 'by-name' },
      storage: { fencing: 'same', sequence: 'yes' },
      clients: [{ id: 'a', leaseTimer: 'now', program: [{ op: 'write', value: 'x', wait: 1 }, { op: 'read', wait: false }] }],
      faults: [{ kind: 'resetStorage', atMs: -1 }, { kind: 'resetStorage', atMs: 5, client: 'a' }],
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const byPath = Object.fromEntries(r.issues.map((i) => [i.path, i.message]));
    expect(byPath['lease.release']).toBe('expected one of fenced, by-key, got "by-name"');
    expect(byPath['storage.fencing']).toBe('expected one of token, off, equality, got "same"');
    expect(byPath['storage.sequence']).toBe('expected a boolean, got "yes"');
    expect(byPath['clients[0].leaseTimer']).toBe('expected one of from-reply, from-request, got "now"');
    expect(byPath['clients[0].program[0].wait']).toBe('expected a boolean, got number 1');
    expect(byPath['clients[0].program[1].wait']).toMatch(/unknown field/);
    expect(byPath['faults[0].atMs']).toBe('expected 0 or more (ms), got number -1');
    expect(byPath['faults[1].client']).toMatch(/unknown field/);
  });

  it('leaves old files as they were: the new fields default to today’s behaviour and are not written back', async () => {
    const { parseScenarioOrThrow: parse } = await import('../../src/model/validate');
    const s = parse({ format: 'fencing-lab.scenario/v1', title: 't', lease: { ttlMs: 1000 }, clients: [{ id: 'a', program: [{ op: 'write', value: 'x' }] }] });
    // Absent means today's behaviour (fenced release, no sequence numbers, timer from the reply).
    expect(s.lease.release).toBeUndefined();
    expect(s.storage).toEqual({ fencing: 'token', fenceReads: false });
    expect(s.clients[0]!.leaseTimer).toBeUndefined();
    expect(simulate(s)).not.toHaveProperty('reads');
    expect(simulate(s)).not.toHaveProperty('storageResets');
    const file = toScenarioInput(s);
    expect(file.lease).not.toHaveProperty('release');
    expect(file.storage).not.toHaveProperty('sequence');
    expect(file.clients[0]).not.toHaveProperty('leaseTimer');
  });
});
