import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario, simulate } from '../../src/model';

const dir = join(import.meta.dirname, '..', 'cases');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('shared scenario cases', () => {
  it('finds the copied cases', () => {
    expect(files.length).toBeGreaterThanOrEqual(7);
  });
  for (const file of files) {
    it(`${file} gives exactly its expected storage log`, () => {
      const parsed = parseScenario(JSON.parse(readFileSync(join(dir, file), 'utf8')));
      if (!parsed.ok) throw new Error(parsed.issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
      expect(parsed.scenario.expect?.storageLog).toBeDefined();
      expect(simulate(parsed.scenario).storageLog).toEqual(parsed.scenario.expect!.storageLog);
    });
  }
});
