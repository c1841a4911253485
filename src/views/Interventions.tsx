/**
 * Interventions at the playhead: pause a client (for a length the learner picks), crash a client,
 * expire the live lease now; the list of changes made, each removable; and Undo. The storage's token
 * check is switched in the header (it applies to the whole run) and listed here too.
 * @module
 */
import { usePhoneLinks } from './timeline/phone-links';
import { Suspense, lazy, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Hourglass, PowerOff, Snowflake, Undo2, X } from 'lucide-react';
import { useT, type MessageKey } from '../i18n';
import type { Scenario } from '../model/scenario';
import { useEventIndex, useLab } from '../store/context';
import { clientStatusAt, liveLeaseAt, seconds, type ClientPhase } from '../store/derive';
import type { Intervention } from '../store/interventions';
import { MAX_PAUSE_MS, MIN_PAUSE_MS, faultsLeft } from '../store/interventions';
import { MAX_FAULTS } from '../model/scenario';
import type { Translate } from '../teaching/captions';
import { usePlayheadText, useStepMs } from './timeline/playhead-hooks';
import './tools-messages'; // its text (catalogue loaded with the secondary controls, issue 7)
import { describeSetting } from '../story/setting-label';
// The setting chips' text: a link or a file can bring `set` changes before the settings controls load.
import '../story/messages';
import { noEffectNotice } from '../story/compare';

/** The chip text of an intervention. */
export function describeIntervention(i: Intervention, scenario: Scenario, t: Translate): string {
  const name = (id: string) => scenario.clients.find((c) => c.id === id)?.name ?? id;
  switch (i.kind) {
    case 'pause':
      return t('chip.pause', { client: name(i.client), duration: seconds(i.forMs), at: seconds(i.atMs) });
    case 'crash':
      return t('chip.crash', { client: name(i.client), at: seconds(i.atMs) });
    case 'expireLease':
      return t('chip.expire', { at: seconds(i.atMs) });
    case 'fencing':
      return t(i.fencing === 'off' ? 'chip.fencing.off' : 'chip.fencing.on');
    case 'set':
      return describeSetting(i.path, i.value, scenario, t);
  }
}

/**
 * The scenario settings as controls (`story/SettingsControls.tsx`), a chunk of their own.
 */
const SettingsControls = lazy(() => import('../story/SettingsControls').then((m) => ({ default: m.SettingsControls })));

/** Says at once when the last change made no difference (`story/compare.ts`), in a status region. */
function NoEffectNotice() {
  const previous = useLab((s) => s.previous);
  const trace = useLab((s) => s.trace);
  const last = useLab((s) => s.interventions[s.interventions.length - 1]);
  const text = useMemo(() => (previous ? noEffectNotice(previous.trace, trace, last) : undefined), [previous, trace, last]);
  return (
    <p role="status" className={text ? 'fl-noeffect' : 'fl-noeffect fl-noeffect--empty'}>
      {text}
    </p>
  );
}

const PHASE_KEY: Record<ClientPhase, MessageKey> = {
  waiting: 'status.waiting',
  running: 'status.running',
  paused: 'status.paused',
  crashed: 'status.crashed',
  done: 'status.done',
};

function PauseLength() {
  const t = useT();
  const pauseForMs = useLab((s) => s.pauseForMs);
  const ttlMs = useLab((s) => s.trace.scenario.lease.ttlMs);
  const setPauseForMs = useLab((s) => s.setPauseForMs);
  // A local draft, so the field can be empty or half-typed; committed when it parses.
  const [draft, setDraft] = useState(String(pauseForMs / 1000));
  useEffect(() => setDraft(String(pauseForMs / 1000)), [pauseForMs]);
  const errorId = useId();
  const valid = (text: string): boolean => {
    const v = Number(text);
    return text.trim() !== '' && Number.isFinite(v) && v * 1000 >= MIN_PAUSE_MS && v * 1000 <= MAX_PAUSE_MS;
  };
  // An out-of-range or unreadable entry stays in the field with a message; pauses keep the last valid length.
  const invalid = !valid(draft);
  return (
    <div className="fl-field">
      <label className="fl-field__label" htmlFor={`${errorId}-input`}>
        {t('intervene.pauseFor')}
      </label>
      <input
        id={`${errorId}-input`}
        type="number"
        inputMode="decimal"
        min={MIN_PAUSE_MS / 1000}
        max={MAX_PAUSE_MS / 1000}
        step={0.5}
        value={draft}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : `${errorId}-ttl`}
        onChange={(e) => {
          setDraft(e.currentTarget.value);
          if (valid(e.currentTarget.value)) setPauseForMs(Number(e.currentTarget.value) * 1000);
        }}
        onBlur={() => {
          if (!invalid) setDraft(String(pauseForMs / 1000));
        }}
      />
      {invalid ? (
        <p id={errorId} className="fl-field-error fl-small">
          {t('intervene.pauseFor.invalid', { min: MIN_PAUSE_MS / 1000, max: MAX_PAUSE_MS / 1000, current: pauseForMs / 1000 })}
        </p>
      ) : (
        // Why this length: compared with the lease's TTL, which decides whether the lease can end during the pause.
        <p id={`${errorId}-ttl`} className="fl-small fl-field__help">
          {t(pauseForMs > ttlMs ? 'intervene.pauseFor.longer' : 'intervene.pauseFor.shorter', { pause: pauseForMs / 1000, ttl: ttlMs / 1000 })}
        </p>
      )}
    </div>
  );
}

// Icons as constant elements: React skips them when the panel re-renders (each time the playhead
// crosses an event), and a lucide icon is not free to render.
const ICON = {
  snowflake: <Snowflake size={15} aria-hidden="true" />,
  poweroff: <PowerOff size={15} aria-hidden="true" />,
  hourglass: <Hourglass size={15} aria-hidden="true" />,
  undo2: <Undo2 size={15} aria-hidden="true" />,
  x: <X size={14} aria-hidden="true" />,
};

/** The panel's heading with the playhead's time: the only part that changes every tenth of a second while playing. */
function InterventionsHeading() {
  const t = useT();
  const ref = useRef<HTMLHeadingElement>(null);
  const text = usePlayheadText(ref, (ms) => t('intervene.heading', { at: (Math.round(ms / 100) / 10).toFixed(1) }), [t]);
  return (
    <h2 ref={ref} id="fl-intervene-h" className="fl-card__title">
      {text}
    </h2>
  );
}

// The panel's parts that do not depend on the playhead, as constant elements too (issue 15): the
// panel re-renders at each event the playhead crosses (the clients' phases), they do not.
const PART = {
  heading: <InterventionsHeading />,
  pauseLength: <PauseLength />,
  noEffect: <NoEffectNotice />,
  settings: (
    // Until its chunk is in, the disclosure's box keeps its place (the same margins, border and
    // line), so "Your changes" under it does not move when it arrives (layout-shift.test.ts).
    <Suspense
      fallback={
        <div className="fl-settings fl-settings--waiting" aria-hidden="true">
          <div className="fl-settings__summary">{'\u00a0'}</div>
        </div>
      }
    >
      <SettingsControls />
    </Suspense>
  ),
};

/** Whether the scenario holds its MAX_FAULTS faults already (no timed intervention can be added). */
export function useFull(): boolean {
  return useLab((s) => faultsLeft(s.base, s.interventions) === 0);
}

/** What the intervention buttons share: the faults-full state, and what to do once one is pressed. */
interface ActionProps {
  full: boolean;
  /** The id of the text saying why they are disabled (the scenario is full). */
  describedBy?: string | undefined;
  /** Called after the intervention is applied (the lane menu closes). */
  onDone?: () => void;
}

/**
 * Pause and Crash for one client at the playhead, disabled once it has crashed or finished: the
 * interventions panel's row and a lane's menu (`timeline/LaneMenu.tsx`).
 */
export function ClientButtons({ id, name, phase, full, describedBy, onDone }: ActionProps & { id: string; name: string; phase: ClientPhase }) {
  const t = useT();
  const pauseClient = useLab((s) => s.pauseClient);
  const crashClient = useLab((s) => s.crashClient);
  const gone = phase === 'crashed' || phase === 'done';
  const why = phase === 'crashed' ? t('intervene.client.crashed', { client: name }) : phase === 'done' ? t('intervene.client.done', { client: name }) : undefined;
  return (
    <span className="fl-clients__actions">
      <button type="button" className="fl-btn" onClick={() => { pauseClient(id); onDone?.(); }} disabled={gone || full} title={why} aria-describedby={describedBy}>
        {ICON.snowflake}
        {t('intervene.pause', { client: name })}
      </button>
      <button type="button" className="fl-btn fl-btn--danger" onClick={() => { crashClient(id); onDone?.(); }} disabled={gone || full} title={why} aria-describedby={describedBy}>
        {ICON.poweroff}
        {t('intervene.crash', { client: name })}
      </button>
    </span>
  );
}

/** "Expire the lease now" at the playhead, disabled while no lease is live: the panel's and the lease service lane's menu. */
export function ExpireButton({ full, describedBy, onDone }: ActionProps) {
  const t = useT();
  const expireLeaseNow = useLab((s) => s.expireLeaseNow);
  const trace = useLab((s) => s.trace);
  const hasLease = liveLeaseAt(trace, useStepMs(trace)) !== undefined;
  return (
    <button type="button" className="fl-btn fl-btn--wide" onClick={() => { expireLeaseNow(); onDone?.(); }} disabled={!hasLease || full} title={hasLease ? undefined : t('intervene.expire.none')} aria-describedby={describedBy}>
      {ICON.hourglass}
      {t('intervene.expire')}
    </button>
  );
}

/** The interventions panel. */
export function Interventions() {
  const t = useT();
  const trace = useLab((s) => s.trace);
  const base = useLab((s) => s.base);
  const interventions = useLab((s) => s.interventions);
  const undoLeft = useLab((s) => s.undoStack.length);
  const canUndo = undoLeft > 0;
  // Where focus goes when the control that had it disappears or is disabled (the last Undo, a removed chip).
  const changesHeadRef = useRef<HTMLHeadingElement>(null);
  // Play on a phone brings the figure to the top, and a figure too tall to stick scrolls with the page (issue 13, issue 40).
  const panel = useRef<HTMLElement>(null);
  usePhoneLinks(panel);
  const index = useEventIndex();
  const removeIntervention = useLab((s) => s.removeIntervention);
  const undo = useLab((s) => s.undo);
  // A scenario holds at most MAX_FAULTS faults, the learner's included: past that it could not be
  // shared, downloaded or reloaded (issue 18), so the timed interventions stop there, saying why.
  const full = useFull();
  const fullId = useId();
  const atMs = index >= 0 ? trace.events[index]!.atMs : -1;
  const clients = useMemo(
    () => trace.scenario.clients.map((c) => ({ id: c.id, name: c.name, status: clientStatusAt(trace, c.id, Math.max(0, atMs)) })),
    [trace, atMs],
  );

  return (
    <>
    <section ref={panel} className="fl-card fl-intervene" aria-labelledby="fl-intervene-h">
      <header className="fl-card__head">
        {PART.heading}
      </header>
      <p className="fl-muted fl-small">{t('intervene.help')}</p>
      {PART.pauseLength}
      {full && (
        <p id={fullId} className="fl-field-error fl-small" role="status">
          {t('intervene.full', { max: MAX_FAULTS })}
        </p>
      )}
      <ul className="fl-clients">
        {clients.map((c) => {
          return (
            <li key={c.id} className="fl-clients__row" data-client={c.id}>
              <span className="fl-clients__name">
                {c.name}
                <span className={`fl-phase fl-phase--${c.status.phase}`}>{t(PHASE_KEY[c.status.phase])}</span>
              </span>
              <ClientButtons id={c.id} name={c.name} phase={c.status.phase} full={full} describedBy={full ? fullId : undefined} />
            </li>
          );
        })}
      </ul>
      {PART.noEffect}
      <ExpireButton full={full} describedBy={full ? fullId : undefined} />
      {PART.settings}
      <div className="fl-changes">
        <div className="fl-changes__head">
          <h3 ref={changesHeadRef} tabIndex={-1} className="fl-changes__title">
            {t('intervene.list')}
          </h3>
          <button
            type="button"
            className="fl-btn fl-btn--ghost"
            onClick={() => {
              const last = undoLeft === 1;
              undo();
              if (last) changesHeadRef.current?.focus();
            }}
            disabled={!canUndo}
          >
            {ICON.undo2}
            {t('intervene.undo')}
          </button>
        </div>
        {interventions.length === 0 ? (
          <p className="fl-muted fl-small">{t('intervene.none')}</p>
        ) : (
          <ul className="fl-chips" aria-label={t('intervene.list')}>
            {interventions.map((i, k) => {
              const text = describeIntervention(i, base, t);
              return (
                <li key={`${k}-${text}`} className={`fl-chip fl-chip--${i.kind}`}>
                  <span>{text}</span>
                  <button type="button" className="fl-chip__remove" onClick={() => {
                      removeIntervention(k);
                      changesHeadRef.current?.focus();
                    }}
                    aria-label={t('intervene.remove', { what: text })}>
                    {ICON.x}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
    </>
  );
}
