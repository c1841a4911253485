/**
 * The prerendered page's start script (`src/build/prerender.ts`) decides, before the first
 * paint, whether the default page's HTML is shown (and hydrated) or hidden (and the page rendered
 * afresh); `main.tsx` decides the same with `opensPrerendered` (`src/page.tsx`). They must agree, or
 * a page would show the wrong HTML for a moment, or hydrate HTML that does not fit. This runs the
 * script itself (in a `vm` context with a fake `location`, `navigator` and `localStorage`) against
 * `main.tsx`'s rule for a table of addresses and browser languages. It also applies the theme as
 * `initialTheme` does.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { injectPrerendered, inlineCode, startScript } from '../../src/build/prerender';
import { parseDisplayParams } from '../../src/embed/params';
import { LOCALES, matchLocale, pickLocale } from '../../src/i18n/locale';
import { opensPrerendered } from '../../src/page';

interface Outcome {
  fresh: boolean;
  theme: string | null;
}

function runStart(search: string, hash: string, languages: string[], stored: string | null, storageThrows = false): Outcome {
  const attrs = new Map<string, string>();
  const documentElement = {
    setAttribute: (k: string, v: string) => attrs.set(k, v),
  };
  runInNewContext(startScript(LOCALES), {
    document: { documentElement },
    location: { search, hash },
    navigator: { languages, language: languages[0] },
    localStorage: {
      getItem: (k: string) => {
        if (storageThrows) throw new Error('SecurityError');
        return k === 'fencing-lab.theme' ? stored : null;
      },
    },
    URLSearchParams,
  });
  return { fresh: attrs.has('data-fl-fresh'), theme: attrs.get('data-theme') ?? null };
}

/** What `main.tsx` decides for the same address. */
function mainHydrates(search: string, hash: string, languages: string[]): boolean {
  const { params, notices } = parseDisplayParams(search);
  const all = [...notices];
  if (params.lang && !matchLocale(params.lang)) all.push('lang not available');
  return opensPrerendered(search, hash, pickLocale(params.lang, languages), all);
}

const SEARCHES = [
  '',
  '?',
  '?theme=dark',
  '?theme=light',
  '?theme=auto',
  '?theme=blue',
  '?theme=dark&theme=light',
  '?lang=en',
  '?lang=en-GB',
  '?lang=de',
  '?lang=fr',
  '?lang=x',
  '?lang=en&theme=dark',
  '?embed=1',
  '?embed=0',
  '?scenario=network-delay',
  '?t=2000',
  '?scenario=network-delay&t=2000',
  '?view=quiz',
  '?autoplay=1',
  '?instance=week-3',
  '?foo=bar',
  '?controls=none',
];
const HASHES = ['', '#s=abc'];
const LANGUAGES = [['en-US'], ['en-GB', 'de'], ['de-DE', 'en'], ['fr-FR'], ['fr-FR', 'de'], []];

describe('the inline start script', () => {
  it('hides the prerendered HTML exactly when main.tsx will not hydrate it', () => {
    let hydrated = 0;
    for (const search of SEARCHES)
      for (const hash of HASHES)
        for (const languages of LANGUAGES) {
          const hydrates = mainHydrates(search, hash, languages);
          if (hydrates) hydrated += 1;
          expect(runStart(search, hash, languages, null).fresh, `${search}${hash} with ${languages.join(',')}`).toBe(!hydrates);
        }
    // Both outcomes occur in the table.
    expect(hydrated).toBeGreaterThan(10);
    expect(mainHydrates('', '', ['en-US'])).toBe(true);
    expect(mainHydrates('?scenario=network-delay&t=2000', '', ['en-US'])).toBe(false);
  });

  it('applies the linked or remembered theme before the first paint, as initialTheme does', () => {
    expect(runStart('', '', ['en'], 'dark').theme).toBe('dark');
    expect(runStart('', '', ['en'], 'light').theme).toBe('light');
    expect(runStart('', '', ['en'], 'auto').theme).toBeNull();
    expect(runStart('', '', ['en'], 'purple').theme).toBeNull();
    expect(runStart('?theme=light', '', ['en'], 'dark').theme).toBe('light');
    // `theme=auto` in the link wins over a remembered choice.
    expect(runStart('?theme=auto', '', ['en'], 'dark').theme).toBeNull();
    // A sandboxed frame throws on any storage access: no theme, and the page still shows.
    expect(runStart('', '', ['en'], 'dark', true)).toEqual({ fresh: false, theme: null });
  });

  it('goes into the built index.html with the prerendered root, as a file, not inline', () => {
    const html = '<html><head><title>x</title></head><body><div id="root"></div><script type="module" src="a.js"></script></body></html>';
    const out = injectPrerendered(html, '<p>$& $1</p>', './assets/start-abc.js');
    expect(out).toContain('<div id="root" data-fl-prerendered><p>$& $1</p></div>');
    expect(out.indexOf('<script src="./assets/start-abc.js"></script>')).toBeLessThan(out.indexOf('</head>'));
    expect(out).toContain('<link rel="expect" href="#fl-prerendered-end" blocking="render" />');
    expect(inlineCode(out)).toEqual([]);
    expect(() => injectPrerendered('<html><body></body></html>', '', './s.js')).toThrow(/empty <div id="root">/);
  });

  it('finds what a strict CSP would block in the page', () => {
    expect(inlineCode('<script type="application/json" id="d">{"a":1}</script><script src="x.js"></script><script type="module" src="y.js"></script>')).toEqual([]);
    expect(inlineCode('<script>alert(1)</script>')).toHaveLength(1);
    expect(inlineCode('<script type="module">import "x"</script>')).toHaveLength(1);
    expect(inlineCode('<style>p{}</style>')).toHaveLength(1);
    expect(inlineCode('<span class="a" style="left:0%"></span>')).toEqual(['style attribute: <span class="a" style="left:0%"']);
    expect(inlineCode('<button onclick="go()">x</button>')).toHaveLength(1);
    // Text that only mentions them is not code.
    expect(inlineCode('<p>style="x" and onclick=</p>')).toEqual([]);
  });
});
