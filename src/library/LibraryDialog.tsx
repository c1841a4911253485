/**
 * The scenario library: every built-in scenario with its title, summary and the real systems it
 * maps onto, and "your own scenario": open a `.json` file or paste a document. Invalid input is
 * listed next to the field it came from, each problem with its field path, and the scenario on the
 * timeline stays. Loaded lazily (default export, for `React.lazy`).
 * @module
 */
import { Suspense, lazy, useId, useMemo, useRef, useState } from 'react';
import { BookOpen, ClipboardPaste, FileJson, FileUp, Server } from 'lucide-react';
import { normalizeScenario } from '../model/scenario';
import { RECORDED_ETCD_VERSION, RECORDINGS } from '../recordings';
import './library.css';
import { useT } from '../i18n';
import type { ScenarioIssue } from '../model/scenario';
import { findRealSystem, realSystemIdsFor } from '../realsystems';
import { BUILT_IN_SCENARIOS } from '../scenarios';
import { BUILT_IN_SUMMARIES } from '../scenarios/summaries';
import { useLab, useLabStore } from '../store/context';
import { Dialog } from './Dialog';
import { IssueList } from './IssueList';
import { openScenarioFile, openScenarioText } from './open';
import { scenarioFileText } from './scenario-file';
import '../views/tools-messages'; // its text (catalogue loaded with the secondary controls, issue 7)

/**
 * A recording of a real etcd run and its simulation: loaded only when one is opened (issue 17).
 * Not in the one-file build (nor the LMS packages made from it): the recordings stay with the hosted
 * app, and the Library says so there (issue 42, item 8).
 */
const RecordingView = import.meta.env.FENCING_LAB_SINGLE_FILE ? undefined : lazy(() => import('../recordings/RecordingView'));

/**
 * A file that could not be opened, shown in the Library. Here, with the dialog that lists it, and
 * not in `ScenarioActions.tsx` (which keeps it in its state): that module loads this one.
 */
export interface FileProblem {
  /** The file's name, as the picker or the drop gave it. */
  name: string;
  /** Why it could not be opened (each problem named by its field path). */
  issues: ScenarioIssue[];
}

/** Props of the dialog. */
export interface LibraryDialogProps {
  /** A file that could not be opened (from a drop or the picker), listed by the file picker. */
  fileProblem?: FileProblem | undefined;
  /** Reports a file that could not be opened, or `undefined` once one opened. */
  onFileProblem: (problem: FileProblem | undefined) => void;
  /** Called with the title of a scenario just opened (the dialog then closes). */
  onOpened: (title: string) => void;
  onClose: () => void;
}

/** The library dialog (default export, for `React.lazy`). */
export default function LibraryDialog({ fileProblem, onFileProblem, onOpened, onClose }: LibraryDialogProps) {
  const t = useT();
  const id = useId();
  const store = useLabStore();
  const baseId = useLab((s) => s.baseId);
  const current = useRef<HTMLButtonElement>(null);
  const fileButton = useRef<HTMLButtonElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [pasteIssues, setPasteIssues] = useState<ScenarioIssue[] | undefined>();
  const [loading, setLoading] = useState<string | undefined>();
  const [loadFailed, setLoadFailed] = useState<string | undefined>();
  const [recording, setRecording] = useState<string | undefined>();

  const systems = useMemo(
    () =>
      new Map(
        BUILT_IN_SCENARIOS.map((s) => [
          s.id,
          realSystemIdsFor(s.id)
            .map((r) => findRealSystem(r)?.title)
            .filter((x): x is string => Boolean(x)),
        ]),
      ),
    [],
  );

  const opened = (title: string) => {
    onOpened(title);
    onClose();
  };

  const pick = (scenarioId: string, title: string) => {
    setLoading(scenarioId);
    setLoadFailed(undefined);
    store
      .getState()
      .openBuiltIn(scenarioId)
      .then(
        () => opened(title),
        () => {
          setLoading(undefined);
          setLoadFailed(scenarioId);
        },
      );
  };

  const openFile = async (file: File) => {
    const r = await openScenarioFile(store, file);
    if (r.ok) {
      onFileProblem(undefined);
      opened(r.title);
    } else {
      onFileProblem({ name: file.name, issues: r.issues });
      fileButton.current?.focus();
    }
  };

  const openPasted = async () => {
    const r = await openScenarioText(store, text);
    if (r.ok) {
      setPasteIssues(undefined);
      opened(r.title);
    } else setPasteIssues(r.issues);
  };

  if (recording && RecordingView) {
    return (
      <Dialog title={t('library.title')} closeLabel={t('library.close')} onClose={onClose} className="fl-modal--wide">
        <Suspense fallback={<p className="fl-hint-text">Loading the recording…</p>}>
          <RecordingView
            id={recording}
            onBack={() => setRecording(undefined)}
            onOpenReplay={(rec) => {
              store.getState().openScenario(normalizeScenario(rec.replay));
              opened(rec.replay.title);
            }}
          />
        </Suspense>
      </Dialog>
    );
  }

  return (
    <Dialog title={t('library.title')} closeLabel={t('library.close')} onClose={onClose} initialFocus={fileProblem ? fileButton : current} className="fl-modal--wide">
      <p className="fl-modal__intro">{t('library.intro')}</p>

      <section aria-labelledby={`${id}-builtin`} className="fl-lib__section">
        <h3 id={`${id}-builtin`} className="fl-lib__heading">
          <BookOpen size={16} aria-hidden="true" />
          {t('library.builtIn')}
        </h3>
        <ol className="fl-lib__list">
          {BUILT_IN_SCENARIOS.map((s) => {
            const isCurrent = s.id === baseId;
            const real = systems.get(s.id) ?? [];
            return (
              <li key={s.id}>
                <button
                  ref={isCurrent || (baseId === null && s === BUILT_IN_SCENARIOS[0]) ? current : undefined}
                  type="button"
                  className={isCurrent ? 'fl-libitem is-current' : 'fl-libitem'}
                  aria-current={isCurrent ? 'true' : undefined}
                  aria-labelledby={`${id}-${s.id}-t`}
                  aria-describedby={`${id}-${s.id}-s ${real.length > 0 ? `${id}-${s.id}-r` : ''}`.trim()}
                  aria-busy={loading === s.id ? true : undefined}
                  onClick={() => pick(s.id, s.title)}
                >
                  <span className="fl-libitem__top">
                    <span id={`${id}-${s.id}-t`} className="fl-libitem__title">
                      {s.title}
                    </span>
                    {isCurrent && <span className="fl-libitem__badge">{t('library.current')}</span>}
                  </span>
                  <span id={`${id}-${s.id}-s`} className="fl-libitem__summary">
                    {BUILT_IN_SUMMARIES[s.id]}
                  </span>
                  {real.length > 0 && (
                    <span id={`${id}-${s.id}-r`} className="fl-libitem__systems">
                      {t('library.realSystems', { list: real.join(', ') })}
                    </span>
                  )}
                  {loadFailed === s.id && <span className="fl-field-error">{t('library.loadFailed')}</span>}
                </button>
              </li>
            );
          })}
        </ol>
      </section>

      <section aria-labelledby={`${id}-etcd`} className="fl-lib__section">
        <h3 id={`${id}-etcd`} className="fl-lib__heading">
          <Server size={16} aria-hidden="true" />
          Recorded on etcd {RECORDED_ETCD_VERSION}
        </h3>
        <p className="fl-hint-text">Real runs on a real etcd, drawn on the same timeline beside the etcd-flavoured simulation of the same scenario.</p>
        {RecordingView ? (
          <ol className="fl-lib__list">
            {RECORDINGS.map((r) => (
              <li key={r.id}>
                <button type="button" className="fl-libitem" aria-labelledby={`${id}-rec-${r.id}-t`} aria-describedby={`${id}-rec-${r.id}-s`} onClick={() => setRecording(r.id)}>
                  <span className="fl-libitem__top">
                    <span id={`${id}-rec-${r.id}-t`} className="fl-libitem__title">
                      {r.title}
                    </span>
                  </span>
                  <span id={`${id}-rec-${r.id}-s`} className="fl-libitem__summary">
                    {r.summary}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        ) : (
          <p className="fl-hint-text fl-lib__hosted-only">This one-file copy leaves the recordings out: open the hosted Fencing Lab to see them.</p>
        )}
      </section>

      <section aria-labelledby={`${id}-own`} className="fl-lib__section">
        <h3 id={`${id}-own`} className="fl-lib__heading">
          <FileJson size={16} aria-hidden="true" />
          {t('library.own')}
        </h3>
        <p className="fl-hint-text">{t('library.own.intro')}</p>
        <div className="fl-lib__file">
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            hidden
            tabIndex={-1}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file) void openFile(file);
            }}
          />
          <button
            ref={fileButton}
            type="button"
            className="fl-btn fl-btn--fit"
            aria-describedby={fileProblem ? `${id}-file-issues` : undefined}
            onClick={() => fileInput.current?.click()}
          >
            <FileUp size={15} aria-hidden="true" />
            {t('library.file')}
          </button>
          <span className="fl-hint-text">{t('library.file.drop')}</span>
        </div>
        {fileProblem && (
          <IssueList id={`${id}-file-issues`} summary={t('library.errors.file', { name: fileProblem.name, count: fileProblem.issues.length })} issues={fileProblem.issues} />
        )}

        <label htmlFor={`${id}-paste`} className="fl-field__label fl-lib__label">
          {t('library.paste')}
        </label>
        <textarea
          id={`${id}-paste`}
          className="fl-lib__paste"
          rows={8}
          spellCheck={false}
          value={text}
          aria-invalid={pasteIssues ? true : undefined}
          aria-describedby={pasteIssues ? `${id}-paste-issues` : undefined}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        {pasteIssues && (
          <IssueList id={`${id}-paste-issues`} summary={t('library.errors.pasted', { count: pasteIssues.length })} issues={pasteIssues} />
        )}
        <div className="fl-lib__buttons">
          <button type="button" className="fl-btn fl-btn--fit fl-btn--primary" onClick={() => void openPasted()}>
            <ClipboardPaste size={15} aria-hidden="true" />
            {t('library.paste.open')}
          </button>
          <button
            type="button"
            className="fl-btn fl-btn--fit fl-btn--ghost"
            onClick={() => {
              setText(scenarioFileText(store.getState().scenario));
              setPasteIssues(undefined);
            }}
          >
            {t('library.paste.current')}
          </button>
        </div>
      </section>
    </Dialog>
  );
}
