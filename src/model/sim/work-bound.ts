/**
 * The structural bound on the work of a run (issue 18), apart from the simulator so that the app,
 * which never needs it, does not carry it.
 *
 * @module
 */
import { MAX_DURATION_MS, type Scenario } from '../scenario';

/**
 * An upper bound on the work of a run of `scenario`, by its structure: the most events (queue jobs,
 * and trace events) `simulate` can make for it. Counted per client: its start and its program's end
 * (2: a client with an empty program still records both); 6 per program step
 * (an acquire costs its delivery, the grant's delivery and the expiry the grant arms, plus the
 * keepalive timer the grant starts; a write its prepare timer, its delivery and the reply's; a chain
 * of steps that do not block records a few events in one job); 4 per keepalive (its timer, its
 * delivery, the lease expiry a renewal re-arms, the reply's delivery), where keepalives are at
 * least `renewEveryMs` apart, so at most `horizon / renewEveryMs + 1` of them; and 4 per fault (its
 * own jobs, and the timers a pause's wake-up re-arms). `horizon` is `durationMs`, else 10 minutes.
 *
 * For the largest valid scenario (8 clients of 200 steps renewing every 100 ms, 200 faults, 10
 * minutes) this is 202,448, more than `MAX_SIMULATION_EVENTS` (50,000), which then stops the run;
 * a scenario whose bound is within the budget always simulates to its end. `tests/model/work-bounds.test.ts`
 * checks that runs stay within it.
 */
export function workBound(scenario: Scenario, horizonMs = scenario.durationMs ?? MAX_DURATION_MS): number {
  let bound = 4 * scenario.faults.length;
  for (const c of scenario.clients) {
    bound += 2 + 6 * c.program.length;
    if (c.renewEveryMs > 0) bound += 4 * (Math.floor(horizonMs / c.renewEveryMs) + 1);
  }
  return bound;
}
