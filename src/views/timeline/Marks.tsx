/**
 * What the timeline draws of the trace up to the playhead: each lane's marks (leases, beliefs,
 * pauses, crashes, checks, storage decisions; `Lanes.tsx`) and the message arrows (`Messages.tsx`).
 *
 * Its own chunk, loaded while the first render is committed (issue 7): the first render draws the
 * timeline's frame (lanes, axis, labels, playhead; `Timeline.tsx`), where at the start of a run
 * there is nothing yet to mark, and the marks follow a moment later, about 5 KB gzip.
 * @module
 */
import type { Trace } from '../../model/trace';
import type { Geometry } from './geometry';
import { Lanes } from './Lanes';
import './marks-messages';
import { Messages } from './Messages';

/** Props: the layout, the trace, and the ids of the hatch patterns the timeline defines. */
export interface MarksProps {
  g: Geometry;
  trace: Trace;
  patterns: { pause: string; stale: string };
}

/** The lanes' marks and the message arrows. */
export function Marks({ g, trace, patterns }: MarksProps) {
  return (
    <>
      <Lanes g={g} trace={trace} patterns={patterns} />
      <Messages g={g} trace={trace} />
    </>
  );
}
