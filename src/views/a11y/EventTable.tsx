/**
 * The timeline as a table, for screen readers, keyboard users and anyone who prefers rows to a
 * picture: every event up to the playhead with its time, actor, what happened, token and the
 * decision taken (storage ✓ / ✗ / "!" for a stale write stored, lease checks, refused keepalives). Behind a "Show events as a
 * table" disclosure; while closed it renders nothing and costs nothing.
 * @module
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Check, ChevronDown, Table2, X } from 'lucide-react';
import { useT, type MessageKey } from '../../i18n';
import type { EventKind, Trace, TraceEvent } from '../../model/trace';
import { useLab } from '../../store/context';
import { seconds } from '../../store/derive';
import { lastEventIndexAt } from '../../store/playback';
import { actorName, captionForEvent, type Translate } from '../../teaching/captions';
import '../tools-messages'; // its text (catalogue loaded with the secondary controls, issue 7)

/** A decision shown in the table's last column: its word and whether it went the actor's way. */
const DECISIONS: Partial<Record<EventKind, { key: MessageKey; ok: boolean }>> = {
  'write-accepted': { key: 'events.accepted', ok: true },
  'write-rejected': { key: 'events.rejected', ok: false },
  'read-served': { key: 'events.served', ok: true },
  'read-rejected': { key: 'events.rejected', ok: false },
  'keepalive-rejected': { key: 'events.refused', ok: false },
  'lease-check-passed': { key: 'events.checkPassed', ok: true },
  'lease-check-failed': { key: 'events.checkFailed', ok: false },
};

/** One row of the table. */
export interface EventRow {
  id: number;
  at: string;
  actor: string;
  what: string;
  token: number | undefined;
  /** `stale`: a write stored although its writer no longer held the lease (`StorageDecision.staleAccepted`), shown with "!" and its own words. */
  decision: { text: string; ok: boolean; stale?: true } | undefined;
}

function decisionOf(trace: Trace, e: TraceEvent, d: { key: MessageKey; ok: boolean }, t: Translate): EventRow['decision'] {
  // The storage's decision on this write (the event names the writer as its peer).
  const stale = e.kind === 'write-accepted' && trace.storage.some((x) => x.staleAccepted && x.atMs === e.atMs && x.client === e.peer && x.value === e.value);
  return stale ? { text: t('events.acceptedStale'), ok: false, stale: true } : { text: t(d.key), ok: d.ok };
}

/** The rows for events `0..upTo` of `trace`. */
export function eventRows(trace: Trace, upTo: number, t: Translate): EventRow[] {
  const rows: EventRow[] = [];
  for (let i = 0; i <= upTo && i < trace.events.length; i++) {
    const e = trace.events[i]!;
    const d = DECISIONS[e.kind];
    rows.push({
      id: e.id,
      at: seconds(e.atMs),
      actor: actorName(trace, e.actor, t),
      what: captionForEvent(trace, e, t).title,
      token: e.token,
      decision: d ? decisionOf(trace, e, d, t) : undefined,
    });
  }
  return rows;
}

function Table({ id }: { id: string }) {
  const t = useT();
  const trace = useLab((s) => s.trace);
  const index = useLab((s) => lastEventIndexAt(s.trace, s.playheadMs));
  const tenths = useLab((s) => Math.round(s.playheadMs / 100));
  const rows = useMemo(() => eventRows(trace, index, t), [trace, index, t]);
  const box = useRef<HTMLDivElement>(null);
  // Keep the latest event in view.
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [rows.length]);
  return (
    <div id={id} className="fl-events__scroll" ref={box} role="region" aria-label={t('events.region')} tabIndex={0}>
      <table className="fl-events__table">
        <caption className="fl-events__caption">{t('events.caption', { at: (tenths / 10).toFixed(1) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('events.time')}</th>
            <th scope="col">{t('events.actor')}</th>
            <th scope="col">{t('events.what')}</th>
            <th scope="col">{t('events.token')}</th>
            <th scope="col">{t('events.decision')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={5} className="fl-muted">
                {t('events.none')}
              </td>
            </tr>
          ) : (
            rows.map((r, i) => (
              <tr key={r.id} aria-current={i === rows.length - 1 ? 'true' : undefined}>
                <td className="fl-events__num">{r.at}</td>
                <td>{r.actor}</td>
                <td>{r.what}</td>
                <td className="fl-events__num">{r.token ?? <span className="fl-muted">{t('events.noToken')}</span>}</td>
                <td>
                  {r.decision && (
                    <span className={r.decision.ok ? 'fl-events__ok' : 'fl-events__bad'}>
                      {r.decision.stale ? <b aria-hidden="true">!</b> : r.decision.ok ? <Check size={13} aria-hidden="true" /> : <X size={13} aria-hidden="true" />}
                      {r.decision.text}
                    </span>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The disclosure button and, when open, the table. */
export function EventTable() {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="fl-events">
      <button type="button" className="fl-btn fl-btn--ghost fl-events__toggle" aria-expanded={open} aria-controls={open ? `${id}-table` : undefined} onClick={() => setOpen((o) => !o)}>
        <Table2 size={15} aria-hidden="true" />
        {open ? t('events.hide') : t('events.show')}
        <ChevronDown size={15} aria-hidden="true" className={open ? 'fl-events__chev is-open' : 'fl-events__chev'} />
      </button>
      {open && <Table id={`${id}-table`} />}
    </div>
  );
}
