/**
 * A Vite build step (issue 15): after the client build, the default page is rendered to HTML with
 * React's server renderer (`src/prerender.tsx`, loaded through a Vite server in SSR mode, so the
 * same plugins, virtual modules and `define`s apply as in the client build) and written into the
 * built `index.html`, inside `<div id="root" data-fl-prerendered>`. The page then paints from HTML
 * and CSS before its script has loaded, and `main.tsx` hydrates it.
 *
 * With it goes a small start script, referenced from `<head>` as a file of the build
 * (`assets/start-HASH.js`, a classic blocking script: {@link startScript}), which runs before the
 * first paint: it applies the remembered or linked colour theme (no flash of the light theme), and
 * for any URL the prerendered HTML does not fit (a deep link, an embed, another language) it sets
 * `data-fl-fresh` on `<html>`, which hides that HTML (a rule of `styles/app.css`) until `main.tsx`
 * renders the page afresh. Its rules must agree with `opensPrerendered` in `src/page.tsx` (a test
 * runs both).
 *
 * Content-Security-Policy (issue 16): the hosted app runs under `script-src 'self'; style-src 'self'`,
 * so the page the build writes has no inline script (the seed's trace is a JSON data block, which is
 * never executed), no `<style>` element and no `style` attribute (`tests/browser/csp.test.ts`, and
 * {@link inlineCode} here, which makes the build fail on one).
 *
 * Only the default page is prerendered: one HTML per built-in scenario (`?scenario=ID`) would need
 * the server to route on the query string, which static hosting (and an LMS upload) cannot.
 * The single-file build does not use this step: it stays client-rendered.
 * @module
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { seedTraceElement } from './seed-trace';

/** Marks the root whose HTML the build rendered. */
export const PRERENDERED_ATTR = 'data-fl-prerendered';

/**
 * The start script (ES5, no dependencies, never throws; a classic script, so it runs before the first paint). Hydration needs the default page:
 * no `#…`, no parameter but `theme` and `lang` (each at most once, valid), and English (`lang`,
 * else the browser's first language the app ships, is `en`). `languages` is the build's `LOCALES`.
 */
export function startScript(languages: readonly string[]): string {
  return `(function(){try{var d=document.documentElement,l=location,q=new URLSearchParams(l.search),fresh=l.hash!=='',seen={};
q.forEach(function(v,k){if(seen[k]||(k!=='theme'&&k!=='lang'))fresh=true;seen[k]=1;});
var th=q.get('theme');if(th!==null&&th!=='light'&&th!=='dark'&&th!=='auto')fresh=true;
var lg=q.get('lang');if(lg!==null&&!/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/.test(lg))fresh=true;
var ship=${JSON.stringify(languages)},base=function(t){return String(t).trim().toLowerCase().split(/[-_]/)[0];},pick='en',i,tags=[lg].concat(navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language]);
if(lg!==null&&ship.indexOf(base(lg))<0)fresh=true;
for(i=0;i<tags.length;i++){if(tags[i]&&ship.indexOf(base(tags[i]))>=0){pick=base(tags[i]);break;}}
if(pick!=='en')fresh=true;
if(th===null){try{th=localStorage.getItem('fencing-lab.theme');}catch(e){th=null;}}
if(th==='light'||th==='dark')d.setAttribute('data-theme',th);
if(fresh)d.setAttribute('data-fl-fresh','');}catch(e){document.documentElement.setAttribute('data-fl-fresh','');}})();`;
}

/**
 * The element after the prerendered root: `<link rel="expect" blocking="render">` holds the first
 * paint until it is parsed, so a slow phone (or a slow network) never paints half the page, whose
 * later parts would then push the first ones about (layout shift). Browsers without `rel=expect`
 * paint as the HTML comes in, as they always have.
 */
const END_ID = 'fl-prerendered-end';

/**
 * What in `html` a strict CSP (`script-src 'self'; style-src 'self'`) would block: inline scripts
 * (a `<script>` without `src` whose type is JavaScript), `<style>` elements, `style` attributes and
 * inline event handlers (`on…=`). An empty list means the page is clean. A check of the build's own
 * output, not a general HTML parser: it looks at tags as React's server renderer writes them.
 */
export function inlineCode(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>/gi)) {
    const attrs = m[1] ?? '';
    const type = /\btype="([^"]*)"/i.exec(attrs)?.[1]?.toLowerCase();
    const executable = type === undefined || type === 'module' || type === 'text/javascript';
    if (executable && !/\bsrc=/i.test(attrs)) found.push(`inline script: ${m[0]}`);
  }
  for (const m of html.matchAll(/<style\b[^>]*>/gi)) found.push(`style element: ${m[0]}`);
  for (const m of html.matchAll(/<[a-z][^>]*\s(style|on[a-z]+)=("[^"]*"|'[^']*'|[^\s>]+)/gi)) found.push(`${m[1]} attribute: ${m[0].slice(0, 120)}`);
  return found;
}

/**
 * Puts the prerendered `body` into `html` (a built `index.html` with `<div id="root"></div>`), and
 * the start script (`startSrc`: its file, relative to the page) and the render-blocking `expect`
 * link into its `<head>`; `data` (elements the hydrating code reads, e.g. the seed's trace) goes
 * right after the root.
 * @throws Error if `html` has no empty root or no `</head>`
 */
export function injectPrerendered(html: string, body: string, startSrc: string, data = ''): string {
  const root = '<div id="root"></div>';
  if (!html.includes(root) || !html.includes('</head>')) throw new Error('prerender: index.html has no empty <div id="root"></div> or no </head>');
  return html
    .replace('</head>', `  <script src="${startSrc}"></script>\n    <link rel="expect" href="#${END_ID}" blocking="render" />\n  </head>`)
    .replace(root, () => `<div id="root" ${PRERENDERED_ATTR}>${body}</div><span id="${END_ID}" hidden></span>${data}`);
}

/**
 * The plugin: after the client build has written its files, renders `entry`'s `renderDefaultPage()`
 * into `index.html`. `languages`: the languages the build ships (`LOCALES` of `src/i18n/locale.ts`).
 */
export function prerenderPage({ entry = '/src/prerender.tsx', languages }: { entry?: string; languages: readonly string[] }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'fencing-lab-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      // The same config file and mode, as a server: this plugin applies to builds only, so it does not recurse.
      const server = await createServer({
        configFile: config.configFile,
        mode: config.mode,
        root: config.root,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        optimizeDeps: { noDiscovery: true, include: [] },
        // lz-string is CommonJS without named exports Node can see; let Vite convert it as the client build does.
        ssr: { noExternal: ['lz-string'] },
      });
      try {
        const m = (await server.ssrLoadModule(entry)) as { renderDefaultPage(): Promise<string> };
        const body = await m.renderDefaultPage();
        const out = resolve(config.root, config.build.outDir);
        const file = join(out, 'index.html');
        // The start script as a file of the build, named by its content (cached for good, like the rest of assets/).
        const code = startScript(languages);
        const start = `${config.build.assetsDir}/start-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
        mkdirSync(join(out, config.build.assetsDir), { recursive: true });
        writeFileSync(join(out, start), code);
        const html = injectPrerendered(readFileSync(file, 'utf8'), body, `./${start}`, seedTraceElement());
        const blocked = inlineCode(html);
        if (blocked.length > 0) throw new Error(`prerender: index.html would break the hosted app's CSP (script-src 'self'; style-src 'self'):\n  ${blocked.join('\n  ')}`);
        writeFileSync(file, html);
      } finally {
        await server.close();
      }
    },
  };
}
