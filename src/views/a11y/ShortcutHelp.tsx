/**
 * The keyboard shortcuts, in a modal dialog opened with `?` (or the toolbar's keyboard button). A
 * native `<dialog>` shown with `showModal()`: focus moves into it and stays there, the page behind
 * is inert, Esc closes it, and focus returns to where it was.
 * @module
 */
import { useEffect, useId, useRef } from 'react';
import { placeInView } from '../../embed/placeInView';
import { X } from 'lucide-react';
import { useT, type MessageKey } from '../../i18n';
import '../tools-messages'; // its text (catalogue loaded with the secondary controls, issue 7)

const ROWS: readonly [MessageKey, MessageKey][] = [
  ['shortcuts.space', 'shortcuts.play'],
  ['shortcuts.enter', 'shortcuts.continue'],
  ['shortcuts.arrows', 'shortcuts.step'],
  ['shortcuts.homeEnd', 'shortcuts.jump'],
  ['shortcuts.p', 'shortcuts.present'],
  ['shortcuts.question', 'shortcuts.help'],
  ['shortcuts.esc', 'shortcuts.escape'],
  ['shortcuts.tab', 'shortcuts.move'],
];

/** The dialog; rendered while `open`. `onClose` is called on Esc, the close button or a backdrop click. */
export function ShortcutHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') {
        dialog.showModal();
        // In an embed, where the reader can see it (issue 16).
        placeInView(dialog);
      }
      else dialog.setAttribute('open', '');
    }
    return () => {
      if (dialog.open) dialog.close();
      // Back to where the reader was (the button that opened it, or the page for the `?` key).
      if (before?.isConnected) before.focus();
    };
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="fl-dialog fl-shortcuts"
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="fl-dialog__body">
        <header className="fl-dialog__head">
          <h2 id={`${id}-title`} className="fl-dialog__title">
            {t('shortcuts.title')}
          </h2>
          <button type="button" className="fl-icon-btn" onClick={onClose} aria-label={t('shortcuts.close')} autoFocus>
            <X size={18} aria-hidden="true" />
          </button>
        </header>
        <table className="fl-shortcuts__table">
          <thead>
            <tr>
              <th scope="col">{t('shortcuts.key')}</th>
              <th scope="col">{t('shortcuts.action')}</th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map(([key, action]) => (
              <tr key={key}>
                <td>
                  <kbd>{t(key)}</kbd>
                </td>
                <td>{t(action)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="fl-muted fl-small">{t('shortcuts.note')}</p>
      </div>
    </dialog>
  );
}
