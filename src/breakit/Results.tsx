/**
 * The schedule explorer's results (`BreakItPanel.tsx`): the table of the four properties with the
 * token check on and off, and the counterexamples, each of which opens on the timeline.
 * @module
 */
import { Play } from 'lucide-react';
import type { MessageKey } from '../i18n';
import { unexplainedViolations, type Counterexample, type ExplorationResult } from '../explorer/explore';
import { PROPERTY_IDS, isPromised, type PropertyId } from '../explorer/properties';
import type { FencingMode } from '../explorer/space';
import type { Scenario } from '../model/scenario';
import type { Translate } from '../teaching/captions';
import { actorLabel, count, formatSeconds } from './space-form';

const PROPERTY_KEYS: Record<PropertyId, { name: MessageKey; what: MessageKey; why: MessageKey }> = {
  'no-stale-overwrite': { name: 'breakit.prop.no-stale-overwrite', what: 'breakit.what.no-stale-overwrite', why: 'breakit.why.no-stale-overwrite' },
  'token-order': { name: 'breakit.prop.token-order', what: 'breakit.what.token-order', why: 'breakit.why.token-order' },
  'no-write-after-expiry': { name: 'breakit.prop.no-write-after-expiry', what: 'breakit.what.no-write-after-expiry', why: 'breakit.why.no-write-after-expiry' },
  'mutual-exclusion': { name: 'breakit.prop.mutual-exclusion', what: 'breakit.what.mutual-exclusion', why: 'breakit.why.mutual-exclusion' },
};

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

/** The table of the four properties. */
export function ResultsTable({ result, tokens, tried, t }: { result: ExplorationResult; tokens: Scenario['lease']['tokens']; tried: Record<FencingMode, boolean>; t: Translate }) {
  const cell = (mode: FencingMode, p: PropertyId) => {
    if (!tried[mode]) return <span className="fl-muted">{t('breakit.notTried')}</span>;
    const n = result.byFencing[mode].violations[p];
    const promised = mode === 'on' && isPromised(p, { fencing: 'token', tokens });
    // Fencing promises 1 and 2 only while the storage keeps its highest token (issue 41, item 4).
    const restarted = promised ? result.byFencing[mode].afterRestart[p] : 0;
    const unexpected = promised && unexplainedViolations(result.byFencing[mode], p) > 0;
    return (
      <span className={n > 0 ? (unexpected ? 'fl-count fl-count--bug' : 'fl-count fl-count--bad') : 'fl-count fl-count--ok'}>
        {count(n)}
        {unexpected && <span className="fl-count__note"> {t('breakit.unexpected')}</span>}
        {restarted > 0 && <span className="fl-count__note"> {t('breakit.afterRestart', { count: count(restarted) })}</span>}
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
                  {/* Issue 41, item 4: both promises hold only while the storage keeps its highest token. */}
                  {promised && (
                    <>
                      {' '}
                      <span className="fl-table__condition">{t('breakit.yes.ifKept')}</span>
                    </>
                  )}
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

/** The counterexamples, with the token check on first (the surprising ones), then off. */
export function Examples({ result, scenario, onOpen, t }: { result: ExplorationResult; scenario: Scenario; onOpen: (ce: Counterexample) => void; t: Translate }) {
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
