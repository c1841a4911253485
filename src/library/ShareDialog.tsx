/**
 * The Share dialog: a link that reproduces exactly what is on screen (scenario, interventions,
 * moment), copied to the clipboard as the dialog opens and shown in a text field to copy by hand;
 * and a download of the scenario with the interventions merged into its faults, as a `.json` file
 * named after its title. Loaded lazily (default export, for `React.lazy`).
 * @module
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Copy, Download } from 'lucide-react';
import './library.css';
import { copyText, type CopyResult } from '../embed/safe';
import { useT, type MessageKey } from '../i18n';
import { useLab, useLabStore } from '../store/context';
import { seconds } from '../store/derive';
import { Dialog } from './Dialog';
import { downloadText, scenarioFileName, scenarioFileText } from './scenario-file';
import { shareUrlFor } from './share-link';
import '../views/tools-messages'; // its text (catalogue loaded with the secondary controls, issue 7)

const COPY_KEY: Record<CopyResult, MessageKey> = { copied: 'share.copied', selected: 'share.selected', failed: 'share.copyFailed' };

function currentHref(): string {
  try {
    return window.location.href;
  } catch {
    return '';
  }
}

/** Props of the dialog. */
export interface ShareDialogProps {
  onClose: () => void;
  /** The page URL the link is built on (default `location.href`). */
  pageHref?: string;
}

/** The Share dialog (default export, for `React.lazy`). */
export default function ShareDialog({ onClose, pageHref }: ShareDialogProps) {
  const t = useT();
  const id = useId();
  const store = useLabStore();
  const field = useRef<HTMLInputElement>(null);
  const baseId = useLab((s) => s.baseId);
  const changed = useLab((s) => s.interventions.length > 0);
  const title = useLab((s) => s.scenario.title);
  const scenario = useLab((s) => s.scenario);
  // What is on screen when the dialog opens: the link does not follow later changes.
  const [url] = useState(() => shareUrlFor(pageHref ?? currentHref(), store.getState()));
  const [atMs] = useState(() => Math.round(store.getState().playheadMs));
  const [copied, setCopied] = useState<CopyResult | undefined>();
  const [download, setDownload] = useState<string | undefined>();
  const fileName = useMemo(() => scenarioFileName(title), [title]);

  const copy = () => {
    if (url) void copyText(url, field.current).then(setCopied);
  };
  useEffect(() => {
    // "Share" copies at once; the field shows the link either way.
    copy();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const intro = baseId === null ? 'share.intro.custom' : changed ? 'share.intro.changed' : 'share.intro.builtin';
  return (
    <Dialog title={t('share.title')} closeLabel={t('share.close')} onClose={onClose} initialFocus={field}>
      {url ? (
        <>
          <p className="fl-modal__intro">{t(intro, { title, at: seconds(atMs) })}</p>
          <label htmlFor={`${id}-link`} className="fl-field__label">
            {t('share.link')}
          </label>
          <div className="fl-share__row">
            <input
              ref={field}
              id={`${id}-link`}
              className="fl-share__link"
              type="text"
              readOnly
              value={url}
              spellCheck={false}
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" className="fl-btn fl-btn--fit fl-btn--primary" onClick={copy}>
              <Copy size={15} aria-hidden="true" />
              {t('share.copy')}
            </button>
          </div>
          <p className="fl-share__status" role="status">
            {copied ? t(COPY_KEY[copied]) : ''}
          </p>
        </>
      ) : (
        <p className="fl-field-error" role="alert">
          {t('share.tooLong')}
        </p>
      )}
      <h3 className="fl-lib__heading">{t('share.file')}</h3>
      <p className="fl-hint-text">{t('share.file.intro')}</p>
      <button
        type="button"
        className="fl-btn fl-btn--fit"
        onClick={() => setDownload(downloadText(fileName, scenarioFileText(scenario)) ? t('share.downloaded', { file: fileName }) : t('share.downloadFailed'))}
      >
        <Download size={15} aria-hidden="true" />
        {t('share.download', { file: fileName })}
      </button>
      <p className="fl-share__status" role="status">
        {download ?? ''}
      </p>
    </Dialog>
  );
}
