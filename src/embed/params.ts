/**
 * Display parameters from the page URL: how the explainer is shown (embed mode, which view, theme,
 * which controls, autoplay, language, embed instance id). Scenario and time (`scenario`, `t`, `#s=`)
 * are parsed by `src/links`, quiz settings by `src/quiz`.
 *
 * Bad values never break the page: each unknown parameter or malformed value is ignored (its default
 * is used) and reported as a notice that names it, e.g. `theme: expected light, dark or auto, got "blue"`.
 * Checked by hand (a few enums and two patterns), not with zod: this runs before the first render.
 * @module
 */

/** Controls that `controls=` may list (comma-separated), or `all` / `none`. */
export const CONTROL_NAMES = ['playback', 'scrubber', 'speed', 'interventions', 'scenarios', 'share'] as const;
/** One control group. */
export type ControlName = (typeof CONTROL_NAMES)[number];

/** Every URL parameter the app knows (others are reported as unknown). */
export const KNOWN_PARAMS = [
  'embed',
  'scenario',
  't',
  'quiet',
  'view',
  // `figure=ID` with `view=lesson`: one figure of the lesson alone; read by `src/lesson`.
  'figure',
  'theme',
  'controls',
  'autoplay',
  'further',
  'lang',
  'instance',
  'quizRetry',
  'quizSolution',
  'passMark',
  'quizMode',
  'quizQuestions',
  'quizShuffle',
  'xapiBase',
  'actor',
  // cmi5 launch parameters, added by the LMS (cmi5 spec, 8.1): read by `src/lms`.
  'endpoint',
  'fetch',
  'registration',
  'activityId',
] as const;

/** The parameters a reader or an author writes into a link, named when an unknown one is reported (the quiz's and the LMS's are left out there: they would bury these). */
const LINK_PARAMS = ['scenario', 't', 'quiet', 'view', 'theme', 'controls', 'autoplay', 'embed', 'further', 'lang', 'instance'] as const;

/** The display settings, with defaults filled in. */
export interface DisplayParams {
  /** `embed=1`: no page chrome (header, footer, long-form text). */
  embed: boolean;
  /** Which views to show. Default `timeline` on the full page... and in embeds. `lesson`: the lesson you read (issue 45, `src/lesson`). */
  view: 'timeline' | 'quiz' | 'both' | 'lesson';
  /** `auto` follows `prefers-color-scheme`. */
  theme: 'light' | 'dark' | 'auto';
  /** Which control groups appear. */
  controls: ReadonlySet<ControlName>;
  /** Start playing as soon as the page opens (ignored with prefers-reduced-motion). */
  autoplay: boolean;
  /** `further=1`: show "Try this", "Real systems" and "Try to break it" in an embed too (the full page always does). */
  further: boolean;
  /** Language code asked for (`lang=`), if any. */
  lang: string | undefined;
  /** The embed's id in protocol messages. */
  instance: string;
}

/** The result: settings plus one notice per ignored parameter or value. */
export interface ParsedDisplayParams {
  params: DisplayParams;
  notices: string[];
}

// Hand-written checks rather than zod/mini: this runs before the first render, and these few fields
// do not justify about 8 KB gzip of schema library there (issue 7). Each field accepts a value when
// its test passes; `params.test.ts` covers every one.
/** A field: which raw values it accepts, and their type once accepted. */
interface Field<T extends string> {
  test: (raw: string) => boolean;
  /** Phantom: the accepted values' type. */
  readonly _type?: T;
}
const oneOf = <const T extends string>(values: readonly T[]): Field<T> => ({ test: (raw) => (values as readonly string[]).includes(raw) });
const matching = (pattern: RegExp): Field<string> => ({ test: (raw) => pattern.test(raw) });
type Accepted<F> = F extends Field<infer T> ? T : never;

const flag = oneOf(['0', '1', 'true', 'false']);
const fields = {
  embed: flag,
  view: oneOf(['timeline', 'quiz', 'both', 'lesson']),
  theme: oneOf(['light', 'dark', 'auto']),
  autoplay: flag,
  further: flag,
  lang: matching(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/),
  instance: matching(/^[A-Za-z0-9_.:-]{1,64}$/),
} as const;

const EXPECTED: Record<keyof typeof fields, string> = {
  embed: 'expected 0 or 1',
  view: 'expected timeline, quiz, both or lesson',
  theme: 'expected light, dark or auto',
  autoplay: 'expected 0 or 1',
  further: 'expected 0 or 1',
  lang: 'expected a language code such as en or de',
  instance: 'expected 1 to 64 letters, digits or - _ . :',
};

const quote = (v: string): string => JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);

/**
 * Parses display parameters from a query string (`location.search`). Never throws.
 * @param search e.g. `?embed=1&theme=dark&controls=playback,scrubber`
 */
export function parseDisplayParams(search: string): ParsedDisplayParams {
  const q = new URLSearchParams(search);
  const notices: string[] = [];
  const get = <K extends keyof typeof fields>(key: K): Accepted<(typeof fields)[K]> | undefined => {
    const all = q.getAll(key);
    if (all.length === 0) return undefined;
    if (all.length > 1) notices.push(`${key}: given ${all.length} times; using the first`);
    const raw = all[0]!;
    if (!fields[key].test(raw)) {
      notices.push(`${key}: ${EXPECTED[key]}, got ${quote(raw)}; ignored`);
      return undefined;
    }
    return raw as Accepted<(typeof fields)[K]>;
  };
  const on = (v: string | undefined): boolean => v === '1' || v === 'true';

  const embed = on(get('embed'));
  const view = get('view') ?? 'timeline';
  const theme = get('theme') ?? 'auto';
  const autoplay = on(get('autoplay'));
  const further = on(get('further'));
  const lang = get('lang');
  const instance = get('instance') ?? 'fencing-lab';

  let controls = new Set<ControlName>(CONTROL_NAMES);
  const rawControls = q.get('controls');
  if (rawControls !== null) {
    const parts = rawControls.split(',').map((p) => p.trim()).filter(Boolean);
    if (parts.length === 1 && parts[0] === 'all') controls = new Set(CONTROL_NAMES);
    else if (parts.length === 1 && parts[0] === 'none') controls = new Set();
    else {
      const picked = new Set<ControlName>();
      for (const p of parts) {
        if ((CONTROL_NAMES as readonly string[]).includes(p)) picked.add(p as ControlName);
        else notices.push(`controls: unknown control ${quote(p)}; expected all, none or some of ${CONTROL_NAMES.join(', ')}`);
      }
      if (parts.length === 0) notices.push('controls: empty; showing all controls');
      else controls = picked;
    }
  }

  for (const key of new Set(q.keys())) {
    if (!(KNOWN_PARAMS as readonly string[]).includes(key)) {
      notices.push(`${quote(key)} is not a Fencing Lab parameter; ignored (a link's settings: ${LINK_PARAMS.join(', ')})`);
    }
  }
  return { params: { embed, view, theme, controls, autoplay, further, lang, instance }, notices };
}
