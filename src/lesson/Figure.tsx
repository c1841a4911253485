/**
 * One live figure of the lesson (issue 45): the real simulation of a built-in scenario in a store of
 * its own (`createLabStore` through `LabProvider`), drawn by the lab's Timeline framed to the
 * figure's subject (`figures.ts`: the store's `frame`, the playhead at its last event), with at most
 * two controls that change one setting each (`setSetting`: the model runs again and the picture is
 * redrawn in its frame), its caption, the storage log as the picture shows it, its events as text
 * (for screen readers and anyone who prefers rows) and an "Open in the lab" link to that exact run.
 * @module
 */
import { Suspense, use, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { ArrowUpRight, ShieldCheck, ShieldOff } from 'lucide-react';
import { DisplayProvider, useDisplay, type Display } from '../embed/display';
import { useT } from '../i18n';
import { shareUrlFor } from '../library/share-link';
import { loadBuiltInScenario } from '../scenarios';
import { settingOf } from '../settings/settings';
import { LabProvider, useLab, useLabStore, usePlayheadLab } from '../store/context';
import { seconds } from '../store/derive';
import { lastEventIndexAt } from '../store/playback';
import { loadSimulator } from '../store/simulator';
import { actorName, captionForEvent } from '../teaching/captions';
import { Timeline } from '../views/timeline/Timeline';
import { questionSetting, type Chapter } from './chapters';
import { prefersReducedMotion } from '../embed/safe';
import { figureView, type FigureControl } from './figures';
import { useLessonT } from './messages';

/** One load per scenario: its chunk and the simulator (stable for `use`; rejects only offline). */
const ready = new Map<string, Promise<unknown>>();
function figureReady(scenarioId: string): Promise<unknown> {
  let p = ready.get(scenarioId);
  if (!p) {
    p = Promise.all([loadBuiltInScenario(scenarioId), loadSimulator()]);
    ready.set(scenarioId, p);
  }
  return p;
}

/** The figure's frame and playhead, kept to its subject whenever the run changes. */
function useFigureFrame(chapter: Chapter): ReturnType<typeof figureView> {
  const store = useLabStore();
  const trace = useLab((s) => s.trace);
  const view = useMemo(() => figureView(trace, chapter.figure), [trace, chapter.figure]);
  useLayoutEffect(() => {
    // The store keeps the frame without its list of events (as the story's `nextFrame`).
    const { eventIds: _events, playheadMs, ...frame } = view;
    store.setState({ frame, playheadMs, playing: false });
  }, [store, view]);
  return view;
}

function Slider({ control, label }: { control: Extract<FigureControl, { kind: 'slider' }>; label: string }) {
  const lt = useLessonT();
  const id = useId();
  const value = useLab((s) => settingOf(s.scenario, control.path));
  const setSetting = useLab((s) => s.setSetting);
  const busy = useLab((s) => s.waiting > 0);
  const ms = typeof value === 'number' ? value : control.min;
  const shown = lt('figure.seconds', { s: seconds(ms) });
  return (
    <div className="fl-lesson-control fl-lesson-control--slider">
      <label htmlFor={id} className="fl-lesson-control__label">
        {label}
      </label>
      <input
        id={id}
        type="range"
        min={control.min}
        max={control.max}
        step={control.step}
        value={ms}
        aria-valuetext={shown}
        aria-busy={busy || undefined}
        data-path={control.path}
        onChange={(e) => setSetting(control.path, Number(e.currentTarget.value))}
      />
      <output htmlFor={id} className="fl-lesson-control__value">
        {shown}
      </output>
    </div>
  );
}

function Toggle({ control, label }: { control: Extract<FigureControl, { kind: 'toggle' }>; label: string }) {
  const t = useT();
  const id = useId();
  const on = useLab((s) => settingOf(s.scenario, control.path) === control.on);
  const setSetting = useLab((s) => s.setSetting);
  const busy = useLab((s) => s.waiting > 0);
  return (
    <div className="fl-lesson-control">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={`${id}-label`}
        aria-busy={busy || undefined}
        data-path={control.path}
        className={on ? 'fl-switch is-on' : 'fl-switch'}
        onClick={() => setSetting(control.path, on ? control.off : control.on)}
      >
        <span className="fl-switch__track" aria-hidden="true">
          <span className="fl-switch__thumb">{on ? <ShieldCheck size={12} /> : <ShieldOff size={12} />}</span>
        </span>
        <span id={`${id}-label`} className="fl-switch__label">
          {label}
        </span>
        <span className="fl-switch__state" aria-hidden="true">
          {on ? t('fencing.on') : t('fencing.off')}
        </span>
      </button>
    </div>
  );
}

/** The storage's decisions the picture shows (up to the playhead), one line each. */
function StorageLog({ upToMs }: { upToMs: number }) {
  const lt = useLessonT();
  const storage = useLab((s) => s.trace.storage);
  const lines = storage.filter((d) => d.atMs <= upToMs);
  return (
    <div className="fl-lesson-log">
      <h4 className="fl-lesson-log__title">{lt('figure.log')}</h4>
      {lines.length === 0 ? (
        <p className="fl-lesson-log__empty">{lt('figure.log.empty')}</p>
      ) : (
        <ol className="fl-lesson-log__lines">
          {lines.map((d, i) => (
            <li key={i} className={d.accepted ? (d.staleAccepted ? 'is-stale' : 'is-ok') : 'is-rejected'} data-at={d.atMs}>
              <span className="fl-lesson-log__at">{seconds(d.atMs)} s</span> {d.text}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** The events inside the figure's frame, up to the playhead, as a list behind a disclosure. */
function EventsAsText({ view }: { view: ReturnType<typeof figureView> }) {
  const t = useT();
  const lt = useLessonT();
  const trace = useLab((s) => s.trace);
  // Each event of the frame up to the playhead, in the words of the lab's captions (`teaching/captions.ts`);
  // its token in brackets only where the caption does not already name it ("stored with token 33 (token 33)").
  const rows = useMemo(
    () =>
      trace.events
        .slice(0, lastEventIndexAt(trace, view.playheadMs) + 1)
        .filter((e) => e.atMs >= view.startMs)
        .map((e) => ({ id: e.id, at: seconds(e.atMs), actor: actorName(trace, e.actor, t), what: captionForEvent(trace, e, t).title, token: e.token })),
    [trace, view, t],
  );
  return (
    <details className="fl-lesson-events">
      <summary>{lt('figure.events')}</summary>
      <ol>
        {rows.map((r) => (
          <li key={r.id} data-event={r.id}>
            {r.at} s · {r.actor}: {r.what}
            {r.token !== undefined && !new RegExp(`\\b${r.token}\\b`).test(r.what) ? ` (${lt('figure.token', { token: r.token })})` : ''}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** "Open in the lab": a share link of this exact run (the scenario, the controls' settings, the moment). */
function OpenInLab({ embed }: { embed: boolean }) {
  const lt = useLessonT();
  const baseId = useLab((s) => s.baseId);
  const interventions = useLab((s) => s.interventions);
  const scenario = useLab((s) => s.scenario);
  const playheadMs = usePlayheadLab((s) => s.playheadMs);
  const base = typeof location === 'undefined' ? './' : location.pathname;
  const href = shareUrlFor(base, { baseId, interventions, scenario, playheadMs }) ?? base;
  return (
    <a className="fl-lesson-figure__lab" href={href} aria-label={lt('figure.openLab.name')} {...(embed ? { target: '_blank', rel: 'noopener' } : {})}>
      <ArrowUpRight size={16} aria-hidden="true" />
      {lt('figure.openLab')}
    </a>
  );
}

/**
 * The question's "See it" (`see`: how many times it was pressed): each press sets the figure's
 * control to the case the question asks about (`questionSetting`), which re-runs the model, brings
 * the figure into view and puts the keyboard on that control, whose new value is then read out.
 */
function useSee(chapter: Chapter, see: number, figure: RefObject<HTMLElement | null>): void {
  const setSetting = useLab((s) => s.setSetting);
  const done = useRef(see);
  useEffect(() => {
    if (see === done.current) return;
    done.current = see;
    const { path, value } = questionSetting(chapter);
    setSetting(path, value);
    const el = figure.current;
    if (!el) return;
    el.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    el.querySelector<HTMLElement>(`[data-path="${path}"]`)?.focus({ preventScroll: true });
  }, [see, chapter, setSetting, figure]);
}

/**
 * A click or press on the picture does not seek, as it does in the lab: a figure shows its framed
 * moment, and a click that moved the playhead would take away what the caption and the log describe
 * without a word (issue 45's newcomer). Its controls change the run; the pause's end stays draggable
 * (a handle, `views/timeline/PauseHandles.tsx`), as it changes the run too.
 */
function keepMoment(e: ReactPointerEvent | ReactMouseEvent): void {
  if (!(e.target instanceof Element) || !e.target.closest('.fl-pause-end')) e.stopPropagation();
}

function FigureBody({ chapter, n, embed, see }: { chapter: Chapter; n: number; embed: boolean; see: number }) {
  const lt = useLessonT();
  const view = useFigureFrame(chapter);
  const captionId = useId();
  const ref = useRef<HTMLElement>(null);
  useSee(chapter, see, ref);
  // The caption tells the run the figure opens with; once a control is moved the run is another, and
  // the caption says so rather than describe what is no longer drawn (issue 45's newcomer: "the
  // captions stop telling the truth as soon as you touch a control").
  const setting = useLab((s) => chapter.figure.controls.map((c) => String(settingOf(s.scenario, c.path))).join('|'));
  const [opened] = useState(setting);
  const changed = setting !== opened;
  return (
    <figure ref={ref} className="fl-lesson-figure" data-figure={chapter.id} aria-labelledby={captionId}>
      <div
        className="fl-lesson-figure__picture"
        data-start={view.startMs}
        data-end={view.endMs}
        data-events={view.eventIds.join(',')}
        onClickCapture={keepMoment}
        onPointerDownCapture={keepMoment}
      >
        <Timeline />
      </div>
      <div className="fl-lesson-figure__controls">
        {chapter.figure.controls.map((c, i) =>
          c.kind === 'slider' ? <Slider key={c.path} control={c} label={lt(chapter.controlLabels[i]!)} /> : <Toggle key={c.path} control={c} label={lt(chapter.controlLabels[i]!)} />,
        )}
      </div>
      <figcaption id={captionId} className="fl-lesson-figure__caption">
        <span className="fl-lesson-figure__n">{lt('figure.label', { n, title: lt(chapter.title) })}</span> {changed && <em>{lt('figure.asOpened')} </em>}
        {lt(chapter.caption)}
        {changed && (
          <strong className="fl-lesson-figure__changed" role="status">
            {' '}
            {lt('figure.changed')}
          </strong>
        )}
      </figcaption>
      <StorageLog upToMs={view.playheadMs} />
      <div className="fl-lesson-figure__foot">
        <EventsAsText view={view} />
        <OpenInLab embed={embed} />
      </div>
    </figure>
  );
}

/**
 * Waits for the figure's scenario and the simulator, then gives it a store of its own. The lab's
 * intervention controls are left out (`controls=`, `embed/display.tsx`): a lane's name is a plain
 * label here, as the figure's own controls are the only ones it has.
 */
function Loaded({ chapter, n, embed, see }: { chapter: Chapter; n: number; embed: boolean; see: number }) {
  use(figureReady(chapter.figure.scenarioId));
  const display = useDisplay();
  const figureDisplay = useMemo((): Display => ({ ...display, controls: new Set() }), [display]);
  return (
    <DisplayProvider value={figureDisplay}>
      <LabProvider scenarioId={chapter.figure.scenarioId}>
        <FigureBody chapter={chapter} n={n} embed={embed} see={see} />
      </LabProvider>
    </DisplayProvider>
  );
}

/**
 * A live figure of the lesson; `n` is its number, `embed` whether it stands alone in a frame, `see`
 * how many times its chapter's question asked to see its answer (each time the control is set to it).
 */
export function LessonFigure({ chapter, n, embed = false, see = 0 }: { chapter: Chapter; n: number; embed?: boolean; see?: number }) {
  const lt = useLessonT();
  return (
    <Suspense
      fallback={
        <div className="fl-lesson-figure fl-lesson-figure--loading" role="status">
          {lt('figure.updating')}
        </div>
      }
    >
      <Loaded chapter={chapter} n={n} embed={embed} see={see} />
    </Suspense>
  );
}
