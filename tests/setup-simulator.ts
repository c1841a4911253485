/**
 * The app loads the simulator just after its first render (`src/store/simulator.ts`, issue 7).
 * Tests create stores for any scenario and change them synchronously, so load it before each file;
 * `tests/model/simulator.test.ts` checks the moment before it is in.
 */
import { loadSimulator } from '../src/store/simulator';

await loadSimulator();
