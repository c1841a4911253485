/**
 * A modal dialog on the native `<dialog>` element (`showModal()`): the rest of the page is inert
 * while it is open, so focus stays inside; Esc closes it; a click on the backdrop closes it too.
 * Keys pressed inside do not reach the explainer's shortcuts (Space, arrows). The caller returns
 * focus to the opener in `onClose`. Where `showModal` is missing (jsdom) it falls back to the
 * `open` attribute and handles Esc itself.
 * @module
 */
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { placeInView } from '../embed/placeInView';
import { X } from 'lucide-react';

/** Props of {@link Dialog}. */
export interface DialogProps {
  /** The heading (also the dialog's accessible name). */
  title: string;
  /** Called once when the dialog closes (Esc, the close button, the backdrop). */
  onClose: () => void;
  /** The close button's accessible name. */
  closeLabel: string;
  /** What gets focus when the dialog opens (default: the first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Extra class, e.g. for width. */
  className?: string;
  children: ReactNode;
}

/** A modal dialog, open while mounted. */
export function Dialog({ title, onClose, closeLabel, initialFocus, className, children }: DialogProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (!d.open) {
      if (typeof d.showModal === 'function') {
        d.showModal();
        // In an embed, where the reader can see it (issue 16).
        placeInView(d);
      }
      else d.setAttribute('open', '');
    }
    initialFocus?.current?.focus();
    const closed = () => closeRef.current();
    d.addEventListener('close', closed);
    // Unmounting removes the element, which takes it out of the top layer: nothing to close here
    // (closing would queue a `close` event, which React's StrictMode re-run would then receive).
    return () => d.removeEventListener('close', closed);
    // Opened once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const close = () => {
    const d = ref.current;
    if (d && typeof d.close === 'function' && d.open) d.close();
    else closeRef.current();
  };

  return (
    <dialog
      ref={ref}
      className={className ? `fl-modal ${className}` : 'fl-modal'}
      aria-labelledby={`${id}-title`}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Escape' && typeof ref.current?.showModal !== 'function') closeRef.current();
      }}
      onMouseDown={(e) => {
        // A press on the backdrop lands on the <dialog> itself, outside its box.
        if (e.target !== ref.current) return;
        const r = ref.current.getBoundingClientRect();
        const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
        if (!inside && r.width > 0) close();
      }}
    >
      <div className="fl-modal__head">
        <h2 id={`${id}-title`} className="fl-modal__title">
          {title}
        </h2>
        <button type="button" className="fl-icon-btn fl-modal__close" onClick={close} aria-label={closeLabel} title={closeLabel}>
          <X size={18} aria-hidden="true" />
        </button>
      </div>
      {children}
    </dialog>
  );
}
