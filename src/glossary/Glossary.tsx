/**
 * Glossary terms in running text (issue 14, item 1): the first time a term appears it is a small
 * button; pressing it opens its plain definition and source beside it (a non-modal popover). The
 * button says whether it is open (`aria-expanded`) and controls the definition; Esc or a press
 * elsewhere closes it, and Esc gives focus back to the term. Definitions: `terms.ts`.
 * @module
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { markTerms, termIdsIn, type Piece, type Term } from './terms';
import './glossary.css';

/** One term: its words as a button, and its definition when open. */
export function TermButton({ term, children }: { term: Term; children: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLSpanElement>(null);
  const pop = useRef<HTMLSpanElement>(null);
  // Keep the open definition inside what the reader can see: shift it left when it would run past
  // the right edge of the viewport or of the nearest box that clips its content.
  useLayoutEffect(() => {
    const el = pop.current;
    if (!open || !el) return;
    el.style.left = '';
    let right = document.documentElement.clientWidth;
    for (let p = el.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p);
      if (o.overflowX !== 'visible' || o.overflowY !== 'visible') {
        right = Math.min(right, p.getBoundingClientRect().right);
        break;
      }
    }
    const r = el.getBoundingClientRect();
    const over = r.right - (right - 8);
    if (over > 0) el.style.left = `${-Math.min(over, Math.max(0, r.left - 8))}px`;
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    const onDown = (e: PointerEvent) => {
      if (e.target instanceof Node && !box.current?.contains(e.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open]);
  return (
    <span className="fl-term" ref={box}>
      <button
        ref={button}
        type="button"
        className="fl-term__btn"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {children}
      </button>
      <span ref={pop} id={id} role="note" className="fl-term__pop" hidden={!open} aria-label={`Definition: ${term.label}`}>
        <strong className="fl-term__label">{term.label}</strong> {term.definition}
        <span className="fl-term__source">Source: {term.source}</span>
      </span>
    </span>
  );
}

/**
 * Text with the first occurrence of each glossary term made a {@link TermButton}.
 * @param seen ids of terms already defined elsewhere in the same view (not marked again here)
 */
export function GlossaryText({ text, seen }: { text: string; seen?: readonly string[] }) {
  const pieces = useMemo(() => gluedToTerms(markTerms(text, new Set(seen))), [text, seen]);
  return (
    <>
      {pieces.map((p, i) =>
        typeof p === 'string' ? (
          p
        ) : (
          // The quotes or brackets around a term stay on its line (no “ alone at a line's end).
          <span key={i} className={p.before || p.after ? 'fl-term-glue' : undefined}>
            {p.before}
            <TermButton term={p.term}>{p.text}</TermButton>
            {p.after}
          </span>
        ),
      )}
    </>
  );
}

/** A term piece with the punctuation that touches it on each side ('' where none). */
export type GluedPiece = string | { term: Term; text: string; before: string; after: string };

/**
 * `pieces` with an opening quote or bracket right before each term, and closing punctuation right
 * after it, moved from the plain text into the term's piece, so that they break with it, not apart.
 */
export function gluedToTerms(pieces: readonly Piece[]): GluedPiece[] {
  const rest = [...pieces];
  const out: GluedPiece[] = [];
  for (let i = 0; i < rest.length; i++) {
    const p = rest[i]!;
    if (typeof p === 'string') {
      out.push(p);
      continue;
    }
    const prev = out.at(-1);
    const before = typeof prev === 'string' ? (/[“‘„«(\["']+$/.exec(prev)?.[0] ?? '') : '';
    if (before) out[out.length - 1] = (prev as string).slice(0, -before.length);
    const next = rest[i + 1];
    const after = typeof next === 'string' ? (/^[”’»)\]"'.,;:!?]+/.exec(next)?.[0] ?? '') : '';
    if (after) rest[i + 1] = (next as string).slice(after.length);
    out.push({ ...p, before, after });
  }
  return out.filter((p) => p !== '');
}

/**
 * {@link GlossaryText} for text that follows `before` on the same page (e.g. a quiz question's
 * explanation after its prompt): terms that `before` already defines are not marked again.
 */
export function GlossaryAfter({ text, before }: { text: string; before: readonly string[] }) {
  const key = before.join('\n');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `before`
  const seen = useMemo(() => termIdsIn(before), [key]);
  return <GlossaryText text={text} seen={seen} />;
}
