/**
 * What a story frame (`frames.ts`) and the timeline that draws it (`views/timeline/frame-ease.ts`)
 * must agree on: a frame's shape (as the store keeps it) and two figures, in a module of their own
 * so the timeline's chunk does not carry the story's.
 * @module
 */

/** A stretch of time (simulated ms). */
export interface Stretch {
  startMs: number;
  endMs: number;
}

/**
 * A story frame as the store keeps it and the timeline draws it: a stretch of the run to show
 * (simulated ms), `startMs` to `endMs`, drawn to scale.
 */
export interface FrameSpan extends Stretch {
  /**
   * The moment's events and the playhead's stop without the room around them (ms): where a phone's
   * view cannot hold the whole frame at the scale it draws it at, it keeps this part in view.
   */
  focus?: Stretch | undefined;
  /**
   * A quiet stretch inside the frame that a narrow view may draw as a labelled break ("≈ 11 s
   * skipped"), so that events seconds apart are on screen together, each group at a readable scale:
   * the newer holder's write beside the late write it runs into (Kleppmann 2016's "stored 34" and
   * "rejected 33 < 34", 11 s apart in the seed). No event of the frame lies inside it, nor any
   * write, decision, grant, crash or pause's start (only keepalives, a lease running out, a pause
   * ending and the like: `cuttable` in `frames.ts`). Absent where the events are close enough to
   * draw to scale. The timeline decides whether to draw it (`frameCut` in `frame-ease.ts`).
   */
  cut?: Stretch | undefined;
  /**
   * The longest stretch inside {@link cut} in which nothing at all happens in the run (no event of
   * any lane), where it is at least `MIN_CUT_MS` (`frames.ts`) and shorter than the cut: a wider
   * view draws this break instead, so what happens between (the seed's lease 34 ending at 20.1 s,
   * client 1 waking at 21.0 s) stays to scale.
   */
  quietCut?: Stretch | undefined;
  /** The frame's ends where it is drawn with a cut (less room at its sides, as a share of the time drawn); with {@link cut}. */
  cutBounds?: Stretch | undefined;
  /** The smallest gap (ms) between two of the frame's events at different times (Infinity with one time). */
  gapMs?: number | undefined;
}

/**
 * Events a key moment speaks of are at least this far apart (px) on screen, in a phone's narrowest
 * plot (`NARROW_PLOT_PX`, `frames.ts`): a frame leaves out context events that would crowd them closer.
 */
export const MIN_EVENT_GAP_PX = 24;
/** The width (px) a cut is drawn at (a narrow break on the axis, `layoutTimeline`'s `breakPx`). */
export const CUT_PX = 28;
