/**
 * "From Real systems" (issue 41, the quiz): a question on a real system's details (etcd's
 * `--bump-revision`, ZooKeeper's container znodes, Chubby's sequencers) that the guided story does
 * not teach says so before it is asked, and opens that system's Real systems entry in place: the
 * disclosure loads the entry (`src/realsystems`, a lazy import, so the quiz chunk does not carry the
 * whole reference) and shows what plays the lease and the fencing token, who checks it, the
 * explanation and its sources.
 * @module
 */
import { useState, type SyntheticEvent } from 'react';
import type { RealSystem } from '../realsystems/types';
import { useQuizT } from './messages';
import { realSystemTitle } from './real-systems';

/** The mark and the entry, for `Question.realSystemId`; nothing for an id the quiz does not list. */
export function FromRealSystems({ id }: { id: string }) {
  const t = useQuizT();
  const title = realSystemTitle(id);
  // undefined: not loaded yet; null: the reference has no such entry (never, by the data test).
  const [entry, setEntry] = useState<RealSystem | null | undefined>(undefined);
  if (!title) return null;
  const onToggle = (e: SyntheticEvent<HTMLDetailsElement>) => {
    if (!e.currentTarget.open || entry !== undefined) return;
    void import('../realsystems').then((m) => setEntry(m.findRealSystem(id) ?? null));
  };
  return (
    <details className="fl-quiz__from-real" onToggle={onToggle}>
      <summary className="fl-quiz__from-real-summary">
        <span className="fl-quiz__from-real-tag">{t('quiz.fromReal', { system: title })}</span>{' '}
        <span className="fl-quiz__from-real-help">{t('quiz.fromReal.help')}</span>
      </summary>
      {entry === undefined ? (
        <p className="fl-quiz__muted" role="status">
          {t('quiz.fromReal.loading')}
        </p>
      ) : entry === null ? null : (
        <div className="fl-quiz__from-real-entry">
          <dl>
            <dt>{t('quiz.fromReal.lease')}</dt>
            <dd>{entry.lease}</dd>
            <dt>{t('quiz.fromReal.token')}</dt>
            <dd>{entry.token}</dd>
            <dt>{t('quiz.fromReal.enforcement')}</dt>
            <dd>{entry.enforcement}</dd>
          </dl>
          <p>{entry.explanation}</p>
          <p className="fl-quiz__sources">
            <span className="fl-quiz__sources-label">{t('quiz.sources')}</span>{' '}
            {entry.sources.map((s, i) => (
              <span key={s.url}>
                {i > 0 && '; '}
                <a href={s.url} target="_blank" rel="noopener noreferrer">
                  {s.title}
                </a>
              </span>
            ))}
          </p>
        </div>
      )}
    </details>
  );
}
