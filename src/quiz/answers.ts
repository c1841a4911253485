/**
 * The right answers, computed: every predict, order and moment answer comes from `simulate` run on
 * the question's built-in scenario, never from the question file. Also grading: whether a
 * response is right. Pure functions (the trace cache is a memo of a pure function).
 * @module
 */
import { normalizeScenario } from '../model/scenario';
import { simulate } from '../model/simulate';
import type { StorageDecision, Trace, TraceEvent } from '../model/trace';
import { builtInScenario } from '../scenarios/all';
import { storageStateAt } from '../store/derive';
import { beliefOverlaps, twoBelieveAt } from '../store/beliefs';
import type { EventMatch, MomentQuestion, OrderQuestion, PredictQuestion, Question, Response } from './types';

const traces = new Map<string, Trace | null>();

/**
 * The trace of built-in scenario `id`, or `undefined` if there is no such built-in. Memoized
 * (simulation is pure). The quiz loads every built-in with it (`scenarios/all`), in its own chunk.
 */
export function traceFor(id: string): Trace | undefined {
  if (!traces.has(id)) {
    // Built-ins are trusted (a test validates each with parseScenario): only defaults to fill.
    const found = builtInScenario(id);
    traces.set(id, found ? simulate(normalizeScenario(found.scenario)) : null);
  }
  return traces.get(id) ?? undefined;
}

/** True if the question can be asked: its scenario (if it needs one to play) exists. */
export function isAvailable(q: Question): boolean {
  return q.kind === 'choice' || traceFor(q.scenarioId) !== undefined;
}

/** A storage decision's outcome. */
export type Outcome = 'accepted' | 'rejected';

/** What a predict question's answer is, read from the trace. */
export interface PredictAnswer {
  decision: StorageDecision;
  outcome: Outcome;
  /** The highest token the storage holds right after the decision. */
  highestAfter: number;
  /** Where the timeline stops for the prediction: 1 ms before the decision (simulated ms). */
  stopMs: number;
  /** The right response value: `accepted` / `rejected`, or the token as a string. */
  correct: string;
  /** The values offered: `accepted`, `rejected`, or every token granted in the run (and 0) as strings. */
  choices: string[];
}

/** The `nth` storage decision on a write from `client`, if any. */
export function findDecision(trace: Trace, client: string, nth: number): StorageDecision | undefined {
  return trace.storage.filter((d) => d.client === client)[nth - 1];
}

/** Computes a predict question's answer from its trace; `undefined` if the decision is not in it. */
export function predictAnswer(q: PredictQuestion, trace: Trace): PredictAnswer | undefined {
  const decision = findDecision(trace, q.decision.client, q.decision.nth);
  if (!decision) return undefined;
  const outcome: Outcome = decision.accepted ? 'accepted' : 'rejected';
  const highestAfter = storageStateAt(trace, decision.atMs).highestToken;
  const tokens = [...new Set([decision.highestBefore, ...trace.leases.map((l) => l.token)])].sort((a, b) => a - b);
  return {
    decision,
    outcome,
    highestAfter,
    stopMs: Math.max(0, decision.atMs - 1),
    correct: q.ask === 'outcome' ? outcome : String(highestAfter),
    choices: q.ask === 'outcome' ? ['accepted', 'rejected'] : tokens.map(String),
  };
}

/** The display name of a client in a trace (its `name`, else its id). */
export function clientName(trace: Trace, id: string): string {
  return trace.scenario.clients.find((c) => c.id === id)?.name ?? id;
}

/** Seconds for prompts: whole seconds without a decimal (`20`), else one decimal (`0.5`). */
export function secondsText(ms: number): string {
  const s = Math.round(ms / 100) / 10;
  return Number.isInteger(s) ? String(s) : s.toFixed(1);
}

/**
 * Fills a predict prompt from its decision in the trace: `{client}` (name), `{token}`, `{value}`,
 * `{delay}` (seconds the write was held in the network) and `{ttl}` (the lease TTL in seconds).
 */
export function fillPredictPrompt(q: PredictQuestion, trace: Trace): string {
  const d = findDecision(trace, q.decision.client, q.decision.nth);
  if (!d) return q.prompt;
  const m = trace.messages[d.messageId];
  return fill(q.prompt, {
    client: clientName(trace, d.client),
    token: d.token ?? '—',
    value: d.value,
    delay: secondsText(m ? m.delayedMs + m.heldMs : 0),
    ttl: secondsText(trace.scenario.lease.ttlMs),
  });
}

/** Replaces `{name}` placeholders; unknown names stay as written. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The event an {@link EventMatch} picks out of a trace, if any. */
export function matchEvent(trace: Trace, m: EventMatch): TraceEvent | undefined {
  const all = trace.events.filter((e) => e.kind === m.kind && (m.actor === undefined || e.actor === m.actor));
  return all[(m.nth ?? 1) - 1];
}

/** An order question's items with their events, in the right order; `undefined` if one is missing. */
export function orderAnswer(q: OrderQuestion, trace: Trace): { id: string; label: string; event: TraceEvent }[] | undefined {
  const rows: { id: string; label: string; event: TraceEvent }[] = [];
  for (const item of q.items) {
    const event = matchEvent(trace, item.match);
    if (!event) return undefined;
    rows.push({ id: item.id, label: fill(item.label, { token: event.token ?? '—', value: event.value ?? '' }), event });
  }
  // Trace events are numbered in time order; the id breaks ties at the same ms.
  return rows.sort((a, b) => a.event.id - b.event.id);
}

/** The stops of a moment question: every distinct event time of the trace (ms), ascending. */
export function momentStops(trace: Trace): number[] {
  const out: number[] = [];
  for (const e of trace.events) if (out[out.length - 1] !== e.atMs) out.push(e.atMs);
  return out;
}

/**
 * Fills a moment question's explanation: `{overlap}` becomes the stretches when two or more clients
 * believe they hold the lock, from {@link beliefOverlaps} ("from 10.2 s to 10.4 s", joined by "and";
 * "never" when there is none). Quiz content is English only, so the words are English.
 */
export function fillMomentExplanation(q: MomentQuestion, trace: Trace): string {
  const spans = beliefOverlaps(trace).map((s) => `from ${secondsText(s.startMs)} s to ${secondsText(s.endMs)} s`);
  return fill(q.explanation, { overlap: spans.length > 0 ? spans.join(' and ') : 'never' });
}

/** The right answer of a moment question: the stops at which two or more clients believe they hold the lock ({@link twoBelieveAt}). */
export function momentAnswer(_q: MomentQuestion, trace: Trace): number[] {
  return momentStops(trace).filter((ms) => twoBelieveAt(trace, ms));
}

/** The outcome of checking one response. */
export interface Grade {
  correct: boolean;
  /** For multi-select: how many options were chosen right (chosen and correct, or not chosen and wrong). */
  partial?: { right: number; of: number };
}

/**
 * Grades a response. All or nothing: a multi-select answer is right only when exactly the correct
 * options are chosen. A question whose scenario is missing is never right.
 */
export function grade(q: Question, r: Response): Grade {
  switch (q.kind) {
    case 'choice': {
      if (r.kind !== 'choice') return { correct: false };
      const chosen = new Set(r.selected);
      const right = q.options.filter((o) => o.correct === chosen.has(o.id)).length;
      const correct = right === q.options.length;
      return q.multiple ? { correct, partial: { right, of: q.options.length } } : { correct };
    }
    case 'predict': {
      const trace = traceFor(q.scenarioId);
      const a = trace && predictAnswer(q, trace);
      return { correct: r.kind === 'predict' && a !== undefined && r.value === a.correct };
    }
    case 'order': {
      const trace = traceFor(q.scenarioId);
      const a = trace && orderAnswer(q, trace);
      return {
        correct: r.kind === 'order' && a !== undefined && r.order.length === a.length && a.every((row, i) => r.order[i] === row.id),
      };
    }
    case 'moment': {
      const trace = traceFor(q.scenarioId);
      return { correct: r.kind === 'moment' && trace !== undefined && twoBelieveAt(trace, r.atMs) };
    }
  }
}

/** The xAPI `result.response` string of a response (choice ids and order joined by `[,]`, as xAPI does). */
export function responseString(r: Response): string {
  switch (r.kind) {
    case 'choice':
      return r.selected.join('[,]');
    case 'order':
      return r.order.join('[,]');
    case 'predict':
      return r.value;
    case 'moment':
      return String(r.atMs);
  }
}

/** True if a response has something to check (an option chosen, a prediction made...). */
export function isAnswered(r: Response | undefined): boolean {
  if (!r) return false;
  switch (r.kind) {
    case 'choice':
      return r.selected.length > 0;
    case 'predict':
      return r.value !== '';
    case 'order':
      return r.order.length > 0;
    case 'moment':
      return Number.isFinite(r.atMs);
  }
}
