/**
 * Scenario settings as controls (issue 14, item 7): what the "Try this" hints used to ask the
 * learner to edit in the JSON — the TTL, the latency, each client's "check lease before write", its
 * keepalive period and clock rate, a work step's length, a read step, the scripted faults' times and
 * lengths (or switching one off), the token kind and seed — as number fields with units, checkboxes
 * and a select. Each change is a `set` intervention (`settings/settings.ts`): undoable, listed with
 * the other changes, and the built-in's hints and narration stay. Shown in the interventions card.
 * @module
 */
import { useEffect, useId, useState } from 'react';
import { useT } from '../i18n';
import { useLab } from '../store/context';
import type { SettingValue } from '../store/interventions';
import { SETTING_BOUNDS, currentSetting, settingOf } from '../settings/settings';
import { faultTitle } from './setting-label';
import { MIN_RENEW_EVERY_MS } from '../model/scenario';
import './messages';
import './story.css';

/** How a number field shows its value: seconds (stored as ms), ms, or a plain factor. */
type Unit = 's' | 'ms' | 'x';

const toShown = (v: number, unit: Unit) => (unit === 's' ? v / 1000 : v);
/**
 * The stored value of what the field shows: whole ms for times (a link or file keeps no fraction of
 * a ms, so a fraction here would be a run no one else can open), hundredths for a factor.
 */
const toStored = (v: number, unit: Unit): number => (unit === 'x' ? Math.round(v * 100) / 100 : Math.round(unit === 's' ? v * 1000 : v));

/**
 * One number field: a draft while typing, committed on Enter or when leaving the field if valid.
 * `zeroOr`: where 0 means "off", the smallest other value (stored units), as the scenario schema has it.
 */
function NumberField({ path, label, unit, bounds, zeroOr }: { path: string; label: string; unit: Unit; bounds: readonly [number, number]; zeroOr?: number }) {
  const t = useT();
  const id = useId();
  const base = useLab((s) => s.base);
  const interventions = useLab((s) => s.interventions);
  const setSetting = useLab((s) => s.setSetting);
  const value = currentSetting(base, interventions, path);
  const shown = typeof value === 'number' ? String(toShown(value, unit)) : '';
  const [draft, setDraft] = useState(shown);
  useEffect(() => setDraft(shown), [shown]);
  const min = toShown(bounds[0], unit);
  const max = toShown(bounds[1], unit);
  const n = Number(draft);
  const stored = Number.isFinite(n) ? toStored(n, unit) : Number.NaN;
  const gap = zeroOr !== undefined && stored > 0 && stored < zeroOr;
  const invalid = draft.trim() === '' || !Number.isFinite(n) || n < min || n > max || gap;
  const commit = () => {
    if (invalid) return;
    if (stored !== value) setSetting(path, stored);
    // What is kept, as shown (a fraction of a ms typed is rounded).
    else setDraft(shown);
  };
  return (
    <div className="fl-setting">
      <label htmlFor={id} className="fl-setting__label">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        className="fl-setting__input"
        min={min}
        max={max}
        step={unit === 'x' ? 0.05 : unit === 's' ? 0.1 : 10}
        value={draft}
        data-path={path}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-err` : undefined}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
      {invalid && (
        <p id={`${id}-err`} className="fl-field-error fl-small">
          {zeroOr === undefined ? t('settings.invalid', { min, max }) : t('settings.invalidOff', { min: toShown(zeroOr, unit), max })}
        </p>
      )}
    </div>
  );
}

/** A checkbox for a boolean setting, or for keeping a scripted fault or step (`on` = its written value). */
function CheckField({ path, label, on }: { path: string; label: string; on?: SettingValue }) {
  const base = useLab((s) => s.base);
  const interventions = useLab((s) => s.interventions);
  const setSetting = useLab((s) => s.setSetting);
  const value = currentSetting(base, interventions, path);
  const checked = on === undefined ? value === true : value !== null;
  return (
    <label className="fl-setting fl-setting--check">
      <input
        type="checkbox"
        checked={checked}
        data-path={path}
        onChange={(e) => setSetting(path, on === undefined ? e.currentTarget.checked : e.currentTarget.checked ? on : null)}
      />
      <span>{label}</span>
    </label>
  );
}

function TokensField() {
  const t = useT();
  const id = useId();
  const base = useLab((s) => s.base);
  const interventions = useLab((s) => s.interventions);
  const setSetting = useLab((s) => s.setSetting);
  const value = currentSetting(base, interventions, 'lease.tokens');
  return (
    <div className="fl-setting">
      <label htmlFor={id} className="fl-setting__label">
        {t('settings.tokens')}
      </label>
      <select id={id} value={String(value)} data-path="lease.tokens" onChange={(e) => setSetting('lease.tokens', e.currentTarget.value)}>
        <option value="monotonic">{t('settings.tokens.monotonic')}</option>
        <option value="random">{t('settings.tokens.random')}</option>
      </select>
    </div>
  );
}

/** A setting with a few named values, as a select (`options`: value and its label). */
function SelectField({ path, label, options }: { path: string; label: string; options: readonly (readonly [string, string])[] }) {
  const id = useId();
  const base = useLab((s) => s.base);
  const interventions = useLab((s) => s.interventions);
  const setSetting = useLab((s) => s.setSetting);
  const value = currentSetting(base, interventions, path);
  return (
    <div className="fl-setting">
      <label htmlFor={id} className="fl-setting__label">
        {label}
      </label>
      <select id={id} value={String(value)} data-path={path} onChange={(e) => setSetting(path, e.currentTarget.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The settings of the scenario as written, as controls (in a disclosure, closed at first). */
export function SettingsControls() {
  const t = useT();
  const base = useLab((s) => s.base);
  const reads = base.clients.some((c) => c.program.some((op) => op.op === 'read'));
  // Issue 12's modes get a control where the scenario uses them, so their hints need no JSON.
  const releases = base.clients.some((c) => c.program.some((op) => op.op === 'release'));
  // Issue 41: where steps name objects, the storage keeps its highest token per lock or per object.
  const keyed = base.storage.fencePer !== undefined || base.clients.some((c) => c.program.some((op) => (op.op === 'write' || op.op === 'read') && op.key !== undefined));
  const pipelined = base.storage.sequence !== undefined || base.clients.some((c) => c.program.some((op) => op.op === 'write' && op.wait === false));
  const B = SETTING_BOUNDS;
  return (
    <details className="fl-settings">
      <summary className="fl-settings__summary">{t('settings.title')}</summary>
      <p className="fl-muted fl-small">{t('settings.help')}</p>
      <div className="fl-settings__group">
        <NumberField path="lease.ttlMs" label={t('settings.ttl')} unit="s" bounds={B.ttlMs} />
        <NumberField path="network.latencyMs" label={t('settings.latency')} unit="ms" bounds={B.latencyMs} />
        <TokensField />
        {(base.lease.tokens === 'random' || settingOf(base, 'lease.tokens') === 'random') && (
          <NumberField path="lease.seed" label={t('settings.seed')} unit="x" bounds={B.seed} />
        )}
        {reads && <CheckField path="storage.fenceReads" label={t('settings.fenceReads')} />}
        {base.storage.fencing === 'equality' && (
          <SelectField
            path="storage.fencing"
            label={t('settings.fencing')}
            options={[
              ['token', t('settings.fencing.token')],
              ['equality', t('settings.fencing.equality')],
              ['off', t('settings.fencing.off')],
            ]}
          />
        )}
        {pipelined && <CheckField path="storage.sequence" label={t('settings.sequence')} />}
        {keyed && (
          <SelectField
            path="storage.fencePer"
            label={t('settings.fencePer')}
            options={[
              ['lock', t('settings.fencePer.lock')],
              ['key', t('settings.fencePer.key')],
            ]}
          />
        )}
        {(releases || base.lease.release !== undefined) && (
          <SelectField
            path="lease.release"
            label={t('settings.release')}
            options={[
              ['fenced', t('settings.release.fenced')],
              ['by-key', t('settings.release.byKey')],
            ]}
          />
        )}
      </div>
      {base.clients.map((c) => (
        <fieldset key={c.id} className="fl-settings__group">
          <legend>{c.name}</legend>
          <CheckField path={`clients.${c.id}.checkLeaseBeforeWrite`} label={t('settings.check', { client: c.name })} />
          <NumberField path={`clients.${c.id}.renewEveryMs`} label={t('settings.renew', { client: c.name })} unit="s" bounds={B.renewEveryMs} zeroOr={MIN_RENEW_EVERY_MS} />
          <NumberField path={`clients.${c.id}.clockRate`} label={t('settings.clock', { client: c.name })} unit="x" bounds={B.clockRate} />
          {(c.checkLeaseBeforeWrite || c.leaseTimer !== undefined) && (
            <SelectField
              path={`clients.${c.id}.leaseTimer`}
              label={t('settings.timer', { client: c.name })}
              options={[
                ['from-reply', t('settings.timer.reply')],
                ['from-request', t('settings.timer.request')],
              ]}
            />
          )}
          {c.program.map((op, n) =>
            op.op === 'work' ? (
              <NumberField key={n} path={`clients.${c.id}.program.${n}.ms`} label={t('settings.work', { client: c.name, n: n + 1 })} unit="s" bounds={B.ms} />
            ) : op.op === 'read' ? (
              <CheckField key={n} path={`clients.${c.id}.program.${n}`} on="read" label={t('settings.step', { client: c.name, n: n + 1, op: op.op })} />
            ) : op.op === 'write' && op.wait === false ? (
              <CheckField key={n} path={`clients.${c.id}.program.${n}.wait`} label={t('settings.wait', { client: c.name, n: n + 1 })} />
            ) : null,
          )}
        </fieldset>
      ))}
      {base.faults.map((f, n) => {
        const title = faultTitle(f, base, t);
        return (
          <fieldset key={n} className="fl-settings__group">
            <legend>{title}</legend>
            <CheckField path={`faults.${n}`} on={f.kind} label={`${title}: ${t('settings.fault.on')}`} />
            {'atMs' in f && <NumberField path={`faults.${n}.atMs`} label={`${title}, ${t('settings.fault.at')}`} unit="s" bounds={B.atMs} />}
            {'forMs' in f && <NumberField path={`faults.${n}.forMs`} label={`${title}, ${t('settings.fault.for')}`} unit="s" bounds={B.forMs} />}
            {f.kind === 'delay' && <NumberField path={`faults.${n}.extraMs`} label={`${title}, ${t('settings.fault.extra')}`} unit="s" bounds={B.extraMs} />}
          </fieldset>
        );
      })}
    </details>
  );
}
