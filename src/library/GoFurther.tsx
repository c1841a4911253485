/**
 * Below the timeline, three tabs about the scenario on it: "Try this" (its what-to-try hints and
 * what it is about), "Real systems" (how the lesson maps onto etcd, ZooKeeper, Kafka...) and "Try
 * to break it" (the schedule explorer). The tabs follow the WAI-ARIA tabs pattern (arrow keys,
 * Home, End; automatic activation). The two heavier panels are their own chunks, loaded when their
 * tab is first chosen; a panel once shown stays mounted (hidden), so a running exploration and its
 * results survive switching tabs. The whole component is loaded lazily by the explainer.
 * @module
 */
import { Suspense, lazy, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Building2, Lightbulb, Swords } from 'lucide-react';
import './library.css';
import { useT, withText, type MessageKey } from '../i18n';
import { ChunkBoundary } from '../views/ChunkBoundary';
import { PartFailed } from '../views/PartFailed';
import '../views/tools-messages';
import { loadedBuiltIn } from '../scenarios';
import { useLab } from '../store/context';

const RealSystemsPanel = lazy(() => import('./RealSystemsPanel'));
// The panel brings its own text (`breakit/messages.ts`); in German, wait for that too.
const BreakItPanel = lazy(() => import('../breakit/BreakItPanel').then(withText));

const TABS = ['try', 'real', 'break'] as const;
type Tab = (typeof TABS)[number];
const LABEL: Record<Tab, MessageKey> = { try: 'further.tab.try', real: 'further.tab.real', break: 'further.tab.break' };
const ICON = { try: Lightbulb, real: Building2, break: Swords } as const;
const GENERIC_HINTS: readonly MessageKey[] = ['try.generic.pause', 'try.generic.fencing', 'try.generic.crash', 'try.generic.explore'];

/** The "Try this" panel: the scenario's hints (or general ones for a custom scenario) and its description. */
export function TryThis() {
  const t = useT();
  const baseId = useLab((s) => s.baseId);
  const description = useLab((s) => s.base.description);
  const hints = baseId ? loadedBuiltIn(baseId)?.tryThis : undefined;
  return (
    <div className="fl-try">
      <h3 className="fl-further__title">
        <Lightbulb size={16} aria-hidden="true" />
        {t('try.heading')}
      </h3>
      <p className="fl-further__intro">{hints && hints.length > 0 ? t('try.intro') : t('try.custom')}</p>
      <ul className="fl-try__list">
        {hints && hints.length > 0 ? hints.map((h) => <li key={h}>{h}</li>) : GENERIC_HINTS.map((k) => <li key={k}>{t(k)}</li>)}
      </ul>
      {description && (
        <details className="fl-try__about">
          <summary>{t('try.about')}</summary>
          <p>{description}</p>
        </details>
      )}
    </div>
  );
}

/** The tabs (default export, for `React.lazy`). */
export default function GoFurther() {
  const t = useT();
  const id = useId();
  const [tab, setTab] = useState<Tab>('try');
  const [seen, setSeen] = useState<ReadonlySet<Tab>>(() => new Set<Tab>(['try']));
  const buttons = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  const choose = (next: Tab, focus = false) => {
    setTab(next);
    setSeen((s) => (s.has(next) ? s : new Set([...s, next])));
    if (focus) buttons.current[next]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = TABS.indexOf(tab);
    let next: Tab | undefined;
    if (e.key === 'ArrowRight') next = TABS[(i + 1) % TABS.length];
    else if (e.key === 'ArrowLeft') next = TABS[(i + TABS.length - 1) % TABS.length];
    else if (e.key === 'Home') next = TABS[0];
    else if (e.key === 'End') next = TABS[TABS.length - 1];
    if (!next) return;
    // preventDefault also keeps the explainer's shortcuts (arrows step the timeline) out of it.
    e.preventDefault();
    choose(next, true);
  };

  const panel = (which: Tab) => {
    if (which === 'try') return <TryThis />;
    return (
      <ChunkBoundary key={which} fallback={<PartFailed />}>
        <Suspense fallback={<p className="fl-muted">{t('further.loading')}</p>}>{which === 'real' ? <RealSystemsPanel /> : <BreakItPanel />}</Suspense>
      </ChunkBoundary>
    );
  };

  return (
    <section className="fl-card fl-further" aria-label={t('further.label')}>
      <div className="fl-tabs" role="tablist" aria-label={t('further.label')} onKeyDown={onKeyDown}>
        {TABS.map((k) => {
          const Icon = ICON[k];
          return (
            <button
              key={k}
              ref={(el) => {
                buttons.current[k] = el;
              }}
              id={`${id}-tab-${k}`}
              type="button"
              role="tab"
              className="fl-tab"
              aria-selected={tab === k}
              aria-controls={`${id}-panel-${k}`}
              tabIndex={tab === k ? 0 : -1}
              onClick={() => choose(k)}
            >
              <Icon size={15} aria-hidden="true" />
              {t(LABEL[k])}
            </button>
          );
        })}
      </div>
      {TABS.filter((k) => seen.has(k)).map((k) => (
        <div key={k} id={`${id}-panel-${k}`} role="tabpanel" aria-labelledby={`${id}-tab-${k}`} hidden={tab !== k} className="fl-tabpanel" tabIndex={0}>
          {panel(k)}
        </div>
      ))}
    </section>
  );
}
