/**
 * The header's one "Tools" button (issue 40, item 4): a disclosure whose panel holds the tools a
 * newcomer does not need before the story (Library, Share, Embed, the colour theme, export as SVG or
 * PNG, presenter mode and the keyboard shortcuts), so the header shows the title, the scenario
 * picker, the token check and this one button.
 *
 * Keyboard: Enter or Space on the button opens or closes the panel, ArrowDown on it opens the panel
 * at its first control; inside, ArrowDown / ArrowUp move between its controls (the theme's radios
 * keep their own arrows), Esc closes it and focus returns to the button. A click outside closes it
 * too. The panel stays mounted while closed (unseen: `visibility: hidden` in `tools.css`, so neither
 * focus, pointer nor screen reader reaches its buttons), and what its tools show on their own still
 * shows: the Library's dialog when a file dropped on the page cannot be opened, the drop zone while a
 * file is dragged over the page, the Share and export messages. Loaded with the header's later parts
 * (`views/later.tsx`); its styles are `tools.css`, out of the first render.
 * @module
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { useT } from '../../i18n';
import { Toolbar } from './Toolbar';
import '../tools-messages';
import './tools.css';

/** The controls the arrow keys move between: buttons, links and the checked theme radio. */
const ITEMS = 'button:not(:disabled), a[href], input[type="radio"]:checked';

/** The Tools button and its panel; `children` are the panel's first row (Library, Share, Embed). */
export function ToolsMenu({ children }: { children?: ReactNode }) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onDown = (e: PointerEvent) => {
      const target = e.target instanceof Node ? e.target : null;
      if (!target || button.current?.contains(target) || panel.current?.contains(target)) return;
      // A tool's dialog (portalled or modal) is part of the panel's work: a click there keeps it open.
      if (target instanceof Element && target.closest('dialog, [role="dialog"]')) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus({ preventScroll: true });
  };

  const onPanelKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    // Keys inside a tool's dialog are the dialog's.
    if (target.closest('dialog, [role="dialog"]')) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    // The theme's radios move between themselves with the arrows (native).
    if (target instanceof HTMLInputElement && target.type === 'radio') return;
    const items = [...(panel.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
    const at = items.indexOf(target);
    const next = items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length];
    if (!next) return;
    e.preventDefault();
    next.focus({ preventScroll: true });
  };

  return (
    <div className="fl-tools">
      <button
        ref={button}
        type="button"
        className="fl-btn fl-tools__btn"
        aria-expanded={open}
        aria-controls={id}
        data-fl-present-toggle=""
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            // Once the panel shows (the render a frame away), its first tool takes focus.
            requestAnimationFrame(() => panel.current?.querySelector<HTMLElement>(ITEMS)?.focus({ preventScroll: true }));
          } else if (e.key === 'Escape' && open) {
            e.preventDefault();
            e.stopPropagation();
            setOpen(false);
          }
        }}
      >
        {t('tools.button')}
        <ChevronDown size={15} aria-hidden="true" className="fl-tools__chev" />
      </button>
      <div id={id} ref={panel} className={open ? 'fl-tools__panel' : 'fl-tools__panel is-closed'} role="group" aria-label={t('tools.button')} onKeyDown={onPanelKey}>
        {children}
        <Toolbar />
      </div>
    </div>
  );
}
