/**
 * The simulator's chunk (`store/simulator.ts` loads it; kept outside `src/store/`, whose modules the
 * build puts in the first render's chunk): the model's `simulate` and the settings a learner changes
 * with controls (`settings.ts`), which only matter once the run is recomputed. The single file has
 * no settings controls (its 200 KB budget), so it leaves them out.
 * @module
 */
import { applySettings as apply, withSetting as withOne } from './settings';

export { simulate } from '../model/simulate';
/** `settings.ts`'s `applySettings` (the identity in the single file, which has no settings controls). */
export const applySettings: typeof apply = import.meta.env.FENCING_LAB_SINGLE_FILE === true ? (base) => base : apply;
/** `settings.ts`'s `withSetting` (no change in the single file). */
export const withSetting: typeof withOne = import.meta.env.FENCING_LAB_SINGLE_FILE === true ? (_b, list) => [...list] : withOne;
