/**
 * The lesson's figures (issue 45): each one a built-in scenario run by the real simulator, framed to
 * one idea (the stretch of time around its subject's events), with at most two controls that change
 * one setting of the scenario (`settings/settings.ts` paths) and re-run the model. Pure data and pure
 * functions of a trace: no React, DOM or clock. Times are simulated ms.
 *
 * The facts each figure shows are the built-in scenarios' own, whose narration and "Try this" lines
 * are sourced in `src/scenarios/builtin/*.ts` (Kleppmann 2016, DDIA ch. 8, the Chubby paper, etcd's
 * and ZooKeeper's docs).
 * @module
 */
import type { EventKind, Trace, TraceEvent } from '../model/trace';
import type { SettingValue } from '../store/intervention-types';
import { eventsFrame, type Frame } from '../story/event-frame';

/** One of the figure's subject events: the `nth` (from 1) event of one of `kinds` matching `actor` and `peer`. */
export interface SubjectMatch {
  kinds: readonly EventKind[];
  actor?: string;
  /** For a storage decision: the writer. */
  peer?: string;
  /** Default 1. */
  nth?: number;
}

/** A slider over a numeric setting (simulated ms). */
export interface SliderControl {
  kind: 'slider';
  /** A settings path (`settings/settings.ts`), e.g. `lease.ttlMs`. */
  path: string;
  min: number;
  max: number;
  step: number;
}

/** A switch between two values of a setting. */
export interface ToggleControl {
  kind: 'toggle';
  path: string;
  on: SettingValue;
  off: SettingValue;
}

/** A control of a figure. */
export type FigureControl = SliderControl | ToggleControl;

/** One figure of the lesson. */
export interface LessonFigure {
  /** Stable id: the chapter's, and `?view=lesson&figure=ID`. */
  id: string;
  /** The built-in scenario it runs (`src/scenarios`). */
  scenarioId: string;
  /**
   * The events it is about, in time order as written; those the run does not have are left out.
   * They are chosen so that at most one long quiet stretch lies between them (the timeline draws
   * one labelled break per frame): on a 360 px phone they are then in view together, 24 px apart.
   * What came before them (a pause's start) is drawn at the frame's left edge as the bar it began.
   */
  subject: readonly SubjectMatch[];
  /** At most two. */
  controls: readonly FigureControl[];
}

const decision = (peer: string, nth: number): SubjectMatch => ({ kinds: ['write-accepted', 'write-rejected'], actor: 'storage', peer, nth });

/** The figures, one per chapter, in the issue's order. */
export const FIGURES: readonly LessonFigure[] = [
  {
    // A crashed holder never releases: the lease frees the lock one TTL after its last renewal.
    id: 'lease',
    scenarioId: 'crash-holder',
    subject: [{ kinds: ['crashed'], actor: 'client-1' }, { kinds: ['lease-expired'], actor: 'lease-service' }],
    controls: [{ kind: 'slider', path: 'lease.ttlMs', min: 2000, max: 15000, step: 1000 }],
  },
  {
    // A process pause: the lease ends while client 1 is frozen (its pause drawn across the frame);
    // client 2 writes; awake, client 1 writes as if it held the lock.
    id: 'pause',
    scenarioId: 'seed-gc-pause-unfenced',
    subject: [{ kinds: ['lease-expired'], actor: 'lease-service' }, decision('client-2', 1), decision('client-1', 2)],
    controls: [{ kind: 'slider', path: 'faults.0.forMs', min: 2000, max: 25000, step: 1000 }],
  },
  {
    // Checking the lease before the write: the pause falls between the check and the write, which
    // leaves long after the lease ended.
    id: 'check',
    scenarioId: 'check-then-write',
    subject: [{ kinds: ['lease-expired'], actor: 'lease-service' }, decision('client-2', 1), decision('client-1', 2)],
    controls: [{ kind: 'toggle', path: 'clients.client-1.checkLeaseBeforeWrite', on: true, off: false }],
  },
  {
    // The fencing token: the storage rejects the lower token.
    id: 'token',
    scenarioId: 'seed-gc-pause',
    subject: [decision('client-2', 1), decision('client-1', 2)],
    controls: [{ kind: 'toggle', path: 'storage.fencing', on: 'token', off: 'off' }],
  },
  {
    // The first-write window: the storage has not seen the new token yet.
    id: 'window',
    scenarioId: 'first-write-window',
    subject: [decision('client-1', 2), decision('client-2', 1)],
    controls: [{ kind: 'slider', path: 'clients.client-2.program.1.ms', min: 3000, max: 20000, step: 1000 }],
  },
  {
    // No pause at all: a write held up in the network (Chubby's delayed request).
    id: 'delay',
    scenarioId: 'network-delay',
    subject: [{ kinds: ['lease-expired'], actor: 'lease-service' }, decision('client-2', 1), decision('client-1', 2)],
    controls: [{ kind: 'slider', path: 'faults.0.extraMs', min: 2000, max: 25000, step: 1000 }],
  },
];

/** The figure with `id`, if any. */
export function figureById(id: string): LessonFigure | undefined {
  return FIGURES.find((f) => f.id === id);
}

/** The event `m` names in `trace`, or `undefined` when the run has none. */
export function findSubject(trace: Trace, m: SubjectMatch): TraceEvent | undefined {
  let left = m.nth ?? 1;
  for (const e of trace.events) {
    if (!m.kinds.includes(e.kind) || (m.actor !== undefined && e.actor !== m.actor) || (m.peer !== undefined && e.peer !== m.peer)) continue;
    left -= 1;
    if (left === 0) return e;
  }
  return undefined;
}

/** The figure's subject events in `trace`, in time order (missing ones left out, each once). */
export function subjectEvents(trace: Trace, figure: LessonFigure): TraceEvent[] {
  const found = figure.subject.map((m) => findSubject(trace, m)).filter((e): e is TraceEvent => e !== undefined);
  return [...new Set(found)].sort((a, b) => a.id - b.id);
}

/** What a figure shows: its frame (as the story's, with its labelled break where a narrow view needs one) and where the playhead rests. */
export interface FigureView extends Frame {
  /** The playhead: at the last subject event, so every one of them is drawn. */
  playheadMs: number;
}

/**
 * The frame of a figure: its subject events framed as a story's key moment is (`eventsFrame`,
 * `story/event-frame.ts`: room at both sides, at least 600 ms wide, never before 0; where its events
 * are seconds apart, the quiet stretch between them as a {@link Frame.cut} that a phone draws as a
 * labelled break, so they are on screen together), the playhead at the last of them. Without any
 * subject event (a setting removed them all) the whole run, the playhead at its end.
 */
export function figureView(trace: Trace, figure: LessonFigure): FigureView {
  const events = subjectEvents(trace, figure);
  if (events.length === 0) {
    const whole = { startMs: 0, endMs: trace.endMs };
    return { ...whole, focus: whole, playheadMs: trace.endMs, eventIds: [], gapMs: Infinity };
  }
  const hi = Math.max(...events.map((e) => e.atMs));
  return { ...eventsFrame(trace, events, [], hi), playheadMs: hi };
}

/** The value a control shows for the run's settings (`current` from `currentSetting`, `written` from the scenario). */
export function controlValue(control: FigureControl, current: SettingValue | undefined): SettingValue | undefined {
  if (control.kind === 'toggle') return current === control.on;
  return typeof current === 'number' ? current : undefined;
}
