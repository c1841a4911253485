/**
 * The pure model: scenario format, simulation and trace. No React, no DOM, no timers, no clock.
 * @module
 */
export * from './scenario';
export * from './validate';
export * from './trace';
export * from './stale';
export { simulate, pyRepr, SimulationLimitError, type LimitCause, type SimulateOptions } from './simulate';
export { workBound } from './sim/work-bound';
