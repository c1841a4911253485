/**
 * Quiz progress as SCORM 1.2 keeps it: `cmi.suspend_data` holds at most 4,096 characters
 * (SCORM 1.2 RTE, 3.4.2, CMIString4096), and a full quiz's progress as JSON takes more (issue 43:
 * 3,747 characters with one answer each, 4,407 with every option of the choice questions ticked).
 * So it is stored compressed: lz-string's `compressToEncodedURIComponent` (the share links' codec),
 * whose output is plain ASCII (`A–Z a–z 0–9 + - $`), which every LMS stores as it is, behind the
 * prefix {@link PACKED}. The largest progress the quiz can make packs to well under the limit
 * (`tests/model/suspend-data.test.ts` fills every question maximally).
 * @module
 */
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';

/** The most `cmi.suspend_data` holds (characters), SCORM 1.2 RTE 3.4.2. */
export const SUSPEND_DATA_MAX = 4096;

/** What marks packed progress (JSON, as saved before, starts with `{`). */
export const PACKED = 'lz1:';

/** `progress` (JSON) packed for `cmi.suspend_data`. */
export function packSuspendData(progress: string): string {
  return PACKED + compressToEncodedURIComponent(progress);
}

/**
 * The progress (JSON) kept in `cmi.suspend_data`: unpacked, or as it is when it was saved unpacked
 * (by an earlier version); `undefined` for an empty or damaged value. Never throws.
 */
export function unpackSuspendData(data: string | undefined): string | undefined {
  if (!data) return undefined;
  if (!data.startsWith(PACKED)) return data;
  try {
    return decompressFromEncodedURIComponent(data.slice(PACKED.length)) || undefined;
  } catch {
    return undefined;
  }
}
