/**
 * Quiz progress as SCORM 1.2 keeps it: `cmi.suspend_data` holds at most 4,096 characters
 * (SCORM 1.2 RTE, 3.4.2, CMIString4096), and a full quiz's progress as JSON takes more (issue 43:
 * 3,747 characters with one answer each, 4,407 with every option of the choice questions ticked).
 *
 * So it is kept in a compact form of its own, behind the prefix {@link COMPACT} (version 2): the
 * question's id, its state as bits, a choice as a bit set over the question's options, an order as
 * the items' positions, numbers in base 36, fields between `|` and `:` (which `encodeURIComponent`
 * escapes in the ids and the registration). The largest progress the quiz can make takes under a
 * quarter of the limit (`tests/model/suspend-data.test.ts` fills every question maximally and
 * prints the figure). A choice or order answer carries a two-character checksum of the question's
 * option or item ids: an answer to a question whose options changed since is dropped (that
 * question starts afresh), never read as other options.
 *
 * Progress the compact form cannot say (an answer to a question not in the quiz, a value no
 * option has) is kept as before: the JSON compressed with lz-string behind {@link PACKED}.
 * Suspend data written by earlier versions (plain JSON, or {@link PACKED}) is still read, so a
 * learner's progress survives the update.
 * @module
 */
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { QUESTIONS } from '../quiz/questions';
import { serializeProgress, type QuestionState, type QuizProgress } from '../quiz/progress';
import type { Question, Response } from '../quiz/types';

/** The most `cmi.suspend_data` holds (characters), SCORM 1.2 RTE 3.4.2. */
export const SUSPEND_DATA_MAX = 4096;

/** What marks progress compressed with lz-string (JSON, as saved before that, starts with `{`). */
export const PACKED = 'lz1:';

/** What marks the compact form (version 2 of the suspend data). */
export const COMPACT = 'fl2|';

/** A question's state bits: checked, correct, revealed. */
const CHECKED = 1;
const CORRECT = 2;
const REVEALED = 4;

/** Whole numbers from 0 up to this are written in base 36. */
const safeWhole = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/** Reads a base-36 whole number; NaN for anything else. */
function whole(s: string | undefined): number {
  if (s === undefined || !/^[0-9a-z]{1,11}$/.test(s)) return Number.NaN;
  const n = Number.parseInt(s, 36);
  return Number.isSafeInteger(n) ? n : Number.NaN;
}

/** Two base-36 characters from the ids (FNV-1a), so that an answer is read against the options it was given for. */
function checksum(ids: readonly string[]): string {
  let h = 0x811c9dc5;
  for (const ch of ids.join('\n')) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return (h % 1296).toString(36).padStart(2, '0');
}

/** `r` as question `q` keeps it, or undefined when the compact form cannot say it. */
function encodeResponse(q: Question, r: Response): string | undefined {
  if (r.kind !== q.kind) return undefined;
  switch (q.kind) {
    case 'choice': {
      const { selected } = r as Extract<Response, { kind: 'choice' }>;
      if (q.options.length > 52) return undefined;
      let mask = 0;
      for (const id of selected) {
        const i = q.options.findIndex((o) => o.id === id);
        if (i < 0) return undefined;
        mask += 2 ** i;
      }
      // Each option once: a repeated id would not come back.
      if (new Set(selected).size !== selected.length) return undefined;
      return checksum(q.options.map((o) => o.id)) + mask.toString(36);
    }
    case 'order': {
      const { order } = r as Extract<Response, { kind: 'order' }>;
      if (q.items.length > 36) return undefined;
      let out = checksum(q.items.map((i) => i.id));
      for (const id of order) {
        const i = q.items.findIndex((x) => x.id === id);
        if (i < 0) return undefined;
        out += i.toString(36);
      }
      return out;
    }
    case 'predict': {
      const { value } = r as Extract<Response, { kind: 'predict' }>;
      if (value === 'accepted') return 'a';
      if (value === 'rejected') return 'r';
      return /^(0|[1-9]\d{0,14})$/.test(value) ? `t${value}` : undefined;
    }
    case 'moment': {
      const { atMs } = r as Extract<Response, { kind: 'moment' }>;
      return safeWhole(atMs) ? atMs.toString(36) : undefined;
    }
  }
}

/** The response kept as `s` for question `q`; null when it does not fit `q` (its options changed), undefined for a malformed value. */
function decodeResponse(q: Question, s: string): Response | null | undefined {
  switch (q.kind) {
    case 'choice': {
      if (s.slice(0, 2) !== checksum(q.options.map((o) => o.id))) return null;
      const mask = whole(s.slice(2));
      if (Number.isNaN(mask) || mask >= 2 ** q.options.length) return undefined;
      return { kind: 'choice', selected: q.options.filter((_, i) => Math.floor(mask / 2 ** i) % 2 === 1).map((o) => o.id) };
    }
    case 'order': {
      if (s.slice(0, 2) !== checksum(q.items.map((i) => i.id))) return null;
      const order: string[] = [];
      for (const c of s.slice(2)) {
        const item = q.items[whole(c)];
        if (!item) return undefined;
        order.push(item.id);
      }
      return { kind: 'order', order };
    }
    case 'predict':
      if (s === 'a') return { kind: 'predict', value: 'accepted' };
      if (s === 'r') return { kind: 'predict', value: 'rejected' };
      return /^t(0|[1-9]\d{0,14})$/.test(s) ? { kind: 'predict', value: s.slice(1) } : undefined;
    case 'moment': {
      const atMs = whole(s);
      return Number.isNaN(atMs) ? undefined : { kind: 'moment', atMs };
    }
  }
}

/** `progress` in the compact form, or undefined when it cannot say all of it. */
function compact(p: QuizProgress, questions: readonly Question[]): string | undefined {
  if (!safeWhole(p.index) || !safeWhole(p.startedAt)) return undefined;
  const byId = new Map(questions.map((q) => [q.id, q]));
  const fields = [p.index.toString(36), ((p.finished ? 1 : 0) + (p.completedSent ? 2 : 0)).toString(36), encodeURIComponent(p.registration), p.startedAt.toString(36)];
  for (const [id, s] of Object.entries(p.answers)) {
    const q = byId.get(id);
    if (!q) return undefined;
    const response = s.response === undefined ? '' : encodeResponse(q, s.response);
    const first = s.first === undefined ? '' : encodeResponse(q, s.first);
    if (response === undefined || first === undefined) return undefined;
    const bits = (s.checked ? CHECKED : 0) + (s.correct ? CORRECT : 0) + (s.revealed ? REVEALED : 0);
    fields.push(`${encodeURIComponent(id)}:${bits}:${response}:${first}`);
  }
  return COMPACT + fields.join('|');
}

/** The progress kept in the compact form; undefined for a damaged value. */
function expand(data: string, questions: readonly Question[]): QuizProgress | undefined {
  const [index, flags, registration, startedAt, ...entries] = data.slice(COMPACT.length).split('|');
  const i = whole(index);
  const f = whole(flags);
  const t = whole(startedAt);
  if (Number.isNaN(i) || Number.isNaN(t) || !(f >= 0 && f <= 3) || registration === undefined) return undefined;
  const byId = new Map(questions.map((q) => [q.id, q]));
  const answers: Record<string, QuestionState> = {};
  for (const entry of entries) {
    const [rawId, bitsText, response, first, ...rest] = entry.split(':');
    const bits = whole(bitsText);
    if (rawId === undefined || response === undefined || first === undefined || rest.length > 0 || !(bits >= 0 && bits <= 7)) return undefined;
    const id = decodeURIComponent(rawId);
    const q = byId.get(id);
    // An answer to a question no longer asked is dropped, as `parseProgress` drops it.
    if (!q) continue;
    const r = response === '' ? '' : decodeResponse(q, response);
    const fr = first === '' ? '' : decodeResponse(q, first);
    if (r === undefined || fr === undefined) return undefined;
    // The question's options changed since: it starts afresh.
    if (r === null || fr === null) continue;
    answers[id] = {
      ...(r ? { response: r } : {}),
      checked: (bits & CHECKED) !== 0,
      correct: (bits & CORRECT) !== 0,
      revealed: (bits & REVEALED) !== 0,
      ...(fr ? { first: fr } : {}),
    };
  }
  return { index: i, answers, finished: (f & 1) !== 0, registration: decodeURIComponent(registration), startedAt: t, completedSent: (f & 2) !== 0 };
}

/**
 * `progress` (JSON, as `serializeProgress` writes it) for `cmi.suspend_data`: the compact form,
 * or the JSON compressed ({@link PACKED}) when the compact form cannot say all of it. Never throws.
 * @param questions the questions whose ids, options and items the compact form refers to (the quiz's catalogue)
 */
export function packSuspendData(progress: string, questions: readonly Question[] = QUESTIONS): string {
  try {
    const out = compact(JSON.parse(progress) as QuizProgress, questions);
    if (out !== undefined) return out;
  } catch {
    // Not progress as the quiz writes it: kept compressed as it is.
  }
  return PACKED + compressToEncodedURIComponent(progress);
}

/**
 * The progress (JSON, as `serializeProgress` writes it) kept in `cmi.suspend_data`: from the
 * compact form, unpacked, or as it is when an earlier version saved it as JSON; `undefined` for an
 * empty or damaged value. Never throws.
 * @param questions as for {@link packSuspendData}
 */
export function unpackSuspendData(data: string | undefined, questions: readonly Question[] = QUESTIONS): string | undefined {
  if (!data) return undefined;
  try {
    if (data.startsWith(COMPACT)) {
      const p = expand(data, questions);
      return p && serializeProgress(p);
    }
    if (!data.startsWith(PACKED)) return data;
    return decompressFromEncodedURIComponent(data.slice(PACKED.length)) || undefined;
  } catch {
    return undefined;
  }
}
