/**
 * A small Vite plugin for the single-file build (`vite build --mode single`): replaces the page's
 * `<link rel="icon" href="./favicon.svg">` with the icon itself as a `data:` URL, so the one HTML
 * file refers to nothing outside itself (opened from `file://`, a missing sibling file would be a
 * failed request; on an LMS it would be a broken link).
 * @module
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** Inlines `public/favicon.svg` into the page's icon link. */
export function inlineFavicon(root: string = join(import.meta.dirname, '..', '..')): Plugin {
  return {
    name: 'fencing-lab:inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      const svg = readFileSync(join(root, 'public', 'favicon.svg'), 'utf8').trim();
      const dataUrl = `data:image/svg+xml,${encodeURIComponent(svg)}`;
      return html.replace(/href="\.?\/?favicon\.svg"/, `href="${dataUrl}"`);
    },
  };
}
