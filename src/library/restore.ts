/**
 * Turning a whole scenario document (from a share link's `#s=`, an exported file or pasted JSON)
 * back into what the learner saw: when it is a built-in scenario plus interventions (exports and
 * share links merge the interventions into `faults` and `storage.fencing`), it reopens as that
 * built-in with the same interventions, so the picker, the narration, the hints and Undo work as
 * before; anything else opens as a custom scenario. Both give the same trace.
 * @module
 */
import { toScenarioInput, type Fault, type Scenario } from '../model/scenario';
import { BUILT_IN_SCENARIOS, loadBuiltInScenario } from '../scenarios';
import type { Trace } from '../model/trace';
import { loadBuiltIn } from '../store/initial-state';
import { applyInterventions, type Intervention } from '../store/interventions';
import { simulateHere, type UntrustedRun } from './simulate-here';
import { simulateUntrusted } from './simulate-untrusted';
import { createLabStore, type LabStore } from '../store/store';
import { applySettings, SETTING_BOUNDS, settingOf } from '../settings/settings';
import type { LinkSetting } from '../links/settings-param';

/** What to open: a base scenario (built-in or custom), the interventions on it, and a moment. */
export interface Opening {
  /** The built-in the base is, or `null` for a custom scenario. */
  baseId: string | null;
  base: Scenario;
  interventions: Intervention[];
  /** Where to put the playhead (ms). */
  atMs: number;
  /** What could not be restored as it was asked (a link's bad setting), one sentence each; absent when all went well. */
  notices?: string[];
}

type SetIntervention = Extract<Intervention, { kind: 'set' }>;

/** Removing a scripted fault or a program step is the only change whose value is `null`. */
const REMOVABLE = /^(faults\.\d+|clients\.[a-z0-9-]+\.program\.\d+)$/;

/**
 * Checks a link's settings against the built-in: the ones it can take, as `set` interventions, and
 * a sentence naming each one it cannot (left out).
 */
export function checkedSettings(builtIn: Scenario, settings: readonly LinkSetting[]): { ok: SetIntervention[]; notices: string[] } {
  const ok: SetIntervention[] = [];
  const notices: string[] = [];
  for (const { path, value } of settings) {
    const now = settingOf(builtIn, path);
    const set: SetIntervention = { kind: 'set', path, value };
    if (now === undefined) notices.push(`set: this scenario has no setting ${path}; that change is ignored.`);
    else if (value === null) {
      if (REMOVABLE.test(path)) ok.push(set);
      else notices.push(`set: ${path} cannot be removed; that change is ignored.`);
    } else if (typeof value !== typeof now) {
      notices.push(`set: ${path} takes ${typeof now === 'boolean' ? 'true or false' : `a ${typeof now}`}, not ${String(value)}; that change is ignored.`);
    } else {
      const key = path.split('.').pop() as keyof typeof SETTING_BOUNDS;
      const bounds = typeof value === 'number' && key in SETTING_BOUNDS ? SETTING_BOUNDS[key] : undefined;
      if (bounds && typeof value === 'number' && (value < bounds[0] || value > bounds[1])) {
        notices.push(`set: ${path} must be from ${bounds[0]} to ${bounds[1]}, not ${value}; that change is ignored.`);
      } else if (settingOf(applySettings(builtIn, [set]), path) !== value) {
        notices.push(`set: ${path} cannot be ${String(value)}; that change is ignored.`);
      } else ok.push(set);
    }
  }
  return { ok, notices };
}

/** The document of a scenario without what interventions change (faults, the token check). */
function withoutInterventions(s: Scenario): string {
  return JSON.stringify(toScenarioInput({ ...s, storage: { ...s.storage, fencing: 'token' }, faults: [] }));
}

/** A fault the learner can add at the playhead, as that intervention; `undefined` for others. */
function asIntervention(f: Fault): Intervention | undefined {
  switch (f.kind) {
    case 'pause':
      return { kind: 'pause', client: f.client, atMs: f.atMs, forMs: f.forMs };
    case 'crash':
      return { kind: 'crash', client: f.client, atMs: f.atMs };
    case 'expireLease':
      return { kind: 'expireLease', atMs: f.atMs };
    default:
      return undefined;
  }
}

/**
 * The interventions that turn `builtIn` into `scenario`, or `undefined` when `scenario` is not
 * `builtIn` plus interventions: everything but the faults and the token check must be the same,
 * `builtIn`'s faults must come first, and every extra fault must be one the learner can add (pause,
 * crash, expire lease). A different token check becomes a `fencing` intervention (last).
 */
export function interventionsFrom(builtIn: Scenario, scenario: Scenario): Intervention[] | undefined {
  if (withoutInterventions(builtIn) !== withoutInterventions(scenario)) return undefined;
  const n = builtIn.faults.length;
  if (scenario.faults.length < n) return undefined;
  if (JSON.stringify(scenario.faults.slice(0, n)) !== JSON.stringify(builtIn.faults)) return undefined;
  const out: Intervention[] = [];
  for (const f of scenario.faults.slice(n)) {
    const i = asIntervention(f);
    if (!i) return undefined;
    out.push(i);
  }
  if (scenario.storage.fencing !== builtIn.storage.fencing) out.push({ kind: 'fencing', fencing: scenario.storage.fencing });
  return out;
}

/**
 * How to open a validated scenario document: as the built-in with the same title plus
 * interventions when it is one (loading that built-in's module), else as a custom scenario.
 * `settings` are the setting changes a share link names (`links/settings-param.ts`): checked
 * against the built-in (each one it cannot take is named in `notices` and left out), applied
 * first, and the rest of the difference must again be faults and the token check. The run is the
 * document's either way. Never rejects: if the built-in's chunk cannot load, it opens as a custom scenario.
 */
export async function openingFor(scenario: Scenario, atMs = 0, settings: readonly LinkSetting[] = []): Promise<Opening> {
  const custom: Opening = { baseId: null, base: scenario, interventions: [], atMs };
  const meta = BUILT_IN_SCENARIOS.find((s) => s.title === scenario.title);
  if (!meta) return custom;
  try {
    if (!(await loadBuiltInScenario(meta.id))) return custom;
  } catch {
    return custom;
  }
  const builtIn = loadBuiltIn(meta.id);
  const { ok, notices } = checkedSettings(builtIn, settings);
  const rest = ok.length > 0 ? interventionsFrom(applySettings(builtIn, ok), scenario) : undefined;
  const interventions = rest ? [...ok, ...rest] : interventionsFrom(builtIn, scenario);
  if (ok.length > 0 && !rest) {
    notices.push(`set: the link's setting changes do not match its scenario; it opens ${interventions ? 'without them' : 'as a custom scenario'} (the run is the one the link holds).`);
  }
  const told = notices.length > 0 ? { notices } : {};
  return interventions ? { baseId: meta.id, base: builtIn, interventions, atMs, ...told } : { ...custom, ...told };
}

const openings = new WeakMap<Scenario, Promise<Opening>>();

/**
 * {@link openingFor} at time 0 (with a link's `settings`), once per scenario object: the same promise each call, so React's
 * `use` can wait on it during render. Never rejects.
 */
export function restoredOpening(scenario: Scenario, settings: readonly LinkSetting[] = []): Promise<Opening> {
  let p = openings.get(scenario);
  if (!p) {
    p = openingFor(scenario, 0, settings);
    openings.set(scenario, p);
  }
  return p;
}

/**
 * A new explainer store showing `opening` (its built-in's module must be loaded, as {@link openingFor}
 * leaves it). `trace`, when given, is the trace of the opening's effective scenario (simulated off
 * the main thread, `simulate-untrusted.ts`), so nothing is simulated again here.
 * @throws Error if the simulator is not loaded yet (`store/simulator.ts`) and the opening needs it
 */
export function storeForOpening(opening: Opening, trace?: Trace): LabStore {
  const custom = !opening.baseId && trace && opening.interventions.length === 0;
  if (custom) return createLabStore({ scenario: opening.base, trace, timeMs: opening.atMs });
  const store = createLabStore(opening.baseId ? { scenarioId: opening.baseId } : { scenario: opening.base });
  store.getState().openWith({ ...opening, ...(trace ? { trace } : {}) });
  return store;
}

/**
 * Simulates an opening from outside the app (a link, a file, pasted JSON) off the main thread
 * (`simulate-untrusted.ts`, issue 18): its trace, or the message saying why it cannot be shown.
 */
export function simulateOpening(opening: Opening): Promise<UntrustedRun> {
  const scenario = applyInterventions(opening.base, opening.interventions);
  // The single-file build has no worker (none loads from file://): the bounded main-thread run.
  return import.meta.env.FENCING_LAB_SINGLE_FILE ? simulateHere(scenario) : simulateUntrusted(scenario).promise;
}
