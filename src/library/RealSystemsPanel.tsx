/**
 * "In real systems": how the scenario on the timeline maps onto systems people run (from
 * `src/realsystems`): for each, what plays the lease, what plays the fencing token and who checks
 * it, a short explanation, a code snippet and the sources its claims were checked against (opened
 * in a new tab). Shows the entries tied to the scenario, or every entry on request (and for a
 * scenario with none, such as a custom one). Loaded lazily (default export, for `React.lazy`).
 * @module
 */
import { useId, useState } from 'react';
import { Building2, ExternalLink } from 'lucide-react';
import { useT, type MessageKey } from '../i18n';
import { REAL_SYSTEMS, realSystemIdsFor, type RealSystem } from '../realsystems';
import { useLab } from '../store/context';
import '../views/tools-messages'; // its text (catalogue loaded with the secondary controls, issue 7)

const KIND: Record<RealSystem['kind'], MessageKey> = {
  'lock-service': 'real.kind.lock-service',
  'replicated-log': 'real.kind.replicated-log',
  storage: 'real.kind.storage',
};

const LANGUAGE: Record<NonNullable<RealSystem['snippet']>['language'], string> = { go: 'Go', java: 'Java', sql: 'SQL', shell: 'shell' };

/** One system, as a disclosure: name and kind in the summary, the mapping inside. */
function SystemEntry({ system, open }: { system: RealSystem; open: boolean }) {
  const t = useT();
  const id = useId();
  return (
    <details className="fl-real" open={open}>
      <summary className="fl-real__summary">
        <span className="fl-real__name">{system.title}</span>
        <span className="fl-real__kind">{t(KIND[system.kind])}</span>
      </summary>
      <dl className="fl-real__roles">
        <div>
          <dt>{t('real.lease')}</dt>
          <dd>{system.lease}</dd>
        </div>
        <div>
          <dt>{t('real.token')}</dt>
          <dd>{system.token}</dd>
        </div>
        <div>
          <dt>{t('real.enforcement')}</dt>
          <dd>{system.enforcement}</dd>
        </div>
      </dl>
      <p className="fl-real__explanation">{system.explanation}</p>
      {system.snippet && (
        <figure className="fl-real__snippet">
          <figcaption id={`${id}-code`}>{t('real.snippet', { language: LANGUAGE[system.snippet.language] })}</figcaption>
          <pre tabIndex={0} aria-labelledby={`${id}-code`}>
            <code className={`language-${system.snippet.language}`}>{system.snippet.code}</code>
          </pre>
        </figure>
      )}
      <h4 className="fl-real__sources-title">{t('real.sources')}</h4>
      <ul className="fl-real__sources">
        {system.sources.map((s) => (
          <li key={s.url}>
            <a href={s.url} target="_blank" rel="noopener">
              {s.title}
              <ExternalLink size={12} aria-hidden="true" className="fl-real__ext" />
              <span className="fl-visually-hidden"> {t('real.newTab')}</span>
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The panel (default export, for `React.lazy`). */
export default function RealSystemsPanel() {
  const t = useT();
  const baseId = useLab((s) => s.baseId);
  const [all, setAll] = useState(false);
  const ids = baseId ? realSystemIdsFor(baseId) : [];
  const tied = REAL_SYSTEMS.filter((s) => ids.includes(s.id));
  const showAll = all || tied.length === 0;
  const shown = showAll ? REAL_SYSTEMS : tied;
  return (
    <div className="fl-realsys">
      <h3 className="fl-further__title">
        <Building2 size={16} aria-hidden="true" />
        {t('real.heading')}
      </h3>
      <p className="fl-further__intro">{tied.length === 0 ? t('real.none') : t('real.intro')}</p>
      {tied.length > 0 && tied.length < REAL_SYSTEMS.length && (
        <button type="button" className="fl-btn fl-btn--fit fl-btn--ghost fl-realsys__toggle" onClick={() => setAll(!all)}>
          {all ? t('real.showFor') : t('real.showAll', { count: REAL_SYSTEMS.length })}
        </button>
      )}
      <div className="fl-realsys__list">
        {shown.map((s, k) => (
          <SystemEntry key={s.id} system={s} open={k === 0} />
        ))}
      </div>
    </div>
  );
}
