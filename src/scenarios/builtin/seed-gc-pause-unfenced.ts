import type { BuiltInScenario } from '../types';
import scenario from './seed-gc-pause-unfenced.json';

/** The seed's story with a storage that does not check tokens. */
export const seedGcPauseUnfenced: BuiltInScenario = {
  id: 'seed-gc-pause-unfenced',
  summary: 'The same pause, but the storage does not check tokens: the late write overwrites client 2.',
  scenario: scenario as BuiltInScenario['scenario'],
  narration: [],
  tryThis: [],
};
