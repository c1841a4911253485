/**
 * The timeline as a table, for screen readers, keyboard users and anyone who prefers rows to a
 * picture: every event up to the playhead with its time, actor, what happened, token and the
 * decision taken (storage ✓ / ✗ / "!" for a stale write stored, lease checks, refused keepalives). Behind a "Show events as a
 * table" disclosure; while closed it renders nothing and costs nothing.
 *
 * A dense run has thousands of events (issue 43: 300 s of keepalives every 100 ms makes about
 * 9,000), and a row for each froze the page for seconds. So the table renders one page of at most
 * {@link PAGE_ROWS} rows, whatever the run's size: while it follows the playhead, the latest ones;
 * "First / Earlier / Later / Latest rows" move through the rest, and the table says which rows it
 * shows ("Rows 8901–9000 of 9000"), as `aria-rowcount` and each row's `aria-rowindex` tell a screen
 * reader. Every row is reachable, and a page is a real table (not a virtual list, whose rows a
 * screen reader's table commands cannot reach until something scrolls them in). Once the learner
 * moves to another page, scrolls up or moves focus into the rows, the page is held where it is as
 * the playhead moves on (rows still come in at its end until it is full); "Latest rows" follows
 * the playhead again. Only the page's rows are computed, each once per trace and language.
 * @module
 */
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Check, ChevronDown, ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, Table2, X } from 'lucide-react';
import { useT, type MessageKey } from '../../i18n';
import type { EventKind, Trace, TraceEvent } from '../../model/trace';
import { useEventIndex, useLab } from '../../store/context';
import { usePlayheadText } from '../timeline/playhead-hooks';
import { seconds } from '../../store/derive';
import { actorName, captionForEvent, type Translate } from '../../teaching/captions';
import '../tools-messages'; // its text (catalogue loaded with the secondary controls, issue 7)
import './events.css';

/** The most rows the table renders at once (one page). */
export const PAGE_ROWS = 100;

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

/** The storage's stale acceptances of each trace (time, writer, value), found once per trace. */
const staleKeys = new WeakMap<Trace, Set<string>>();

/** Whether the storage stored write event `e` although its writer no longer held the lease. */
function isStaleWrite(trace: Trace, e: TraceEvent): boolean {
  let keys = staleKeys.get(trace);
  if (!keys) {
    keys = new Set(trace.storage.filter((x) => x.staleAccepted).map((x) => `${x.atMs}|${x.client}|${x.value}`));
    staleKeys.set(trace, keys);
  }
  // The storage's decision on this write (the event names the writer as its peer).
  return keys.has(`${e.atMs}|${e.peer}|${e.value}`);
}

function rowOf(trace: Trace, e: TraceEvent, t: Translate): EventRow {
  const d = DECISIONS[e.kind];
  const stale = e.kind === 'write-accepted' && isStaleWrite(trace, e);
  return {
    id: e.id,
    at: seconds(e.atMs),
    actor: actorName(trace, e.actor, t),
    what: captionForEvent(trace, e, t).title,
    token: e.token,
    decision: !d ? undefined : stale ? { text: t('events.acceptedStale'), ok: false, stale: true } : { text: t(d.key), ok: d.ok },
  };
}

/**
 * The rows for events `from..upTo` of `trace` (indexes into `trace.events`, both included; `from`
 * defaults to 0): linear in the rows asked for, not in the trace.
 */
export function eventRows(trace: Trace, upTo: number, t: Translate, from = 0): EventRow[] {
  const rows: EventRow[] = [];
  for (let i = Math.max(0, from); i <= upTo && i < trace.events.length; i++) rows.push(rowOf(trace, trace.events[i]!, t));
  return rows;
}

/**
 * The page shown when `total` events have happened: event indexes `[start, end)`, at most `size`.
 * `held` is the first row of a page the learner holds, `undefined` to follow the playhead (the
 * latest rows). A held page never starts past the last full page, so it is never empty while there
 * are rows (scrubbing back before it shows the last page then).
 */
export function pageOf(total: number, held: number | undefined, size = PAGE_ROWS): { start: number; end: number } {
  const last = Math.max(0, total - size);
  const start = held === undefined ? last : Math.min(Math.max(0, held), last);
  return { start, end: Math.min(total, start + size) };
}

function Table({ id }: { id: string }) {
  const t = useT();
  const trace = useLab((s) => s.trace);
  const index = useEventIndex();
  // "Events up to …": the time as the other texts that follow the playhead show it (four times a second while playing).
  const captionAt = useRef<HTMLSpanElement>(null);
  const upTo = usePlayheadText(captionAt, (ms) => t('events.caption', { at: seconds(ms) }), [t]);
  const total = index + 1;
  // The first row of the page the learner holds; undefined while the table follows the playhead.
  const [held, setHeld] = useState<number | undefined>(undefined);
  const { start, end } = pageOf(total, held);
  const following = held === undefined;
  // Rows made already for this trace and language, by event index.
  const cache = useMemo(() => new Map<number, EventRow>(), [trace, t]);
  const rows = useMemo(() => {
    const out: EventRow[] = [];
    for (let i = start; i < end; i++) {
      let r = cache.get(i);
      if (!r) cache.set(i, (r = rowOf(trace, trace.events[i]!, t)));
      out.push(r);
    }
    return out;
  }, [cache, trace, t, start, end]);
  const box = useRef<HTMLDivElement>(null);
  // Where to scroll once a page the learner asked for is shown.
  const scrollTo = useRef<'top' | 'bottom' | undefined>(undefined);
  // While following, keep the latest event in view; a page asked for opens at its near end. In the
  // next frame: setting scrollTop makes the browser lay the page out, and here, in the commit of a
  // playhead move that redrew the timeline, that was a second layout of the whole page (issue 43).
  useLayoutEffect(() => {
    const el = box.current;
    const where = following ? 'bottom' : scrollTo.current;
    scrollTo.current = undefined;
    if (!el || !where) return;
    const frame = requestAnimationFrame(() => {
      el.scrollTop = where === 'bottom' ? el.scrollHeight : 0;
    });
    return () => cancelAnimationFrame(frame);
  }, [following, start, end]);
  const paged = total > PAGE_ROWS;
  const hold = useCallback(() => {
    if (total > PAGE_ROWS) setHeld((h) => h ?? Math.max(0, total - PAGE_ROWS));
  }, [total]);
  // A held page clamped by scrubbing back stays where the clamp put it, not where it was.
  useEffect(() => {
    if (held !== undefined && held > start) setHeld(start);
  }, [held, start]);
  // The range of rows shown, said once a page the learner asked for is shown (not as rows come and go).
  const [asked, setAsked] = useState(0);
  const [said, setSaid] = useState('');
  const go = (next: number | undefined, where: 'top' | 'bottom', off = false) => {
    // At the end it cannot go past, a button stays focusable (`aria-disabled`, not `disabled`, which
    // would drop the keyboard's focus to the page) and does nothing.
    if (off) return;
    scrollTo.current = where;
    setHeld(next);
    setAsked((n) => n + 1);
  };
  // Scrolled up by the learner (a wheel, a touch, a key or the scroll bar), away from the latest
  // row: hold the page. Not a scroll the browser makes itself as rows come and go.
  const byLearner = useRef(false);
  const learner = () => {
    byLearner.current = true;
  };
  const onScroll = () => {
    const el = box.current;
    if (el && byLearner.current && following && el.scrollTop + el.clientHeight < el.scrollHeight - 8) hold();
    byLearner.current = false;
  };
  const range = t('events.range', { from: start + 1, to: end, total });
  useEffect(() => {
    if (asked) setSaid(range);
  }, [asked]); // (Not on `range`: each new row would be said.)
  return (
    <>
      {paged && (
        <div className="fl-events__pager" role="group" aria-label={t('events.pages')}>
          <button type="button" className="fl-btn fl-btn--ghost" aria-disabled={start === 0 || undefined} onClick={() => go(0, 'top', start === 0)}>
            <ChevronsLeft size={15} aria-hidden="true" />
            {t('events.first')}
          </button>
          <button type="button" className="fl-btn fl-btn--ghost" aria-disabled={start === 0 || undefined} onClick={() => go(Math.max(0, start - PAGE_ROWS), 'bottom', start === 0)}>
            <ChevronLeft size={15} aria-hidden="true" />
            {t('events.earlier')}
          </button>
          <span className="fl-events__range">{range}</span>
          <span className="fl-visually-hidden" aria-live="polite">
            {said}
          </span>
          <button type="button" className="fl-btn fl-btn--ghost" aria-disabled={end >= total || undefined} onClick={() => go(start + PAGE_ROWS, 'top', end >= total)}>
            {t('events.later')}
            <ChevronRight size={15} aria-hidden="true" />
          </button>
          <button type="button" className="fl-btn fl-btn--ghost" aria-pressed={following} onClick={() => go(undefined, 'bottom')}>
            {t('events.latest')}
            <ChevronsRight size={15} aria-hidden="true" />
          </button>
        </div>
      )}
      {paged && !following && <p className="fl-events__held">{t('events.held')}</p>}
      <div id={id} className="fl-events__scroll" ref={box} role="region" aria-label={t('events.region')} tabIndex={0} onScroll={onScroll} onWheel={learner} onTouchMove={learner} onKeyDown={learner} onPointerDown={learner} onFocus={hold}>
        <table className="fl-events__table" aria-rowcount={Math.max(1, total) + 1}>
          <caption className="fl-events__caption">
            <span ref={captionAt}>{upTo}</span>
            {paged && ` · ${range}`}
          </caption>
          <thead>
            <tr aria-rowindex={1}>
              <th scope="col">{t('events.time')}</th>
              <th scope="col">{t('events.actor')}</th>
              <th scope="col">{t('events.what')}</th>
              <th scope="col">{t('events.token')}</th>
              <th scope="col">{t('events.decision')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr aria-rowindex={2}>
                <td colSpan={5} className="fl-muted">
                  {t('events.none')}
                </td>
              </tr>
            ) : (
              rows.map((r, i) => (
                <tr key={r.id} aria-rowindex={start + i + 2} aria-current={start + i === index ? 'true' : undefined}>
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
    </>
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
