/**
 * The scales the story's frames draw the timeline at on phones (issue 40), for the node tests of
 * the label plan and the marks: for each built-in scenario's key moments, the frame
 * (`src/story/frames.ts`) and its scale in a phone's view (`frameScale`, `frame-ease.ts`: the whole
 * run's scale times 2^k). The walk in the browser (`tests/browser/timeline-labels.test.ts`) meets
 * these scales only at the steps that land on a key moment; these layouts check every label of the
 * run at each of them.
 * @module
 */
import { simulate } from '../src/model/simulate';
import type { Trace } from '../src/model/trace';
import { ALL_BUILT_IN_SCENARIOS } from '../src/scenarios/all';
import { loadBuiltIn } from '../src/store/initial-state';
import { keyMoments } from '../src/story/moments';
import { frameOf } from '../src/story/frames';
import { layoutTimeline, type Geometry } from '../src/views/timeline/geometry';
import { frameCut, frameScale } from '../src/views/timeline/frame-ease';
import { CUT_PX } from '../src/story/frame-constants';

/**
 * The visible plot (px) of a phone's timeline: the timeline's box (the viewport less the page's
 * margins, 334 and 385 px as Chromium lays out the page) less the lane names' column (92 px).
 */
export const PHONE_VIEWS = { 360: 242, 412: 293 } as const;

/** One layout a phone's frame draws: the scenario, the phone's width, the scale and the geometry. */
export interface FrameLayout {
  id: string;
  phone: keyof typeof PHONE_VIEWS;
  pxPerMs: number;
  /** The frame's quiet stretch drawn as a break at this scale (`frameCut`), if any. */
  cut?: { startMs: number; endMs: number } | undefined;
  trace: Trace;
  g: Geometry;
  /** The key moments (their stops, ms) framed at this scale. */
  stops: number[];
  /**
   * Whether one of those frames holds the run's end: only then can the playhead stand at the end
   * with the picture at this scale (a frame is left as the playhead leaves it, `nextFrame`).
   */
  reachesEnd: boolean;
}

/** Every distinct scale a key moment's frame draws a built-in at on a 360 and a 412 px phone, laid out. */
export function* phoneFrameLayouts(ids?: readonly string[]): Generator<FrameLayout> {
  for (const built of ALL_BUILT_IN_SCENARIOS.filter((b) => !ids || ids.includes(b.id))) {
    const trace = simulate(loadBuiltIn(built.id));
    for (const [phone, view] of Object.entries(PHONE_VIEWS)) {
      // Each distinct scale, and with it the cut it draws as a break (a cut frame has a scale of its own).
      const scales = new Map<string, { pxPerMs: number; cut: { startMs: number; endMs: number } | undefined; stops: number[]; reachesEnd: boolean }>();
      for (const m of keyMoments(trace)) {
        const f = frameOf(trace, m);
        const s = frameScale(trace.endMs, f, view);
        if (s === undefined) continue;
        const cut = frameCut(trace.endMs, f, view);
        const key = `${s} ${cut?.startMs ?? ''} ${cut?.endMs ?? ''}`;
        const at = scales.get(key) ?? { pxPerMs: s, cut, stops: [], reachesEnd: false };
        scales.set(key, { ...at, stops: [...at.stops, m.stopMs], reachesEnd: at.reachesEnd || f.endMs >= trace.endMs });
      }
      for (const { pxPerMs, cut, stops, reachesEnd } of scales.values()) {
        const g = layoutTimeline(trace, undefined, view, { pxPerMs, ...(cut ? { skip: [cut], breakPx: CUT_PX } : {}) });
        yield { id: built.id, phone: Number(phone) as keyof typeof PHONE_VIEWS, pxPerMs, cut, trace, g, stops, reachesEnd };
      }
    }
  }
}
