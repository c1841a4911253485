/**
 * The key to the timeline's marks: the lease service's lease (the truth), a client's belief, the
 * stretch where the belief outlives the lease, a pause, a keepalive.
 * @module
 */
import { useId, useLayoutEffect, useState } from 'react';
import { useT } from '../../i18n';
import { useLab } from '../../store/context';

/**
 * The legend under the timeline, a disclosure: a button with a chevron and `aria-expanded` that
 * folds or opens the key. Open on wide screens, folded on phones, where the figure, the caption and
 * Play must fit on one screen (issue 13; issue 40, item 6).
 */
export function Legend() {
  const t = useT();
  // Under equality fencing a write is refused for a token other than the remembered one, not a lower one.
  const fencing = useLab((s) => s.trace.scenario.storage.fencing);
  // The lease check's diamonds appear only where a client checks before writing.
  const checks = useLab((s) => s.trace.scenario.clients.some((c) => c.checkLeaseBeforeWrite));
  const [open, setOpen] = useState(true);
  const id = useId();
  // Open where there is room (the reader may open or fold it). Decided once the page has its real
  // viewport (a phone's can still be the 980 px default when the first render runs), and again if
  // the viewport crosses 640 px.
  useLayoutEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const narrow = matchMedia('(max-width: 640px)');
    const fit = (): void => setOpen(!narrow.matches);
    fit();
    narrow.addEventListener('change', fit);
    return () => narrow.removeEventListener('change', fit);
  }, []);
  return (
    <div className="fl-legend-box">
      <button type="button" className="fl-legend-box__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {t('timeline.legend')}
      </button>
    <ul className="fl-legend" id={id} hidden={!open} aria-label={t('timeline.legend')}>
      <li>
        <svg width="26" height="12" aria-hidden="true">
          <rect x="1" y="1" width="24" height="10" rx="3" className="fl-lease__bar" />
        </svg>
        {t('timeline.legend.lease')}
      </li>
      <li>
        <svg width="26" height="12" aria-hidden="true" className="fl-belief">
          <rect x="1" y="1" width="24" height="10" rx="3" />
        </svg>
        {t('timeline.legend.belief')}
      </li>
      <li>
        <svg width="26" height="12" aria-hidden="true">
          <rect x="1" y="1" width="24" height="10" className="fl-legend__stale" />
        </svg>
        {t('timeline.legend.stale')}
      </li>
      <li>
        <svg width="26" height="12" aria-hidden="true">
          <rect x="1" y="1" width="24" height="10" rx="3" className="fl-legend__pause" />
        </svg>
        {t('timeline.legend.pause')}
      </li>
      <li>
        <svg width="26" height="12" aria-hidden="true" className="fl-msg fl-msg--keepalive">
          <line x1="1" y1="6" x2="25" y2="6" className="fl-msg__line" />
        </svg>
        {t('timeline.legend.keepalive')}
      </li>
      <li>
        <svg width="26" height="14" aria-hidden="true" className="fl-decision fl-decision--ok">
          <circle cx="13" cy="7" r="6" className="fl-decision__disc" />
          <path d="M10.3,7.3L12.3,9.3L15.9,4.8" className="fl-decision__icon" />
        </svg>
        {t('timeline.legend.accepted')}
      </li>
      <li>
        <svg width="26" height="14" aria-hidden="true" className="fl-decision fl-decision--bad">
          <circle cx="13" cy="7" r="6" className="fl-decision__disc" />
          <path d="M10.7,4.7L15.3,9.3M15.3,4.7L10.7,9.3" className="fl-decision__icon" />
        </svg>
        {t(fencing === 'equality' ? 'timeline.legend.rejectedEq' : 'timeline.legend.rejected')}
      </li>
      <li>
        <svg width="26" height="14" aria-hidden="true" className="fl-decision fl-decision--stale">
          <circle cx="13" cy="7" r="6" className="fl-decision__disc" />
          <path d="M13,3.8V7.6M13,10.1V10.2" className="fl-decision__icon" />
        </svg>
        {t('timeline.legend.storedStale')}
      </li>
      <li>
        <svg width="26" height="14" aria-hidden="true" className="fl-read">
          <circle cx="13" cy="7" r="4.5" />
        </svg>
        {t('timeline.legend.read')}
      </li>
      {checks && (
        <li>
          <svg width="26" height="14" aria-hidden="true">
            <g className="fl-check fl-check--ok">
              <path d="M6,2L11,7L6,12L1,7Z" />
            </g>
            <g className="fl-check fl-check--bad">
              <path d="M20,2L25,7L20,12L15,7Z" />
            </g>
          </svg>
          {t('timeline.legend.check')}
        </li>
      )}
    </ul>
    </div>
  );
}
