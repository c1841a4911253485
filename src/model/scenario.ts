/**
 * The scenario format `fencing-lab.scenario/v1`: its types, its defaults and the conversion back to
 * the file form. No validation library here: this module is part of the first render, and the
 * built-in scenarios it normalizes are trusted (a test checks each one validates).
 *
 * A scenario is plain JSON that instructors write by hand and links carry, so it is a public
 * interface. Checking EXTERNAL input (files, links, `postMessage`) is `validate.ts`'s job
 * (`parseScenario`): unknown fields are errors there, and every error names the path of the field
 * and what was expected. That module uses zod/mini and is loaded only where such input is parsed.
 *
 * Every time is an integer number of simulated milliseconds (ms). The semantics the simulator gives
 * these fields are written down in `simulate.ts` and in `tests/cases/SEMANTICS.md`.
 *
 * @module
 */

/** The value of the required `format` field. */
export const SCENARIO_FORMAT = 'fencing-lab.scenario/v1';

/** The longest a trace may run: 10 minutes of simulated time. */
export const MAX_DURATION_MS = 600_000;

/** The id of the lease service actor (the lock service: etcd, ZooKeeper, Chubby...). */
export const LEASE_SERVICE = 'lease-service';
/** The id of the storage actor (the shared resource the lock protects). */
export const STORAGE = 'storage';

/** The step kinds of a client's program. */
export const OPS = ['acquire', 'write', 'read', 'work', 'release'] as const;
/** The fault kinds. */
export const FAULT_KINDS = ['pause', 'crash', 'expireLease', 'delay', 'partition'] as const;

/**
 * One step of a client's program: take the lock, write a value (after `prepareMs` of local work,
 * ms), read, do `ms` of local work, release the lock.
 */
export type Op =
  | { op: 'acquire' }
  | { op: 'write'; value: string; prepareMs?: number | undefined }
  | { op: 'read' }
  | { op: 'work'; ms: number }
  | { op: 'release' };

/** One fault: something that goes wrong at a given time (or to a given message). Times in simulated ms. */
export type Fault =
  | { kind: 'pause'; client: string; atMs: number; forMs: number }
  | { kind: 'crash'; client: string; atMs: number }
  | { kind: 'expireLease'; atMs: number }
  | { kind: 'delay'; from: string; to: string; nth: number; extraMs: number }
  | { kind: 'partition'; client: string; with: 'lease-service' | 'storage' | 'all'; atMs: number; forMs: number };

/** A fault kind: `pause`, `crash`, `expireLease`, `delay` or `partition`. */
export type FaultKind = Fault['kind'];

/** The lease service flavours a scenario can pick (`leaseService.flavour`). */
export const LEASE_SERVICE_FLAVOUR_NAMES = ['ideal', 'etcd'] as const;

/**
 * Which lease service runs the scenario. `ideal` (the default, every scenario before issue 17): a
 * grant at once, +1 per grant, expiry exactly `ttlMs` after the last keepalive. `etcd`: etcd 3.4's
 * lock recipe and lessor (see `sim/etcd-lease-service.ts`): tokens are create revisions of one
 * cluster-wide counter, fixed at queue time; handover through a watch; waiters' leases kept alive;
 * expired leases revoked by a check every 500 ms (first check at `expiryCheckPhaseMs`); TTLs in
 * whole seconds, at least 2 s.
 */
export interface LeaseServiceInput {
  flavour?: (typeof LEASE_SERVICE_FLAVOUR_NAMES)[number] | undefined;
  /** `etcd` only: when the lessor's first 500 ms expiry check runs (ms, 0 to 499). Default 0. */
  expiryCheckPhaseMs?: number | undefined;
}

/** etcd's lessor looks for expired leases every 500 ms (etcd 3.4 `lease/lessor.go`, `runLoop`). */
export const ETCD_EXPIRY_CHECK_MS = 500;
/**
 * etcd's smallest lease TTL with its default 100 ms heartbeat and 1000 ms election timeout:
 * ceil(3 × 10 ticks / 2 × 100 ms) = 2 s (etcd 3.4 `etcdserver/server.go` `minTTL`); a shorter
 * grant is raised to it (`lease/lessor.go` `Grant`).
 */
export const ETCD_MIN_TTL_MS = 2000;

/**
 * The TTL (ms) the lease service really grants: `lease.ttlMs`, except that the etcd flavour raises
 * it to etcd's minimum of 2 s.
 */
export function effectiveTtlMs(s: Pick<Scenario, 'lease' | 'leaseService'>): number {
  return s.leaseService.flavour === 'etcd' ? Math.max(ETCD_MIN_TTL_MS, s.lease.ttlMs) : s.lease.ttlMs;
}

/** A client exactly as written in a file (optional fields may be missing). */
export interface ClientInput {
  id: string;
  name?: string | undefined;
  startAtMs?: number | undefined;
  renewEveryMs?: number | undefined;
  checkLeaseBeforeWrite?: boolean | undefined;
  clockRate?: number | undefined;
  program: Op[];
}

/**
 * A scenario exactly as written in a file (optional fields may be missing). `validate.ts` checks at
 * compile time that its zod schema describes exactly this type.
 */
export interface ScenarioInput {
  $schema?: string | undefined;
  format: typeof SCENARIO_FORMAT;
  title: string;
  description?: string | undefined;
  lease: {
    ttlMs: number;
    firstToken?: number | undefined;
    tokens?: 'monotonic' | 'random' | undefined;
    seed?: number | undefined;
  };
  network?: { latencyMs?: number | undefined } | undefined;
  storage?: { fencing?: 'token' | 'off' | undefined; fenceReads?: boolean | undefined } | undefined;
  leaseService?: LeaseServiceInput | undefined;
  durationMs?: number | undefined;
  clients: ClientInput[];
  faults?: Fault[] | undefined;
  expect?: { storageLog: string[] } | undefined;
}

/** A client with every default filled in. Times in simulated ms. */
export interface Client {
  /** Unique id, lowercase letters, digits and dashes; also the client's actor id. */
  id: string;
  /** Display name; defaults to the id. */
  name: string;
  /** When the client starts its program (ms). Default 0. */
  startAtMs: number;
  /** Keepalive period while it holds a lease (ms); 0 means it never renews. Default `ttlMs / 3`, rounded down. */
  renewEveryMs: number;
  /** Whether the client compares its own clock with its believed lease deadline before each write. */
  checkLeaseBeforeWrite: boolean;
  /** How fast the client's own clock runs against true time (1 = exact, 0.5 = half speed). */
  clockRate: number;
  /** The steps the client runs, in order. */
  program: Op[];
}

/** A validated scenario with every default filled in; the only input `simulate` takes. */
export interface Scenario {
  format: typeof SCENARIO_FORMAT;
  title: string;
  description: string;
  lease: {
    /** Lease time to live (ms), measured by the lease service from each grant or keepalive arrival. */
    ttlMs: number;
    /** The token of the first grant. Default 1. */
    firstToken: number;
    /** `monotonic` (+1 per grant, like an etcd revision or ZooKeeper zxid) or `random` (like Redlock's random values). */
    tokens: 'monotonic' | 'random';
    /** Seed of the random token generator (only for `tokens: "random"`). Default 1. */
    seed: number;
  };
  network: { /** One-way latency of every message (ms). Default 100. */ latencyMs: number };
  storage: {
    /** `token`: reject a token lower than the highest accepted; `off`: accept everything. Default `token`. */
    fencing: 'token' | 'off';
    /** When true a read carrying a token also raises the storage's highest token. Default false. */
    fenceReads: boolean;
  };
  /** Which lease service runs it (see {@link LeaseServiceInput}). Default `{ flavour: "ideal", expiryCheckPhaseMs: 0 }`. */
  leaseService: { flavour: (typeof LEASE_SERVICE_FLAVOUR_NAMES)[number]; expiryCheckPhaseMs: number };
  /** Cap on simulated time (ms); undefined means until nothing is left to happen (at most 10 minutes). */
  durationMs: number | undefined;
  clients: Client[];
  faults: Fault[];
  /** Expected storage log, used only by tests. */
  expect: { storageLog: string[] } | undefined;
}

/** One thing wrong with a scenario: where (`clients[1].program[0].op`) and what was expected. */
export interface ScenarioIssue {
  /** Path of the field, e.g. `clients[1].program[0].op`; empty for the whole document. */
  path: string;
  /** What was expected, in plain words. */
  message: string;
}

/** Thrown by `parseScenarioOrThrow` (in `validate.ts`); carries every issue found. */
export class ScenarioError extends Error {
  readonly issues: ScenarioIssue[];
  constructor(issues: ScenarioIssue[]) {
    super(issues.map(formatIssue).join('\n'));
    this.name = 'ScenarioError';
    this.issues = issues;
  }
}

/** The result of `parseScenario` (in `validate.ts`): a scenario, or every issue found (never both). */
export type ParseResult = { ok: true; scenario: Scenario } | { ok: false; issues: ScenarioIssue[] };

/** Formats one issue as `path: message` (or just the message for the whole document). */
export function formatIssue(issue: ScenarioIssue): string {
  return issue.path ? `${issue.path}: ${issue.message}` : issue.message;
}

/**
 * Fills in the defaults of a scenario that is already known to be valid: a built-in (a test checks
 * each one with `parseScenario`) or the output of `parseScenario` itself. Does NOT validate; use
 * `parseScenario` (`validate.ts`) for anything from outside the app.
 *
 * Source of the defaults: `renewEveryMs` = ttl/3 follows etcd's client, which sends a keepalive
 * every TTL/3 (etcd `clientv3` lease.go `sendKeepAliveLoop`).
 */
export function normalizeScenario(raw: ScenarioInput): Scenario {
  const ttlMs = raw.lease.ttlMs;
  return {
    format: SCENARIO_FORMAT,
    title: raw.title,
    description: raw.description ?? '',
    lease: {
      ttlMs,
      firstToken: raw.lease.firstToken ?? 1,
      tokens: raw.lease.tokens ?? 'monotonic',
      seed: raw.lease.seed ?? 1,
    },
    network: { latencyMs: raw.network?.latencyMs ?? 100 },
    storage: { fencing: raw.storage?.fencing ?? 'token', fenceReads: raw.storage?.fenceReads ?? false },
    leaseService: { flavour: raw.leaseService?.flavour ?? 'ideal', expiryCheckPhaseMs: raw.leaseService?.expiryCheckPhaseMs ?? 0 },
    durationMs: raw.durationMs,
    clients: raw.clients.map((c) => ({
      id: c.id,
      name: c.name ?? c.id,
      startAtMs: c.startAtMs ?? 0,
      renewEveryMs: c.renewEveryMs ?? Math.floor(ttlMs / 3),
      checkLeaseBeforeWrite: c.checkLeaseBeforeWrite ?? false,
      clockRate: c.clockRate ?? 1,
      program: c.program,
    })),
    faults: raw.faults ?? [],
    expect: raw.expect,
  };
}

/**
 * Turns a validated scenario back into the file form (defaults written out, `expect` dropped),
 * so export and share links always carry a complete, valid document.
 */
export function toScenarioInput(s: Scenario): ScenarioInput {
  const out: ScenarioInput = {
    format: SCENARIO_FORMAT,
    title: s.title,
    ...(s.description ? { description: s.description } : {}),
    lease: {
      ttlMs: s.lease.ttlMs,
      firstToken: s.lease.firstToken,
      tokens: s.lease.tokens,
      ...(s.lease.tokens === 'random' ? { seed: s.lease.seed } : {}),
    },
    network: { latencyMs: s.network.latencyMs },
    storage: { fencing: s.storage.fencing, fenceReads: s.storage.fenceReads },
    // Written only when not the default, so files and links of ideal scenarios stay as they were.
    ...(s.leaseService.flavour !== 'ideal' ? { leaseService: { ...s.leaseService } } : {}),
    ...(s.durationMs !== undefined ? { durationMs: s.durationMs } : {}),
    clients: s.clients.map((c) => ({
      id: c.id,
      name: c.name,
      startAtMs: c.startAtMs,
      renewEveryMs: c.renewEveryMs,
      checkLeaseBeforeWrite: c.checkLeaseBeforeWrite,
      clockRate: c.clockRate,
      program: c.program.map((op) => ({ ...op })),
    })),
    faults: s.faults.map((f) => ({ ...f })),
  };
  return out;
}
