import { describe, expect, it } from 'vitest';
import { parseLocation } from '../links';
import { parseScenarioOrThrow, toScenarioInput } from '../model';
import { seedGcPause } from '../scenarios/builtin/seed-gc-pause';
import { parseDisplayParams } from './params';
import {
  ALLOW,
  DEFAULT_EMBED_OPTIONS,
  SANDBOX,
  controlsValue,
  embedSnippet,
  embedUrl,
  escapeAttribute,
  fullPageUrl,
  hostScriptUrl,
  linkStateOf,
  type EmbedOptions,
} from './snippet';
import { pageBase, withoutEmbedParams } from './urls';

const PAGE = 'https://lab.example.edu/fencing/?scenario=network-delay&t=100#s=abc';
const opts = (o: Partial<EmbedOptions> = {}): EmbedOptions => ({ ...DEFAULT_EMBED_OPTIONS, ...o });

describe('embed URLs', () => {
  it('builds the iframe src: embed=1, non-default options, instance, then scenario and moment', () => {
    const { url, tooLong } = embedUrl(PAGE, linkStateOf('network-delay', undefined, 21_500), opts({ instance: 'week-3' }));
    expect(tooLong).toBe(false);
    expect(url).toBe('https://lab.example.edu/fencing/?embed=1&theme=light&instance=week-3&scenario=network-delay&t=21500');

    const all = embedUrl(
      PAGE,
      linkStateOf('seed-gc-pause', undefined, 0),
      opts({ view: 'both', theme: 'dark', controls: new Set(['playback', 'scrubber']), autoplay: true, instance: 'a:b' }),
    );
    expect(all.url).toBe('https://lab.example.edu/fencing/?embed=1&view=both&theme=dark&controls=playback,scrubber&autoplay=1&instance=a%3Ab&scenario=seed-gc-pause');
  });

  it('gives a src that the app reads back to the same settings, with no notices', () => {
    const src = embedUrl(PAGE, linkStateOf('crash-holder', undefined, 1234), opts({ view: 'quiz', theme: 'light', controls: new Set(), instance: 'x_1' })).url;
    const search = new URL(src).search;
    const display = parseDisplayParams(search);
    expect(display.notices).toEqual([]);
    expect(display.params).toMatchObject({ embed: true, view: 'quiz', theme: 'light', instance: 'x_1' });
    expect(display.params.controls.size).toBe(0);
    expect(parseLocation(search, '')).toEqual({ scenario: { kind: 'builtin', id: 'crash-holder' }, timeMs: 1234, problems: [] });
  });

  it('carries a changed scenario whole in #s=, and falls back to the built-in when it is too large for a link', () => {
    const scenario = parseScenarioOrThrow(seedGcPause.scenario);
    const custom = toScenarioInput({ ...scenario, title: 'Mine' });
    const { url } = embedUrl(PAGE, linkStateOf('seed-gc-pause', custom, 500), opts());
    const u = new URL(url);
    expect(u.searchParams.get('scenario')).toBeNull();
    const back = parseLocation(u.search, u.hash);
    expect(back.problems).toEqual([]);
    expect(back.customScenario?.title).toBe('Mine');
    expect(back.timeMs).toBe(500);

    // 40,000 pseudo-random letters: they do not compress, so the link would be far over its cap.
    let x = 1;
    const noise = Array.from({ length: 40_000 }, () => String.fromCharCode(97 + ((x = (x * 1103515245 + 12345) % 2 ** 31) % 26))).join('');
    const huge = { ...custom, description: noise };
    const r = embedUrl(PAGE, linkStateOf('seed-gc-pause', huge, 500), opts());
    expect(r.tooLong).toBe(true);
    expect(new URL(r.url).searchParams.get('scenario')).toBe('seed-gc-pause');
  });

  it('uses fencing-lab for an invalid instance', () => {
    expect(embedUrl(PAGE, linkStateOf('seed-gc-pause', undefined, 0), opts({ instance: 'no spaces!' })).url).toContain('instance=fencing-lab&');
  });

  it('links an embed to its full page: embed-only parameters dropped, the rest kept', () => {
    const embed = 'https://lab.example.edu/fencing/?embed=1&view=both&theme=dark&controls=none&autoplay=1&instance=w1&lang=de&quizMode=self-check&scenario=seed-gc-pause&t=5';
    expect(fullPageUrl(embed, linkStateOf('network-delay', undefined, 21_500))).toBe(
      'https://lab.example.edu/fencing/?view=both&lang=de&quizMode=self-check&scenario=network-delay&t=21500',
    );
    expect(fullPageUrl(embed, undefined)).toBe('https://lab.example.edu/fencing/?view=both&lang=de&quizMode=self-check&scenario=seed-gc-pause&t=5');
    expect(withoutEmbedParams('file:///c/lab/index.html?embed=1#s=abc')).toEqual({ page: 'file:///c/lab/index.html', hash: '#s=abc' });
    expect(withoutEmbedParams('https://h/?emb%65d=1&x=2')).toEqual({ page: 'https://h/?x=2', hash: '' });
  });

  it('finds the page base and the host script next to the page', () => {
    expect(pageBase(PAGE)).toBe('https://lab.example.edu/fencing/');
    expect(hostScriptUrl(PAGE)).toBe('https://lab.example.edu/fencing/embed.js');
    expect(hostScriptUrl('https://lab.example.edu/fencing/index.html?x#y')).toBe('https://lab.example.edu/fencing/embed.js');
  });

  it('writes controls= only when some are left out', () => {
    expect(controlsValue(DEFAULT_EMBED_OPTIONS.controls)).toBeUndefined();
    expect(controlsValue(new Set())).toBe('none');
    expect(controlsValue(new Set(['share', 'playback']))).toBe('playback,share');
  });

  it('rounds and clamps the moment, and leaves it out at 0', () => {
    expect(linkStateOf('seed-gc-pause', undefined, 1234.6)).toEqual({ scenario: { kind: 'builtin', id: 'seed-gc-pause' }, timeMs: 1235 });
    expect(linkStateOf('seed-gc-pause', undefined, 0)).toEqual({ scenario: { kind: 'builtin', id: 'seed-gc-pause' } });
    expect(linkStateOf(null, undefined, 9e9).timeMs).toBe(600_000);
    expect(linkStateOf(null, undefined, Number.NaN).timeMs).toBeUndefined();
  });
});

describe('the snippet', () => {
  it('is an iframe with title, sandbox, allow, lazy loading, full width and a starting height, then the host script', () => {
    const src = embedUrl(PAGE, linkStateOf('seed-gc-pause', undefined, 100), opts()).url;
    const html = embedSnippet({ src, pageHref: PAGE, title: 'Fencing Lab: "quotes" & <tags>', view: 'timeline' });
    expect(html).toContain('<iframe src="https://lab.example.edu/fencing/?embed=1&amp;theme=light&amp;instance=fencing-lab&amp;scenario=seed-gc-pause&amp;t=100"');
    expect(html).toContain('title="Fencing Lab: &quot;quotes&quot; &amp; &lt;tags&gt;"');
    expect(html).toContain(`sandbox="${SANDBOX}"`);
    expect(SANDBOX.split(' ').sort()).toEqual(['allow-popups', 'allow-popups-to-escape-sandbox', 'allow-same-origin', 'allow-scripts']);
    expect(html).toContain(`allow="${ALLOW}"`);
    expect(ALLOW).toContain('fullscreen');
    expect(html).toContain('loading="lazy"');
    expect(html).toMatch(/width="100%" height="\d+" style="width:100%;height:\d+px;/);
    expect(html.trim().split('\n').at(-1)).toBe('<script src="https://lab.example.edu/fencing/embed.js" async></script>');
  });

  it('escapes attribute values', () => {
    expect(escapeAttribute('a&b"c<d>')).toBe('a&amp;b&quot;c&lt;d&gt;');
  });
});

describe('quiz settings in the embed (issue 16)', () => {
  it('the dialog defaults are the quiz defaults', async () => {
    const { DEFAULT_QUIZ_SETTINGS } = await import('../quiz/settings');
    const { DEFAULT_EMBED_QUIZ } = await import('./snippet');
    const { retry, solution, passMark, mode, shuffle, questions } = DEFAULT_QUIZ_SETTINGS;
    expect(DEFAULT_EMBED_QUIZ).toEqual({ retry, solution, passMark, mode, shuffle, questions });
  });
  it('puts the settings that differ into the src, and the quiz reads them back without notices', async () => {
    const { parseQuizSettings } = await import('../quiz/settings');
    const { DEFAULT_EMBED_QUIZ } = await import('./snippet');
    const quiz = { ...DEFAULT_EMBED_QUIZ, retry: true, passMark: 85, shuffle: true, questions: ['seed-quick-check', 'why-leases'] };
    const { url } = embedUrl(PAGE, linkStateOf('seed-gc-pause', undefined, 0), opts({ view: 'quiz', quiz }));
    expect(url).toContain('quizRetry=1&passMark=85&quizQuestions=seed-quick-check,why-leases&quizShuffle=1');
    const search = new URL(url).search;
    expect(parseDisplayParams(search).notices).toEqual([]);
    const parsed = parseQuizSettings(search);
    expect(parsed.notices).toEqual([]);
    expect(parsed.settings).toMatchObject({ retry: true, passMark: 85, shuffle: true, questions: ['seed-quick-check', 'why-leases'] });
    // Not for the timeline alone.
    expect(embedUrl(PAGE, linkStateOf('seed-gc-pause', undefined, 0), opts({ quiz })).url).not.toContain('quiz');
  });
  it('defaults to the light theme, so a dark-system reader does not get a dark box on a light course page', () => {
    expect(DEFAULT_EMBED_OPTIONS.theme).toBe('light');
    expect(embedUrl(PAGE, linkStateOf('seed-gc-pause', undefined, 0), opts()).url).toContain('theme=light');
  });
});
