/**
 * The run before the learner's last change beside the run now (issue 14, item 6): a ghost of the
 * old storage log next to the new one, differing lines marked (word and colour), and each run's
 * ending sentence. Shown once a change has been made; so check on vs off and before vs after can be
 * compared.
 * @module
 */
import { useMemo } from 'react';
import { GitCompare } from 'lucide-react';
import { useT } from '../i18n';
import { useLab } from '../store/context';
import { compareRuns } from './compare';
import './messages';
import './story.css';

/** The comparison card (renders nothing before the first change). */
export function CompareCard() {
  const t = useT();
  const previous = useLab((s) => s.previous);
  const trace = useLab((s) => s.trace);
  const c = useMemo(() => (previous ? compareRuns(previous.trace, trace) : undefined), [previous, trace]);
  if (!c) return null;
  return (
    <section className="fl-card fl-compare" aria-labelledby="fl-compare-h">
      <header className="fl-card__head">
        <h2 id="fl-compare-h" className="fl-card__title">
          <GitCompare size={16} aria-hidden="true" />
          {t('compare.title')}
        </h2>
      </header>
      <table className="fl-compare__table">
        <thead>
          <tr>
            <th scope="col">{t('compare.before')}</th>
            <th scope="col">{t('compare.now')}</th>
          </tr>
        </thead>
        <tbody>
          {c.rows.map((r, i) => (
            <tr key={i} className={r.changed ? 'is-changed' : undefined}>
              <td className="fl-compare__ghost">{r.before ?? <span className="fl-muted">{t('compare.none')}</span>}</td>
              <td>
                {r.now ?? <span className="fl-muted">{t('compare.none')}</span>}
                {r.changed && <span className="fl-compare__flag">{t('compare.changed')}</span>}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td className="fl-compare__ghost">{c.outcomeBefore}</td>
            <td>{c.outcomeNow}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
