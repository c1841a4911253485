/**
 * The default scenario's trace computed at build time (`src/build/seed-trace.ts`, issue 7) is the
 * trace `simulate` gives now, field for field, and the store opens the default scenario with it.
 */
import { describe, expect, it } from 'vitest';
import seedTrace from 'virtual:fencing-lab/seed-trace';
import { seedTraceData } from '../../src/build/seed-trace';
import { simulate } from '../../src/model/simulate';
import { DEFAULT_SCENARIO_ID } from '../../src/scenarios';
import { createInitialState, loadBuiltIn } from '../../src/store/initial-state';

describe('the built-in trace of the default scenario', () => {
  it('equals a fresh simulation of it, apart from the scenario the store attaches', () => {
    const { scenario, ...fresh } = simulate(loadBuiltIn(DEFAULT_SCENARIO_ID));
    expect(scenario.title).toBe('Client 1 pauses for garbage collection');
    expect(seedTrace).toStrictEqual(fresh);
    expect(seedTraceData()).toStrictEqual(fresh);
    expect(fresh.events.length).toBeGreaterThan(20);
  });

  it('is what the store opens the default scenario with', () => {
    const state = createInitialState();
    expect(state.trace).toStrictEqual(simulate(state.base));
    expect(state.trace.scenario).toBe(state.base);
    expect(state.trace.events).toBe(seedTrace?.events);
  });
});
