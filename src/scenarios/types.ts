/**
 * Built-in scenarios: a `fencing-lab.scenario/v1` file plus the teaching around it.
 * @module
 */
import type { ScenarioInput } from '../model/scenario';
import type { EventKind } from '../model/trace';
import type { NarrationSourceId } from '../teaching/sources';

/**
 * A caption for one key event, shown while the playhead is at or after that event (until the next
 * captioned event). Matched by pattern, not by time, so it still finds its event after the user adds
 * a pause or a crash: the `nth` (from 1) event of `kind`, at `actor` if given.
 */
export interface NarrationStep {
  match: { kind: EventKind; actor?: string; nth?: number };
  /** A short heading, e.g. "Client 1 freezes". */
  title: string;
  /**
   * What happened and why it matters, in plain words for a learner: no citations ("DDIA ch. 8"),
   * API names or raw ids in it; times as "10.1 s". Every claim must be true to `sources`.
   */
  text: string;
  /**
   * Where the step's claims come from, by id in `teaching/sources.ts` (which loads with the caption
   * generator, not with the first render); the caption panel shows them in a "Sources" disclosure.
   */
  sources?: readonly NarrationSourceId[];
}

/**
 * A scenario that ships with the app. The real-system notes that apply are listed by the reference
 * itself: `realSystemIdsFor(id)` in `src/realsystems` (one source of truth for the pairing, and kept
 * out of the first render).
 */
export interface BuiltInScenario {
  /** Stable id used in links: `?scenario=ID`. Lowercase letters, digits and dashes. */
  id: string;
  /** One-line summary for the scenario picker. */
  summary: string;
  /** The scenario file (validated when loaded; a test checks every built-in parses). */
  scenario: ScenarioInput;
  /** Step-by-step captions, in story order. */
  narration: NarrationStep[];
  /** "What to try" hints for free play after the story. */
  tryThis: string[];
}
