import type { BuiltInScenario } from '../types';
import scenario from './seed-gc-pause.json';

/** The seed's story: a GC pause, tokens 33 and 34, and a storage that checks tokens. */
export const seedGcPause: BuiltInScenario = {
  id: 'seed-gc-pause',
  summary: 'Client 1 pauses for garbage collection while holding the lock; the storage checks tokens.',
  scenario: scenario as BuiltInScenario['scenario'],
  narration: [],
  tryThis: [],
};
