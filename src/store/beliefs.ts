/**
 * Who believes it holds the lock, and when two or more clients do at once: the quiz's key to "a
 * moment when two clients both believe they hold the lock" (issue 40, item 7), from the same
 * `trace.beliefs` the timeline draws its belief bars from. A module of its own, so that these go
 * with the quiz's chunk, not the first render.
 * @module
 */
import type { BeliefInterval, Trace } from '../model/trace';
import { beliefAt } from './derive';

/**
 * Every client that believes it holds the lock at `ms`, with its belief ({@link beliefAt} for each
 * client of the scenario, in scenario order). The timeline draws each of these as a belief bar on
 * its client's lane (`views/timeline/Lanes.tsx`, from the same `trace.beliefs`).
 */
export function believersAt(trace: Trace, ms: number): BeliefInterval[] {
  const out: BeliefInterval[] = [];
  for (const c of trace.scenario.clients) {
    const b = beliefAt(trace, c.id, ms);
    if (b) out.push(b);
  }
  return out;
}

/**
 * True if two or more different clients believe they hold the lock at `ms` ({@link believersAt}):
 * the right answer to the quiz's "a moment when two clients both believe they hold the lock".
 */
export function twoBelieveAt(trace: Trace, ms: number): boolean {
  return believersAt(trace, ms).length >= 2;
}

/** A stretch of simulated time, half-open: [startMs, endMs). */
export interface OverlapSpan {
  startMs: number;
  endMs: number;
}

/**
 * The stretches when two or more different clients believe they hold the lock: the times at which
 * the belief intervals of two clients overlap, merged, in time order. Built from
 * {@link twoBelieveAt} between consecutive belief starts and ends, so a time lies in a span exactly
 * when `twoBelieveAt(trace, ms)` (one exception: a belief still open when
 * the run ends also counts at the run's last ms, which no span includes). The quiz's key to "a
 * moment when two clients both believe they hold the lock" is this.
 */
export function beliefOverlaps(trace: Trace): OverlapSpan[] {
  const edges = [...new Set(trace.beliefs.flatMap((b) => [b.startMs, b.endMs]))].sort((a, b) => a - b);
  const spans: OverlapSpan[] = [];
  for (let i = 0; i + 1 < edges.length; i++) {
    const [a, b] = [edges[i]!, edges[i + 1]!];
    // No belief starts or ends strictly inside [a, b): who believes at its middle believes all along it.
    if (!twoBelieveAt(trace, (a + b) / 2)) continue;
    const last = spans[spans.length - 1];
    if (last && last.endMs === a) last.endMs = b;
    else spans.push({ startMs: a, endMs: b });
  }
  return spans;
}
