/**
 * Opening a scenario document the learner brings (a file, pasted JSON) in an explainer's store:
 * validated first (every problem named by its field path), then simulated off the main thread
 * (`simulate-untrusted.ts`, issue 18); the scenario on the timeline stays when the document is invalid
 * or its run is refused. A document that is a built-in plus interventions (an export) reopens as
 * that built-in with the same interventions (see `restore.ts`).
 * @module
 */
import type { ScenarioIssue } from '../model/scenario';
import type { LabStore } from '../store/store';
import { openingFor, simulateOpening } from './restore';
import { readScenarioFile, readScenarioText, type ReadResult } from './scenario-file';

/** What opening a document did: the title now on the timeline, or the problems found. */
export type OpenResult = { ok: true; title: string } | { ok: false; issues: ScenarioIssue[] };

async function openRead(store: LabStore, read: ReadResult): Promise<OpenResult> {
  if (!read.ok) return { ok: false, issues: read.issues };
  const opening = await openingFor(read.scenario);
  // Simulated off the main thread (issue 18); a run the simulator refuses keeps what is on screen.
  const run = await simulateOpening(opening);
  if (!run.ok) return { ok: false, issues: [{ path: '', message: run.message }] };
  store.getState().openWith({ ...opening, trace: run.trace });
  return { ok: true, title: read.scenario.title };
}

/** Validates pasted scenario JSON and, if it is valid, opens it. */
export function openScenarioText(store: LabStore, text: string): Promise<OpenResult> {
  return openRead(store, readScenarioText(text));
}

/** Reads, validates and, if it is valid, opens a scenario file. */
export async function openScenarioFile(store: LabStore, file: Blob & { name?: string }): Promise<OpenResult> {
  return openRead(store, await readScenarioFile(file));
}
