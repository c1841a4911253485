/**
 * A glossary term keeps the quotes and brackets that touch it on its line: the term is a button
 * (an atomic inline box), so a line could otherwise break between “ and the term, leaving the
 * quote alone at a line's end (seen on a 360 px phone in the quiz's prompts).
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GlossaryText, gluedToTerms } from '../../src/glossary/Glossary';
import { markTerms } from '../../src/glossary/terms';

describe('glossary terms and the punctuation around them', () => {
  it('moves an opening quote before a term and the closing punctuation after it into the term', () => {
    const pieces = gluedToTerms(markTerms('It sends its “late write”, too.'));
    expect(pieces).toHaveLength(3);
    expect(pieces[0]).toBe('It sends its ');
    expect(pieces[1]).toMatchObject({ text: 'late write', before: '“', after: '”,' });
    expect(pieces[2]).toBe(' too.');
  });

  it('leaves a term with spaces around it, and text with no terms, as they were', () => {
    const pieces = gluedToTerms(markTerms('the lease service counts'));
    expect(pieces).toEqual(['the ', expect.objectContaining({ text: 'lease service', before: '', after: '' }), ' counts']);
    expect(gluedToTerms(markTerms('nothing to mark here'))).toEqual(['nothing to mark here']);
  });

  it('keeps the words of the text, in order, and wraps a glued term and its quotes in one unbreakable box', () => {
    const text = '(“late write”) and a lease.';
    const { container } = render(<GlossaryText text={text} />);
    // The words as read (the closed definitions, role=note, are not part of the running text).
    const shown = (el: Element): string => {
      const copy = el.cloneNode(true) as Element;
      for (const note of copy.querySelectorAll('[role="note"]')) note.remove();
      return copy.textContent ?? '';
    };
    expect(shown(container)).toBe(text);
    const glue = container.querySelectorAll('.fl-term-glue');
    expect(glue).toHaveLength(2);
    expect(shown(glue[0]!)).toBe('(“late write”)');
    expect(glue[0]!.querySelector('button')?.textContent).toBe('late write');
    expect(shown(glue[1]!)).toBe('lease.');
  });
});
