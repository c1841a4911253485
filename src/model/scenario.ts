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

/**
 * The shortest keepalive period a client may have (ms), other than 0 (never renews): 100 ms.
 *
 * Why a floor (issue 18): keepalives are the only thing in a scenario that repeats on its own, so
 * they set how much work a run can make. One client renewing every 1 ms for 10 minutes makes
 * 1.8 million events and froze the browser tab; at 100 ms one client makes at most 18,000 in 10
 * minutes (a keepalive, its renewal, the reply), and what several clients make together is held by
 * the simulator's event budget, {@link MAX_SIMULATION_EVENTS}. It is absolute, not relative to the
 * TTL, because the work does not depend on the TTL (a 3 ms TTL renewed every 1 ms is as costly).
 * Real lease services renew far less often: etcd's client sends a keepalive every TTL/3, and etcd's
 * smallest lease TTL is 1.5 election ticks rounded up to a whole second (2 s with the default
 * 100 ms heartbeat and 1 s election timeout; etcd `server/etcdserver/server.go`, `minTTL`), so
 * about every 667 ms at the fastest; the built-in scenarios renew every 666 ms or slower.
 */
export const MIN_RENEW_EVERY_MS = 100;

/** The most faults a scenario may have, the learner's interventions included (they are saved as faults). */
export const MAX_FAULTS = 200;

/** The most steps a client's program may have. */
export const MAX_PROGRAM_STEPS = 200;

/** The most clients a scenario may have. */
export const MAX_CLIENTS = 8;

/**
 * The most events one run may make: 50,000 scheduled jobs (a keepalive timer, a message delivery, a
 * lease expiry, a fault...), and as many trace events. `simulate` stops with a `SimulationLimitError`
 * naming the cause past it (issue 18). Chosen from measurement: the largest legitimate scenario we
 * know (8 clients taking turns for 10 minutes, `tests/bench/model-bench.ts`) makes about 10,900
 * events in about 10 ms, so this leaves it more than four times the room, while the page still
 * draws what it makes: the timeline draws every keepalive and message, and a trace of 18,000 events
 * already took seconds to show at its end in Chromium (measured on a busy shared machine).
 */
export const MAX_SIMULATION_EVENTS = 50_000;

/** The id of the lease service actor (the lock service: etcd, ZooKeeper, Chubby...). */
export const LEASE_SERVICE = 'lease-service';
/** The id of the storage actor (the shared resource the lock protects). */
export const STORAGE = 'storage';

/** The step kinds of a client's program. */
export const OPS = ['acquire', 'write', 'read', 'work', 'release'] as const;
/** The fault kinds. */
export const FAULT_KINDS = ['pause', 'crash', 'expireLease', 'delay', 'partition', 'resetStorage'] as const;

/**
 * One step of a client's program: take the lock, write a value (after `prepareMs` of local work,
 * ms), read, do `ms` of local work, release the lock.
 *
 * `key` (on `write` and `read`, optional): the object the step writes or reads, e.g. `"row-2"`; a
 * step without one goes to the storage's one default object, so every scenario written before keys
 * existed has exactly one object. How the storage fences several objects is `storage.fencePer`.
 *
 * `write.wait` (default true): with `false` the client sends the write and carries on at once,
 * without waiting for the reply, so several writes can be in flight together (as a Kafka producer
 * with more than one request in flight, or HDFS QJM's asynchronous journal calls, pipeline them).
 */
export type Op =
  | { op: 'acquire' }
  | { op: 'write'; value: string; key?: string | undefined; prepareMs?: number | undefined; wait?: boolean | undefined }
  | { op: 'read'; key?: string | undefined }
  | { op: 'work'; ms: number }
  | { op: 'release' };

/** One fault: something that goes wrong at a given time (or to a given message). Times in simulated ms. */
export type Fault =
  | { kind: 'pause'; client: string; atMs: number; forMs: number }
  | { kind: 'crash'; client: string; atMs: number }
  | { kind: 'expireLease'; atMs: number }
  | { kind: 'delay'; from: string; to: string; nth: number; extraMs: number }
  | { kind: 'partition'; client: string; with: 'lease-service' | 'storage' | 'all'; atMs: number; forMs: number }
  | { kind: 'resetStorage'; atMs: number };

/**
 * A fault kind: `pause`, `crash`, `expireLease`, `delay`, `partition` or `resetStorage` (the
 * storage forgets the token it remembers and its data, as a storage that keeps them only in memory
 * does when it restarts: etcd's `contrib/lock` storage keeps both in a Go map).
 */
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
  leaseTimer?: LeaseTimer | undefined;
  program: Op[];
}

/**
 * When a client starts counting its own lease deadline. `from-reply` (the default, optimistic):
 * when the grant or keepalive reply arrives. `from-request` (conservative, as Chubby's client does,
 * Burrows 2006 §2.8): when the acquire or keepalive that the reply answers was sent, so the reply's
 * time in flight is never counted as lease time.
 */
export type LeaseTimer = 'from-reply' | 'from-request';

/**
 * How the storage checks tokens. `token`: rejects a token lower than the highest it has accepted
 * (the seed's storage). `off`: accepts everything. `equality`: remembers the token of the first
 * write and accepts only writes carrying that same token (an identity compare-and-set, as etcd's
 * `contrib/lock` storage does with lease IDs; etcd issues 11788 and 14224): NOT fencing.
 */
export type StorageFencing = 'token' | 'off' | 'equality';

/**
 * What a release does at the lease service. `fenced` (the default): frees the lock only if the
 * sender holds the live lease with the token it sends. `by-key`: frees whatever lock is there, as a
 * plain Redis `DEL` of a fixed-name lock key does (Redis docs, "Distributed Locks with Redis"). Not
 * etcd's `Mutex.Unlock`, whose key name contains the session's lease ID (mutex.go): it frees only
 * the same session's key (etcd issue 22082: a retried Unlock after that session locked again).
 */
export type ReleaseMode = 'fenced' | 'by-key';

/**
 * What the storage keeps its highest token (or, under `equality`, its remembered token) for, when
 * writes and reads name objects (`key`). `lock` (the default, and what every storage did before
 * keys): one highest token for everything the lock guards, so a token seen on any object fences
 * every object. `key`: one per object, as a `fence_token` column checked per row or a DynamoDB
 * condition on each item's own attribute: a stale token is rejected only on an object the newer
 * holder has already written, so a zombie can still write an object the new holder has not touched
 * (the first-write window, once per object). With a single object the two are the same.
 *
 * Sources: Kleppmann 2016, "How to do distributed locking" (the storage "remembers that it has
 * already processed a write with a higher token number"); DDIA 2nd ed. ch. 9, fencing tokens.
 */
export type FencePer = 'lock' | 'key';

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
    release?: ReleaseMode | undefined;
  };
  network?: { latencyMs?: number | undefined } | undefined;
  storage?:
    | {
        fencing?: StorageFencing | undefined;
        fenceReads?: boolean | undefined;
        sequence?: boolean | undefined;
        fencePer?: FencePer | undefined;
      }
    | undefined;
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
  /**
   * Keepalive period while it holds a lease (ms); 0 means it never renews, else at least
   * {@link MIN_RENEW_EVERY_MS}. Default `ttlMs / 3`, rounded down, but not below {@link MIN_RENEW_EVERY_MS}.
   */
  renewEveryMs: number;
  /** Whether the client compares its own clock with its believed lease deadline before each write. */
  checkLeaseBeforeWrite: boolean;
  /** How fast the client's own clock runs against true time (1 = exact, 0.5 = half speed). */
  clockRate: number;
  /**
   * When the client starts counting its lease deadline (see {@link LeaseTimer}). Absent means
   * `from-reply` (left out so that the scenarios of older files stay exactly as they were).
   */
  leaseTimer?: LeaseTimer | undefined;
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
    /** What a release frees (see {@link ReleaseMode}). Absent means `fenced`. */
    release?: ReleaseMode | undefined;
  };
  network: { /** One-way latency of every message (ms). Default 100. */ latencyMs: number };
  storage: {
    /** `token`: reject a token lower than the highest accepted; `off`: accept everything; `equality`: see {@link StorageFencing}. Default `token`. */
    fencing: StorageFencing;
    /** When true a read carrying a token also raises the storage's highest token. Default false. */
    fenceReads: boolean;
    /**
     * When true each write also carries the writer's sequence number (1, 2, 3... per grant) and the
     * storage rejects a (token, sequence) pair whose sequence is not greater than the last it
     * accepted with that token (as HDFS JournalNodes reject an IPC serial number not higher than
     * the last in the same epoch). Absent means false.
     */
    sequence?: boolean | undefined;
    /** What the highest token is kept for when steps name objects (see {@link FencePer}). Absent means `lock`. */
    fencePer?: FencePer | undefined;
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
 * every TTL/3 (etcd `clientv3` lease.go `sendKeepAliveLoop`); it is never below
 * {@link MIN_RENEW_EVERY_MS} (issue 18), so a TTL under 300 ms gets a keepalive every 100 ms.
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
      // Issue 12's fields stay undefined unless set (undefined = today's behaviour; JSON leaves them out).
      release: raw.lease.release,
    },
    network: { latencyMs: raw.network?.latencyMs ?? 100 },
    storage: {
      fencing: raw.storage?.fencing ?? 'token',
      fenceReads: raw.storage?.fenceReads ?? false,
      sequence: raw.storage?.sequence,
      fencePer: raw.storage?.fencePer,
    },
    leaseService: { flavour: raw.leaseService?.flavour ?? 'ideal', expiryCheckPhaseMs: raw.leaseService?.expiryCheckPhaseMs ?? 0 },
    durationMs: raw.durationMs,
    clients: raw.clients.map((c) => ({
      id: c.id,
      name: c.name ?? c.id,
      startAtMs: c.startAtMs ?? 0,
      renewEveryMs: c.renewEveryMs ?? defaultRenewEveryMs(ttlMs),
      checkLeaseBeforeWrite: c.checkLeaseBeforeWrite ?? false,
      clockRate: c.clockRate ?? 1,
      leaseTimer: c.leaseTimer,
      program: c.program,
    })),
    faults: raw.faults ?? [],
    expect: raw.expect,
  };
}

/** The keepalive period a client gets when its file gives none (ms): TTL/3 rounded down, at least {@link MIN_RENEW_EVERY_MS}. */
export function defaultRenewEveryMs(ttlMs: number): number {
  return Math.max(MIN_RENEW_EVERY_MS, Math.floor(ttlMs / 3));
}

/**
 * Turns a validated scenario back into the file form (defaults written out, `expect` dropped),
 * so export and share links always carry a complete, valid document. The fields added for issue 12
 * (`lease.release`, `storage.sequence`, a client's `leaseTimer`) and issue 41 (`storage.fencePer`;
 * a step's `key` is copied with the step) are written only when the file set
 * them, so the documents of older scenarios (and their links) stay as they were.
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
      ...(s.lease.release !== undefined ? { release: s.lease.release } : {}),
    },
    network: { latencyMs: s.network.latencyMs },
    storage: {
      fencing: s.storage.fencing,
      fenceReads: s.storage.fenceReads,
      ...(s.storage.sequence !== undefined ? { sequence: s.storage.sequence } : {}),
      ...(s.storage.fencePer !== undefined ? { fencePer: s.storage.fencePer } : {}),
    },
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
      ...(c.leaseTimer !== undefined ? { leaseTimer: c.leaseTimer } : {}),
      program: c.program.map((op) => ({ ...op })),
    })),
    faults: s.faults.map((f) => ({ ...f })),
  };
  return out;
}
