/**
 * The schedule explorer's form (`BreakItPanel.tsx`): what may vary (who pauses, when and for how
 * long, which message is held up and by how much, the token check), how many schedules that makes,
 * and Run; for a preset of the learner's path, only its size and Run.
 * @module
 */
import { useId, useMemo, type FormEvent } from 'react';
import { Play, RotateCcw } from 'lucide-react';
import type { ScheduleSpace } from '../explorer/space';
import type { Scenario } from '../model/scenario';
import { seconds } from '../store/derive';
import { messageNameKey, type Translate } from '../teaching/captions';
import { actorLabel, count, messageChoices, messageKey, spaceFromDraft, spaceSizes, type DraftError, type DraftField, type SpaceDraft } from './space-form';

function FieldError({ id, error, t }: { id: string; error: DraftError | undefined; t: Translate }) {
  if (!error) return null;
  return (
    <p id={id} className="fl-field-error">
      {t(error.key, error.values)}
    </p>
  );
}

/** The form: what may vary. */
export function SpaceForm({
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
export function PresetRun({ draft, suggested, disabled, onSubmit, t }: { draft: SpaceDraft; suggested: ScheduleSpace; disabled: boolean; onSubmit: (e: FormEvent) => void; t: Translate }) {
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
