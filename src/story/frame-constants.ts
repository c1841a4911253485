/**
 * The two figures a story frame (`frames.ts`) and the timeline that draws it (`views/timeline/frame-ease.ts`)
 * must agree on, in a module of their own so the timeline's chunk does not carry the story's.
 * @module
 */

/**
 * Events a key moment speaks of are at least this far apart (px) on screen, in a phone's narrowest
 * plot (`NARROW_PLOT_PX`, `frames.ts`): a frame leaves out context events that would crowd them closer.
 */
export const MIN_EVENT_GAP_PX = 24;
/** The width (px) a cut is drawn at (a narrow break on the axis, `layoutTimeline`'s `breakPx`). */
export const CUT_PX = 28;
