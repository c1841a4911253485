/**
 * The simulator's chunk (`store/simulator.ts` loads it; kept outside `src/store/`, whose modules the
 * build puts in the first render's chunk): the model's `simulate` and the settings a learner changes
 * with controls (`settings.ts`), which only matter once the run is recomputed.
 * @module
 */
export { applySettings, withSetting } from './settings';
export { simulate } from '../model/simulate';
