/**
 * The single file's Embed dialog (issue 16): the one-file copy lives on the reader's disk or in an
 * LMS package, and a course page cannot frame a `file://` address, so instead of a snippet that
 * would not work it says how to embed (the hosted app, or the SCORM / cmi5 package). Same props
 * and focus behaviour as `EmbedDialog.tsx` (a native modal `<dialog>`, Esc closes, focus returns).
 * @module
 */
import { useEffect, useId, useRef } from 'react';
import './dialog.css';
import { useT } from '../i18n';
import { placeInView } from './placeInView';
import type { EmbedDialogProps } from './EmbedDialog';
import '../views/tools-messages';

/** The note (default export, for `React.lazy`). */
export default function EmbedNote({ open, onClose }: EmbedDialogProps) {
  const t = useT();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal?.();
      placeInView(d);
    }
    else if (!open && d.open) d.close?.();
  }, [open]);
  useEffect(() => {
    const d = dialog.current;
    d?.addEventListener('close', onClose);
    return () => d?.removeEventListener('close', onClose);
  }, [onClose]);
  return (
    <dialog ref={dialog} className="fl-dialog" aria-labelledby={`${id}-t`} aria-describedby={`${id}-d`}>
      <h2 id={`${id}-t`} className="fl-dialog__title">
        {t('embed.dialog.title')}
      </h2>
      <p id={`${id}-d`} className="fl-dialog__intro">
        {t('embed.single.text')}
      </p>
      <div className="fl-dialog__actions">
        <button type="button" className="fl-btn" onClick={onClose}>
          {t('embed.dialog.close')}
        </button>
      </div>
    </dialog>
  );
}
