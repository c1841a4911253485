import { describe, expect, it } from 'vitest';
import { findRealSystem, REAL_SYSTEMS, realSystemIdsFor } from '../../src/realsystems';
import { BUILT_IN_SCENARIOS, findBuiltIn } from '../../src/scenarios';

describe('real-systems reference', () => {
  it('covers the systems the lesson maps onto', () => {
    expect(REAL_SYSTEMS.map((s) => s.id)).toEqual(
      expect.arrayContaining(['etcd', 'zookeeper', 'chubby', 'kafka', 'hdfs-qjm', 'sql-conditional-update', 'dynamodb-conditions', 's3-conditional-writes']),
    );
  });

  it('has unique, link-safe ids', () => {
    const ids = REAL_SYSTEMS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it.each(REAL_SYSTEMS.map((s) => [s.id, s] as const))('%s fills every role and cites https sources', (_id, s) => {
    for (const field of [s.title, s.lease, s.token, s.enforcement, s.explanation]) expect(field.trim().length).toBeGreaterThan(0);
    expect(s.sources.length).toBeGreaterThan(0);
    for (const src of s.sources) {
      expect(src.title.trim().length).toBeGreaterThan(0);
      expect(new URL(src.url).protocol).toBe('https:');
    }
    if (s.snippet) expect(s.snippet.code.trim().length).toBeGreaterThan(0);
    expect(s.scenarios.length).toBeGreaterThan(0);
  });

  it('tags only built-in scenarios that exist', () => {
    for (const s of REAL_SYSTEMS) for (const id of s.scenarios) expect(findBuiltIn(id), `${s.id} → ${id}`).toBeDefined();
  });

  it("lists each built-in's real systems from the reference, both ways consistent", () => {
    for (const b of BUILT_IN_SCENARIOS) {
      const ids = realSystemIdsFor(b.id);
      expect(ids.length, b.id).toBeGreaterThan(0);
      for (const id of ids) expect(findRealSystem(id)?.scenarios).toContain(b.id);
      expect(ids).toEqual(REAL_SYSTEMS.filter((s) => s.scenarios.includes(b.id)).map((s) => s.id));
    }
  });
});
