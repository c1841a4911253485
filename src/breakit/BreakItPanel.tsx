/**
 * "Try to break it": the schedule explorer's panel. The learner picks what may vary (who pauses,
 * when and for how long, which message is held up and by how much, the token check on, off or
 * both), starting from `defaultScheduleSpace` of the scenario on the timeline; Run explores every
 * combination in a Web Worker (`startExploration`) with a progress bar and Cancel, so the page never
 * freezes. The results say how many schedules broke each of the four properties with the token
 * check on and off, which of them fencing promises and why, and list counterexamples; opening one
 * loads it on the timeline as a custom scenario, to replay.
 *
 * Loaded lazily (its own chunk with the explorer and its validation), default export for
 * `React.lazy`.
 * @module
 */
import { Suspense, lazy, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Bomb, Play, RotateCcw, Square, Undo2 } from 'lucide-react';
import '../library/library.css';
import './breakit.css';
import { getLocale, useT, type MessageKey } from '../i18n';
import './messages';
import { startExploration, type ExplorationHandle, type ExplorationOutcome, type ExplorationProgress } from '../explorer/client';
import type { Counterexample, ExplorationResult } from '../explorer/explore';
import { PROPERTY_IDS, WRITE_AFTER_EXPIRY_CAUSES, isPromised, type PropertyId } from '../explorer/properties';
import { defaultScheduleSpace, type FencingMode, type ScheduleSpace } from '../explorer/space';
import type { Scenario } from '../model/scenario';
import { parseScenario } from '../model/validate';
import { useLab, useLabStore } from '../store/context';
import { seconds } from '../store/derive';
import type { Intervention } from '../store/interventions';
import { messageNameKey, type Translate } from '../teaching/captions';
import {
  draftFromSpace,
  formatSeconds,
  messageChoices,
  messageKey,
  spaceFromDraft,
  spaceSizes,
  presetSpace,
  type Preset,
  type DraftError,
  type DraftField,
  type SpaceDraft,
} from './space-form';

/** The learner's path (`LearnerPath.tsx`): its own chunk; not in the single file (no room in its budget). */
const LEARNER = import.meta.env.FENCING_LAB_SINGLE_FILE !== true;
const PresetChoice = LEARNER ? lazy(() => import('./LearnerPath').then((m) => ({ default: m.PresetChoice }))) : null;
const AnswerInWords = LEARNER ? lazy(() => import('./LearnerPath').then((m) => ({ default: m.AnswerInWords }))) : null;

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

const PROPERTY_KEYS: Record<PropertyId, { name: MessageKey; what: MessageKey; why: MessageKey }> = {
  'no-stale-overwrite': { name: 'breakit.prop.no-stale-overwrite', what: 'breakit.what.no-stale-overwrite', why: 'breakit.why.no-stale-overwrite' },
  'token-order': { name: 'breakit.prop.token-order', what: 'breakit.what.token-order', why: 'breakit.why.token-order' },
  'no-write-after-expiry': { name: 'breakit.prop.no-write-after-expiry', what: 'breakit.what.no-write-after-expiry', why: 'breakit.why.no-write-after-expiry' },
  'mutual-exclusion': { name: 'breakit.prop.mutual-exclusion', what: 'breakit.what.mutual-exclusion', why: 'breakit.why.mutual-exclusion' },
};

const CAUSE_KEYS: Record<(typeof WRITE_AFTER_EXPIRY_CAUSES)[number], MessageKey> = {
  'first-write-window': 'breakit.cause.first-write-window',
  'token-in-flight': 'breakit.cause.token-in-flight',
  'no-new-holder': 'breakit.cause.no-new-holder',
  'token-not-higher': 'breakit.cause.token-not-higher',
  unfenced: 'breakit.cause.unfenced',
};

/** A whole number with the active language's grouping (12,600 / 12.600). */
function count(n: number): string {
  try {
    return new Intl.NumberFormat(getLocale()).format(n);
  } catch {
    return String(n);
  }
}

/**
 * Keeps the explainer's keyboard shortcuts (Space plays, arrows step) out of the form's controls:
 * Space must tick a checkbox and arrows must move between radio buttons.
 */
function keepKeysInForm(e: KeyboardEvent<HTMLElement>): void {
  const el = e.target as HTMLElement;
  if (el.matches('input, select, textarea')) e.stopPropagation();
}

/** The display name of an actor of `scenario`. */
function actorLabel(scenario: Scenario, id: string, t: Translate): string {
  if (id === 'lease-service') return t('timeline.lane.leaseService');
  if (id === 'storage') return t('timeline.lane.storage');
  return scenario.clients.find((c) => c.id === id)?.name ?? id;
}

/** One line describing a counterexample's schedule. */
function describeExample(ce: Counterexample, scenario: Scenario, t: Translate): string {
  const parts: string[] = [];
  const { pause, delayExtraMs } = ce.schedule;
  // Whole ms matter here (a pause 1 ms after a step), so no rounding to tenths.
  if (pause) parts.push(t('breakit.example.pause', { client: actorLabel(scenario, pause.client, t), at: formatSeconds(pause.atMs), duration: formatSeconds(pause.forMs) }));
  const delay = [...(ce.scenario.faults ?? [])].reverse().find((f) => f.kind === 'delay' && f.extraMs === delayExtraMs);
  if (delayExtraMs > 0 && delay && delay.kind === 'delay') {
    parts.push(
      t('breakit.example.delay', {
        nth: delay.nth,
        from: actorLabel(scenario, delay.from, t),
        to: actorLabel(scenario, delay.to, t),
        extra: formatSeconds(delayExtraMs),
      }),
    );
  }
  if (parts.length === 0) parts.push(t('breakit.example.nothing'));
  return parts.join('; ');
}

function FieldError({ id, error, t }: { id: string; error: DraftError | undefined; t: Translate }) {
  if (!error) return null;
  return (
    <p id={id} className="fl-field-error">
      {t(error.key, error.values)}
    </p>
  );
}

/** The form: what may vary. */
function SpaceForm({
  scenario,
  draft,
  setDraft,
  suggested,
  errors,
  disabled,
  onSubmit,
  onReset,
  t,
}: {
  scenario: Scenario;
  draft: SpaceDraft;
  setDraft: (d: SpaceDraft) => void;
  suggested: ScheduleSpace;
  errors: Partial<Record<DraftField, DraftError>>;
  disabled: boolean;
  onSubmit: (e: FormEvent) => void;
  onReset: () => void;
  t: Translate;
}) {
  const id = useId();
  // The suggested message is always offered, even if the run without pauses does not send it.
  const options = useMemo(() => messageChoices(scenario, suggested.delay).map((c) => ({ key: messageKey(c), c })), [scenario, suggested]);
  const result = spaceFromDraft(draft, suggested);
  const sizes = result.ok ? spaceSizes(result.space) : undefined;
  const pausing = draft.pauseClients.length > 0;
  const delaying = draft.delayMessage !== '';
  const listCount = (text: string) => text.split(/[\s,;]+/).filter((p) => p !== '').length;
  const described = (field: DraftField, help: string) => [`${id}-${field}-help`, errors[field] ? `${id}-${field}-err` : ''].filter(Boolean).join(' ') || help;

  return (
    <form className="fl-breakit__form" onSubmit={onSubmit} noValidate>
      <fieldset className="fl-breakit__fields" disabled={disabled}>
        <fieldset className="fl-breakit__group">
          <legend className="fl-field__label">{t('breakit.who')}</legend>
          <div className="fl-breakit__checks">
            {scenario.clients.map((c) => (
              <label key={c.id} className="fl-check-label">
                <input
                  type="checkbox"
                  checked={draft.pauseClients.includes(c.id)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    const next = on ? [...draft.pauseClients, c.id] : draft.pauseClients.filter((x) => x !== c.id);
                    // Keep the scenario's client order.
                    setDraft({ ...draft, pauseClients: scenario.clients.map((k) => k.id).filter((k) => next.includes(k)) });
                  }}
                />
                {c.name}
              </label>
            ))}
          </div>
          <p className="fl-hint-text">{t('breakit.who.help')}</p>
        </fieldset>

        <div className="fl-breakit__field">
          <label htmlFor={`${id}-starts`} className="fl-field__label">
            {t('breakit.starts')}
          </label>
          <textarea
            id={`${id}-starts`}
            rows={2}
            value={draft.starts}
            disabled={!pausing}
            spellCheck={false}
            aria-invalid={errors.starts ? true : undefined}
            aria-describedby={described('starts', '')}
            onChange={(e) => setDraft({ ...draft, starts: e.currentTarget.value })}
          />
          <p id={`${id}-starts-help`} className="fl-hint-text">
            {t('breakit.starts.help', { count: count(listCount(draft.starts)) })}
          </p>
          <FieldError id={`${id}-starts-err`} error={errors.starts} t={t} />
        </div>

        <div className="fl-breakit__field">
          <label htmlFor={`${id}-durations`} className="fl-field__label">
            {t('breakit.durations')}
          </label>
          <input
            id={`${id}-durations`}
            type="text"
            value={draft.durations}
            disabled={!pausing}
            spellCheck={false}
            aria-invalid={errors.durations ? true : undefined}
            aria-describedby={described('durations', '')}
            onChange={(e) => setDraft({ ...draft, durations: e.currentTarget.value })}
          />
          <p id={`${id}-durations-help`} className="fl-hint-text">
            {t('breakit.durations.help', { count: count(listCount(draft.durations)), ttl: seconds(scenario.lease.ttlMs) })}
          </p>
          <FieldError id={`${id}-durations-err`} error={errors.durations} t={t} />
        </div>

        <div className="fl-breakit__field">
          <label htmlFor={`${id}-message`} className="fl-field__label">
            {t('breakit.delay')}
          </label>
          <div className="fl-select">
            <select id={`${id}-message`} value={draft.delayMessage} onChange={(e) => setDraft({ ...draft, delayMessage: e.currentTarget.value })}>
              <option value="">{t('breakit.delay.none')}</option>
              {options.map(({ key, c }) => (
                <option key={key} value={key}>
                  {c.kind !== undefined && c.sentAtMs !== undefined
                    ? t('breakit.delay.option', {
                        from: actorLabel(scenario, c.from, t),
                        to: actorLabel(scenario, c.to, t),
                        nth: c.nth,
                        message: t(messageNameKey(c.kind)),
                        at: seconds(c.sentAtMs),
                      })
                    : t('breakit.delay.optionUntimed', { from: actorLabel(scenario, c.from, t), to: actorLabel(scenario, c.to, t), nth: c.nth })}
                </option>
              ))}
            </select>
          </div>
        </div>

        <div className="fl-breakit__field">
          <label htmlFor={`${id}-delays`} className="fl-field__label">
            {t('breakit.delays')}
          </label>
          <input
            id={`${id}-delays`}
            type="text"
            value={draft.delays}
            disabled={!delaying}
            spellCheck={false}
            aria-invalid={errors.delays ? true : undefined}
            aria-describedby={described('delays', '')}
            onChange={(e) => setDraft({ ...draft, delays: e.currentTarget.value })}
          />
          <p id={`${id}-delays-help`} className="fl-hint-text">
            {t('breakit.delays.help', { count: count(listCount(draft.delays)) })}
          </p>
          <FieldError id={`${id}-delays-err`} error={errors.delays} t={t} />
        </div>

        <fieldset className="fl-breakit__group">
          <legend className="fl-field__label">{t('breakit.fencing')}</legend>
          <div className="fl-breakit__checks">
            {(['both', 'on', 'off'] as const).map((f) => (
              <label key={f} className="fl-check-label">
                <input type="radio" name={`${id}-fencing`} value={f} checked={draft.fencing === f} onChange={() => setDraft({ ...draft, fencing: f })} />
                {t(`breakit.fencing.${f}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </fieldset>

      <div className="fl-breakit__total">
        {sizes ? (
          <p>
            <strong>{t('breakit.total', { total: count(sizes.total) })}</strong>{' '}
            <span className="fl-muted">
              {t('breakit.total.formula', { fencing: sizes.fencing, clients: sizes.client, starts: sizes.start, durations: sizes.duration, delays: sizes.delay })}
            </span>
          </p>
        ) : (
          <FieldError id={`${id}-total-err`} error={errors.total} t={t} />
        )}
        <div className="fl-breakit__buttons">
          <button type="button" className="fl-btn fl-btn--ghost" onClick={onReset} disabled={disabled}>
            <RotateCcw size={15} aria-hidden="true" />
            {t('breakit.reset')}
          </button>
          {/* Run on the click itself (issue 18): in <iframe sandbox="allow-scripts"> (no allow-forms)
              the browser drops a form submission before its submit event, so onSubmit alone never
              ran there. Enter in a field still works: implicit submission clicks this button. */}
          <RunButton disabled={disabled} onSubmit={onSubmit} t={t} />
        </div>
      </div>
    </form>
  );
}

/**
 * The Run button of the form and of a preset. It runs on the click itself (issue 18): in
 * <iframe sandbox="allow-scripts"> the browser drops a form submission before its submit event.
 */
function RunButton({ disabled, onSubmit, t }: { disabled: boolean; onSubmit: (e: FormEvent) => void; t: Translate }) {
  return (
    <button
      type="submit"
      className="fl-btn fl-btn--primary"
      disabled={disabled}
      onClick={(e) => {
        e.preventDefault();
        onSubmit(e);
      }}
    >
      <Play size={15} aria-hidden="true" />
      {t('breakit.run')}
    </button>
  );
}

/** A preset's size and its Run button (the learner's path; "Custom" has the whole form instead). */
function PresetRun({ draft, suggested, disabled, onSubmit, t }: { draft: SpaceDraft; suggested: ScheduleSpace; disabled: boolean; onSubmit: (e: FormEvent) => void; t: Translate }) {
  const r = spaceFromDraft(draft, suggested);
  return (
    <div className="fl-breakit__total">
      {r.ok && (
        <p>
          <strong>{t('breakit.total', { total: count(spaceSizes(r.space).total) })}</strong>
        </p>
      )}
      <div className="fl-breakit__buttons">
        {/* type="submit" only so that focus comes back here after Cancel (see the panel); there is no form. */}
        <RunButton disabled={disabled} onSubmit={onSubmit} t={t} />
      </div>
    </div>
  );
}

/** The table of the four properties. */
function ResultsTable({ result, tokens, tried, t }: { result: ExplorationResult; tokens: Scenario['lease']['tokens']; tried: Record<FencingMode, boolean>; t: Translate }) {
  const cell = (mode: FencingMode, p: PropertyId) => {
    if (!tried[mode]) return <span className="fl-muted">{t('breakit.notTried')}</span>;
    const n = result.byFencing[mode].violations[p];
    const promised = mode === 'on' && isPromised(p, { fencing: 'token', tokens });
    return (
      <span className={n > 0 ? (promised ? 'fl-count fl-count--bug' : 'fl-count fl-count--bad') : 'fl-count fl-count--ok'}>
        {count(n)}
        {n > 0 && promised && <span className="fl-count__note"> {t('breakit.unexpected')}</span>}
      </span>
    );
  };
  return (
    <div className="fl-table-wrap" tabIndex={0} role="region" aria-label={t('breakit.table')}>
      <table className="fl-table">
        <caption className="fl-visually-hidden">{t('breakit.table')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('breakit.col.property')}</th>
            <th scope="col">{t('breakit.col.promised')}</th>
            <th scope="col">{t('breakit.col.on')}</th>
            <th scope="col">{t('breakit.col.off')}</th>
            <th scope="col">{t('breakit.col.why')}</th>
          </tr>
        </thead>
        <tbody>
          {PROPERTY_IDS.map((p) => {
            const promised = isPromised(p, { fencing: 'token', tokens });
            const why = p === 'no-stale-overwrite' && !promised ? 'breakit.why.no-stale-overwrite.random' : PROPERTY_KEYS[p].why;
            return (
              <tr key={p}>
                <th scope="row">
                  <span className="fl-table__name">{t(PROPERTY_KEYS[p].name)}</span>
                  <span className="fl-table__what">{t(PROPERTY_KEYS[p].what)}</span>
                  {/* On narrow screens the Why column folds in here (CSS shows one or the other). */}
                  <span className="fl-table__why-inline">{t(why)}</span>
                </th>
                <td>
                  <span className={promised ? 'fl-badge fl-badge--ok' : 'fl-badge fl-badge--warn'}>{promised ? t('breakit.yes') : t('breakit.no')}</span>
                </td>
                <td>{cell('on', p)}</td>
                <td>{cell('off', p)}</td>
                <td className="fl-table__why">{t(why)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The panel. */
export default function BreakItPanel({ start = startExploration }: BreakItPanelProps) {
  const t = useT();
  const id = useId();
  const store = useLabStore();
  const scenario = useLab((s) => s.scenario);
  const suggested = useMemo(() => defaultScheduleSpace(scenario), [scenario]);
  // The learner's path first (issue 14, item 5): a preset; "Custom" opens the whole form, from the suggested space.
  const [preset, setPresetState] = useState<Preset>(LEARNER ? 'quick' : 'custom');
  const spaces = useMemo(
    () =>
      // The single file has no presets: plain code, so that its build leaves `presetSpace` out.
      !LEARNER
        ? { quick: suggested, pauses: suggested }
        : {
            quick: presetSpace(suggested, 'quick', scenario.lease.ttlMs),
            pauses: presetSpace(suggested, 'pauses', scenario.lease.ttlMs),
            ...(suggested.delay ? { delay: presetSpace(suggested, 'delay', scenario.lease.ttlMs) } : {}),
          },
    [suggested, scenario.lease.ttlMs],
  );
  const draftFor = (p: Preset): SpaceDraft => draftFromSpace(p === 'custom' ? suggested : (spaces[p] ?? suggested));
  const [draft, setDraft] = useState<SpaceDraft>(() => draftFromSpace(LEARNER ? spaces.quick : suggested));
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
      {LEARNER && preset !== 'custom' && <PresetRun draft={draft} suggested={suggested} disabled={running} onSubmit={onSubmit} t={t} />}
      {(!LEARNER || preset === 'custom') && (
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

/** The counterexamples, with the token check on first (the surprising ones), then off. */
function Examples({ result, scenario, onOpen, t }: { result: ExplorationResult; scenario: Scenario; onOpen: (ce: Counterexample) => void; t: Translate }) {
  if (result.counterexamples.length === 0) return <p>{t('breakit.examples.none')}</p>;
  const groups = (['on', 'off'] as const)
    .map((mode) => ({ mode, list: result.counterexamples.filter((c) => c.schedule.fencing === mode) }))
    .filter((g) => g.list.length > 0);
  return (
    <div className="fl-breakit__examples">
      <h4 className="fl-breakit__subtitle">{t('breakit.examples')}</h4>
      <p className="fl-hint-text">{t('breakit.examples.help')}</p>
      {groups.map((g) => (
        <section key={g.mode} aria-label={t(g.mode === 'on' ? 'breakit.examples.on' : 'breakit.examples.off')}>
          <h5 className="fl-breakit__group-title">{t(g.mode === 'on' ? 'breakit.examples.on' : 'breakit.examples.off')}</h5>
          <ul className="fl-examples">
            {g.list.map((ce) => {
              const what = describeExample(ce, scenario, t);
              const breaks = ce.violated.map((p) => t(PROPERTY_KEYS[p].name)).join(', ');
              return (
                <li key={`${g.mode}-${ce.index}`} className="fl-example">
                  <div className="fl-example__head">
                    <span className="fl-example__index">#{ce.index}</span>
                    <span className="fl-example__what">{what}</span>
                  </div>
                  <p className="fl-example__breaks">{t('breakit.example.breaks', { list: breaks })}</p>
                  <details className="fl-example__why">
                    <summary>{t('breakit.example.why')}</summary>
                    <ul>
                      {ce.violated.map((p) => (
                        <li key={p}>
                          <strong>{t(PROPERTY_KEYS[p].name)}:</strong> {ce.witnesses[p]}
                        </li>
                      ))}
                    </ul>
                  </details>
                  <button
                    type="button"
                    className="fl-btn fl-example__open"
                    onClick={() => onOpen(ce)}
                    aria-label={t('breakit.example.openLabel', { index: ce.index, what, check: t(g.mode === 'on' ? 'fencing.on' : 'fencing.off') })}
                  >
                    <Play size={14} aria-hidden="true" />
                    {t('breakit.example.open')}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

