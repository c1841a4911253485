/**
 * Put the events in order: a numbered list, each item with Move up and Move down buttons (no
 * dragging needed). After a move, focus stays on the moved item's button (or its other button at
 * the ends of the list) and the new position is announced politely.
 * @module
 */
import { useEffect, useRef, useState } from 'react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { fill, matchEvent, orderAnswer, traceFor } from './answers';
import { Mark, type BodyProps } from './ChoiceBody';
import { useQuizT } from './messages';
import type { OrderQuestion, Response } from './types';

/** The current order of an order question: the response, else the items as first shown. */
export function currentOrder(q: OrderQuestion, r: Response | undefined): string[] {
  if (r?.kind === 'order' && r.order.length === q.items.length && q.items.every((i) => r.order.includes(i.id))) return r.order;
  return q.items.map((i) => i.id);
}

/** The body of an order question (its scenario must exist). */
export function OrderBody({ q, st, answer, locked }: BodyProps<OrderQuestion>) {
  const t = useQuizT();
  const trace = traceFor(q.scenarioId)!;
  const right = orderAnswer(q, trace) ?? [];
  const order = currentOrder(q, st.response);
  const [announce, setAnnounce] = useState('');
  const focusNext = useRef<{ id: string; dir: 'up' | 'down' } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const labelOf = (id: string): string => {
    const item = q.items.find((i) => i.id === id);
    if (!item) return id;
    const e = matchEvent(trace, item.match);
    return fill(item.label, { token: e?.token ?? '—', value: e?.value ?? '' });
  };

  const move = (index: number, by: -1 | 1) => {
    if (locked) return;
    const to = index + by;
    if (to < 0 || to >= order.length) return;
    const next = [...order];
    const [id] = next.splice(index, 1);
    next.splice(to, 0, id!);
    answer({ kind: 'order', order: next });
    const atEnd = to === 0 || to === order.length - 1;
    focusNext.current = { id: id!, dir: atEnd ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down' };
    setAnnounce(t('quiz.order.moved', { label: labelOf(id!), n: to + 1, total: order.length }));
  };

  useEffect(() => {
    const f = focusNext.current;
    if (!f) return;
    focusNext.current = null;
    buttons.current.get(`${f.id}:${f.dir}`)?.focus();
  });

  return (
    <div className="fl-quiz__order">
      <p className="fl-quiz__hint" id={`${q.id}-order-help`}>
        {t('quiz.order.instructions')}
      </p>
      <ol className="fl-quiz__order-list" aria-describedby={`${q.id}-order-help`}>
        {order.map((id, i) => {
          const label = labelOf(id);
          const mark = st.checked ? (right[i]?.id === id ? 'right' : 'wrong') : undefined;
          return (
            <li key={id} className={`fl-quiz__order-item${mark ? ` fl-quiz__option--${mark}` : ''}`}>
              <span className="fl-quiz__order-n" aria-hidden="true">
                {i + 1}
              </span>
              <span className="fl-quiz__order-label">{label}</span>
              <Mark mark={mark} />
              <span className="fl-quiz__order-buttons">
                <button
                  type="button"
                  className="fl-quiz__icon-btn"
                  ref={(el) => {
                    if (el) buttons.current.set(`${id}:up`, el);
                    else buttons.current.delete(`${id}:up`);
                  }}
                  aria-label={t('quiz.order.upLabel', { label })}
                  title={t('quiz.order.up')}
                  disabled={locked || i === 0}
                  onClick={() => move(i, -1)}
                >
                  <ArrowUp size={16} aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="fl-quiz__icon-btn"
                  ref={(el) => {
                    if (el) buttons.current.set(`${id}:down`, el);
                    else buttons.current.delete(`${id}:down`);
                  }}
                  aria-label={t('quiz.order.downLabel', { label })}
                  title={t('quiz.order.down')}
                  disabled={locked || i === order.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <ArrowDown size={16} aria-hidden="true" />
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <div className="fl-visually-hidden" role="status" aria-live="polite">
        {announce}
      </div>
    </div>
  );
}
