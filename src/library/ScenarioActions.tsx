/**
 * The header's scenario actions: "Library" (browse the built-ins, open your own scenario from a
 * file or pasted JSON) and "Share" (a link to exactly what is on screen, and a download of the
 * scenario). Both dialogs are lazy chunks, fetched when a button is hovered or focused.
 *
 * It also makes the page a drop target for scenario files: drop a `.json` anywhere on this
 * explainer (or on the page around it) to open it. A good file opens at once (announced); a bad one
 * opens the Library with its problems listed next to the file picker, and the scenario on the
 * timeline stays.
 * @module
 */
import { Suspense, useEffect, useRef, useState } from 'react';
import { FileUp, Library, Share2 } from 'lucide-react';
import { useT } from '../i18n';
import { useLabStore } from '../store/context';
import { ChunkBoundary, useRetryableLazy } from '../views/ChunkBoundary';
import '../views/tools-messages'; // its text (catalogue loaded with the secondary controls, issue 7)
import type { FileProblem } from './LibraryDialog';

const loadLibrary = () => import('./LibraryDialog');
const loadShare = () => import('./ShareDialog');

/** True while a drag carries files. */
function hasFiles(e: DragEvent): boolean {
  return Array.from(e.dataTransfer?.types ?? []).includes('Files');
}

/** Whether a drop at `target` belongs to the explainer at `app` (its own area, or the page around every explainer, for the first one). */
function dropIsMine(app: Element | null, target: EventTarget | null): boolean {
  if (!app) return false;
  if (target instanceof Node && app.contains(target)) return true;
  const inSome = target instanceof Element && target.closest('.fl-app') !== null;
  return !inSome && document.querySelector('.fl-app') === app;
}

/** Which of the two buttons to show (`controls=scenarios` / `share` in embeds). */
export interface ScenarioActionsProps {
  /** The Library button and the file drop. Default true. */
  library?: boolean;
  /** The Share button. Default true. */
  share?: boolean;
}

/** The Library and Share buttons, their dialogs, and the file drop. */
export function ScenarioActions({ library = true, share = true }: ScenarioActionsProps) {
  const t = useT();
  const store = useLabStore();
  const own = useRef<HTMLDivElement>(null);
  const libraryButton = useRef<HTMLButtonElement>(null);
  const shareButton = useRef<HTMLButtonElement>(null);
  const [dialog, setDialog] = useState<'library' | 'share' | null>(null);
  const [fileProblem, setFileProblem] = useState<FileProblem | undefined>();
  const [dragging, setDragging] = useState(false);
  const [status, setStatus] = useState('');

  useEffect(() => {
    if (!library) return;
    let hide: ReturnType<typeof setTimeout> | undefined;
    const app = () => own.current?.closest('.fl-app') ?? null;
    const onOver = (e: DragEvent) => {
      if (!hasFiles(e) || !dropIsMine(app(), e.target)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
      setDragging(true);
      // dragover repeats while the pointer is over the page; when it stops, the drag has left.
      clearTimeout(hide);
      hide = setTimeout(() => setDragging(false), 400);
    };
    const onDrop = (e: DragEvent) => {
      if (!hasFiles(e) || !dropIsMine(app(), e.target)) return;
      e.preventDefault();
      clearTimeout(hide);
      setDragging(false);
      const file = e.dataTransfer?.files[0];
      if (!file) return;
      void import('./open').then(async ({ openScenarioFile }) => {
        const r = await openScenarioFile(store, file);
        if (r.ok) {
          setFileProblem(undefined);
          setStatus(t('library.opened', { title: r.title }));
        } else {
          setFileProblem({ name: file.name, issues: r.issues });
          // The last "Opened …" no longer holds (issue 43): the status says this file did not open.
          setStatus(t('library.errors.file', { name: file.name, count: r.issues.length }));
          setDialog('library');
        }
      });
    };
    window.addEventListener('dragover', onOver);
    window.addEventListener('drop', onDrop);
    return () => {
      clearTimeout(hide);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('drop', onDrop);
    };
  }, [store, t, library]);

  const preload = (load: () => Promise<unknown>) => () => void load().catch(() => {});
  // A dialog whose code cannot load (offline): close it and say so in the status line.
  // The dialogs' code, loaded on first use. If it cannot load (offline), the dialog closes, a
  // visible message says so, and the next click tries again (React keeps a failed lazy component
  // failed, so each try gets a fresh one).
  const [loadFailed, setLoadFailed] = useState(false);
  const [LibraryDialog, retryLibrary] = useRetryableLazy(loadLibrary);
  const [ShareDialog, retryShare] = useRetryableLazy(loadShare);
  const failed = () => {
    setDialog(null);
    setLoadFailed(true);
    retryLibrary();
    retryShare();
  };
  const close = (button: HTMLButtonElement | null) => () => {
    setDialog(null);
    button?.focus();
  };

  return (
    <div className="fl-actions" ref={own}>
      {library && (
        <button
          ref={libraryButton}
          type="button"
          className="fl-btn"
          aria-haspopup="dialog"
          onPointerEnter={preload(loadLibrary)}
          onFocus={preload(loadLibrary)}
          onClick={() => {
            setStatus('');
            setLoadFailed(false);
            setDialog('library');
          }}
        >
          <Library size={15} aria-hidden="true" />
          {t('library.button')}
        </button>
      )}
      {share && (
        <button
          ref={shareButton}
          type="button"
          className="fl-btn"
          aria-haspopup="dialog"
          onPointerEnter={preload(loadShare)}
          onFocus={preload(loadShare)}
          onClick={() => {
            setStatus('');
            setLoadFailed(false);
            setDialog('share');
          }}
        >
          <Share2 size={15} aria-hidden="true" />
          {t('share.button')}
        </button>
      )}
      <span className="fl-visually-hidden" role="status">
        {status}
      </span>
      {loadFailed && (
        <span className="fl-actions__error" role="alert">
          {t('app.partFailed')}
        </span>
      )}
      {dragging && (
        <div className="fl-dropzone" aria-hidden="true">
          <FileUp size={28} />
          <span>{t('library.drop')}</span>
        </div>
      )}
      {dialog === 'library' && (
        <ChunkBoundary onError={failed}>
        <Suspense fallback={null}>
          <LibraryDialog
            fileProblem={fileProblem}
            onFileProblem={setFileProblem}
            onOpened={(title) => setStatus(t('library.opened', { title }))}
            onClose={close(libraryButton.current)}
          />
        </Suspense>
        </ChunkBoundary>
      )}
      {dialog === 'share' && (
        <ChunkBoundary onError={failed}>
          <Suspense fallback={null}>
            <ShareDialog onClose={close(shareButton.current)} />
          </Suspense>
        </ChunkBoundary>
      )}
    </div>
  );
}
