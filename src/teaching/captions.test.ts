import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/messages/en';
import { captionEn } from './locales/en';
import { marksEn } from '../views/timeline/locales/en';
import type { MessageKey } from '../i18n';
import type { Scenario } from '../model/scenario';
import { parseScenario } from '../model/validate';
import { simulate } from '../model/simulate';
import { ALL_BUILT_IN_SCENARIOS } from '../scenarios/all';
import { applyInterventions } from '../store/interventions';
import { loadBuiltIn } from '../store/initial-state';
import { actorName, captionAt, captionForEvent } from './captions';

const seed = loadBuiltIn('seed-gc-pause');
const trace = simulate(seed);
const eventAt = (ms: number, kind: string) => {
  const e = trace.events.find((x) => x.atMs === ms && x.kind === kind);
  if (!e) throw new Error(`no ${kind} at ${ms}`);
  return e;
};

describe('captionForEvent on the seed', () => {
  it('says the lease expired while client 1 is paused and does not know', () => {
    const c = captionForEvent(trace, eventAt(10_100, 'lease-expired'));
    expect(c.title).toBe('Lease 33 expired');
    expect(c.text).toBe(
      'The lease of Client 1 (token 33) expired at the lease service: no keepalive arrived for 10.0 s. Client 1 is paused and does not know.',
    );
  });

  it('gives the grant its token and TTL', () => {
    const c = captionForEvent(trace, eventAt(10_100, 'lease-granted'));
    expect(c.title).toBe('Lock granted: token 34');
    expect(c.text).toContain('grants the lock to Client 2 with fencing token 34');
    expect(c.text).toContain('10.0 s');
  });

  it('explains the rejection with both tokens and the data that stays', () => {
    const c = captionForEvent(trace, eventAt(21_500, 'write-rejected'));
    expect(c.title).toBe('Rejected: token 33 < 34');
    expect(c.text).toBe(
      "The storage rejects 'late write from client 1': token 33 is lower than 34, the highest it has seen. The stale write from Client 1 is fenced off. The data stays 'from client 2'.",
    );
  });

  it('notes that client 1 wakes still believing in a lease that is gone', () => {
    const c = captionForEvent(trace, eventAt(21_000, 'pause-ended'));
    expect(c.text).toContain('wakes after 20.0 s');
    expect(c.text).toContain('It still believes it holds token 33, but that lease is gone.');
  });

  it('says a late write leaves with a lease that is already gone', () => {
    expect(captionForEvent(trace, eventAt(21_400, 'write-sent')).text).toContain('Its lease at the lease service is already gone');
    expect(captionForEvent(trace, eventAt(200, 'write-sent')).text).not.toContain('gone');
  });

  it('tells when a finished client leaves its lease to expire', () => {
    const c = captionForEvent(trace, eventAt(10_400, 'program-ended'));
    expect(c.text).toBe('Client 2 reaches the end of its program. It exits without releasing, so its keepalives stop and its lease expires at 20.1 s.');
  });
});

describe('captionForEvent after interventions', () => {
  it('without the token check the stale write is stored and called out', () => {
    const off = simulate(applyInterventions(seed, [{ kind: 'fencing', fencing: 'off' }]));
    const e = off.events.find((x) => x.kind === 'write-accepted' && x.value === 'late write from client 1')!;
    const c = captionForEvent(off, e);
    expect(c.title).toBe('Stale write stored');
    expect(c.text).toContain('although it has seen token 34');
  });

  it('a crash of the holder says its lease will expire without a keepalive', () => {
    const crashed = simulate(applyInterventions(seed, [{ kind: 'crash', client: 'client-1', atMs: 500 }]));
    const e = crashed.events.find((x) => x.kind === 'crashed')!;
    expect(captionForEvent(crashed, e).text).toBe(
      'Client 1 crashes and stops for good. It never releases its lock: lease 33 expires at the lease service once 10.0 s pass without a keepalive.',
    );
  });

  it('a grant handled after a pause says the lease had already ended', () => {
    const late = simulate(applyInterventions(seed, [{ kind: 'pause', client: 'client-1', atMs: 101, forMs: 12_000 }]));
    const e = late.events.find((x) => x.kind === 'grant-received' && x.actor === 'client-1')!;
    expect(e.atMs).toBe(21_000);
    expect(captionForEvent(late, e).text).toContain('But the lease service already ended that lease at 10.1 s.');
  });
});

describe('captionAt', () => {
  it('joins the events of one instant and titles them by the one that matters most', () => {
    const c = captionAt(trace, 10_150)!;
    expect(c.atMs).toBe(10_100);
    expect(c.kind).toBe('lease-expired');
    expect(c.title).toBe('Lease 33 expired');
    expect(c.text).toContain('Client 1 is paused and does not know.');
    expect(c.text).toContain('grants the lock to Client 2');
  });

  it('is undefined before the first event', () => {
    const late: Scenario = { ...seed, clients: seed.clients.map((c) => ({ ...c, startAtMs: c.startAtMs + 500 })), faults: [] };
    expect(captionAt(simulate(late), 100)).toBeUndefined();
  });

  it('uses the translator it is given', () => {
    const keys: string[] = [];
    captionAt(trace, 21_500, (key: MessageKey) => {
      keys.push(key);
      return key;
    });
    expect(keys).toContain('caption.writeRejected');
  });
});

describe('every caption of every shared case and built-in scenario', () => {
  const dir = join(import.meta.dirname, '..', '..', 'tests', 'cases');
  const scenarios: [string, Scenario][] = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      const p = parseScenario(JSON.parse(readFileSync(join(dir, f), 'utf8')));
      if (!p.ok) throw new Error(f);
      return [f, p.scenario];
    });
  for (const b of ALL_BUILT_IN_SCENARIOS) scenarios.push([b.id, loadBuiltIn(b.id)]);

  it.each(scenarios)('%s: no placeholder left, no undefined, real numbers', (_, scenario) => {
    const tr = simulate(scenario);
    for (const e of tr.events) {
      const c = captionForEvent(tr, e);
      for (const s of [c.title, c.text]) {
        expect(s, `${e.kind} at ${e.atMs}`).not.toMatch(/\{\w+\}|undefined|NaN|\?/);
        expect(s.length).toBeGreaterThan(3);
      }
    }
  });

  it('every caption key used exists in the catalogue', () => {
    const used = new Set<string>();
    for (const [, scenario] of scenarios) {
      const tr = simulate(scenario);
      for (const e of tr.events)
        captionForEvent(tr, e, (key) => {
          used.add(key);
          return key;
        });
    }
    for (const k of used) expect({ ...en, ...captionEn, ...marksEn }).toHaveProperty([k]);
    expect(used.size).toBeGreaterThan(30);
  });

  it('names actors', () => {
    expect(actorName(trace, 'client-1')).toBe('Client 1');
    expect(actorName(trace, 'lease-service')).toBe('the lease service');
    expect(actorName(trace, 'storage')).toBe('the storage');
  });
});

describe('captions only claim a belief the trace shows', () => {
  it('keepalive-lost: "still believes" only while a belief of that client covers the event', () => {
    const e = eventAt(21_200, 'keepalive-lost-received');
    expect(trace.beliefs.some((b) => b.client === 'client-1' && b.startMs <= e.atMs && e.atMs < b.endMs)).toBe(true);
    expect(captionForEvent(trace, e).text).toContain('it still believes it holds the lock');
  });

  it('keepalive-lost after the program ended says so instead', () => {
    const tr = simulate(loadBuiltIn('partition-lease-service'));
    const lost = tr.events.filter((x) => x.kind === 'keepalive-lost-received');
    expect(lost.length).toBeGreaterThan(0);
    for (const e of lost) {
      const covered = tr.beliefs.some((b) => b.client === e.actor && b.startMs <= e.atMs && e.atMs < b.endMs);
      expect(covered).toBe(false);
      const text = captionForEvent(tr, e).text;
      expect(text).not.toContain('believes');
      expect(text).toContain('Its program had already ended');
    }
  });

  it('no caption of any built-in scenario says "believes it holds" without a belief at that time', () => {
    for (const b of ALL_BUILT_IN_SCENARIOS) {
      const tr = simulate(loadBuiltIn(b.id));
      for (const e of tr.events) {
        if (!/believes it holds/.test(captionForEvent(tr, e).text)) continue;
        const subject = e.actor === 'lease-service' || e.actor === 'storage' ? e.peer : e.actor;
        const covered = tr.beliefs.some((x) => x.client === subject && x.startMs <= e.atMs && (e.atMs < x.endMs || (x.endReason === 'run-ended' && e.atMs <= x.endMs)));
        expect(covered, `${b.id}: ${e.kind} at ${e.atMs}`).toBe(true);
      }
    }
  });
});

describe('random lock values are not called fencing tokens', () => {
  const tr = simulate(loadBuiltIn('random-tokens'));
  const texts = tr.events.map((e) => captionForEvent(tr, e).text);

  it('never says "fencing token" or "fenced off"', () => {
    for (const s of texts) {
      expect(s).not.toMatch(/(?<!not a )fencing token/i);
      expect(s).not.toMatch(/fenced off/);
    }
  });

  it('the grant names a random lock value', () => {
    const e = tr.events.find((x) => x.kind === 'lease-granted')!;
    expect(captionForEvent(tr, e).text).toContain('with the random lock value 734');
    expect(captionForEvent(tr, e).text).toContain('It is not a fencing token');
  });

  it('the rejection of the real holder says a lower random number is not an older lease', () => {
    const e = tr.events.find((x) => x.kind === 'write-rejected')!;
    const text = captionForEvent(tr, e).text;
    expect(text).toContain('random token 325 is lower than 734');
    expect(text).toContain('Client 2 holds the live lease: the check has rejected the real holder.');
  });

  it('the stale write accepted says the storage cannot tell', () => {
    const e = tr.events.find((x) => x.kind === 'write-accepted' && x.value === 'late write from client 1')!;
    expect(captionForEvent(tr, e).text).toContain('random values carry no order, so the storage cannot tell this write is stale');
  });
});
