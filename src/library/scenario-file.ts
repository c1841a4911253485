/**
 * Scenario files: the JSON a learner downloads (the scenario on the timeline with their
 * interventions merged into its faults) and reading one back, from a file or pasted text, with
 * every problem named by its field path (validation messages come from `model/validate`; the few
 * this module adds come from the message catalogue).
 * @module
 */
import { toScenarioInput, type Scenario, type ScenarioIssue } from '../model/scenario';
import { t } from '../i18n';
import { parseScenarioText } from '../model/validate';
import '../views/tools-messages'; // its text (catalogue loaded with the secondary controls, issue 7)

/** The biggest file read (bytes): a scenario is a few KB; anything larger is not one. */
export const MAX_FILE_BYTES = 1_000_000;

/**
 * The file name for a scenario: its title in lowercase words joined by dashes (letters of any
 * script and digits kept), at most 60 characters cut between words, plus `.json`; `scenario.json` for a title with no
 * letters or digits.
 */
export function scenarioFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  // At most 60 characters, cut between words.
  const cut = slug.length <= 60 ? slug : slug.slice(0, 61).replace(/-[^-]*$/, '') || slug.slice(0, 60);
  return `${cut || 'scenario'}.json`;
}

/**
 * The file's text: the scenario as a complete `fencing-lab.scenario/v1` document (defaults written
 * out, as `toScenarioInput` gives it), indented, with a final newline.
 * @param scenario the scenario with the interventions applied (the store's `scenario`)
 */
export function scenarioFileText(scenario: Scenario): string {
  return `${JSON.stringify(toScenarioInput(scenario), null, 2)}\n`;
}

/** A scenario read from text, or every problem with its field path. */
export type ReadResult = { ok: true; scenario: Scenario } | { ok: false; issues: ScenarioIssue[] };

/** Reads scenario JSON text (pasted or from a file). Never throws. */
export function readScenarioText(text: string): ReadResult {
  if (text.trim() === '') return { ok: false, issues: [{ path: '', message: t('library.paste.empty') }] };
  return parseScenarioText(text);
}

/** Reads a dropped or picked file. Never rejects. */
export async function readScenarioFile(file: Blob & { name?: string }): Promise<ReadResult> {
  if (file.size > MAX_FILE_BYTES) {
    return { ok: false, issues: [{ path: '', message: t('library.error.tooLarge', { size: file.size, max: MAX_FILE_BYTES }) }] };
  }
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, issues: [{ path: '', message: t('library.error.unreadable') }] };
  }
  // An empty file is named as such (not "paste a document first", which is about the paste box).
  if (text.trim() === '') return { ok: false, issues: [{ path: '', message: t('library.error.emptyFile') }] };
  return readScenarioText(text);
}

/**
 * Offers `text` as a download named `fileName` (an object URL on a temporary link). Returns false
 * where downloads cannot be made (no `URL.createObjectURL`, a sandbox). Never throws.
 */
export function downloadText(fileName: string, text: string, doc: Document = document): boolean {
  try {
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const a = doc.createElement('a');
    a.href = url;
    a.download = fileName;
    a.rel = 'noopener';
    a.style.display = 'none';
    doc.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return true;
  } catch {
    return false;
  }
}
