/**
 * Paint before script (issue 15): the build takes the app's module script out of `<head>`
 * (`takeEntryScript`) and the start script loads it once the document is parsed and, on a page
 * that shows its prerendered HTML, once the first contentful paint has come (`startScript`'s
 * loader, `src/build/prerender.ts`). This runs the loader itself in a `vm` context with a fake
 * document, PerformanceObserver, requestAnimationFrame and timers, and checks when it inserts the
 * script, and that it does so exactly once.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LOAD_FALLBACK_MS, manifestClosure, startScript, stylesheetsOf, takeEntryScript, withStylesheets } from '../../src/build/prerender';
import { LOCALES } from '../../src/i18n/locale';

interface Inserted {
  type: string;
  src: string;
  crossOrigin: string;
}

/** A page in a fake browser, driven by the test: parse, paint, frames and time are its calls. */
function page({ search = '', paintTiming = true, readyState = 'loading' }: { search?: string; paintTiming?: boolean; readyState?: string } = {}) {
  const attrs = new Map<string, string>();
  const inserted: Inserted[] = [];
  const listeners: Array<() => void> = [];
  const observers: Array<{ cb: (list: { getEntries(): Array<{ name: string }> }, o: { disconnect(): void }) => void; connected: boolean }> = [];
  const frames: Array<() => void> = [];
  let now = 0;
  const timers: Array<{ at: number; fn: () => void }> = [];
  const document = {
    readyState,
    documentElement: {
      setAttribute: (k: string, v: string) => attrs.set(k, v),
      hasAttribute: (k: string) => attrs.has(k),
    },
    addEventListener: (type: string, fn: () => void) => {
      if (type === 'DOMContentLoaded') listeners.push(fn);
    },
    createElement: () => ({}) as Inserted,
    head: { appendChild: (s: Inserted) => inserted.push({ ...s }) },
  };
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'navigation'] : ['navigation'];
    private readonly entry;
    constructor(cb: (typeof observers)[number]['cb']) {
      this.entry = { cb, connected: false };
      observers.push(this.entry);
    }
    observe(o: { type: string }) {
      if (o.type === 'paint') this.entry.connected = true;
    }
    disconnect() {
      this.entry.connected = false;
    }
  }
  const window = {
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    PerformanceObserver: paintTiming ? FakeObserver : undefined,
  };
  runInNewContext(startScript(LOCALES, './assets/index-abc.js'), {
    document,
    window,
    location: { search, hash: '' },
    navigator: { languages: ['en'], language: 'en' },
    localStorage: { getItem: () => null },
    URLSearchParams,
    setTimeout: (fn: () => void, ms: number) => timers.push({ at: now + ms, fn }),
  });
  const advance = (ms: number) => {
    now += ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers.splice(timers.indexOf(due), 1);
      due.fn();
    }
  };
  return {
    inserted,
    fresh: () => attrs.has('data-fl-fresh'),
    parse: () => {
      document.readyState = 'interactive';
      for (const fn of listeners.splice(0)) fn();
    },
    paint: (name = 'first-contentful-paint') => {
      for (const o of observers.filter((x) => x.connected)) o.cb({ getEntries: () => [{ name }] }, { disconnect: () => (o.connected = false) });
    },
    frame: () => {
      for (const fn of frames.splice(0)) fn();
    },
    advance,
  };
}

describe('the start script loads the app after the first paint (issue 15)', () => {
  it('on the prerendered page, waits for both the parse and the first contentful paint, in either order, and loads once', () => {
    const a = page();
    a.parse();
    expect(a.inserted).toHaveLength(0);
    a.paint('first-paint');
    expect(a.inserted).toHaveLength(0);
    a.paint();
    expect(a.inserted).toEqual([{ type: 'module', src: './assets/index-abc.js', crossOrigin: 'anonymous' }]);
    a.advance(LOAD_FALLBACK_MS * 2);
    a.paint();
    expect(a.inserted).toHaveLength(1);

    const b = page();
    b.paint();
    expect(b.inserted).toHaveLength(0);
    b.parse();
    expect(b.inserted).toHaveLength(1);
  });

  it('on a page whose HTML is hidden (a deep link), loads as soon as the document is parsed', () => {
    const p = page({ search: '?scenario=jepsen-three-clients' });
    expect(p.fresh()).toBe(true);
    expect(p.inserted).toHaveLength(0);
    p.parse();
    expect(p.inserted).toHaveLength(1);
  });

  it('without paint timing, waits for a frame and then a task after the parse', () => {
    const p = page({ paintTiming: false });
    p.parse();
    expect(p.inserted).toHaveLength(0);
    p.frame();
    expect(p.inserted).toHaveLength(0);
    p.advance(0);
    expect(p.inserted).toHaveLength(1);
    p.advance(LOAD_FALLBACK_MS);
    expect(p.inserted).toHaveLength(1);
  });

  it('where no paint comes (a background tab), loads after the fallback delay, not before', () => {
    const p = page();
    p.parse();
    p.advance(LOAD_FALLBACK_MS - 1);
    expect(p.inserted).toHaveLength(0);
    p.advance(1);
    expect(p.inserted).toHaveLength(1);
  });

  it('when the document is already parsed as it runs, needs only the paint', () => {
    const p = page({ readyState: 'interactive' });
    expect(p.inserted).toHaveLength(0);
    p.paint();
    expect(p.inserted).toHaveLength(1);
  });
});

describe('takeEntryScript', () => {
  const head = (scripts: string) => `<!doctype html><html><head>\n    <meta charset="UTF-8" />\n${scripts}    <link rel="stylesheet" href="./assets/index.css">\n  </head><body><div id="root"></div></body></html>`;

  it("takes Vite's module script out of the head and returns its URL", () => {
    const html = head('    <script type="module" crossorigin src="./assets/index-abc.js"></script>\n');
    const out = takeEntryScript(html);
    expect(out.src).toBe('./assets/index-abc.js');
    expect(out.html).not.toContain('<script');
    expect(out.html).toContain('<link rel="stylesheet" href="./assets/index.css">');
  });

  it('throws, naming the count, when there is no module script or more than one', () => {
    expect(() => takeEntryScript(head(''))).toThrow(/has 0 module scripts/);
    const two = head('<script type="module" src="./a.js"></script>\n<script type="module" src="./b.js"></script>\n');
    expect(() => takeEntryScript(two)).toThrow(/has 2 module scripts/);
  });
});

describe('the stylesheets of the parts the prerendered page shows (issue 15)', () => {
  const manifest = {
    'index.html': { src: 'index.html', css: ['assets/index.css'], imports: ['_shared.js'] },
    'src/story/story-parts.ts': { src: 'src/story/story-parts.ts', css: ['assets/story.css'], imports: ['_Glossary.js', '_shared.js'] },
    '_Glossary.js': { css: ['assets/Glossary.css'], imports: ['_shared.js'] },
    '_shared.js': {},
    'src/quiz/QuizPanel.tsx': { src: 'src/quiz/QuizPanel.tsx', css: ['assets/QuizPanel.css'] },
  };

  it("takes a part's own stylesheets and those of the chunks it imports, each once, and no other's", () => {
    expect(stylesheetsOf(['src/story/story-parts.ts'], manifest)).toEqual(['assets/story.css', 'assets/Glossary.css']);
    expect(stylesheetsOf([], manifest)).toEqual([]);
  });

  it("walks the import closure once per chunk, from several keys, keeping chunks it cannot find (the budget script's entry closure)", () => {
    expect(manifestClosure(manifest, ['index.html'])).toEqual({ keys: ['index.html', '_shared.js'], css: ['assets/index.css'] });
    expect(manifestClosure(manifest, ['src/quiz/QuizPanel.tsx', 'src/story/story-parts.ts', 'gone.js'])).toEqual({
      keys: ['src/quiz/QuizPanel.tsx', 'src/story/story-parts.ts', '_Glossary.js', '_shared.js', 'gone.js'],
      css: ['assets/QuizPanel.css', 'assets/story.css', 'assets/Glossary.css'],
    });
  });

  it('names a part that is not in the manifest', () => {
    expect(() => stylesheetsOf(['src/story/gone.ts'], manifest)).toThrow(/src\/story\/gone\.ts is not a chunk/);
  });

  it('links them after the last stylesheet, skipping one linked already', () => {
    const html = '<head>\n    <link rel="stylesheet" crossorigin href="./assets/index.css">\n  </head>';
    const out = withStylesheets(html, ['assets/index.css', 'assets/story.css']);
    expect(out).toBe('<head>\n    <link rel="stylesheet" crossorigin href="./assets/index.css">\n    <link rel="stylesheet" crossorigin href="./assets/story.css">\n  </head>');
    expect(withStylesheets('<head></head>', ['a.css'])).toBe('<head>  <link rel="stylesheet" crossorigin href="./a.css">\n  </head>');
    expect(() => withStylesheets('<body></body>', ['a.css'])).toThrow(/no <\/head>/);
  });
});
