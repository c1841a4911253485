/**
 * The floor pages (issue 15): what this machine and this Chromium give a page of our size that does
 * (almost) nothing, measured in the same run as ours. On a shared or slow machine every figure
 * moves; the ratio ours/floor is what stays informative.
 *
 * Both are made from a snapshot of our own page once it has loaded (the default page, 1280x800):
 * its whole DOM as rendered, timeline included, with its stylesheet, and with every script removed.
 * - `floor-static.html`: that snapshot, a static page of our size served the same way (Lighthouse's
 *   floor);
 * - `floor-moving.html`: the same page plus one element moved by a CSS transform every animation
 *   frame, for as long as the page is asked to (the frame benchmark's floor: the cheapest animation
 *   a page of this size can have).
 * They are written into the served build directory (and removed again by {@link removeFloorPages}).
 * @module
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';

export const FLOOR_STATIC = 'floor-static.html';
export const FLOOR_MOVING = 'floor-moving.html';

// A string: tsx would wrap a function's inner closures in a helper the page lacks.
const SNAPSHOT = `(() => {
  const html = document.documentElement.cloneNode(true);
  for (const el of html.querySelectorAll('script, link[rel="modulepreload"], link[rel="expect"]')) el.remove();
  html.removeAttribute('data-fl-live');
  return '<!doctype html>\\n' + html.outerHTML;
})()`;

/** The moving element and its loop: `window.__flFloorMove(true | false)` starts and stops it. */
const MOVER = `<div id="fl-floor-mover" aria-hidden="true" style="position:fixed;left:0;top:0;width:48px;height:48px;border-radius:24px;background:#2563eb;will-change:transform;z-index:10"></div>
<script>
(function () {
  var el = document.getElementById('fl-floor-mover'), on = false, x = 0;
  function frame() {
    if (!on) return;
    x = (x + 4) % 1200;
    el.style.transform = 'translate(' + x + 'px, 380px)';
    requestAnimationFrame(frame);
  }
  window.__flFloorMove = function (go) { on = go; if (go) requestAnimationFrame(frame); };
})();
</script>`;

/**
 * Snapshots our page at `base` and writes both floor pages into `outDir` (the directory `base` serves).
 * @returns the snapshot's size (characters of HTML, elements)
 */
export async function writeFloorPages(browser: Browser, base: string, outDir: string): Promise<{ chars: number; elements: number }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(base);
    await page.locator('html[data-fl-live]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const html = (await page.evaluate(SNAPSHOT)) as string;
    const elements = (await page.evaluate('document.querySelectorAll("*").length')) as number;
    writeFileSync(join(outDir, FLOOR_STATIC), html);
    writeFileSync(join(outDir, FLOOR_MOVING), html.replace('</body>', `${MOVER}</body>`));
    return { chars: html.length, elements };
  } finally {
    await page.close();
  }
}

/** Removes the floor pages from `outDir`. */
export function removeFloorPages(outDir: string): void {
  for (const f of [FLOOR_STATIC, FLOOR_MOVING]) rmSync(join(outDir, f), { force: true });
}
