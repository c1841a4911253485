/**
 * The Embed dialog: builds the HTML that puts the current scenario, at the current moment, into a
 * course page (an `<iframe>` plus the resize script; see `snippet.ts`), with options for what the
 * embed shows (view, theme, controls, autoplay, embed id), and copies it.
 *
 * A native modal `<dialog>` (`showModal()`): the rest of the page is inert while it is open, so
 * focus stays inside; Esc closes it; the opener gets focus back (`EmbedButton.tsx` does that in
 * `onClose`). "Copied" is announced in a polite live region. Loaded lazily (default export, for
 * `React.lazy`): none of this is in the first render.
 * @module
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { placeInView } from './placeInView';
import './dialog.css';
import { Check, Copy, X } from 'lucide-react';
import { useT, type MessageKey } from '../i18n';
import { useLab } from '../store/context';
import { seconds } from '../store/derive';
import { CONTROL_NAMES, type ControlName } from './params';
import { copyText, type CopyResult } from './safe';
import { DEFAULT_EMBED_OPTIONS, DEFAULT_EMBED_QUIZ, embedSnippet, embedUrl, isValidInstance, type EmbedOptions, type EmbedQuizOptions } from './snippet';
import { useCurrentLink } from './useCurrentLink';
import '../views/tools-messages'; // its text (catalogue loaded with the secondary controls, issue 7)
import { addCatalogue, addCatalogueLoader } from '../i18n';
import { embedEn } from './locales/en';

// The dialog's own text comes with it (not in the single file, whose Embed shows a note).
addCatalogue('en', embedEn);
addCatalogueLoader('de', () => import('./locales/de').then((m) => m.embedDe));

/** Props of the dialog. */
export interface EmbedDialogProps {
  /** Whether the dialog is shown (modal). */
  open: boolean;
  /** Called when the dialog closes (Esc, the Close button); the caller moves focus back. */
  onClose: () => void;
  /** The deployed page (default `location.href`): the snippet points here. */
  pageHref?: string;
}

const VIEWS: readonly EmbedOptions['view'][] = ['timeline', 'quiz', 'both'];
const THEMES: readonly EmbedOptions['theme'][] = ['auto', 'light', 'dark'];
const CONTROL_KEY: Record<ControlName, MessageKey> = {
  playback: 'embed.control.playback',
  scrubber: 'embed.control.scrubber',
  speed: 'embed.control.speed',
  interventions: 'embed.control.interventions',
  scenarios: 'embed.control.scenarios',
  share: 'embed.control.share',
};
const COPY_KEY: Record<CopyResult, MessageKey> = {
  copied: 'embed.dialog.copied',
  selected: 'embed.dialog.selected',
  failed: 'embed.dialog.copyFailed',
};

function currentHref(): string {
  try {
    return window.location.href;
  } catch {
    return '';
  }
}

/** The Embed dialog (default export, for `React.lazy`). */
export default function EmbedDialog({ open, onClose, pageHref }: EmbedDialogProps) {
  const t = useT();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const code = useRef<HTMLTextAreaElement>(null);
  const title = useLab((s) => s.scenario.title);
  const { link, baseId } = useCurrentLink();
  const playheadMs = link.timeMs ?? 0;

  const [view, setView] = useState(DEFAULT_EMBED_OPTIONS.view);
  const [theme, setTheme] = useState(DEFAULT_EMBED_OPTIONS.theme);
  const [controls, setControls] = useState<ReadonlySet<ControlName>>(DEFAULT_EMBED_OPTIONS.controls);
  const [autoplay, setAutoplay] = useState(false);
  const [further, setFurther] = useState(false);
  const [atMoment, setAtMoment] = useState(true);
  // A fresh id per dialog, so two embeds pasted on one page do not share quiz progress or messages.
  const [instance, setInstance] = useState(() => `${DEFAULT_EMBED_OPTIONS.instance}-${Math.random().toString(36).slice(2, 6)}`);
  const [copied, setCopied] = useState<CopyResult | undefined>(undefined);
  const instanceOk = isValidInstance(instance);
  const [quiz, setQuiz] = useState<EmbedQuizOptions>(DEFAULT_EMBED_QUIZ);
  const setQuizField = <K extends keyof EmbedQuizOptions>(k: K, v: EmbedQuizOptions[K]) => setQuiz((o) => ({ ...o, [k]: v }));
  // The question list (id and prompt), loaded with the quiz data only when a quiz is embedded.
  const [questionList, setQuestionList] = useState<{ id: string; prompt: string }[] | undefined>(undefined);
  const hasQuiz = view !== 'timeline';
  useEffect(() => {
    if (!hasQuiz || questionList) return;
    let live = true;
    void import('../quiz/questions')
      .then((m) => live && setQuestionList(m.QUESTIONS.map((q) => ({ id: q.id, prompt: q.prompt.replace(/\{\w+\}/g, '…') }))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [hasQuiz, questionList]);
  const picked = quiz.questions ?? questionList?.map((q) => q.id) ?? [];
  const toggleQuestion = (qid: string, on: boolean) => {
    if (!questionList) return;
    const next = questionList.map((q) => q.id).filter((x) => (x === qid ? on : picked.includes(x)));
    setQuizField('questions', next.length === questionList.length ? undefined : next);
  };

  const href = pageHref ?? currentHref();
  const { snippet, tooLong } = useMemo(() => {
    const shown = atMoment ? link : { scenario: link.scenario };
    const r = embedUrl(href, shown, { view, theme, controls, autoplay, instance: instanceOk ? instance : 'fencing-lab', quiz, further }, baseId);
    const frameTitle = view === 'quiz' ? t('embed.frameTitle.quiz') : t('embed.frameTitle', { title });
    return { snippet: embedSnippet({ src: r.url, pageHref: href, title: frameTitle, view }), tooLong: r.tooLong };
  }, [atMoment, link, href, view, theme, controls, autoplay, instance, instanceOk, baseId, title, t, quiz, further]);

  // Any change makes an earlier "Copied" stale.
  useEffect(() => setCopied(undefined), [snippet]);

  // Open and close the native dialog with `open`; Esc (the dialog's `close` event) reports back.
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      if (typeof d.showModal === 'function') {
        d.showModal();
        // In an embed, where the reader can see it (issue 16).
        placeInView(d);
      }
      else d.setAttribute('open', '');
      // showModal focuses the first control; make sure of it where the engine does not.
      if (!d.contains(document.activeElement)) d.querySelector<HTMLElement>('button, input, textarea')?.focus();
    } else if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
  }, [open]);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    const closed = () => onClose();
    d.addEventListener('close', closed);
    return () => d.removeEventListener('close', closed);
  }, [onClose]);

  const toggleControl = (c: ControlName, on: boolean) => {
    const next = new Set(controls);
    if (on) next.add(c);
    else next.delete(c);
    setControls(next);
  };

  const copy = async () => {
    setCopied(undefined);
    setCopied(await copyText(snippet, code.current));
  };

  return (
    <dialog
      ref={dialog}
      className="fl-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onKeyDown={(e) => {
        // Esc closes (the native modal would too; handled here so it also works without one).
        if (e.key !== 'Escape') return;
        e.preventDefault();
        onClose();
      }}
    >
      <div className="fl-dialog__head">
        <h2 id={`${id}-title`} className="fl-dialog__title">
          {t('embed.dialog.title')}
        </h2>
        <button type="button" className="fl-icon-btn" onClick={onClose} aria-label={t('embed.dialog.close')} title={t('embed.dialog.close')}>
          <X size={18} aria-hidden="true" />
        </button>
      </div>
      <p id={`${id}-intro`} className="fl-dialog__intro">
        {t('embed.dialog.intro')}
      </p>

      <div className="fl-dialog__options">
        <fieldset className="fl-dialog__group">
          <legend>{t('embed.dialog.view')}</legend>
          {VIEWS.map((v) => (
            <label key={v} className="fl-dialog__choice">
              <input type="radio" name={`${id}-view`} value={v} checked={view === v} onChange={() => setView(v)} />
              {t(`embed.dialog.view.${v}` as MessageKey)}
            </label>
          ))}
        </fieldset>
        <fieldset className="fl-dialog__group">
          <legend>{t('embed.dialog.theme')}</legend>
          {THEMES.map((v) => (
            <label key={v} className="fl-dialog__choice">
              <input type="radio" name={`${id}-theme`} value={v} checked={theme === v} onChange={() => setTheme(v)} />
              {t(`embed.dialog.theme.${v}` as MessageKey)}
            </label>
          ))}
        </fieldset>
        <fieldset className="fl-dialog__group" disabled={view === 'quiz'}>
          <legend>{t('embed.dialog.controls')}</legend>
          {CONTROL_NAMES.map((c) => (
            <label key={c} className="fl-dialog__choice">
              <input type="checkbox" checked={controls.has(c)} onChange={(e) => toggleControl(c, e.currentTarget.checked)} />
              {t(CONTROL_KEY[c])}
            </label>
          ))}
        </fieldset>
        <fieldset className="fl-dialog__group fl-dialog__group--wide">
          <legend>{t('embed.dialog.start')}</legend>
          <div>
            <label className="fl-dialog__choice">
              <input type="checkbox" checked={atMoment} disabled={playheadMs <= 0} onChange={(e) => setAtMoment(e.currentTarget.checked)} />
              {t('embed.dialog.moment', { at: seconds(playheadMs) })}
            </label>
            <label className="fl-dialog__choice">
              <input type="checkbox" checked={autoplay} disabled={view === 'quiz'} onChange={(e) => setAutoplay(e.currentTarget.checked)} />
              {t('embed.dialog.autoplay')}
            </label>
            <label className="fl-dialog__choice">
              <input type="checkbox" checked={further} disabled={view === 'quiz'} onChange={(e) => setFurther(e.currentTarget.checked)} />
              {t('embed.dialog.further')}
            </label>
          </div>
          <div>
            <label className="fl-dialog__field">
              <span className="fl-field__label">{t('embed.dialog.instance')}</span>
              <input
                type="text"
                value={instance}
                spellCheck={false}
                autoComplete="off"
                aria-invalid={!instanceOk}
                aria-describedby={`${id}-instance-help`}
                onChange={(e) => setInstance(e.currentTarget.value)}
              />
            </label>
            <p id={`${id}-instance-help`} className={instanceOk ? 'fl-dialog__help' : 'fl-dialog__help is-error'}>
              {instanceOk ? t('embed.dialog.instanceHelp') : t('embed.dialog.instanceInvalid')}
            </p>
          </div>
        </fieldset>
      </div>

      {hasQuiz && (
        <fieldset className="fl-dialog__group fl-dialog__quiz">
          <legend>{t('embed.quiz.title')}</legend>
          <div className="fl-dialog__quiz-grid">
            <div>
              <label className="fl-dialog__choice">
                <input type="radio" name={`${id}-mode`} checked={quiz.mode === 'graded'} onChange={() => setQuizField('mode', 'graded')} />
                {t('embed.quiz.graded')}
              </label>
              <label className="fl-dialog__choice">
                <input type="radio" name={`${id}-mode`} checked={quiz.mode === 'self-check'} onChange={() => setQuizField('mode', 'self-check')} />
                {t('embed.quiz.selfCheck')}
              </label>
              <label className="fl-dialog__field fl-dialog__field--inline">
                <span className="fl-field__label">{t('embed.quiz.passMark')}</span>
                <input
                  type="number"
                  min={0}
                  max={100}
                  step={1}
                  value={quiz.passMark}
                  disabled={quiz.mode !== 'graded'}
                  onChange={(e) => setQuizField('passMark', Math.min(100, Math.max(0, Math.round(Number(e.currentTarget.value) || 0))))}
                />
              </label>
            </div>
            <div>
              <label className="fl-dialog__choice">
                <input type="checkbox" checked={quiz.retry} onChange={(e) => setQuizField('retry', e.currentTarget.checked)} />
                {t('embed.quiz.retry')}
              </label>
              <label className="fl-dialog__choice">
                <input type="checkbox" checked={quiz.solution} onChange={(e) => setQuizField('solution', e.currentTarget.checked)} />
                {t('embed.quiz.solution')}
              </label>
              <label className="fl-dialog__choice">
                <input type="checkbox" checked={quiz.shuffle} onChange={(e) => setQuizField('shuffle', e.currentTarget.checked)} />
                {t('embed.quiz.shuffle')}
              </label>
            </div>
          </div>
          <details className="fl-dialog__questions">
            <summary>{t('embed.quiz.questions', { n: picked.length, total: questionList?.length ?? 0 })}</summary>
            <ul>
              {(questionList ?? []).map((q) => (
                <li key={q.id}>
                  <label className="fl-dialog__choice">
                    <input
                      type="checkbox"
                      checked={picked.includes(q.id)}
                      disabled={picked.length === 1 && picked.includes(q.id)}
                      onChange={(e) => toggleQuestion(q.id, e.currentTarget.checked)}
                    />
                    {q.prompt}
                  </label>
                </li>
              ))}
            </ul>
          </details>
          <p className="fl-dialog__help">{t('embed.quiz.urlNote')}</p>
        </fieldset>
      )}

      <label htmlFor={`${id}-code`} className="fl-field__label fl-dialog__code-label">
        {t('embed.dialog.code')}
      </label>
      <textarea id={`${id}-code`} ref={code} className="fl-dialog__code" readOnly value={snippet} rows={8} spellCheck={false} />
      {tooLong && <p className="fl-dialog__help is-error">{t('embed.dialog.tooLong')}</p>}
      <div className="fl-dialog__actions">
        <button type="button" className="fl-btn fl-dialog__copy" onClick={() => void copy()}>
          {copied === 'copied' ? <Check size={15} aria-hidden="true" /> : <Copy size={15} aria-hidden="true" />}
          {t('embed.dialog.copy')}
        </button>
        <p className="fl-dialog__status" aria-live="polite">
          {copied ? t(COPY_KEY[copied]) : ''}
        </p>
        <button type="button" className="fl-btn fl-btn--ghost" onClick={onClose}>
          {t('embed.dialog.close')}
        </button>
      </div>
      <p className="fl-dialog__note">{t('embed.dialog.note')}</p>
    </dialog>
  );
}
