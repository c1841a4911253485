/**
 * The "Try to break it" form as plain data: a draft (what the fields hold, as typed) made from a
 * {@link ScheduleSpace}, and back. Times in the form are seconds (what the timeline shows); the
 * space is in whole simulated ms. Also the numbers and actor names the panel's form and results
 * show ({@link count}, {@link actorLabel}). Pure: no React, no DOM.
 * @module
 */
import './messages';
import { getLocale } from '../i18n';
import { LEASE_SERVICE, STORAGE, type Scenario } from '../model/scenario';
import { simulate } from '../model/simulate';
import type { MessageKind } from '../model/trace';
import type { Translate } from '../teaching/captions';
import { MAX_SCHEDULES, countSchedules, dimensions, type ScheduleSpace } from '../explorer/space';

/** What the form's fields hold. Lists of times are seconds, separated by commas or spaces. */
export interface SpaceDraft {
  /** Clients that may pause (one pause per schedule). */
  pauseClients: string[];
  /** Pause start times (s). */
  starts: string;
  /** Pause lengths (s). */
  durations: string;
  /** The delayed message as {@link messageKey}, or `''` for none. */
  delayMessage: string;
  /** Extra delays (s); 0 means "not delayed". */
  delays: string;
  fencing: ScheduleSpace['fencing'];
}

/** A field of the draft that can be wrong. */
export type DraftField = 'pauseClients' | 'starts' | 'durations' | 'delays' | 'total';

/** Why a field cannot be used: a message key and its values (the view translates). */
export interface DraftError {
  key: 'breakit.error.notNumber' | 'breakit.error.range' | 'breakit.error.empty' | 'breakit.error.tooMany' | 'breakit.error.tooManySchedules';
  values?: Record<string, string | number>;
}

/** The result of {@link spaceFromDraft}: a space, or the errors per field (never both). */
export type DraftResult = { ok: true; space: ScheduleSpace } | { ok: false; errors: Partial<Record<DraftField, DraftError>> };

/** The most values one list may hold (the explorer's own limit). */
export const MAX_LIST = 1000;

/** Seconds as the form writes them: `1`, `1.5`, `0.101` (no float noise). */
export function formatSeconds(ms: number): string {
  return String(Math.round(ms) / 1000);
}

/** Writes a list of ms as seconds, `, `-separated. */
export function formatSecondsList(ms: readonly number[]): string {
  return ms.map(formatSeconds).join(', ');
}

/** A whole number with the active language's grouping (12,600 / 12.600). */
export function count(n: number): string {
  try {
    return new Intl.NumberFormat(getLocale()).format(n);
  } catch {
    return String(n);
  }
}

/** The display name of an actor of `scenario`. */
export function actorLabel(scenario: Scenario, id: string, t: Translate): string {
  if (id === 'lease-service') return t('timeline.lane.leaseService');
  if (id === 'storage') return t('timeline.lane.storage');
  return scenario.clients.find((c) => c.id === id)?.name ?? id;
}

/**
 * Reads a list of seconds (separated by commas, semicolons or spaces) into whole ms, sorted and
 * without duplicates.
 * @param min the smallest ms allowed (0 for start times and delays, 1 for lengths)
 */
export function parseSecondsList(text: string, min: number): { ok: true; ms: number[] } | { ok: false; error: DraftError } {
  const parts = text.split(/[\s,;]+/).filter((p) => p !== '');
  if (parts.length === 0) return { ok: false, error: { key: 'breakit.error.empty' } };
  if (parts.length > MAX_LIST) return { ok: false, error: { key: 'breakit.error.tooMany', values: { max: MAX_LIST } } };
  const out = new Set<number>();
  for (const p of parts) {
    const s = Number(p);
    if (!/^[+]?(\d+\.?\d*|\.\d+)$/.test(p) || !Number.isFinite(s)) return { ok: false, error: { key: 'breakit.error.notNumber', values: { value: p } } };
    const ms = Math.round(s * 1000);
    if (ms < min || ms > 600_000) {
      return { ok: false, error: { key: 'breakit.error.range', values: { value: p, min: formatSeconds(min), max: 600 } } };
    }
    out.add(ms);
  }
  return { ok: true, ms: [...out].sort((a, b) => a - b) };
}

/** The key of a delayed message in the form: `from>to#nth`. */
export function messageKey(m: { from: string; to: string; nth: number }): string {
  return `${m.from}>${m.to}#${m.nth}`;
}

/** One message the form offers to delay: the `nth` message from `from` to `to` in the fault-free run. */
export interface MessageChoice {
  from: string;
  to: string;
  nth: number;
  /**
   * What that message is in the fault-free run (the run with the scenario's pauses left out), and
   * when it leaves (ms); both undefined for a message that run does not send (it may still be sent
   * once a schedule pauses someone).
   */
  kind: MessageKind | undefined;
  sentAtMs: number | undefined;
}

/** The most messages the form lists. */
export const MAX_MESSAGE_CHOICES = 80;

/**
 * The messages a schedule can delay: every message between a client and the lease service or the
 * storage in the scenario's run without its pauses (the run the explorer's grid starts from), in
 * send order, numbered per sender and receiver as `delay` faults count them. Replies are listed too.
 * `include` (the suggested space's message) is added at the end when that run does not send it.
 */
export function messageChoices(scenario: Scenario, include?: { from: string; to: string; nth: number }): MessageChoice[] {
  const plain = simulate({ ...scenario, faults: scenario.faults.filter((f) => f.kind !== 'pause') });
  const counts = new Map<string, number>();
  const out: MessageChoice[] = [];
  for (const m of plain.messages) {
    const pair = `${m.from}>${m.to}`;
    const nth = (counts.get(pair) ?? 0) + 1;
    counts.set(pair, nth);
    const ends = [m.from, m.to];
    if (!ends.includes(LEASE_SERVICE) && !ends.includes(STORAGE)) continue;
    out.push({ from: m.from, to: m.to, nth, kind: m.kind, sentAtMs: m.sentAtMs });
    if (out.length >= MAX_MESSAGE_CHOICES) break;
  }
  if (include && !out.some((c) => messageKey(c) === messageKey(include))) {
    out.push({ from: include.from, to: include.to, nth: include.nth, kind: undefined, sentAtMs: undefined });
  }
  return out;
}

/** The form's fields for a space. */
export function draftFromSpace(space: ScheduleSpace): SpaceDraft {
  return {
    pauseClients: [...space.pauseClients],
    starts: formatSecondsList(space.pauseStartsMs),
    durations: formatSecondsList(space.pauseDurationsMs),
    delayMessage: space.delay ? messageKey(space.delay) : '',
    delays: formatSecondsList(space.delay?.extraMs ?? [0]),
    fencing: space.fencing,
  };
}

/**
 * Reads the form back into a space. Lists that do not matter (start times when no client may
 * pause, delays when no message is delayed) are not checked. `base` supplies what the form does
 * not show (`baseFaults`).
 */
export function spaceFromDraft(draft: SpaceDraft, base: ScheduleSpace): DraftResult {
  const errors: Partial<Record<DraftField, DraftError>> = {};
  const pausing = draft.pauseClients.length > 0;
  let starts: number[] = [];
  let durations: number[] = [];
  if (pausing) {
    const s = parseSecondsList(draft.starts, 0);
    if (s.ok) starts = s.ms;
    else errors.starts = s.error;
    const d = parseSecondsList(draft.durations, 1);
    if (d.ok) durations = d.ms;
    else errors.durations = d.error;
  }
  let delay: ScheduleSpace['delay'];
  if (draft.delayMessage !== '') {
    const m = /^(.+)>(.+)#(\d+)$/.exec(draft.delayMessage);
    const x = parseSecondsList(draft.delays, 0);
    if (!x.ok) errors.delays = x.error;
    else if (m) delay = { from: m[1]!, to: m[2]!, nth: Number(m[3]), extraMs: x.ms };
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const space: ScheduleSpace = {
    pauseClients: pausing ? [...draft.pauseClients] : [],
    pauseStartsMs: pausing ? starts : [],
    pauseDurationsMs: pausing ? durations : [],
    delay,
    fencing: draft.fencing,
    baseFaults: base.baseFaults,
  };
  const total = countSchedules(space);
  if (total > MAX_SCHEDULES) {
    return { ok: false, errors: { total: { key: 'breakit.error.tooManySchedules', values: { total, max: MAX_SCHEDULES } } } };
  }
  return { ok: true, space };
}

/** The sizes the form shows next to the total: fencing modes × clients × starts × lengths × delays. */
export function spaceSizes(space: ScheduleSpace): ReturnType<typeof dimensions> & { total: number } {
  return { ...dimensions(space), total: countSchedules(space) };
}

/**
 * The learner's choices of what to try (issue 14, item 5), instead of lists to type: `quick`
 * (pauses of half, one and one and a half TTLs at the suggested moments), `pauses` (every suggested
 * pause length and moment), `delay` (those, and the suggested delayed message) and `custom` (the
 * whole form). All but `custom` compare the token check on and off and let every client pause.
 */
export type Preset = 'quick' | 'pauses' | 'delay' | 'custom';

/** The multiples of the TTL the quick look pauses for. */
export const QUICK_TTL_FACTORS = [0.5, 1, 1.5] as const;

/**
 * The space of a preset, made from the suggested one (`defaultScheduleSpace`); `ttlMs` is the
 * scenario's TTL. `delay` is the suggested space itself; the others hold no message up.
 */
export function presetSpace(suggested: ScheduleSpace, preset: Exclude<Preset, 'custom'>, ttlMs: number): ScheduleSpace {
  if (preset === 'delay') return suggested;
  const noDelay: ScheduleSpace = { ...suggested, delay: undefined, fencing: 'both' };
  if (preset === 'pauses') return noDelay;
  const durations = [...new Set(QUICK_TTL_FACTORS.map((k) => Math.round(ttlMs * k)))].filter((d) => d >= 1 && d <= 600_000);
  return { ...noDelay, pauseDurationsMs: durations };
}
