/**
 * The explainer as the page opens it from its URL: the scenario (`?scenario=ID`, or a whole custom
 * scenario in `#s=…`), the moment (`?t=MS`: open paused there) and `autoplay`. Problems with the
 * link (an unknown scenario, a bad `t`, a cut-off `#s=`) are reported to the page's notice
 * (`notices.ts`) and the default is used instead: a link never breaks the page.
 *
 * A built-in scenario other than the default is its own chunk (`src/scenarios`); this component
 * suspends (React `use`) until it has loaded, so the page's Suspense fallback (the skeleton)
 * shows meanwhile. If the chunk cannot load (offline), the default scenario opens with a notice.
 *
 * Writing the URL while the learner scrubs or changes the scenario is the share-link feature's job
 * (`library/url-sync.ts`, switched on with FencingLab's `syncUrl`): this only reads it, once.
 * @module
 */
import { use, useEffect, useMemo, useState } from 'react';
import { loadSimulator } from '../store/simulator';
import type { LabStore } from '../store/store';
import type { Scenario } from '../model/scenario';
import type { ParsedLocation } from '../links/location';
import { readLocation } from '../links/read';
import { findBuiltIn, loadBuiltInScenario, loadedBuiltIn } from '../scenarios';
import { FencingLab } from '../views/App';
import { reportNotices } from './notices';

/** Props of the page's explainer. */
export interface PageLabProps {
  /** `location.search` of the page. */
  search: string;
  /** `location.hash` of the page. */
  hash: string;
  /** Start playing once shown (ignored under prefers-reduced-motion). */
  autoplay?: boolean;
  /** Take keyboard shortcuts page-wide. */
  globalShortcuts?: boolean;
}

/** One load per scenario id, resolving to whether it loaded; never rejects (stable for `use`). */
const loads = new Map<string, Promise<boolean>>();
function whenLoaded(id: string): Promise<boolean> {
  let p = loads.get(id);
  if (!p) {
    p = loadBuiltInScenario(id).then(
      (s) => s !== undefined,
      () => false,
    );
    loads.set(id, p);
  }
  return p;
}

/**
 * The URL state with a `#s=` document decoded. Decoding validates with zod/mini, so its module is
 * loaded only for such links and stays out of the first render (issue 7). One promise per URL
 * (stable for `use`); it never rejects: if the codec cannot load, the link's scenario is reported
 * and the rest of the link still applies.
 */
const decodings = new Map<string, Promise<ParsedLocation>>();
function decodedLocation(search: string, hash: string): Promise<ParsedLocation> {
  const key = `${search}#${hash}`;
  let p = decodings.get(key);
  if (!p) {
    p = import('../links/location').then(
      (m) => m.parseLocation(search, hash),
      () => {
        const q = readLocation(search, hash);
        return { scenario: q.builtin, timeMs: q.timeMs, problems: [...q.problems, { param: 's', message: "The link's scenario could not be loaded (are you offline?)." }] };
      },
    );
    decodings.set(key, p);
  }
  return p;
}

/**
 * For a `#s=` document: the store that opens it (as a built-in plus interventions when it is one,
 * `library/restore.ts`, else as a custom scenario), with its trace simulated off the main thread
 * (`library/simulate-untrusted.ts`, issue 18); or the message saying why it cannot be shown (then the default
 * scenario opens, with that notice); or `undefined` if the modules cannot load (then it opens here as
 * a custom scenario). The restoring code loads only for such links (issue 7). One promise per
 * scenario object, never rejecting (stable for `use`).
 */
type Restored = { store: () => LabStore; notices?: string[] } | { refused: string } | undefined;
const restorings = new WeakMap<Scenario, Promise<Restored>>();
function restoredStore(scenario: Scenario, atMs: number, settings: ParsedLocation['settings']): Promise<Restored> {
  let p = restorings.get(scenario);
  if (!p) {
    p = Promise.all([import('../library/restore'), loadSimulator()]).then(
      async ([m]): Promise<Restored> => {
        const opening = { ...(await m.restoredOpening(scenario, settings)), atMs };
        const run = await m.simulateOpening(opening);
        if (!run.ok) return { refused: run.message };
        return { store: () => m.storeForOpening(opening, run.trace), ...(opening.notices ? { notices: opening.notices } : {}) };
      },
      () => undefined,
    );
    restorings.set(scenario, p);
  }
  return p;
}

/** The explainer opened from the page URL. */
export function PageLab({ search, hash, autoplay = false, globalShortcuts = false }: PageLabProps) {
  // Without `#s=` the link is read at once; with one, wait (suspend) for the decoder chunk.
  const quick = useMemo((): ParsedLocation | undefined => {
    const q = readLocation(search, hash);
    return q.encoded === undefined ? { scenario: q.builtin, timeMs: q.timeMs, problems: q.problems } : undefined;
  }, [search, hash]);
  const parsed: ParsedLocation = quick ?? use(decodedLocation(search, hash));
  const builtinId = parsed.scenario?.kind === 'builtin' ? parsed.scenario.id : undefined;
  // Wait for a built-in's chunk; `use` may be called conditionally, and the promise is cached.
  const loaded = builtinId === undefined || loadedBuiltIn(builtinId) !== undefined || use(whenLoaded(builtinId));
  const offline = builtinId !== undefined && !loaded;

  useEffect(() => {
    const problems = parsed.problems.map((p) => p.message);
    if (offline && builtinId) problems.push(`scenario: "${findBuiltIn(builtinId)?.title ?? builtinId}" could not be loaded; showing the default scenario`);
    reportNotices(problems, 'link');
  }, [parsed, offline, builtinId]);

  // A `#s=` document that is a built-in plus interventions (what Share makes of a changed built-in)
  // reopens as that built-in with the same interventions: picker, narration, hints and Undo as
  // before (`library/restore.ts`). The trace is the same either way.
  const restored = parsed.customScenario ? use(restoredStore(parsed.customScenario, parsed.timeMs ?? 0, parsed.settings)) : undefined;
  const refused = restored && 'refused' in restored ? restored.refused : undefined;
  const [reopened] = useState(() => (restored && 'store' in restored ? restored.store() : undefined));
  const settingNotices = restored && 'notices' in restored ? restored.notices : undefined;
  useEffect(() => {
    if (refused) reportNotices([`The link's scenario cannot be shown: ${refused} Showing the default scenario.`], 'link');
    else if (settingNotices) reportNotices(settingNotices, 'link');
  }, [refused, settingNotices]);

  // syncUrl: the address bar follows what is shown, so it is always a share link (not in embeds).
  // `?quiet=skip`: the axis opens with quiet stretches skipped, as the link's author had it.
  const skipQuiet = useMemo(() => readLocation(search, hash).skipQuiet === true, [search, hash]);
  const common = { globalShortcuts, autoplay, syncUrl: true, skipQuiet, ...(parsed.timeMs !== undefined ? { timeMs: parsed.timeMs } : {}) };
  if (reopened) return <FencingLab {...common} store={reopened} />;
  if (parsed.customScenario && !refused) return <FencingLab {...common} scenario={parsed.customScenario} />;
  return <FencingLab {...common} {...(builtinId && loaded ? { scenarioId: builtinId } : {})} />;
}
