/**
 * The learner's setting changes (`set` interventions: `settings/settings.ts`) in a share link, as
 * `#s=…&set=PATH:VALUE,PATH:VALUE`, e.g. `set=lease.ttlMs:5000,clients.client-1.checkLeaseBeforeWrite:true`.
 * `#s=` carries the effective scenario (what is simulated); `set` says which of its differences from
 * the built-in are settings the learner changed, so the link reopens as that built-in with the same
 * changes (picker, narration, hints, the settings controls) instead of a custom scenario.
 *
 * Paths are dotted (`faults.0.forMs`; client ids are lowercase letters, digits and dashes) and values
 * are numbers, `true`/`false`, `null` (a removed fault or step) or a word (`off`, `by-key`), so the
 * list needs no escaping. Pure; never throws on input from a link.
 * @module
 */
import type { SettingValue } from '../store/interventions';

/** One setting change as a link carries it. */
export interface LinkSetting {
  path: string;
  value: SettingValue;
}

/** The hash key of the settings list. */
export const SETTINGS_KEY = 'set';

const PATH = /^[a-zA-Z]+(\.[a-zA-Z0-9-]+)+$/;
const WORD = /^[a-z]+(-[a-z]+)*$/;

/** The `set=` value for `settings`, or `''` for none. Values outside the forms above are left out. */
export function encodeSettings(settings: readonly LinkSetting[]): string {
  return settings
    .filter((s) => PATH.test(s.path) && (typeof s.value !== 'string' || WORD.test(s.value)) && (typeof s.value !== 'number' || Number.isFinite(s.value)))
    .map((s) => `${s.path}:${String(s.value)}`)
    .join(',');
}

/** What {@link decodeSettings} read: the well-formed settings, and one sentence per malformed one. */
export interface DecodedSettings {
  settings: LinkSetting[];
  problems: string[];
}

function quoted(v: string): string {
  return `'${v.length > 40 ? `${v.slice(0, 40)}…` : v}'`;
}

/**
 * Reads a `set=` value. Each malformed entry is named ("set: 'lease.ttlMs' has no value") and left
 * out; whether a path and value fit the scenario is checked when it is opened (`library/restore.ts`).
 */
export function decodeSettings(raw: string): DecodedSettings {
  let text = raw;
  try {
    text = decodeURIComponent(raw);
  } catch {
    return { settings: [], problems: ["set: the link's settings have a broken %-escape; they are ignored."] };
  }
  const settings: LinkSetting[] = [];
  const problems: string[] = [];
  for (const entry of text.split(',')) {
    if (entry.trim() === '') continue;
    const at = entry.lastIndexOf(':');
    const path = (at < 0 ? entry : entry.slice(0, at)).trim();
    const v = at < 0 ? '' : entry.slice(at + 1).trim();
    if (!PATH.test(path)) {
      problems.push(`set: ${quoted(path)} is not a setting's name; it is ignored.`);
      continue;
    }
    let value: SettingValue;
    if (v === 'true' || v === 'false') value = v === 'true';
    else if (v === 'null') value = null;
    else if (/^-?\d+(\.\d+)?$/.test(v)) value = Number(v);
    else if (WORD.test(v)) value = v;
    else {
      problems.push(`set: ${path} has ${v === '' ? 'no value' : `the value ${quoted(v)}, which no setting takes`}; it is ignored.`);
      continue;
    }
    settings.push({ path, value });
  }
  return { settings, problems };
}
