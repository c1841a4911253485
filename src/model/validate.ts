/**
 * Validation of EXTERNAL scenario documents (files, share links, `postMessage`, the CLI): the zod
 * schema of `fencing-lab.scenario/v1`, cross-field checks, and issues that name the path of the
 * field and what was expected, e.g. `clients[1].program[0].op: expected one of acquire, write, read,
 * work, release`. Unknown fields are errors (a typo must not silently do nothing).
 *
 * Kept out of the first render (issue 7): zod/mini is about 8 KB gzip, and the built-in scenarios
 * are trusted and only need `normalizeScenario` (`scenario.ts`). Import this module, or load it
 * with `import()`, only where outside input is parsed.
 * @module
 */
import * as z from 'zod/mini';
import {
  ETCD_EXPIRY_CHECK_MS,
  FAULT_KINDS,
  LEASE_SERVICE,
  MAX_CLIENTS,
  LEASE_SERVICE_FLAVOUR_NAMES,
  MAX_DURATION_MS,
  MAX_FAULTS,
  MAX_PROGRAM_STEPS,
  MIN_RENEW_EVERY_MS,
  OPS,
  SCENARIO_FORMAT,
  STORAGE,
  ScenarioError,
  formatIssue,
  normalizeScenario,
  type Fault,
  type Op,
  type ParseResult,
  type Scenario,
  type ScenarioInput,
  type ScenarioIssue,
} from './scenario';

// zod/mini: the same validation as classic zod at a twentieth of the size (the full build would
// add about 90 KB gzip to the first render).
const wholeMs = (min: number) =>
  z.number().check(z.int('expected a whole number of ms'), z.gte(min, `expected ${min} or more (ms)`));
const ms = wholeMs(0);
const positiveMs = wholeMs(1);
const maxLen = (n: number) => z.maxLength(n, `expected at most ${n} characters`);
const clientId = z
  .string()
  .check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'expected lowercase letters, digits and dashes, e.g. "client-1"'), maxLen(40));

const acquireOp = z.strictObject({ op: z.literal('acquire') });
/** An object's name on a `write` or `read` (issue 41): 1 to 40 visible characters. */
const objectKey = z.string().check(z.regex(/^[A-Za-z0-9_.:-]+$/, 'expected letters, digits, "-", "_", "." or ":", e.g. "row-2"'), maxLen(40));
const writeOp = z.strictObject({
  op: z.literal('write'),
  value: z.string().check(maxLen(200)),
  key: z.optional(objectKey),
  prepareMs: z.optional(ms),
  wait: z.optional(z.boolean()),
});
const readOp = z.strictObject({ op: z.literal('read'), key: z.optional(objectKey) });
const workOp = z.strictObject({ op: z.literal('work'), ms });
const releaseOp = z.strictObject({ op: z.literal('release') });


const opSchema = z.discriminatedUnion('op', [acquireOp, writeOp, readOp, workOp, releaseOp]);

const clientSchema = z.strictObject({
  id: clientId,
  name: z.optional(z.string().check(z.minLength(1, 'expected a non-empty name'), maxLen(40))),
  startAtMs: z.optional(ms),
  // 0 (never renews) or at least MIN_RENEW_EVERY_MS: keepalives set how much work a run makes (issue 18).
  renewEveryMs: z.optional(
    ms.check(
      z.refine(
        (v) => v === 0 || v >= MIN_RENEW_EVERY_MS,
        `expected 0 (no keepalives) or at least ${MIN_RENEW_EVERY_MS} (ms): more often makes too much to simulate`,
      ),
    ),
  ),
  checkLeaseBeforeWrite: z.optional(z.boolean()),
  clockRate: z.optional(
    z.number().check(z.gte(0.1, 'expected a clock rate from 0.1 to 10'), z.lte(10, 'expected a clock rate from 0.1 to 10')),
  ),
  leaseTimer: z.optional(z.enum(['from-reply', 'from-request'])),
  program: z.array(opSchema).check(z.maxLength(MAX_PROGRAM_STEPS, `expected at most ${MAX_PROGRAM_STEPS} steps`)),
});

const pauseFault = z.strictObject({ kind: z.literal('pause'), client: clientId, atMs: ms, forMs: positiveMs });
const crashFault = z.strictObject({ kind: z.literal('crash'), client: clientId, atMs: ms });
const expireLeaseFault = z.strictObject({ kind: z.literal('expireLease'), atMs: ms });
const actorId = z.string();
const delayFault = z.strictObject({
  kind: z.literal('delay'),
  from: actorId,
  to: actorId,
  nth: z.number().check(z.int('expected a whole number'), z.gte(1, 'expected 1 or more (nth counts from 1)')),
  extraMs: positiveMs,
});
const partitionFault = z.strictObject({
  kind: z.literal('partition'),
  client: clientId,
  with: z.enum(['lease-service', 'storage', 'all']),
  atMs: ms,
  forMs: positiveMs,
});


const resetStorageFault = z.strictObject({ kind: z.literal('resetStorage'), atMs: ms });

const faultSchema = z.discriminatedUnion('kind', [pauseFault, crashFault, expireLeaseFault, delayFault, partitionFault, resetStorageFault]);

/** The zod schema of a scenario file, before cross-field checks and defaults. */
export const scenarioSchema = z.strictObject({
  $schema: z.optional(z.string()),
  format: z.literal(SCENARIO_FORMAT),
  title: z.string().check(z.minLength(1, 'expected a non-empty title'), maxLen(200)),
  description: z.optional(z.string().check(maxLen(2000))),
  lease: z.strictObject({
    ttlMs: positiveMs,
    firstToken: z.optional(
      z.number().check(z.int('expected a whole number'), z.gte(0, 'expected 0 or more'), z.lte(1e9, 'expected at most 1000000000')),
    ),
    tokens: z.optional(z.enum(['monotonic', 'random'])),
    seed: z.optional(z.number().check(z.int('expected a whole number'))),
    release: z.optional(z.enum(['fenced', 'by-key'])),
  }),
  network: z.optional(z.strictObject({ latencyMs: z.optional(ms) })),
  storage: z.optional(
    z.strictObject({
      fencing: z.optional(z.enum(['token', 'off', 'equality'])),
      fenceReads: z.optional(z.boolean()),
      sequence: z.optional(z.boolean()),
      fencePer: z.optional(z.enum(['lock', 'key'])),
    }),
  ),
  leaseService: z.optional(
    z.strictObject({
      flavour: z.optional(z.enum(LEASE_SERVICE_FLAVOUR_NAMES)),
      expiryCheckPhaseMs: z.optional(ms.check(z.lte(ETCD_EXPIRY_CHECK_MS - 1, `expected 0 to ${ETCD_EXPIRY_CHECK_MS - 1} (ms)`))),
    }),
  ),
  durationMs: z.optional(positiveMs.check(z.lte(MAX_DURATION_MS, `expected at most ${MAX_DURATION_MS} (10 minutes)`))),
  clients: z
    .array(clientSchema)
    .check(z.minLength(1, `expected 1 to ${MAX_CLIENTS} clients`), z.maxLength(MAX_CLIENTS, `expected 1 to ${MAX_CLIENTS} clients`)),
  faults: z.optional(z.array(faultSchema).check(z.maxLength(MAX_FAULTS, `expected at most ${MAX_FAULTS} faults`))),
  expect: z.optional(z.strictObject({ storageLog: z.array(z.string()) })),
});

// The hand-written types in `scenario.ts` and this schema must describe the same documents: each
// line below fails to compile if they drift apart (in either direction).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type SchemaMatchesTypes = [
  Assert<Same<z.input<typeof scenarioSchema>, ScenarioInput>>,
  Assert<Same<z.output<typeof scenarioSchema>, ScenarioInput>>,
  Assert<Same<z.infer<typeof opSchema>, Op>>,
  Assert<Same<z.infer<typeof faultSchema>, Fault>>,
];

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `"${value.length > 30 ? `${value.slice(0, 30)}…` : value}"`;
  return `${typeof value} ${String(value)}`;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = root;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key as string];
  }
  return cur;
}

function zodIssueMessage(issue: z.core.$ZodIssue, root: unknown): ScenarioIssue[] {
  const path = formatPath(issue.path);
  const got = valueAt(root, issue.path);
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        path: formatPath([...issue.path, key]),
        message: 'unknown field (check its spelling; see the scenario format)',
      }));
    case 'invalid_union': {
      // A discriminated union whose discriminator (`op` or `kind`) is wrong or missing. Zod may
      // point at the object or at the discriminator itself.
      const isFault = issue.path.includes('faults');
      const key = isFault ? 'kind' : 'op';
      const options = isFault ? FAULT_KINDS : OPS;
      const atKey = issue.path[issue.path.length - 1] === key;
      const objPath = atKey ? issue.path.slice(0, -1) : issue.path;
      const obj = valueAt(root, objPath);
      if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) {
        return [{ path: formatPath(objPath), message: `expected an object with "${key}", got ${describeType(obj)}` }];
      }
      const disc = (obj as Record<string, unknown>)[key];
      return [
        {
          path: formatPath([...objPath, key]),
          message: `expected one of ${options.join(', ')}${disc === undefined ? ' (missing)' : `, got ${describeType(disc)}`}`,
        },
      ];
    }
    case 'invalid_value': {
      if (got === undefined) return [{ path, message: `required: expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}` }];
      const values = issue.values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
      return [
        {
          path,
          message:
            values.length === 1
              ? `expected ${JSON.stringify(issue.values[0])}, got ${describeType(got)}`
              : `expected one of ${values.join(', ')}, got ${describeType(got)}`,
        },
      ];
    }
    case 'invalid_type': {
      if (got === undefined) return [{ path, message: `required: expected ${issue.expected}` }];
      if ((issue.expected as string) === 'int') return [{ path, message: `${issue.message}, got ${describeType(got)}` }];
      const expected = issue.expected === 'array' ? 'a list' : issue.expected === 'object' ? 'an object' : `a ${issue.expected}`;
      return [{ path, message: `expected ${expected}, got ${describeType(got)}` }];
    }
    default:
      return [{ path, message: `${issue.message}${got === undefined ? '' : `, got ${describeType(got)}`}` }];
  }
}

/**
 * What the etcd flavour cannot express: etcd's tokens are revisions (never random) and its TTLs
 * are whole seconds (`LeaseGrantRequest.TTL` is in seconds, etcd 3.4 `etcdserverpb/rpc.proto`).
 */
function etcdFlavourCheck(input: z.output<typeof scenarioSchema>): ScenarioIssue[] {
  if (input.leaseService?.flavour !== 'etcd') return [];
  const issues: ScenarioIssue[] = [];
  if (input.lease.tokens === 'random') {
    issues.push({ path: 'lease.tokens', message: 'expected "monotonic" with leaseService.flavour "etcd" (etcd\'s tokens are revisions)' });
  }
  if (input.lease.ttlMs % 1000 !== 0) {
    issues.push({ path: 'lease.ttlMs', message: `expected whole seconds (a multiple of 1000) with leaseService.flavour "etcd", got ${input.lease.ttlMs}` });
  }
  return issues;
}

/** Checks that need the whole document: unique ids and names, known client and actor ids. */
function crossCheck(input: z.output<typeof scenarioSchema>): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  const ids = new Set<string>();
  const shown = new Map<string, number>();
  input.clients.forEach((c, i) => {
    const duplicateId = ids.has(c.id);
    if (c.id === LEASE_SERVICE || c.id === STORAGE) {
      issues.push({ path: `clients[${i}].id`, message: `"${c.id}" is reserved for the ${c.id.replace('-', ' ')}` });
    } else if (duplicateId) {
      issues.push({ path: `clients[${i}].id`, message: `duplicate client id "${c.id}"` });
    }
    ids.add(c.id);
    // Each client's lane, log lines and captions carry its name (its id when it has none): two
    // alike would read as one client (issue 43, item 4).
    const name = c.name ?? c.id;
    if (c.name !== undefined && c.name === '') {
      issues.push({ path: `clients[${i}].name`, message: 'expected a name with visible characters (it had only invisible ones)' });
    } else if (shown.has(name) && !(duplicateId && c.name === undefined)) {
      issues.push({ path: `clients[${i}].${c.name === undefined ? 'id' : 'name'}`, message: `shows as "${name}", as clients[${shown.get(name)}] does: give each client a name of its own` });
    }
    if (!shown.has(name)) shown.set(name, i);
  });
  issues.push(...etcdFlavourCheck(input));
  const known = [...ids].join(', ');
  const actors = new Set([...ids, LEASE_SERVICE, STORAGE]);
  (input.faults ?? []).forEach((f, i) => {
    if ('client' in f && !ids.has(f.client)) {
      issues.push({ path: `faults[${i}].client`, message: `unknown client "${f.client}"; expected one of ${known}` });
    }
    if (f.kind === 'delay') {
      for (const end of ['from', 'to'] as const) {
        if (!actors.has(f[end])) {
          issues.push({
            path: `faults[${i}].${end}`,
            message: `unknown actor "${f[end]}"; expected one of ${[...actors].join(', ')}`,
          });
        }
      }
      if (f.from === f.to) issues.push({ path: `faults[${i}].to`, message: 'expected an actor other than "from"' });
      if (actors.has(f.from) && actors.has(f.to) && f.from !== f.to && !ids.has(f.from) && !ids.has(f.to)) {
        issues.push({ path: `faults[${i}]`, message: 'the lease service and the storage never message each other; expected a client at one end' });
      }
    }
  });
  return issues;
}

/**
 * The invisible direction controls: embeddings and overrides (U+202A–U+202E) and isolates
 * (U+2066–U+2069). In a title, a name or a value they make text display as something other than
 * what it is ("Trojan Source", CVE-2021-42574); right-to-left text needs none of them, the Unicode
 * bidirectional algorithm orders it.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/**
 * Characters that take no room where they stand: the zero-width space, non-joiner and joiner, the
 * left-to-right, right-to-left and Arabic letter marks, the word joiner and invisible operators, the
 * zero-width no-break space (BOM) and the Mongolian vowel separator. They are removed from clients'
 * names, where "Client 1" and "Client 1" with a zero-width space would show as two clients named
 * alike (issue 43, item 4), and from the title; elsewhere (descriptions, values) they stay (a
 * joiner is part of some emoji and scripts).
 */
const INVISIBLE = /[\u200b-\u200f\u2060-\u2064\u061c\ufeff\u180e]/g;

/**
 * How deep parsed JSON may nest before it is refused, in levels of objects and arrays (the scenario
 * object itself is level 1; its deepest fields, the steps of a client's program
 * (`clients[0].program[0]`), are at level 5). Deeper input is not a scenario, and walking it by
 * recursion would overflow the stack (issue 43: 4,000 levels from a 301-character link blanked the
 * page), so {@link parseScenario} measures the depth first, without recursion ({@link nestingDepth}).
 * 32 is six times what a scenario needs, and a few hundred below the depth that overflows any
 * browser's stack.
 */
export const MAX_NESTING = 32;

/**
 * How many levels of objects and arrays `value` (parsed JSON) nests: 0 for a string, number,
 * boolean or null, 1 for `{}` or `[]` or one holding only such values, and so on. An explicit
 * stack, not recursion: any depth is measured safely, in time linear in the number of values.
 */
export function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 1 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > deepest) deepest = depth;
    for (const x of Array.isArray(v) ? v : Object.values(v)) if (x !== null && typeof x === 'object') stack.push({ v: x, depth: depth + 1 });
  }
  return deepest;
}

/** `n` with commas between thousands (`4,001`), as the rest of the messages write numbers. */
function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Where `value` (parsed JSON) nests deeper than `limit` levels: the path of the first object or
 * array found at depth `limit + 1` (as `faults[0].x`), or undefined when it nests no deeper. An
 * explicit stack, not recursion: any depth is measured safely, and no more than `limit + 1`
 * levels are ever visited.
 */
export function tooDeep(value: unknown, limit = MAX_NESTING): string | undefined {
  const stack: { v: unknown; depth: number; path: string }[] = [{ v: value, depth: 0, path: '' }];
  while (stack.length > 0) {
    const { v, depth, path } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= limit) return path;
    const entries: [string, unknown][] = Array.isArray(v) ? v.map((x, i) => [`[${i}]`, x]) : Object.entries(v).map(([k, x]) => [path ? `.${k}` : k, x]);
    for (const [step, x] of entries) if (x !== null && typeof x === 'object') stack.push({ v: x, depth: depth + 1, path: path + step });
  }
  return undefined;
}

/**
 * A copy of parsed JSON with {@link BIDI_CONTROLS} removed from every string (keys included).
 * Recursive: only called on input that {@link tooDeep} has found no deeper than {@link MAX_NESTING}.
 */
function withoutBidiControls(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(BIDI_CONTROLS, '');
  if (Array.isArray(value)) return value.map(withoutBidiControls);
  if (value !== null && typeof value === 'object') {
    // Object.fromEntries defines own properties: a "__proto__" key stays a key (and an unknown
    // field error), never the copy's prototype.
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(BIDI_CONTROLS, ''), withoutBidiControls(v)]));
  }
  return value;
}

/**
 * Validates a scenario (already parsed from JSON) and fills in its defaults. Invisible direction
 * controls (U+202A–U+202E, U+2066–U+2069) are removed from every text first (issue 18), so a title
 * or value reads as what it is, everywhere it is shown; characters that take no room (zero-width
 * ones, direction marks) are removed from the title and clients' names, and two clients that would
 * show the same name are an issue. Input nested deeper than {@link MAX_NESTING} levels is refused
 * with one issue naming its depth, measured without recursion.
 *
 * Never throws: bad input gives `{ ok: false, issues }`, each issue naming the field's path.
 * Defaults are filled by {@link normalizeScenario}.
 */
export function parseScenario(input: unknown): ParseResult {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, issues: [{ path: '', message: `expected a scenario object, got ${describeType(input)}` }] };
  }
  const deep = tooDeep(input);
  if (deep !== undefined) {
    // Named by the top-level field it starts under (the full path repeats `[0]` dozens of times).
    const field = /^[^.[]*/.exec(deep)?.[0] ?? '';
    const message = `nested ${thousands(nestingDepth(input))} levels deep; at most ${MAX_NESTING} levels are allowed (a scenario's own fields go 5 deep)`;
    return { ok: false, issues: [{ path: field, message }] };
  }
  const result = scenarioSchema.safeParse(withoutBidiControls(input));
  if (!result.success) {
    const issues = result.error.issues.flatMap((i) => zodIssueMessage(i, input));
    return { ok: false, issues: dedupe(issues) };
  }
  // Names and the title lose the characters that take no room (two names that differ only in
  // them look alike, and a title could pass for a built-in's).
  const title = result.data.title.replace(INVISIBLE, '');
  if (title === '') return { ok: false, issues: [{ path: 'title', message: 'expected a title with visible characters (it had only invisible ones)' }] };
  const raw = { ...result.data, title, clients: result.data.clients.map((c) => (c.name === undefined ? c : { ...c, name: c.name.replace(INVISIBLE, '') })) };
  const cross = crossCheck(raw);
  if (cross.length > 0) return { ok: false, issues: cross };
  return { ok: true, scenario: normalizeScenario(raw) };
}

function dedupe(issues: ScenarioIssue[]): ScenarioIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const k = formatIssue(i);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * Like {@link parseScenario} but throws.
 * @throws {ScenarioError} listing every issue when the input is not a valid scenario.
 */
export function parseScenarioOrThrow(input: unknown): Scenario {
  const r = parseScenario(input);
  if (!r.ok) throw new ScenarioError(r.issues);
  return r.scenario;
}

/**
 * Parses scenario JSON text (a leading byte-order mark is ignored). A JSON syntax error becomes
 * one issue with the parser's message. Never throws.
 */
export function parseScenarioText(text: string): ParseResult {
  let data: unknown;
  try {
    // A UTF-8 byte-order mark (U+FEFF, which some editors write first) is not JSON; a browser's
    // `Blob.text()` drops it, so the CLI and pasted text drop it too (issue 18).
    data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    return { ok: false, issues: [{ path: '', message: `not valid JSON: ${(e as Error).message}` }] };
  }
  return parseScenario(data);
}
