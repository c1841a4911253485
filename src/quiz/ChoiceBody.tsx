/**
 * The options of a multiple-choice question: real radio buttons (single choice) or checkboxes
 * (multi-select), each with its own `<label>`, inside the question's `<fieldset>`. After Check
 * the chosen options are marked right or wrong (icon and word, never colour alone); Show solution
 * marks the correct ones.
 * @module
 */
import { useId } from 'react';
import { Check, X } from 'lucide-react';
import type { ChoiceQuestion, Response } from './types';
import type { QuestionState } from './progress';
import { useQuizT } from './messages';

/** Props of a question body. */
export interface BodyProps<Q> {
  q: Q;
  st: QuestionState;
  /** Records a new answer (ignored by the reducer once checked). */
  answer(r: Response): void;
  /** Checked or solution shown: inputs are disabled until Retry. */
  locked: boolean;
}

/** The mark an option gets after Check or Show solution. */
export type OptionMark = 'right' | 'wrong' | 'solution' | undefined;

/** How an option is marked: chosen options after Check; the correct ones once the solution is shown. */
export function optionMark(correct: boolean, chosen: boolean, st: QuestionState): OptionMark {
  if (st.checked && chosen) return correct ? 'right' : 'wrong';
  if (st.revealed && correct) return 'solution';
  return undefined;
}

/** A visible mark with its words for screen readers. */
export function Mark({ mark }: { mark: OptionMark }) {
  const t = useQuizT();
  if (!mark) return null;
  const words = mark === 'right' ? t('quiz.mark.right') : mark === 'wrong' ? t('quiz.mark.wrong') : t('quiz.mark.correctOption');
  return (
    <span className={`fl-quiz__mark fl-quiz__mark--${mark}`}>
      {mark === 'wrong' ? <X size={16} aria-hidden="true" /> : <Check size={16} aria-hidden="true" />}
      <span>{words}</span>
    </span>
  );
}

/** The options of a choice question. */
export function ChoiceBody({ q, st, answer, locked }: BodyProps<ChoiceQuestion>) {
  const uid = useId();
  const selected = st.response?.kind === 'choice' ? st.response.selected : [];
  const type = q.multiple ? 'checkbox' : 'radio';
  const choose = (id: string, on: boolean) => {
    if (locked) return;
    const set = new Set(q.multiple ? selected : []);
    if (on) set.add(id);
    else set.delete(id);
    // Keep the options' own order, so the xAPI response is stable.
    answer({ kind: 'choice', selected: q.options.filter((o) => set.has(o.id)).map((o) => o.id) });
  };
  return (
    <div className="fl-quiz__options">
      {q.options.map((o) => {
        const id = `${uid}-${o.id}`;
        const chosen = selected.includes(o.id);
        const mark = optionMark(o.correct, chosen, st);
        return (
          <div key={o.id} className={`fl-quiz__option${mark ? ` fl-quiz__option--${mark}` : ''}`}>
            <input
              type={type}
              id={id}
              name={`${uid}-choice`}
              value={o.id}
              checked={chosen}
              disabled={locked}
              onChange={(e) => choose(o.id, e.currentTarget.checked)}
            />
            <label htmlFor={id}>{o.text}</label>
            <Mark mark={mark} />
          </div>
        );
      })}
    </div>
  );
}
