/**
 * The learner's way into "Try to break it" (issue 14, item 5): a plain question, a few choices of
 * how hard to look instead of lists to type (`presetSpace` in `space-form.ts`; "Custom" opens the
 * whole form), and, after a run, the answer in words above the expert table. A chunk of its own
 * (`React.lazy`, named exports wrapped by the panel); not in the single file, whose budget has no
 * room for it (there the panel opens on the whole form, as before).
 * @module
 */
import { useId, useMemo, type ReactNode } from 'react';
import { GlossaryText } from '../glossary/Glossary';
import { termIdsIn } from '../glossary/terms';
import { getLocale } from '../i18n';
import type { ExplorationResult } from '../explorer/explore';
import type { ScheduleSpace } from '../explorer/space';
import type { Scenario } from '../model/scenario';
import { seconds } from '../store/derive';
import type { Translate } from '../teaching/captions';
import type { Preset } from './space-form';
import './learner-messages';
import './learner-path.css';

function count(n: number): string {
  try {
    return new Intl.NumberFormat(getLocale()).format(n);
  } catch {
    return String(n);
  }
}

/** The question and the choice of how hard to look. `spaces` are the presets' spaces (no `custom`). */
export function PresetChoice({
  scenario,
  preset,
  setPreset,
  spaces,
  disabled,
  t,
}: {
  scenario: Scenario;
  preset: Preset;
  setPreset: (p: Preset) => void;
  spaces: Partial<Record<Exclude<Preset, 'custom'>, ScheduleSpace>>;
  disabled: boolean;
  t: Translate;
}) {
  const id = useId();
  const writer = spaces.delay?.delay ? (scenario.clients.find((c) => c.id === spaces.delay!.delay!.from)?.name ?? spaces.delay.delay.from) : undefined;
  const label = (p: Preset): string => {
    const s = p === 'custom' ? undefined : spaces[p];
    switch (p) {
      case 'quick':
        return t('breakit.preset.quick', { ttl: seconds(scenario.lease.ttlMs), starts: count(s?.pauseStartsMs.length ?? 0) });
      case 'pauses':
        return t('breakit.preset.pauses', { durations: count(s?.pauseDurationsMs.length ?? 0), starts: count(s?.pauseStartsMs.length ?? 0) });
      case 'delay':
        return t('breakit.preset.delay', { client: writer ?? '', delays: count(s?.delay?.extraMs.filter((x) => x > 0).length ?? 0) });
      case 'custom':
        return t('breakit.preset.custom');
    }
  };
  const offered: Preset[] = ['quick', 'pauses', ...(writer ? (['delay'] as const) : []), 'custom'];
  // The glossary (English, like its definitions): each term's first use on the panel opens its definition.
  const texts = [t('breakit.question'), t('breakit.question.help'), ...offered.map(label)];
  const seen = useMemo(() => texts.map((_, k) => termIdsIn(texts.slice(0, k))), [texts.join('\n')]); // eslint-disable-line react-hooks/exhaustive-deps
  const english = getLocale() === 'en';
  const text = (k: number): ReactNode => (english ? <GlossaryText text={texts[k]!} seen={seen[k]} /> : texts[k]);
  return (
    <div className="fl-breakit__learner">
      <p className="fl-breakit__question" id={`${id}-q`}>
        <strong>{text(0)}</strong>
      </p>
      <p className="fl-hint-text">{text(1)}</p>
      <fieldset className="fl-breakit__group" disabled={disabled} aria-describedby={`${id}-q`}>
        <legend className="fl-field__label">{t('breakit.preset')}</legend>
        <div className="fl-breakit__presets">
          {offered.map((p, k) => (
            <label key={p} className="fl-check-label">
              <input type="radio" name={`${id}-preset`} value={p} checked={preset === p} onChange={() => setPreset(p)} />
              <span>{text(k + 2)}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/** The answer to the question in words, for the modes that were tried. */
export function AnswerInWords({ result, tokens, t }: { result: ExplorationResult; tokens: Scenario['lease']['tokens']; t: Translate }) {
  const on = result.byFencing.on;
  const off = result.byFencing.off;
  const line = (mode: 'on' | 'off') => {
    const m = result.byFencing[mode];
    return t(mode === 'on' ? 'breakit.answer.on' : 'breakit.answer.off', {
      stale: count(m.violations['no-stale-overwrite']),
      late: count(m.violations['no-write-after-expiry']),
      total: count(m.schedules),
    });
  };
  return (
    <div className="fl-breakit__answer">
      <h4 className="fl-breakit__subtitle">{t('breakit.answer')}</h4>
      {on.schedules > 0 && (
        <p>
          {line('on')}
          {on.violations['no-stale-overwrite'] === 0 && <> {t('breakit.answer.onHeld')}</>}
          {on.violations['no-write-after-expiry'] > 0 && tokens !== 'random' && <> {t('breakit.answer.onLate')}</>}
        </p>
      )}
      {off.schedules > 0 && (
        <p>
          {line('off')}
          {off.violations['no-stale-overwrite'] > 0 && <> {t('breakit.answer.offBroke')}</>}
        </p>
      )}
      <p className="fl-hint-text">{t('breakit.answer.tried')}</p>
    </div>
  );
}
