/**
 * Glossary terms in running text (issue 14, item 1): the first time a term appears it is a small
 * button; pressing it opens its plain definition and source beside it (a non-modal popover). The
 * button says whether it is open (`aria-expanded`) and controls the definition; Esc or a press
 * elsewhere closes it, and Esc gives focus back to the term. Definitions: `terms.ts`.
 * @module
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { markTerms, type Term } from './terms';
import './glossary.css';

/** One term: its words as a button, and its definition when open. */
export function TermButton({ term, children }: { term: Term; children: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLSpanElement>(null);
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
      <span id={id} role="note" className="fl-term__pop" hidden={!open} aria-label={`Definition: ${term.label}`}>
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
  const pieces = useMemo(() => markTerms(text, new Set(seen)), [text, seen]);
  return (
    <>
      {pieces.map((p, i) =>
        typeof p === 'string' ? (
          p
        ) : (
          <TermButton key={i} term={p.term}>
            {p.text}
          </TermButton>
        ),
      )}
    </>
  );
}
