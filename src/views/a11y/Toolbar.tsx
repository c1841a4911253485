/**
 * Display settings in the page header: colour theme (light / dark / auto, remembered), presenter
 * mode, export of the timeline as SVG or PNG (its code loads on first use), and the keyboard
 * shortcuts. Every control is a plain button or radio: reachable by keyboard, usable by touch.
 * @module
 */
import { useId, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { FileImage, FileCode2, Keyboard, Monitor, Moon, Presentation, Sun } from 'lucide-react';
import { useT } from '../../i18n';
import { useLab } from '../../store/context';
import { chooseTheme, THEME_CHOICES, useTheme } from '../theme';
import { useDisplayActions } from './display-actions';
import '../tools-messages'; // its text (catalogue loaded with the secondary controls, issue 7)

const THEME_ICON = { light: Sun, dark: Moon, auto: Monitor } as const;

/** The light / dark / auto radio group. */
export function ThemeToggle() {
  const t = useT();
  const name = useId();
  const theme = useTheme();
  return (
    <fieldset className="fl-seg">
      <legend className="fl-seg__legend">{t('theme.label')}</legend>
      {THEME_CHOICES.map((c) => {
        const Icon = THEME_ICON[c];
        return (
          <label key={c} className={theme === c ? 'fl-seg__opt is-on' : 'fl-seg__opt'}>
            <input
              type="radio"
              name={name}
              value={c}
              checked={theme === c}
              onChange={() => {
                chooseTheme(c);
              }}
            />
            <Icon size={14} aria-hidden="true" />
            <span>{t(`theme.${c}`)}</span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** Exports the timeline of the explainer that holds the clicked button. */
function ExportButtons() {
  const t = useT();
  const title = useLab((s) => s.scenario.title);
  const [failed, setFailed] = useState<false | 'failed' | 'blocked'>(false);
  const run = (format: 'svg' | 'png') => async (e: MouseEvent<HTMLButtonElement>) => {
    const root = e.currentTarget.closest('.fl-app');
    setFailed(false);
    try {
      const { exportTimeline } = await import('../export/exportTimeline');
      if (!root) throw new Error('no explainer');
      await exportTimeline(root, format, title);
    } catch (err) {
      console.error('Fencing Lab: export failed', err);
      // Say what failed: the picture could not be drawn (a page policy), or something else.
      setFailed(err instanceof Error && err.name === 'ImageBlockedError' ? 'blocked' : 'failed');
    }
  };
  return (
    <div className="fl-toolbar__group" role="group" aria-label={t('export.label')}>
      <span className="fl-toolbar__label" aria-hidden="true">
        {t('export.label')}
      </span>
      <button type="button" className="fl-btn fl-btn--compact" onClick={run('svg')} aria-label={t('export.svgLong')}>
        <FileCode2 size={15} aria-hidden="true" />
        {t('export.svg')}
      </button>
      <button type="button" className="fl-btn fl-btn--compact" onClick={run('png')} aria-label={t('export.pngLong')}>
        <FileImage size={15} aria-hidden="true" />
        {t('export.png')}
      </button>
      {failed && (
        <span className="fl-toolbar__error" role="alert">
          {t(failed === 'blocked' ? 'export.blocked' : 'export.failed')}
        </span>
      )}
    </div>
  );
}

/** The display toolbar (nothing outside an explainer). */
export function Toolbar() {
  const t = useT();
  const actions = useDisplayActions();
  if (!actions) return null;
  return (
    <div className="fl-toolbar" role="group" aria-label={t('toolbar.label')}>
      <ThemeToggle />
      <ExportButtons />
      <div className="fl-toolbar__group">
        <button type="button" className="fl-btn fl-btn--compact" onClick={actions.togglePresenting} aria-pressed={actions.presenting} data-fl-present-toggle="" title={t('present.enterLong')}>
          <Presentation size={15} aria-hidden="true" />
          {t('present.enter')}
        </button>
        <button type="button" className="fl-btn fl-btn--compact" onClick={actions.openHelp} aria-label={t('shortcuts.button')} aria-haspopup="dialog" title={t('shortcuts.button')}>
          <Keyboard size={15} aria-hidden="true" />
          <span aria-hidden="true">?</span>
        </button>
      </div>
    </div>
  );
}

/** Replaces the header in presenter mode: the scenario's title, the keys, and the way out. */
export function PresenterBar() {
  const t = useT();
  const actions = useDisplayActions();
  const title = useLab((s) => s.scenario.title);
  const bar = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const app = bar.current?.closest<HTMLElement>('.fl-app');
    if (!app) return undefined;
    // How much presenter mode enlarges its controls: 1 up to a 1200x675 screen, then with the screen
    // (1.6 at 1920x1080, so their 13 px text reads at 20 px or more and their 44 px targets grow
    // alike), at most 2. Set as `--fl-pz` on the explainer's root, which `app.css` gives to the
    // control bar's `zoom`. Taken from the screen, not from the timeline's own zoom (which follows
    // the height the controls leave it, so the two would chase each other).
    const fit = () => app.style.setProperty('--fl-pz', String(Math.min(2, Math.max(1, Math.min(innerWidth / 1200, innerHeight / 675)))));
    fit();
    window.addEventListener('resize', fit);
    return () => {
      window.removeEventListener('resize', fit);
      app.style.removeProperty('--fl-pz');
    };
  }, []);
  return (
    <header className="fl-presenter-bar" ref={bar}>
      <h1 className="fl-presenter-bar__title" tabIndex={-1} data-fl-present-focus="">
        {t('present.heading', { title })}
      </h1>
      <p className="fl-presenter-bar__hint">{t('present.hint')}</p>
      <button type="button" className="fl-btn" onClick={actions?.stopPresenting} data-fl-present-toggle="">
        {t('present.exit')}
      </button>
    </header>
  );
}
