/**
 * Issue 40, item 1 (frames), in real Chromium on the production build: for every key moment of the
 * seed, the three-client and the partition scenarios, at 1280x800, 360x740 and 412x915, with the playhead at
 * rest on the moment (as the story stops there, or a `?t=` link opens there):
 * - every event the moment speaks of (`frameOf` in `src/story/frames.ts`) lies inside the visible
 *   plot (right of the lane names, inside the timeline's scroll box); on a phone, where they span
 *   more than the view holds at the whole run's scale (an expiry framed with the grant 10 s before),
 *   the moment's own event and the stop do (the frame is scrolled to its end), and it is listed;
 * - any two of them at different times are at least 24 px apart on screen.
 *
 * Where an event is on screen is read from the page itself: the axis's ticks give the map from
 * simulated time to screen x (`axis-map.ts`), not the app's own geometry. Where a frame draws its
 * quiet middle as a labelled break (the seed's climax: "stored 34" at 10.3 s beside
 * "rejected 33 < 34" at 21.5 s, issue 40 item 6), the break's label is in view too.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readAxis } from './axis-map';
import { explainerLoaded, launchForFile, patientPolls, settled } from './settle';
import { ALL_BUILT_IN_SCENARIOS } from '../../src/scenarios/all';
import { simulate } from '../../src/model';
import { normalizeScenario } from '../../src/model/scenario';
import { keyMoments } from '../../src/story/moments';
import { MIN_EVENT_GAP_PX, frameOf } from '../../src/story/frames';
import { FRAME_RIGHT } from '../../src/views/timeline/frame-ease';

const baseURL = inject('baseURL');
patientPolls();
let browser: Browser;
launchForFile((b) => (browser = b));

const SCENARIOS = ['seed-gc-pause', 'jepsen-three-clients', 'partition-lease-service'];
// Phones too: their picture scrolls sideways, to the frame at its own scale (`frame-ease.ts`).
const SIZES = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
  { width: 412, height: 915 },
];

/** Moves the playhead to `ms` as the scrubber does (on a phone the scrubber sits in the folded bar: not by its role). */
async function seek(page: Page, ms: number): Promise<void> {
  await page.locator('input.fl-scrubber__input').first().evaluate((el, at) => {
    const input = el as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, String(at));
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, ms);
}

/** Frames on phones too long for the view (see the check). */
const longFrames: string[] = [];

afterAll(() => {
  if (longFrames.length) console.info(`frames longer than a phone's view, shown to their last events:\n${longFrames.join('\n')}`);
});

describe('each key moment framed: its events in view and apart', () => {
  for (const id of SCENARIOS) {
    const b = ALL_BUILT_IN_SCENARIOS.find((x) => x.id === id)!;
    const trace = simulate(normalizeScenario(b.scenario));
    const moments = keyMoments(trace);
    for (const size of SIZES) {
      it(`${id} at ${size.width}x${size.height}: ${moments.length} moments`, async () => {
        const context = await browser.newContext({ viewport: size, ...(size.width < 600 ? { isMobile: true, hasTouch: true } : {}) });
        const page = await context.newPage();
        await page.goto(`${baseURL}?scenario=${id}`);
        await explainerLoaded(page);
        const problems: string[] = [];
        for (const m of moments) {
          await seek(page, m.stopMs);
          await settled(page);
          const ids = frameOf(trace, m).eventIds;
          const times = ids.map((i) => trace.events[i]!.atMs);
          const map = await readAxis(page);
          const xs = times.map((t) => map.x(t));
          const at = `${m.kind} at ${m.stopMs} ms`;
          // On a phone, a frame whose events span more than its view holds at the whole run's scale
          // (the least a phone draws: `frameScale`), less the room the playhead keeps at the view's
          // right (FRAME_RIGHT: nearer the edge, it is followed by a jump), shows its last events,
          // the moment's own: those must be in view, and the frame is listed.
          const spread = map.x(Math.max(...times)) - map.x(Math.min(...times));
          const tooLong = size.width < 600 && spread > map.right - map.left - FRAME_RIGHT;
          if (tooLong) longFrames.push(`${id} ${size.width}: ${at}`);
          xs.forEach((x, i) => {
            if (tooLong && ids[i] !== m.eventId && Math.abs(times[i]! - m.stopMs) > 1) return;
            if (x < map.left - 0.5 || x > map.right + 0.5) problems.push(`${at}: event at ${times[i]} ms is at x=${x.toFixed(1)}, outside the plot ${map.left.toFixed(1)}-${map.right.toFixed(1)}`);
          });
          // A break in view is labelled with what it leaves out ("≈ 10 s skipped"), and the label is on screen.
          if (map.broken) {
            const label = await page.locator('.fl-timeline__svg .fl-axis__skip').first().boundingBox();
            const text = await page.locator('.fl-timeline__svg .fl-axis__skip').first().textContent();
            if (!label || !/\d/.test(text ?? '') || label.x + label.width / 2 < map.left || label.x + label.width / 2 > map.right) problems.push(`${at}: the break's label "${text}" is not in view`);
          }
          const distinct = [...new Set(times)].sort((p, q) => p - q);
          for (let k = 1; k < distinct.length; k++) {
            const gap = map.x(distinct[k]!) - map.x(distinct[k - 1]!);
            if (gap < MIN_EVENT_GAP_PX) problems.push(`${at}: events at ${distinct[k - 1]} and ${distinct[k]} ms are ${gap.toFixed(1)} px apart`);
          }
        }
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }
});
