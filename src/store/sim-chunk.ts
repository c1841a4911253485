/**
 * The simulator's chunk (`simulator.ts` loads it just after the first render, issue 7): the model's
 * `simulate` and the settings a learner changes with controls (`settings.ts`), which only matter
 * once the run is recomputed.
 * @module
 */
export { simulate } from '../model/simulate';
export { applySettings, withSetting } from './settings';
