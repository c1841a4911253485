/**
 * Settings of the scenario as written that the learner changes with controls instead of editing the
 * JSON (issue 14, item 7): the TTL, the latency, each client's "check lease before write", its
 * keepalive period and clock rate, a program step's work time, and the scripted faults' times and
 * lengths (or removing one). Each change is a `set` intervention (`interventions.ts`), so it is
 * undoable, listed with the other changes, and the built-in's narration and hints stay. Pure
 * functions; the scenario passed in is never mutated.
 *
 * Paths (ids and indices refer to the scenario as written):
 * - `lease.ttlMs`, `lease.tokens` (`monotonic` | `random`), `lease.seed`
 * - `network.latencyMs`
 * - `storage.fenceReads`, `storage.sequence` (booleans), `storage.fencing` (`token` | `off` | `equality`)
 * - `lease.release` (`fenced` | `by-key`)
 * - `storage.fencePer` (`lock` | `key`: the highest token for the whole lock or per object, issue 41)
 * - `clients.ID.leaseTimer` (`from-reply` | `from-request`), `clients.ID.program.N.wait` (a `write` step: false = pipelined)
 * - `clients.ID.checkLeaseBeforeWrite` (boolean), `clients.ID.renewEveryMs`, `clients.ID.clockRate`
 * - `clients.ID.program.N.ms` (a `work` step's length), `clients.ID.program.N` = `null` (remove the step)
 * - `faults.N.atMs`, `faults.N.forMs`, `faults.N.extraMs`, `faults.N` = `null` (remove the fault)
 *
 * Numbers are simulated ms (the clock rate is a factor) and are clamped to the bounds in
 * {@link SETTING_BOUNDS}; an unknown path or a value of the wrong type changes nothing.
 * @module
 */
import type { Client, Fault, Op, Scenario } from '../model/scenario';
import type { Intervention, SettingValue } from '../store/intervention-types';

/** Bounds of the numeric settings: [min, max] (ms, except the clock rate and the seed). */
export const SETTING_BOUNDS = {
  ttlMs: [100, 600_000],
  latencyMs: [0, 60_000],
  renewEveryMs: [0, 600_000],
  clockRate: [0.1, 4],
  ms: [0, 600_000],
  atMs: [0, 600_000],
  forMs: [100, 120_000],
  extraMs: [0, 600_000],
  seed: [1, 2_147_483_647],
} as const satisfies Record<string, readonly [number, number]>;

type NumericKey = keyof typeof SETTING_BOUNDS;

function clampTo(key: NumericKey, v: number): number {
  const [lo, hi] = SETTING_BOUNDS[key];
  const x = Math.min(hi, Math.max(lo, v));
  return key === 'clockRate' ? Math.round(x * 100) / 100 : Math.round(x);
}

/** A number clamped for `key`, or undefined if `value` is not a finite number. */
function num(key: NumericKey, value: SettingValue): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? clampTo(key, value) : undefined;
}

/** The value a path has in `s` (as written), or `undefined` for an unknown path. */
export function settingOf(s: Scenario, path: string): SettingValue | undefined {
  const p = path.split('.');
  if (p[0] === 'lease' && p.length === 2 && (p[1] === 'ttlMs' || p[1] === 'tokens' || p[1] === 'seed')) return s.lease[p[1]];
  if (path === 'network.latencyMs') return s.network.latencyMs;
  if (path === 'storage.fenceReads') return s.storage.fenceReads;
  if (path === 'storage.sequence') return s.storage.sequence ?? false;
  if (path === 'storage.fencing') return s.storage.fencing;
  if (path === 'lease.release') return s.lease.release ?? 'fenced';
  if (path === 'storage.fencePer') return s.storage.fencePer ?? 'lock';
  if (p[0] === 'clients' && p.length >= 3) {
    const c = s.clients.find((x) => x.id === p[1]);
    if (!c) return undefined;
    if (p.length === 3 && (p[2] === 'checkLeaseBeforeWrite' || p[2] === 'renewEveryMs' || p[2] === 'clockRate')) return c[p[2]];
    if (p.length === 3 && p[2] === 'leaseTimer') return c.leaseTimer ?? 'from-reply';
    if (p[2] === 'program') {
      const op = c.program[Number(p[3])];
      if (!op) return undefined;
      if (p.length === 4) return op.op;
      if (p.length === 5 && p[4] === 'ms' && op.op === 'work') return op.ms;
      if (p.length === 5 && p[4] === 'wait' && op.op === 'write') return op.wait ?? true;
    }
    return undefined;
  }
  if (p[0] === 'faults' && p.length >= 2) {
    const f = s.faults[Number(p[1])] as Record<string, unknown> | undefined;
    if (!f) return undefined;
    if (p.length === 2) return String(f.kind);
    const v = f[p[2]!];
    if (p.length === 3 && (p[2] === 'atMs' || p[2] === 'forMs' || p[2] === 'extraMs') && typeof v === 'number') return v;
  }
  return undefined;
}

/** Applies one setting to a working copy (clients, programs and faults already copied). */
function applyOne(s: Scenario, path: string, value: SettingValue, removedSteps: Set<string>, removedFaults: Set<number>): void {
  const p = path.split('.');
  if (path === 'lease.ttlMs') s.lease.ttlMs = num('ttlMs', value) ?? s.lease.ttlMs;
  else if (path === 'lease.seed') s.lease.seed = num('seed', value) ?? s.lease.seed;
  else if (path === 'lease.tokens' && (value === 'monotonic' || value === 'random')) s.lease.tokens = value;
  else if (path === 'network.latencyMs') s.network.latencyMs = num('latencyMs', value) ?? s.network.latencyMs;
  else if (path === 'storage.fenceReads' && typeof value === 'boolean') s.storage.fenceReads = value;
  else if (path === 'storage.sequence' && typeof value === 'boolean') s.storage.sequence = value;
  else if (path === 'storage.fencing' && (value === 'token' || value === 'off' || value === 'equality')) s.storage.fencing = value;
  else if (path === 'lease.release' && (value === 'fenced' || value === 'by-key')) s.lease.release = value;
  else if (path === 'storage.fencePer' && (value === 'lock' || value === 'key')) s.storage.fencePer = value;
  else if (p[0] === 'clients') {
    const c = s.clients.find((x) => x.id === p[1]);
    if (!c) return;
    if (p[2] === 'checkLeaseBeforeWrite' && p.length === 3 && typeof value === 'boolean') c.checkLeaseBeforeWrite = value;
    else if (p[2] === 'leaseTimer' && p.length === 3 && (value === 'from-reply' || value === 'from-request')) c.leaseTimer = value;
    else if ((p[2] === 'renewEveryMs' || p[2] === 'clockRate') && p.length === 3) c[p[2]] = num(p[2], value) ?? c[p[2]];
    else if (p[2] === 'program') {
      const n = Number(p[3]);
      const op = c.program[n];
      if (!op) return;
      if (p.length === 4 && value === null) removedSteps.add(`${c.id}.${n}`);
      else if (p.length === 5 && p[4] === 'ms' && op.op === 'work') c.program[n] = { op: 'work', ms: num('ms', value) ?? op.ms };
      else if (p.length === 5 && p[4] === 'wait' && op.op === 'write' && typeof value === 'boolean') c.program[n] = { ...op, wait: value };
    }
  } else if (p[0] === 'faults') {
    const n = Number(p[1]);
    const f = s.faults[n];
    if (!f) return;
    if (p.length === 2 && value === null) removedFaults.add(n);
    else if (p.length === 3 && (p[2] === 'atMs' || p[2] === 'forMs' || p[2] === 'extraMs') && p[2] in f) {
      const v = num(p[2], value);
      if (v !== undefined) s.faults[n] = { ...f, [p[2]]: v } as Fault;
    }
  }
}

/**
 * The scenario with the `set` interventions applied (later ones win for the same path). Removed
 * steps and faults are left out last, so every index refers to the scenario as written.
 */
export function applySettings(base: Scenario, settings: readonly Extract<Intervention, { kind: 'set' }>[]): Scenario {
  const s: Scenario = {
    ...base,
    lease: { ...base.lease },
    network: { ...base.network },
    storage: { ...base.storage },
    clients: base.clients.map((c): Client => ({ ...c, program: c.program.map((op): Op => ({ ...op })) })),
    faults: base.faults.map((f) => ({ ...f })),
  };
  const removedSteps = new Set<string>();
  const removedFaults = new Set<number>();
  for (const i of settings) applyOne(s, i.path, i.value, removedSteps, removedFaults);
  if (removedSteps.size > 0) s.clients = s.clients.map((c) => ({ ...c, program: c.program.filter((_, n) => !removedSteps.has(`${c.id}.${n}`)) }));
  if (removedFaults.size > 0) s.faults = s.faults.filter((_, n) => !removedFaults.has(n));
  return s;
}

/**
 * The interventions with setting `path` changed to `value`: an earlier change of the same path is
 * dropped, and none is added when `value` is what the scenario as written has (so setting it back
 * leaves no chip behind).
 */
export function withSetting(base: Scenario, interventions: readonly Intervention[], path: string, value: SettingValue): Intervention[] {
  const rest = interventions.filter((i) => !(i.kind === 'set' && i.path === path));
  return settingOf(base, path) === value ? rest : [...rest, { kind: 'set', path, value }];
}

/** The value `path` has after the interventions (the last `set` of it, else the scenario's). */
export function currentSetting(base: Scenario, interventions: readonly Intervention[], path: string): SettingValue | undefined {
  let v = settingOf(base, path);
  for (const i of interventions) if (i.kind === 'set' && i.path === path) v = i.value;
  return v;
}
