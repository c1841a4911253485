/**
 * The storage at the playhead: whether it checks tokens, the highest token it has seen, the data it
 * holds, and its log so far in the seed's exact words, each line marked ✓ or ✗ (icon and word), or "!"
 * with the words "stale: ..." for a write stored although its writer no longer held the lease
 * (`StorageDecision.staleAccepted`).
 * @module
 */
import { memo, useMemo } from 'react';
import { M } from './MotionProvider';
import { Check, Database, ShieldCheck, ShieldOff, X } from 'lucide-react';
import { useT } from '../i18n';
import { pyRepr } from '../model/pyrepr';
import type { Trace } from '../model/trace';
import { useLab } from '../store/context';
import { useStepMs } from './timeline/playhead-hooks';
import { storageStateAt, storageVersionAt } from '../store/derive';

/** Constant icon elements: React skips them when the panel re-renders. */
const CHECK = <Check size={14} aria-hidden="true" />;
const CROSS = <X size={14} aria-hidden="true" />;
const BANG = <b aria-hidden="true">!</b>;

/**
 * The most lines of the log shown, the latest: a dense run's thousands, each animated in, took
 * seconds to show at its end (issue 43); the events table lists every write.
 */
const LOG_LINES = 50;

/** The storage panel at the playhead's event step. Its body re-renders only when the storage's state changes (a decision, a reset, a fenced read) or the trace does. */
export function StoragePanel() {
  const trace = useLab((s) => s.trace);
  const atMs = useStepMs(trace);
  return <StorageBody trace={trace} atMs={atMs} version={storageVersionAt(trace, atMs)} />;
}

/** Props of the storage panel's body: the trace, the playhead's step time (simulated ms), and the storage's version then (`storageVersionAt`). */
interface StorageBodyProps {
  trace: Trace;
  atMs: number;
  version: number;
}

/**
 * The storage panel's body: the storage at `atMs`. `version` changes whenever the state does
 * (`storageVersionAt`), and the body re-renders only then, for a new trace, or for its own reads
 * (the language), not at every step.
 */
const StorageBody = memo(function StorageBody({ trace, atMs }: StorageBodyProps) {
  const t = useT();
  const fenced = trace.scenario.storage.fencing === 'token';
  // An equality check (issue 12) accepts only the token of the first write: say so, not "does not check".
  const equality = trace.scenario.storage.fencing === 'equality';
  const state = useMemo(() => storageStateAt(trace, atMs), [trace, atMs]);
  return (
    <section className="fl-card fl-storage" aria-labelledby="fl-storage-h">
      <header className="fl-card__head">
        <h2 id="fl-storage-h" className="fl-card__title">
          <Database size={16} aria-hidden="true" />
          {t('storage.heading')}
        </h2>
        <span className={fenced ? 'fl-badge fl-badge--ok' : 'fl-badge fl-badge--warn'}>
          {fenced ? <ShieldCheck size={14} aria-hidden="true" /> : <ShieldOff size={14} aria-hidden="true" />}
          {fenced ? t('storage.check.on') : equality ? t('storage.check.eq') : t('storage.check.off')}
        </span>
      </header>
      <dl className="fl-storage__facts">
        <div>
          {/* Under equality the storage keeps no highest token: it remembers one token and accepts only that. */}
          <dt>{equality ? t('storage.acceptsOnly') : t('storage.highest')}</dt>
          <dd className="fl-storage__token">
            {equality ? (state.acceptsOnly ?? <span className="fl-muted">{t('storage.acceptsAny')}</span>) : state.highestToken}
          </dd>
        </div>
        <div>
          <dt>{t('storage.data')}</dt>
          <dd className="fl-storage__data">{state.data === undefined ? <span className="fl-muted">{t('storage.none')}</span> : <code>{pyRepr(state.data)}</code>}</dd>
        </div>
      </dl>
      <h3 className="fl-storage__logtitle">{t('storage.log')}</h3>
      {state.decisions.length === 0 ? (
        <p className="fl-muted fl-storage__empty">{t('storage.logEmpty')}</p>
      ) : (
        <>
        {/* Before the list, not an item of it: a screen reader counts the log's lines as its items. */}
        {state.decisions.length > LOG_LINES && <p className="fl-muted fl-storage__empty">{t('storage.earlier', { n: state.decisions.length - LOG_LINES })}</p>}
        <ol className="fl-log" aria-label={t('storage.log')}>
          {state.decisions.slice(-LOG_LINES).map((d) => {
            const stale = d.accepted && d.staleAccepted === true;
            return (
              <M.li
                key={d.messageId}
                initial={{ opacity: 0, x: -8 }}
                animate={{ opacity: 1, x: 0 }}
                transition={{ duration: 0.3 }}
                className={d.accepted ? (stale ? 'fl-log__line fl-log__line--stale' : 'fl-log__line fl-log__line--ok') : 'fl-log__line fl-log__line--bad'}
              >
                <span className="fl-log__icon">
                  {stale ? BANG : d.accepted ? CHECK : CROSS}
                  <span className="fl-visually-hidden">{d.accepted ? t('storage.accepted') : t('storage.rejected')}</span>
                </span>
                {/* The storage's own words stay alone in .fl-log__text (tests and hints read them); the harm is said beside them. */}
                <span>
                  <span className="fl-log__text">{d.text}</span>
                  {stale && <strong className="fl-log__stale">{` · ${t('storage.stale')}`}</strong>}
                </span>
              </M.li>
            );
          })}
        </ol>
        </>
      )}
    </section>
  );
}, (a: StorageBodyProps, b: StorageBodyProps) => a.trace === b.trace && a.version === b.version);
