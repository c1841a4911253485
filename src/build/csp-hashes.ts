/**
 * A Vite plugin for the single-file build: computes the hash-based Content-Security-Policy the
 * one HTML file needs (its scripts and styles are inline, so `'self'` does not cover them) and
 * writes it beside the file as `csp.txt` (and prints it). The hashes are SHA-256 of each inline
 * `<script>` and `<style>` element's text, as CSP Level 3 defines them (`'sha256-BASE64'`).
 *
 * The policy: `default-src 'none'; script-src 'sha256-…'; style-src 'sha256-…'; img-src 'self'
 * data: blob:; connect-src 'self'; base-uri 'none'; form-action 'none'` — `data:` for the inlined
 * favicon and the PNG export, `blob:` for downloads, `connect-src 'self'` for the cmi5 LRS on the
 * LMS's own origin (add the LRS's origin when it lives elsewhere). `browser/csp.test.ts` runs the
 * single file under exactly this policy.
 * Source: W3C Content Security Policy Level 3, "hash-source" (https://www.w3.org/TR/CSP3/).
 * @module
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The `'sha256-…'` source of each inline element named `tag` in `html`. */
export function inlineHashes(html: string, tag: 'script' | 'style'): string[] {
  const out: string[] = [];
  const re = new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'gi');
  for (const m of html.matchAll(re)) {
    if (/\ssrc=/.test(m[0].slice(0, m[0].indexOf('>')))) continue;
    out.push(`'sha256-${createHash('sha256').update(m[1] ?? '', 'utf8').digest('base64')}'`);
  }
  return out;
}

/** The policy for a single-file page. */
export function singleFileCsp(html: string): string {
  return [
    "default-src 'none'",
    `script-src ${inlineHashes(html, 'script').join(' ')}`,
    `style-src ${inlineHashes(html, 'style').join(' ')}`,
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** Writes `csp.txt` next to the built `index.html` (in the build's `outDir`). */
export function cspHashes(): Plugin {
  let outDir = 'dist-single';
  return {
    name: 'fencing-lab:csp-hashes',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const html = readFileSync(join(outDir, 'index.html'), 'utf8');
      const csp = singleFileCsp(html);
      writeFileSync(join(outDir, 'csp.txt'), `${csp}\n`);
      console.log(`\nContent-Security-Policy for ${join(outDir, 'index.html')} (also in csp.txt):\n${csp}\n`);
    },
  };
}
