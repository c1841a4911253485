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
export function startScript(languages: readonly string[], app?: string): string {
  return `${startDecision(languages)}${app === undefined ? '' : `\n${appLoader(app)}`}`;
}

function startDecision(languages: readonly string[]): string {
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

/** How many 50 ms ticks a click held for a part not yet hydrated waits before it is dropped (10 s). */
const HOLD_TICKS = 200;

/** How long (ms) the start script waits for the first paint before it loads the app anyway (a background tab paints nothing). */
export const LOAD_FALLBACK_MS = 1500;

/**
 * The part of the start script that loads the app's module script `app` (its URL, relative to the
 * page), which the build takes out of `<head>` ({@link takeEntryScript}). Paint before script
 * (issue 15): on a page that shows its prerendered HTML, the app is requested once the document is
 * parsed and its first contentful paint has been presented (a `paint` PerformanceObserver entry,
 * which comes once the frame is on screen, not when it is handed to the compositor); on a phone the
 * script's download and first run then no longer compete with that frame. Without paint timing, it
 * waits for a frame (`requestAnimationFrame`, then a task). A page whose HTML is hidden
 * (`data-fl-fresh`: an embed, a deep link, another language) has nothing to paint and loads it once
 * the document is parsed. Where no paint comes (a background tab), it loads after
 * {@link LOAD_FALLBACK_MS}. Inserted module scripts run as soon as they arrive, so waiting for the
 * parse keeps `main.tsx`'s reads of the root and of the seed's trace (after the root) safe, as for
 * a module script in `<head>`.
 *
 * A click on a prerendered button, radio or checkbox that React has not hydrated yet (before the script has run, or
 * in a part whose chunk is still loading) is held, not lost: React 18 and later drop such a click
 * when they cannot hydrate its part at once. It is kept from the page and clicked again on the same
 * element (hydration keeps the HTML's elements) once React has taken that element over (it then
 * carries React's `__reactProps$…` key, as every element React renders or hydrates does), in the
 * order the clicks came; one not taken over within 10 s is dropped. So a learner who taps Play on
 * the painted page sees it play once the script has run.
 */
function appLoader(app: string): string {
  return `(function(){var d=document,w=window,done=false,parsed=false,painted=d.documentElement.hasAttribute('data-fl-fresh');
function load(){if(done||!parsed||!painted)return;done=true;var s=d.createElement('script');s.type='module';s.crossOrigin='anonymous';s.src=${JSON.stringify(app)};d.head.appendChild(s);}
function paint(){painted=true;load();}
function frame(){if(typeof w.requestAnimationFrame==='function')w.requestAnimationFrame(function(){setTimeout(paint,0);});else paint();}
var types=(w.PerformanceObserver&&w.PerformanceObserver.supportedEntryTypes)||[],watch=!painted&&types.indexOf('paint')>=0;
if(watch){try{new w.PerformanceObserver(function(list,o){var e=list.getEntries(),i;for(i=0;i<e.length;i++)if(e[i].name==='first-contentful-paint'){o.disconnect();paint();}}).observe({type:'paint',buffered:true});}catch(e){watch=false;}}
if(!painted)setTimeout(paint,${LOAD_FALLBACK_MS});
function ready(){parsed=true;if(!painted&&!watch)frame();load();}
hold();
if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',ready);else ready();
function hold(){var q=[],t=0,n=0,again=false;
function hydrated(b){var k=Object.keys(b),i;for(i=0;i<k.length;i++)if(k[i].indexOf('__reactProps$')===0)return true;return false;}
function take(e){if(again)return;var b=e.target&&e.target.closest&&e.target.closest('#root button,#root input[type=radio],#root input[type=checkbox]');if(!b||(!q.length&&hydrated(b)))return;e.preventDefault();e.stopImmediatePropagation();q.push(b);if(!t){n=0;t=setInterval(run,50);}}
function run(){n++;while(q.length){var b=q[0];if(!b.isConnected||n>${HOLD_TICKS}){q.shift();continue;}if(!hydrated(b))return;q.shift();again=true;try{b.click();}finally{again=false;}}clearInterval(t);t=0;}
d.addEventListener('click',take,true);}})();`;
}

/**
 * Takes the app's module script (`<script type="module" … src="…"></script>`, as Vite writes it
 * into `<head>`) out of a built `index.html`: the start script loads it after the first paint
 * ({@link startScript}). Returns the page without it and the script's URL.
 * @throws Error if `html` has no module script with a `src`, or more than one
 */
export function takeEntryScript(html: string): { html: string; src: string } {
  const tags = [...html.matchAll(/[ \t]*<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\n?/g)];
  if (tags.length !== 1) throw new Error(`prerender: index.html has ${tags.length} module scripts with a src; expected exactly one (the app's entry)`);
  const [tag, src] = [tags[0]![0], tags[0]![1]!];
  return { html: html.replace(tag, ''), src };
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

/** A chunk of Vite's build manifest (`build.manifest`), as far as this file reads it. */
export interface ManifestChunk {
  /** The source file, relative to the root (e.g. `src/story/story-parts.ts`). */
  src?: string;
  /** Keys of the chunks it imports statically. */
  imports?: string[];
  /** Its stylesheets (paths relative to the build's root). */
  css?: string[];
}

function readManifest(out: string, manifest: boolean | string): Record<string, ManifestChunk> {
  if (!manifest) throw new Error('prerender: build.manifest must be on (the prerendered page links the stylesheets of the parts it shows)');
  const file = join(out, typeof manifest === 'string' ? manifest : '.vite/manifest.json');
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
}

/**
 * The stylesheets of `parts` (source files of chunks loaded on demand, relative to the root, e.g.
 * `src/story/story-parts.ts`) and of every chunk they import statically, from the build's
 * `manifest`: the parts the prerendered page shows whose styles are not in the entry's stylesheet.
 * With the app's script loaded after the first paint (issue 15), their styles would otherwise come
 * with their chunk, after that paint, and the part would change shape under the reader. Returns
 * paths relative to the build's root, each once.
 * @throws Error if a part is not a chunk of the manifest (renamed or moved: update the list)
 */
export function stylesheetsOf(parts: readonly string[], manifest: Record<string, ManifestChunk>): string[] {
  for (const part of parts) {
    if (!manifest[part]) throw new Error(`prerender: ${part} is not a chunk of the build's manifest; the prerendered page links its stylesheets`);
  }
  return manifestClosure(manifest, parts).css;
}

/**
 * The static import closure of `keys` in a Vite build manifest: every chunk key reached through
 * `imports` (the keys themselves first, in visiting order) and the stylesheets those chunks carry
 * (paths relative to the dist, each once). Keys missing from the manifest are kept and carry nothing.
 */
export function manifestClosure(manifest: Record<string, ManifestChunk>, keys: readonly string[]): { keys: string[]; css: string[] } {
  const seen = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    for (const c of chunk.css ?? []) css.add(c);
    for (const k of chunk.imports ?? []) visit(k);
  };
  for (const key of keys) visit(key);
  return { keys: [...seen], css: [...css] };
}

/**
 * `html` with a `<link rel="stylesheet">` for each of `sheets` (paths relative to the page) after
 * its last stylesheet link, or before `</head>`, skipping those it links already.
 * @throws Error if `html` has no `</head>`
 */
export function withStylesheets(html: string, sheets: readonly string[]): string {
  if (!html.includes('</head>')) throw new Error('prerender: index.html has no </head>');
  const links = sheets.filter((href) => !html.includes(`href="./${href}"`)).map((href) => `<link rel="stylesheet" crossorigin href="./${href}">`);
  if (links.length === 0) return html;
  const last = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].at(-1);
  if (!last || last.index === undefined) return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
  const at = last.index + last[0].length;
  return `${html.slice(0, at)}\n    ${links.join('\n    ')}${html.slice(at)}`;
}

/**
 * The plugin: after the client build has written its files, renders `entry`'s `renderDefaultPage()`
 * into `index.html`. `languages`: the languages the build ships (`LOCALES` of `src/i18n/locale.ts`).
 */
export function prerenderPage({
  entry = '/src/prerender.tsx',
  languages,
  shownParts = [],
}: {
  entry?: string;
  languages: readonly string[];
  /** Chunks loaded on demand that the prerendered page shows: their stylesheets are linked from `<head>` ({@link stylesheetsOf}). */
  shownParts?: readonly string[];
}): Plugin {
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
        // The app's entry is loaded by the start script, after the first paint (`takeEntryScript`).
        const built = takeEntryScript(readFileSync(file, 'utf8'));
        // The start script as a file of the build, named by its content (cached for good, like the rest of assets/).
        const code = startScript(languages, built.src);
        const start = `${config.build.assetsDir}/start-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
        mkdirSync(join(out, config.build.assetsDir), { recursive: true });
        writeFileSync(join(out, start), code);
        const sheets = stylesheetsOf(shownParts, readManifest(out, config.build.manifest));
        const html = injectPrerendered(withStylesheets(built.html, sheets), body, `./${start}`, seedTraceElement());
        const blocked = inlineCode(html);
        if (blocked.length > 0) throw new Error(`prerender: index.html would break the hosted app's CSP (script-src 'self'; style-src 'self'):\n  ${blocked.join('\n  ')}`);
        writeFileSync(file, html);
      } finally {
        await server.close();
      }
    },
  };
}
