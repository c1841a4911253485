/**
 * "Try to break it": the schedule explorer's panel. The learner picks what may vary (who pauses,
 * when and for how long, which message is held up and by how much, the token check on, off or
 * both), starting from `defaultScheduleSpace` of the scenario on the timeline; Run explores every
 * combination in a Web Worker (`startExploration`) with a progress bar and Cancel, so the page never
 * freezes. The results say how many schedules broke each of the four properties with the token
 * check on and off, which of them fencing promises and why, and list counterexamples; opening one
 * loads it on the timeline as a custom scenario, to replay. The form is `SpaceForm.tsx`, the results
 * `Results.tsx`.
 *
 * Loaded lazily (its own chunk with the explorer and its validation), default export for
 * `React.lazy`.
 * @module
 */
import { Suspense, lazy, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Bomb, Square, Undo2 } from 'lucide-react';
import '../library/library.css';
import './breakit.css';
import { useT, type MessageKey } from '../i18n';
import './messages';
import { startExploration, type ExplorationHandle, type ExplorationOutcome, type ExplorationProgress } from '../explorer/client';
import type { Counterexample } from '../explorer/explore';
import { WRITE_AFTER_EXPIRY_CAUSES } from '../explorer/properties';
import { defaultScheduleSpace, type FencingMode, type ScheduleSpace } from '../explorer/space';
import type { Scenario } from '../model/scenario';
import { parseScenario } from '../model/validate';
import { useLab, useLabStore } from '../store/context';
import type { Intervention } from '../store/interventions';
import { PresetRun, SpaceForm } from './SpaceForm';
import { Examples, ResultsTable } from './Results';
import { count, draftFromSpace, spaceFromDraft, spaceSizes, presetSpace, type Preset, type DraftError, type DraftField, type SpaceDraft } from './space-form';

/** The learner's path (`LearnerPath.tsx`): its own chunk. */
const PresetChoice = lazy(() => import('./LearnerPath').then((m) => ({ default: m.PresetChoice })));
const AnswerInWords = lazy(() => import('./LearnerPath').then((m) => ({ default: m.AnswerInWords })));

/** Starts an exploration: `startExploration` from `src/explorer`, or a stand-in in tests. */
export type StartExploration = (
  scenario: Scenario,
  space: ScheduleSpace,
  onProgress: (progress: ExplorationProgress) => void,
) => ExplorationHandle;

/** Props of the panel; all optional. */
export interface BreakItPanelProps {
  /** How to run an exploration (default: in a Web Worker). */
  start?: StartExploration;
}

/** What the learner had on the timeline when they pressed Run, to come back to. */
interface Origin {
  baseId: string | null;
  base: Scenario;
  interventions: Intervention[];
  title: string;
}

type RunState =
  | { phase: 'idle' }
  | { phase: 'running'; progress: ExplorationProgress; origin: Origin; tokens: Scenario['lease']['tokens'] }
  | { phase: 'done'; outcome: ExplorationOutcome; origin: Origin; tokens: Scenario['lease']['tokens'] }
  | { phase: 'failed'; message: string };

const CAUSE_KEYS: Record<(typeof WRITE_AFTER_EXPIRY_CAUSES)[number], MessageKey> = {
  'first-write-window': 'breakit.cause.first-write-window',
  'token-in-flight': 'breakit.cause.token-in-flight',
  'no-new-holder': 'breakit.cause.no-new-holder',
  'token-not-higher': 'breakit.cause.token-not-higher',
  'storage-restarted': 'breakit.cause.storage-restarted',
  unfenced: 'breakit.cause.unfenced',
};

/**
 * Keeps the explainer's keyboard shortcuts (Space plays, arrows step) out of the form's controls:
 * Space must tick a checkbox and arrows must move between radio buttons.
 */
function keepKeysInForm(e: KeyboardEvent<HTMLElement>): void {
  const el = e.target as HTMLElement;
  if (el.matches('input, select, textarea')) e.stopPropagation();
}

/** The panel. */
export default function BreakItPanel({ start = startExploration }: BreakItPanelProps) {
  const t = useT();
  const id = useId();
  const store = useLabStore();
  const scenario = useLab((s) => s.scenario);
  const suggested = useMemo(() => defaultScheduleSpace(scenario), [scenario]);
  // The learner's path first (issue 14, item 5): a preset; "Custom" opens the whole form, from the suggested space.
  const [preset, setPresetState] = useState<Preset>('quick');
  const spaces = useMemo(
    () => ({
      quick: presetSpace(suggested, 'quick', scenario.lease.ttlMs),
      pauses: presetSpace(suggested, 'pauses', scenario.lease.ttlMs),
      ...(suggested.delay ? { delay: presetSpace(suggested, 'delay', scenario.lease.ttlMs) } : {}),
    }),
    [suggested, scenario.lease.ttlMs],
  );
  const draftFor = (p: Preset): SpaceDraft => draftFromSpace(p === 'custom' ? suggested : (spaces[p] ?? suggested));
  const [draft, setDraft] = useState<SpaceDraft>(() => draftFromSpace(spaces.quick));
  const setPreset = (p: Preset): void => {
    setPresetState(p);
    setDraft(draftFor(p));
    setErrors({});
  };
  const [errors, setErrors] = useState<Partial<Record<DraftField, DraftError>>>({});
  const [run, setRun] = useState<RunState>({ phase: 'idle' });
  const [opened, setOpened] = useState<string>('');
  const handle = useRef<ExplorationHandle | null>(null);
  const rootRef = useRef<HTMLElement>(null);

  // A new scenario on the timeline: start again from its suggested space, or the chosen preset of it (results stay).
  useEffect(() => {
    setDraft(draftFor(preset));
    setErrors({});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new scenario resets the draft
  }, [suggested]);

  // Stop a run still going when the panel goes away.
  useEffect(() => () => handle.current?.cancel(), []);

  // Cancel disappears when the run ends: if it had the keyboard (it was pressed, or still focused
  // when the run finished), hand focus to Run instead of letting it drop to <body>.
  const cancelHadFocus = useRef(false);
  const isRunning = run.phase === 'running';
  useEffect(() => {
    if (isRunning || !cancelHadFocus.current) return;
    cancelHadFocus.current = false;
    const active = document.activeElement;
    if (active && active !== document.body && rootRef.current?.ownerDocument.contains(active)) return;
    rootRef.current?.querySelector<HTMLButtonElement>('.fl-breakit__buttons button[type="submit"]')?.focus();
  }, [isRunning]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (run.phase === 'running') return;
    const r = spaceFromDraft(draft, suggested);
    if (!r.ok) {
      setErrors(r.errors);
      return;
    }
    setErrors({});
    setOpened('');
    const s = store.getState();
    const origin: Origin = { baseId: s.baseId, base: s.base, interventions: s.interventions, title: s.scenario.title };
    const tokens = s.scenario.lease.tokens;
    const total = spaceSizes(r.space).total;
    setRun({ phase: 'running', progress: { done: 0, total }, origin, tokens });
    const h = start(s.scenario, r.space, (progress) =>
      setRun((prev) => (prev.phase === 'running' ? { ...prev, progress } : prev)),
    );
    handle.current = h;
    h.promise.then(
      (outcome) => {
        if (handle.current === h) handle.current = null;
        setRun({ phase: 'done', outcome, origin, tokens });
      },
      (err: unknown) => {
        if (handle.current === h) handle.current = null;
        setRun({ phase: 'failed', message: err instanceof Error ? err.message : String(err) });
      },
    );
  };

  const openExample = (ce: Counterexample) => {
    const parsed = parseScenario(ce.scenario);
    if (!parsed.ok) {
      setOpened(t('breakit.openFailed', { index: ce.index }));
      return;
    }
    store.getState().openScenario(parsed.scenario);
    setOpened(t('breakit.opened', { index: ce.index }));
    // Bring the timeline into view and put the keyboard on Play, ready to replay.
    const app = rootRef.current?.closest('.fl-app');
    const stage = app?.querySelector<HTMLElement>('.fl-stage');
    stage?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    app?.querySelector<HTMLButtonElement>('.fl-play')?.focus({ preventScroll: true });
  };

  const goBack = (origin: Origin) => {
    store.getState().openWith({ baseId: origin.baseId, base: origin.base, interventions: origin.interventions });
    setOpened('');
  };

  const running = run.phase === 'running';
  const finished = run.phase === 'done' ? run : undefined;
  const result = finished ? finished.outcome.result : undefined;
  const tried: Record<FencingMode, boolean> = result ? { on: result.byFencing.on.schedules > 0, off: result.byFencing.off.schedules > 0 } : { on: false, off: false };
  const onCauses = result ? WRITE_AFTER_EXPIRY_CAUSES.filter((c) => result.byFencing.on.writeAfterExpiryCauses[c] > 0) : [];
  const origin = finished?.origin;

  return (
    <section ref={rootRef} className="fl-breakit" aria-labelledby={`${id}-h`} onKeyDown={keepKeysInForm}>
      <h3 id={`${id}-h`} className="fl-further__title">
        <Bomb size={16} aria-hidden="true" />
        {t('breakit.heading')}
      </h3>
      <p className="fl-further__intro">{t('breakit.intro')}</p>

      {PresetChoice && (
        <Suspense fallback={null}>
          <PresetChoice scenario={scenario} preset={preset} setPreset={setPreset} spaces={spaces} disabled={running} t={t} />
        </Suspense>
      )}
      {preset !== 'custom' && <PresetRun draft={draft} suggested={suggested} disabled={running} onSubmit={onSubmit} t={t} />}
      {preset === 'custom' && (
        <SpaceForm
        scenario={scenario}
        draft={draft}
        setDraft={(d) => {
          setDraft(d);
          if (Object.keys(errors).length > 0) {
            const r = spaceFromDraft(d, suggested);
            setErrors(r.ok ? {} : r.errors);
          }
        }}
        suggested={suggested}
        errors={errors}
        disabled={running}
        onSubmit={onSubmit}
        onReset={() => {
          setDraft(draftFromSpace(suggested));
          setErrors({});
        }}
        t={t}
      />
      )}

      {run.phase === 'running' && (
        <div className="fl-breakit__progress">
          <label htmlFor={`${id}-progress`} className="fl-field__label">
            {t('breakit.progress')}
          </label>
          <progress id={`${id}-progress`} value={run.progress.done} max={Math.max(1, run.progress.total)} />
          <span className="fl-breakit__progresstext">
            {t('breakit.progressText', { done: count(run.progress.done), total: count(run.progress.total) })}
          </span>
          <button
            type="button"
            className="fl-btn"
            onFocus={() => (cancelHadFocus.current = true)}
            onBlur={(e) => {
              // Removal may blur without a new target; only a real move elsewhere counts.
              if (e.relatedTarget) cancelHadFocus.current = false;
            }}
            onClick={() => {
              cancelHadFocus.current = true;
              handle.current?.cancel();
            }}
          >
            <Square size={14} aria-hidden="true" />
            {t('breakit.cancel')}
          </button>
        </div>
      )}

      {/* A short status for screen readers; the table and the list below are read on demand. */}
      <p className="fl-visually-hidden" role="status">
        {finished && result && origin
          ? t('breakit.results.summary', {
              total: count(result.schedules),
              title: origin.title,
              on: count(result.byFencing.on.schedules),
              off: count(result.byFencing.off.schedules),
            })
          : ''}
      </p>
      <div className="fl-breakit__results" aria-busy={running}>
        {run.phase === 'failed' && (
          <p className="fl-field-error" role="alert">
            {t('breakit.failed', { message: run.message })}
          </p>
        )}
        {finished && finished.outcome.status === 'cancelled' && (
          <p className="fl-breakit__note">
            {finished.outcome.result
              ? t('breakit.cancelled', { done: count(finished.outcome.done), total: count(finished.outcome.total) })
              : t('breakit.cancelled.none')}
          </p>
        )}
        {result && origin && (
          <>
            <h4 className="fl-breakit__subtitle">{t('breakit.results')}</h4>
            <p>
              {t('breakit.results.summary', {
                total: count(result.schedules),
                title: origin.title,
                on: count(result.byFencing.on.schedules),
                off: count(result.byFencing.off.schedules),
              })}
              {finished.outcome.status === 'done' && <> {t('breakit.results.elapsed', { seconds: (finished.outcome.elapsedMs / 1000).toFixed(1) })}</>}
            </p>
            {AnswerInWords && (
              <Suspense fallback={null}>
                <AnswerInWords result={result} tokens={finished.tokens} t={t} />
              </Suspense>
            )}
            <ResultsTable result={result} tokens={finished.tokens} tried={tried} t={t} />
            {onCauses.length > 0 && (
              <div className="fl-breakit__causes">
                <p>{t('breakit.causes')}</p>
                <ul>
                  {onCauses.map((c) => (
                    <li key={c}>{t(CAUSE_KEYS[c], { count: count(result.byFencing.on.writeAfterExpiryCauses[c]) })}</li>
                  ))}
                </ul>
              </div>
            )}
            <Examples result={result} scenario={origin.base} onOpen={openExample} t={t} />
          </>
        )}
      </div>
      <p className="fl-breakit__opened" role="status">
        {opened}
      </p>
      {opened && origin && (
        <button type="button" className="fl-btn fl-btn--ghost" onClick={() => goBack(origin)}>
          <Undo2 size={15} aria-hidden="true" />
          {t('breakit.back', { title: origin.title })}
        </button>
      )}
    </section>
  );
}
