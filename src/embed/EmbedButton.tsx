/**
 * The "Embed" button (control group `share`): opens the Embed dialog, whose code is loaded only
 * when first wanted (hovering or focusing the button starts the download early). When the dialog
 * closes, focus returns to the button.
 * @module
 */
import { Suspense, useCallback, useRef, useState } from 'react';
import { CodeXml } from 'lucide-react';
import { useT } from '../i18n';
import { ChunkBoundary, useRetryableLazy } from '../views/ChunkBoundary';
import '../views/tools-messages'; // its text (catalogue loaded with the secondary controls, issue 7)

// Not shown in the single file (and the LMS package): a page cannot frame a file from the reader's
// disk, so there is no snippet to offer (issue 16; the README says how to embed).
const load = () => import('./EmbedDialog');

/** The button and, once used, its dialog. */
export function EmbedButton() {
  const t = useT();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  // A fresh lazy component after a failed load (offline), so the next click tries again.
  const [EmbedDialog, retry] = useRetryableLazy(load);
  const preload = () => {
    void load().catch(() => {});
  };
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="fl-btn fl-embed-btn"
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <CodeXml size={15} aria-hidden="true" />
        {t('embed.button')}
      </button>
      {wanted && (
        <ChunkBoundary
          onError={() => {
            // Its code could not load (offline): back to the button, ready to try again.
            setWanted(false);
            setOpen(false);
            retry();
          }}
        >
          <Suspense fallback={null}>
            <EmbedDialog open={open} onClose={close} />
          </Suspense>
        </ChunkBoundary>
      )}
    </>
  );
}
