/**
 * The timeline's label text measured by Chromium, for the node tests of the label layout (issue 39).
 *
 * In the browser, `planLabels` measures each label with the page's own font (a canvas's
 * `measureText`, `Marks.tsx`); node has no font, and {@link roughMeasure} only bounds a text's
 * width. So the widths Chromium gives every text the plan measures, over every built-in scenario
 * at the widths the tests lay out, are recorded once into `tests/fixtures/label-metrics.json` by
 * `npx tsx tests/tools/record-label-metrics.ts` (against a running `vite preview`), and
 * {@link chromiumMeasure} replays them: the node tests then lay out exactly what the browser draws,
 * at every step of every run, without a browser. `tests/browser/timeline-labels.test.ts` checks
 * that the recording still matches this machine's Chromium.
 * @module
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simulate } from '../src/model/simulate';
import { ALL_BUILT_IN_SCENARIOS } from '../src/scenarios/all';
import { loadBuiltIn } from '../src/store/initial-state';
import { t } from '../src/i18n';
import { layoutTimeline } from '../src/views/timeline/geometry';
import { roughMeasure, type Measure, type TextMetrics } from '../src/views/timeline/label-layout';
import { planLabels } from '../src/views/timeline/label-plan';
import { withMessages } from '../src/views/timeline/message-geometry';
import { quietStretches } from '../src/views/timeline/quiet';
import '../src/views/timeline/marks-messages';

/** The recording: the font family Chromium resolved, and each text's metrics by {@link metricsKey}. */
export interface LabelMetrics {
  family: string;
  chromium: string;
  /** `weight|px|text` → [width, ascent, descent] (px). */
  texts: Record<string, [number, number, number]>;
}

/** Where the recording lives. */
export const METRICS_FILE = join(import.meta.dirname, 'fixtures', 'label-metrics.json');

/** The recording's key of a text in a font size (px) and weight. */
export const metricsKey = (text: string, px: number, weight: number): string => `${weight}|${px}|${text}`;

/** Plot widths (px) the layout tests use: a 1280 screen's plot (712), a phone's (760), and others. */
export const MEASURED_WIDTHS = [1280, 712, 760, 360, 1900] as const;

/**
 * Every text `planLabels` measures for the built-in scenarios at {@link MEASURED_WIDTHS}, to scale
 * and with quiet stretches skipped, when it measures with `measure`: `[text, px, weight]` each once.
 */
export function measuredTexts(measure: Measure): [string, number, number][] {
  const seen = new Map<string, [string, number, number]>();
  const recording: Measure = (text, px, weight) => {
    seen.set(metricsKey(text, px, weight), [text, px, weight]);
    return measure(text, px, weight);
  };
  for (const built of ALL_BUILT_IN_SCENARIOS) {
    const trace = simulate(loadBuiltIn(built.id));
    for (const width of MEASURED_WIDTHS) {
      for (const skip of [undefined, quietStretches(trace)]) {
        planLabels(withMessages(layoutTimeline(trace, undefined, width, skip ? { skip } : {}), trace), trace, t, recording);
      }
    }
  }
  return [...seen.values()];
}

let loaded: LabelMetrics | undefined;

/** The recording, read once. */
export function labelMetrics(): LabelMetrics {
  loaded ??= JSON.parse(readFileSync(METRICS_FILE, 'utf8')) as LabelMetrics;
  return loaded;
}

/**
 * A {@link Measure} that gives Chromium's recorded metrics.
 * @throws Error naming the text and the command that records it, for a text not in the recording
 *   (a label's wording changed since it was made).
 */
export const chromiumMeasure: Measure = (text, px, weight): TextMetrics => {
  const m = labelMetrics().texts[metricsKey(text, px, weight)];
  if (!m) {
    throw new Error(
      `"${text}" (${px} px, weight ${weight}) is not in ${METRICS_FILE}: a label's text changed. Record the metrics again: npx vite build && (npx vite preview --port 4613 --host 127.0.0.1 &) && npx tsx tests/tools/record-label-metrics.ts`,
    );
  }
  return { width: m[0], ascent: m[1], descent: m[2] };
};

/** {@link chromiumMeasure} where the recording has the text, else {@link roughMeasure} (for the recorder's own passes). */
export function recordedOrRough(texts: LabelMetrics['texts']): Measure {
  return (text, px, weight) => {
    const m = texts[metricsKey(text, px, weight)];
    return m ? { width: m[0], ascent: m[1], descent: m[2] } : roughMeasure(text, px, weight);
  };
}
