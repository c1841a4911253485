/**
 * The run before the learner's last change beside the run now (issue 14, item 6): a ghost of the
 * old storage log next to the new one, differing lines marked (word and colour), and each run's
 * ending sentence. Shown once a change has been made; so check on vs off and before vs after can be
 * compared.
 *
 * Where it goes (issue 40, item 5): directly under the timeline, folded to one line (what changed,
 * in a few words) that opens to both logs. So right after a change it is on screen with the picture
 * at 1280x800 and 1024x768 and on phones, without pushing Play and the caption (which says what
 * changed in a sentence) below the fold; the logs open on request. Not in presenter mode (the
 * picture has the screen). Its own chunk and style sheet (`compare.css`), loaded after the first
 * render.
 * @module
 */
import { useId, useMemo, useState } from 'react';
import { ChevronDown, GitCompare } from 'lucide-react';
import { useT } from '../i18n';
import { useLab } from '../store/context';
import { compareRuns, type RunComparison } from './compare';
import './messages';
import './compare.css';

/** What changed, in a few words: how many lines of the storage log, else the grants, else the times. */
function gist(c: RunComparison, t: ReturnType<typeof useT>): string {
  const lines = c.rows.filter((r) => r.changed).length;
  if (lines > 0) return t('compare.lines', { n: lines });
  if (c.noEffect) return t('compare.same');
  return c.leasesChanged ? t('compare.leases') : t('compare.timing');
}

/** The comparison card (renders nothing before the first change; hidden in presenter mode by `compare.css`). */
export function CompareCard() {
  const t = useT();
  const previous = useLab((s) => s.previous);
  const trace = useLab((s) => s.trace);
  const id = useId();
  const [open, setOpen] = useState(false);
  const c = useMemo(() => (previous ? compareRuns(previous.trace, trace) : undefined), [previous, trace]);
  if (!c) return null;
  const lines = c.rows.some((r) => r.changed);
  return (
    <section className={lines ? 'fl-compare is-changed' : 'fl-compare'} aria-labelledby={id}>
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="fl-compare__line">
          <GitCompare size={16} aria-hidden="true" />
          <span id={id} className="fl-compare__title">
            {t('compare.title')}
          </span>
          <span className="fl-compare__gist">{gist(c, t)}</span>
          <span className="fl-compare__more">
            {open ? t('compare.hide') : t('compare.show')}
            <ChevronDown size={16} aria-hidden="true" />
          </span>
        </summary>
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
      </details>
    </section>
  );
}
