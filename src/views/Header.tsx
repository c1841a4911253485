/**
 * The header: product name and tagline, the scenario picker (every built-in scenario, title and
 * summary) and the storage's token check, a switch that applies to the whole run, so the seed's
 * unfenced twin is one click away; every other tool is behind its Tools button (issue 40).
 * @module
 */
import { useId, useState } from 'react';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useControl } from '../embed/display';
import { useT } from '../i18n';
import { BUILT_IN_SCENARIOS, loadedBuiltIn } from '../scenarios';
import { useLab } from '../store/context';
import { HeaderTools } from './later';

/** The native scenario picker with the chosen scenario's summary. */
export function ScenarioPicker() {
  const t = useT();
  const id = useId();
  const baseId = useLab((s) => s.baseId);
  const title = useLab((s) => s.base.title);
  const openBuiltIn = useLab((s) => s.openBuiltIn);
  const busy = useLab((s) => s.waiting > 0);
  const [asked, setAsked] = useState<string | null>(null);
  const summary = baseId ? loadedBuiltIn(baseId)?.summary : undefined;
  // A built-in summary describes the scenario as written: once the token check is toggled away
  // from it, show a note instead of a summary that contradicts the switch.
  const fencing = useLab((s) => s.scenario.storage.fencing);
  const writtenFencing = useLab((s) => s.base.storage.fencing);
  const toggled = summary !== undefined && fencing !== writtenFencing;
  return (
    <div className="fl-picker">
      <label htmlFor={id} className="fl-field__label">
        {t('header.scenario')}
      </label>
      {/* The chosen scenario's whole name, wrapped (a select shows one line and cuts long names);
          the select lies over it, invisible but working, and keeps its name, value and focus. */}
      <div className="fl-select fl-select--wrap">
        <span className="fl-select__shown" aria-hidden="true">
          {BUILT_IN_SCENARIOS.find((s) => s.id === (asked ?? baseId))?.title ?? title}
        </span>
        <select
          id={id}
          value={asked ?? baseId ?? ''}
          onChange={(e) => {
            const next = e.currentTarget.value;
            if (!next) return;
            // Shown as chosen while it loads (its chunk, or the simulator just after the page opens).
            setAsked(next);
            openBuiltIn(next).then(
              () => setAsked((a) => (a === next ? null : a)),
              () => setAsked((a) => (a === next ? null : a)),
            );
          }}
          aria-describedby={`${id}-summary`}
          aria-busy={busy || undefined}
        >
          {baseId === null && <option value="">{`${t('header.custom')}: ${title}`}</option>}
          {BUILT_IN_SCENARIOS.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </select>
      </div>
      <p id={`${id}-summary`} className="fl-picker__summary">
        {toggled ? t(fencing === 'token' ? 'header.fencingToggled.on' : 'header.fencingToggled.off') : (summary ?? title)}
      </p>
    </div>
  );
}

/** The storage's token check, on or off for the whole run. */
export function FencingSwitch() {
  const t = useT();
  const id = useId();
  const fencing = useLab((s) => s.scenario.storage.fencing);
  const setFencing = useLab((s) => s.setFencing);
  // A change asked for before the simulator is in (just after the page opens) waits for it: busy
  // meanwhile, and a second click does not undo the first before it shows.
  const busy = useLab((s) => s.waiting > 0);
  const on = fencing === 'token';
  // An equality check (identity-cas) is neither: the switch is off (fencing is not on) but says
  // "equality only", as the storage card does, and names that state to screen readers (issue 41).
  const equality = fencing === 'equality';
  return (
    <div className="fl-fencing">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-busy={busy || undefined}
        aria-labelledby={equality ? `${id}-label ${id}-state` : `${id}-label`}
        aria-describedby={`${id}-note`}
        className={on ? 'fl-switch is-on' : 'fl-switch'}
        onClick={() => {
          if (!busy) setFencing(on ? 'off' : 'token');
        }}
      >
        <span className="fl-switch__track" aria-hidden="true">
          <span className="fl-switch__thumb">{on ? <ShieldCheck size={12} /> : <ShieldOff size={12} />}</span>
        </span>
        <span id={`${id}-label`} className="fl-switch__label">
          {t('fencing.label')}
        </span>
        <span id={`${id}-state`} className="fl-switch__state" aria-hidden="true">
          {on ? t('fencing.on') : equality ? t('fencing.eq') : t('fencing.off')}
        </span>
      </button>
      <span id={`${id}-note`} className="fl-fencing__note">
        {t('fencing.note')}
      </span>
    </div>
  );
}

/** The page header. */
export function Header() {
  const t = useT();
  // `controls=` (embed/params.ts) may leave out the picker, the token check or the Embed button.
  const scenarios = useControl('scenarios');
  const interventions = useControl('interventions');
  return (
    <header className="fl-header">
      <div className="fl-brand">
        <span className="fl-brand__mark" aria-hidden="true">
          <svg viewBox="0 0 32 32" width="30" height="30">
            <rect x="3" y="3" width="26" height="26" rx="8" className="fl-brand__bg" />
            <path d="M10 9v14M16 9v14M22 9v14M8 13h16M8 19h16" className="fl-brand__fence" />
          </svg>
        </span>
        <div>
          <h1 className="fl-brand__name">{t('app.title')}</h1>
          <p className="fl-brand__tagline">{t('app.tagline')}</p>
        </div>
      </div>
      <div className="fl-header__controls">
        {scenarios && <ScenarioPicker />}
        {interventions && <FencingSwitch />}
      </div>
      {/* Every other tool behind one button (issue 40): the header reads as the story's title, not a dashboard. */}
      <div className="fl-header__tools">
        <HeaderTools />
      </div>
    </header>
  );
}
