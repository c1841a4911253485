/**
 * URLs and HTML for embedding, as pure functions of a page URL (no DOM):
 * - {@link embedUrl}: the iframe's `src` for a scenario, a moment and display options;
 * - {@link fullPageUrl}: the full page for what an embed shows (its "Open in Fencing Lab" link);
 * - {@link embedSnippet}: the `<iframe>` plus the resize script that the Embed dialog offers.
 *
 * The scenario and moment go in the URL exactly as share links carry them (`src/links`:
 * `?scenario=ID&t=MS` or `#s=…`); the display options are those of `params.ts`.
 * @module
 */
import type { ScenarioInput } from '../model/scenario';
import { buildShareUrl, type LinkState } from '../links/url';
import { CONTROL_NAMES, type ControlName, type DisplayParams } from './params';
import { pageBase, withoutEmbedParams } from './urls';
import '../views/tools-messages'; // its text (catalogue loaded with the secondary controls, issue 7)

export { EMBED_ONLY_PARAMS, pageBase } from './urls';

/** What an embed shows, besides its scenario and moment. */
export interface EmbedOptions {
  view: Exclude<DisplayParams['view'], 'lesson'>; // the lesson's figures embed by their own link (`?view=lesson&figure=ID`)
  theme: DisplayParams['theme'];
  controls: ReadonlySet<ControlName>;
  autoplay: boolean;
  /** The embed's id in protocol messages; `fencing-lab` when empty. */
  instance: string;
  /** Quiz settings (for `view` quiz or both); left out, the quiz's defaults. */
  quiz?: EmbedQuizOptions;
  /** Show "Try this", "Real systems" and "Try to break it" below the timeline (`further=1`). */
  further?: boolean;
}

/**
 * Quiz settings an embed may carry, as the quiz reads them (`quiz/settings.ts`; the defaults are
 * the same, a test checks). They are URL parameters, so a student can edit them.
 */
export interface EmbedQuizOptions {
  retry: boolean;
  solution: boolean;
  passMark: number;
  mode: 'graded' | 'self-check';
  shuffle: boolean;
  /** Question ids in order; `undefined` for all. */
  questions: string[] | undefined;
}

/** The quiz's defaults (as `DEFAULT_QUIZ_SETTINGS` in `quiz/settings.ts`). */
export const DEFAULT_EMBED_QUIZ: EmbedQuizOptions = { retry: false, solution: true, passMark: 70, mode: 'graded', shuffle: false, questions: undefined };

/** The quiz parameters for `o` that differ from the defaults, e.g. `['quizRetry=1', 'passMark=80']`. */
export function quizParams(o: EmbedQuizOptions): string[] {
  const d = DEFAULT_EMBED_QUIZ;
  const q: string[] = [];
  if (o.retry !== d.retry) q.push(`quizRetry=${o.retry ? 1 : 0}`);
  if (o.solution !== d.solution) q.push(`quizSolution=${o.solution ? 1 : 0}`);
  const mark = Math.min(100, Math.max(0, Math.round(o.passMark)));
  if (Number.isFinite(mark) && mark !== d.passMark) q.push(`passMark=${mark}`);
  if (o.mode !== d.mode) q.push(`quizMode=${o.mode}`);
  if (o.questions && o.questions.length > 0) q.push(`quizQuestions=${o.questions.map(encodeURIComponent).join(',')}`);
  if (o.shuffle !== d.shuffle) q.push(`quizShuffle=${o.shuffle ? 1 : 0}`);
  return q;
}

/**
 * The options of a new embed: the timeline, the light theme, every control, no autoplay. Light,
 * not `auto`: most course pages are light, and `auto` would put a dark box on them for every reader
 * whose system is dark (issue 16).
 */
export const DEFAULT_EMBED_OPTIONS: EmbedOptions = {
  view: 'timeline',
  theme: 'light',
  controls: new Set(CONTROL_NAMES),
  autoplay: false,
  instance: 'fencing-lab',
};

/** True for an `instance` value that `params.ts` accepts. */
export function isValidInstance(instance: string): boolean {
  return /^[A-Za-z0-9_.:-]{1,64}$/.test(instance);
}

/** The value of `controls=`, or `undefined` when every control is shown (the default). */
export function controlsValue(controls: ReadonlySet<ControlName>): string | undefined {
  const picked = CONTROL_NAMES.filter((c) => controls.has(c));
  if (picked.length === CONTROL_NAMES.length) return undefined;
  return picked.length === 0 ? 'none' : picked.join(',');
}

/**
 * A link state for a scenario and moment, falling back to the built-in scenario when a custom one
 * is too large for a link (`buildShareUrl` would throw).
 * @param baseId the built-in scenario the run started from, or `null` for a custom one
 * @param custom the document to share when the run is not a plain built-in (interventions merged)
 * @param timeMs the moment (rounded to whole ms, clamped to 0 to 600000); `undefined` or 0 for the start
 */
export function linkStateOf(baseId: string | null, custom: ScenarioInput | undefined, timeMs: number | undefined): LinkState {
  const t = timeMs === undefined || !Number.isFinite(timeMs) ? 0 : Math.min(600_000, Math.max(0, Math.round(timeMs)));
  const scenario: LinkState['scenario'] =
    custom !== undefined ? { kind: 'custom', input: custom } : { kind: 'builtin', id: baseId ?? 'seed-gc-pause' };
  return t > 0 ? { scenario, timeMs: t } : { scenario };
}

/** Builds a share URL, or with a built-in scenario if the custom one is too large; `tooLong` says which. */
function shareUrlOrBuiltin(base: string, link: LinkState, fallbackId: string | null): { url: string; tooLong: boolean } {
  try {
    return { url: buildShareUrl(base, link), tooLong: false };
  } catch {
    const builtin: LinkState = { scenario: { kind: 'builtin', id: fallbackId ?? 'seed-gc-pause' } };
    if (link.timeMs !== undefined) builtin.timeMs = link.timeMs;
    return { url: buildShareUrl(base, builtin), tooLong: true };
  }
}

/**
 * The iframe `src` of an embed: `embed=1`, the display options that differ from the defaults,
 * `instance`, then the scenario and moment, e.g.
 * `https://host/lab/?embed=1&view=both&instance=week-3&scenario=network-delay&t=21500`.
 * @param pageHref the deployed page, e.g. `location.href` (query and hash are dropped)
 * @param fallbackId the built-in to use if a custom scenario is too large for a link
 */
export function embedUrl(pageHref: string, link: LinkState, options: EmbedOptions, fallbackId: string | null = null): { url: string; tooLong: boolean } {
  const q: string[] = ['embed=1'];
  if (options.view !== 'timeline') q.push(`view=${options.view}`);
  if (options.theme !== 'auto') q.push(`theme=${options.theme}`);
  const controls = controlsValue(options.controls);
  if (controls !== undefined) q.push(`controls=${controls}`);
  if (options.autoplay) q.push('autoplay=1');
  if (options.further && options.view !== 'quiz') q.push('further=1');
  if (options.view !== 'timeline' && options.quiz) q.push(...quizParams(options.quiz));
  const instance = isValidInstance(options.instance) ? options.instance : 'fencing-lab';
  q.push(`instance=${encodeURIComponent(instance)}`);
  return shareUrlOrBuiltin(`${pageBase(pageHref)}?${q.join('&')}`, link, fallbackId);
}

/**
 * The full page for what an embed shows: the embed's URL without the embed-only parameters
 * ({@link EMBED_ONLY_PARAMS}) and with the current scenario and moment (or, without `link`, the
 * scenario and moment the URL already names). Other parameters (`view`, `lang`, quiz settings) are kept.
 * @param embedHref the embed's own `location.href`
 */
export function fullPageUrl(embedHref: string, link: LinkState | undefined, fallbackId: string | null = null): string {
  const { page, hash } = withoutEmbedParams(embedHref);
  if (!link) return `${page}${hash}`;
  return shareUrlOrBuiltin(page, link, fallbackId).url;
}

/**
 * Starting heights (CSS px) before the frame reports its own, and the heights it keeps without
 * `embed.js`: the content's height at 700 px wide (a course page's column), measured in Chromium on
 * the production build (timeline 1729, quiz at its first question 695, both 2294, after the timeline redesign, the story bar and the caption and story bar moved under the controls with room kept for three caption lines; issue 16) plus a
 * little room; timeline 1789 and both 2354 after issue 40's second round (the figure with the
 * before/after slot, the legend's button, the longer "Length of a new pause" label). `browser/embed-details.test.ts`
 * measures them again and fails if content outgrows them.
 */
export const START_HEIGHT: Record<EmbedOptions['view'], number> = { timeline: 1830, quiz: 740, both: 2400 };

/** Escapes text for an HTML attribute value in double quotes. */
export function escapeAttribute(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The `sandbox` of the snippet's iframe.
 * - `allow-scripts`: the explainer is a script.
 * - `allow-same-origin`: the frame keeps the origin of the server it comes from. Without it the
 *   frame's origin is `null`, and Chromium then blocks the page's own module script and stylesheet
 *   ("blocked by CORS policy ... from origin 'null'") unless the server sends
 *   `Access-Control-Allow-Origin: *`; it also lets the quiz keep progress in `localStorage`.
 *   It gives the frame no power over the host page as long as the two are on different origins
 *   (serve Fencing Lab from its own origin: on the SAME origin as the host, `allow-scripts` plus
 *   `allow-same-origin` would let the frame lift its own sandbox).
 * - `allow-popups` and `allow-popups-to-escape-sandbox`: "Open in Fencing Lab ↗" opens the full
 *   page in a new tab, and that tab must not inherit the sandbox.
 * Left out on purpose: `allow-top-navigation*` (the frame can never navigate the course page away),
 * `allow-forms`, `allow-modals`, `allow-downloads`.
 */
export const SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox';

/** The `allow` (permissions policy) of the snippet's iframe: full screen for presenter mode, and copying from its Share and Embed buttons. */
export const ALLOW = 'fullscreen; clipboard-write';

/** Inputs of {@link embedSnippet}. */
export interface SnippetInput {
  /** The iframe `src` ({@link embedUrl}). */
  src: string;
  /** The deployed page, e.g. `location.href`: `embed.js` is looked up next to it. */
  pageHref: string;
  /** The iframe's accessible name, e.g. "Fencing Lab: Client 1 pauses for garbage collection". */
  title: string;
  view: EmbedOptions['view'];
}

/** The URL of the host script next to the page, e.g. `https://host/lab/embed.js`. */
export function hostScriptUrl(pageHref: string): string {
  const base = pageBase(pageHref);
  return `${base.slice(0, base.lastIndexOf('/') + 1)}embed.js`;
}

/**
 * The HTML to paste: the iframe (title, sandbox, allow, lazy loading, full width, a starting height)
 * and the host script that resizes it. Including the script twice on a page is harmless.
 */
export function embedSnippet({ src, pageHref, title, view }: SnippetInput): string {
  const height = START_HEIGHT[view];
  return [
    `<iframe src="${escapeAttribute(src)}"`,
    `  title="${escapeAttribute(title)}"`,
    `  width="100%" height="${height}" style="width:100%;height:${height}px;border:0;display:block"`,
    `  loading="lazy"`,
    `  sandbox="${SANDBOX}"`,
    `  allow="${ALLOW}"`,
    // Marks the frame as a Fencing Lab embed for embed.js (issue 18), also where the script is pasted inline.
    `  data-fencing-lab></iframe>`,
    `<script src="${escapeAttribute(hostScriptUrl(pageHref))}" async></script>`,
  ].join('\n');
}
