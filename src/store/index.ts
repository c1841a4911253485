/**
 * The store room: per-instance state of one explainer, and the pure helpers its actions wrap.
 * @module
 */
export * from './interventions';
export * from './playback';
export * from './derive';
export * from './initial-state';
export * from './store';
export * from './context';
