/**
 * The zod/mini schema of the question file, so an instructor's edit that breaks the shape (a
 * missing source, two correct options on a single-choice question, a duplicate id) fails a test
 * with the path of the field instead of breaking the page.
 * @module
 */
import * as z from 'zod/mini';
import { TOPICS } from './types';

const EVENT_KINDS = [
  'client-start',
  'acquire-sent',
  'acquire-queued',
  'lease-granted',
  'grant-received',
  'keepalive-sent',
  'lease-renewed',
  'keepalive-rejected',
  'keepalive-ok-received',
  'keepalive-lost-received',
  'lease-expired',
  'lease-revoked',
  'release-sent',
  'lease-released',
  'lease-check-passed',
  'lease-check-failed',
  'write-sent',
  'write-accepted',
  'write-rejected',
  'write-reply-received',
  'read-sent',
  'read-served',
  'read-rejected',
  'read-reply-received',
  'work-started',
  'pause-started',
  'pause-ended',
  'crashed',
  'partition-started',
  'partition-healed',
  'program-ended',
  'message-dropped',
] as const;

const id = z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'expected lowercase letters, digits and dashes'));
const text = z.string().check(z.minLength(1, 'expected text'), z.maxLength(600, 'expected at most 600 characters'));
const nth = z.number().check(z.int(), z.gte(1, 'expected 1 or more (counts from 1)'));

const source = z.strictObject({
  title: text,
  section: z.optional(text),
  url: z.optional(z.string().check(z.regex(/^https:\/\//, 'expected an https:// address'))),
});

const base = {
  id,
  topic: z.enum(TOPICS as unknown as [string, ...string[]]),
  prompt: text,
  sources: z.array(source).check(z.minLength(1, 'expected at least one source')),
  realSystemId: z.optional(id),
};

const option = z.strictObject({ id, text, correct: z.boolean(), feedback: text });

const choice = z
  .strictObject({
    ...base,
    scenarioId: z.optional(id),
    kind: z.literal('choice'),
    multiple: z.boolean(),
    options: z.array(option).check(z.minLength(2, 'expected 2 or more options'), z.maxLength(8, 'expected at most 8 options')),
  })
  .check(
    z.refine((q) => q.options.some((o) => o.correct), { message: 'expected at least one correct option', path: ['options'] }),
    z.refine((q) => q.multiple || q.options.filter((o) => o.correct).length === 1, {
      message: 'a single-choice question needs exactly one correct option',
      path: ['options'],
    }),
    z.refine((q) => new Set(q.options.map((o) => o.id)).size === q.options.length, { message: 'duplicate option id', path: ['options'] }),
  );

const predict = z.strictObject({
  ...base,
  scenarioId: id,
  kind: z.literal('predict'),
  decision: z.strictObject({ client: id, nth }),
  ask: z.enum(['outcome', 'highest-token']),
  explanation: text,
});

const eventMatch = z.strictObject({ kind: z.enum(EVENT_KINDS), actor: z.optional(z.string()), nth: z.optional(nth) });

const order = z
  .strictObject({
    ...base,
    scenarioId: id,
    kind: z.literal('order'),
    items: z
      .array(z.strictObject({ id, label: text, match: eventMatch }))
      .check(z.minLength(3, 'expected 3 or more items'), z.maxLength(8, 'expected at most 8 items')),
    explanation: text,
  })
  .check(z.refine((q) => new Set(q.items.map((i) => i.id)).size === q.items.length, { message: 'duplicate item id', path: ['items'] }));

const moment = z.strictObject({ ...base, scenarioId: id, kind: z.literal('moment'), explanation: text });

/** One question. */
export const questionSchema = z.discriminatedUnion('kind', [choice, predict, order, moment]);

/** The whole question file: 1 to 50 questions with unique ids. */
export const questionsSchema = z
  .array(questionSchema)
  .check(
    z.minLength(1, 'expected at least one question'),
    z.maxLength(50, 'expected at most 50 questions'),
    z.refine((qs) => new Set(qs.map((q) => q.id)).size === qs.length, { message: 'duplicate question id' }),
  );
