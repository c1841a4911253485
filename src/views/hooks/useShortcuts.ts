/**
 * Keyboard shortcuts of one explainer: Space plays or pauses, Left and Right step between events,
 * Home and End jump to the start and the end; with display actions, `?` opens the keyboard help,
 * `p` turns presenter mode on or off and Esc leaves it.
 *
 * Keys are taken when focus is inside the explainer, or on the page itself when `global` is set
 * (the stand-alone page; a course page with two explainers keeps each to its own focus). They are
 * left alone in text fields, selects and the scrubber (which steps events itself), with modifier
 * keys, and Space is left to a focused button so it still presses it. Arrow keys are left to radio
 * buttons, and nothing is taken inside an open dialog (it has its own keys).
 * @module
 */
import { useEffect, useRef, type RefObject } from 'react';
import { useLabStore } from '../../store/context';

const TEXT_INPUTS = new Set(['text', 'number', 'search', 'email', 'url', 'tel', 'password']);

function isTyping(el: Element): boolean {
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (el instanceof HTMLInputElement) return TEXT_INPUTS.has(el.type) || el.type === 'range' || el.type === 'radio';
  return el instanceof HTMLElement && el.isContentEditable;
}

function isPressable(el: Element): boolean {
  return el instanceof HTMLButtonElement || el instanceof HTMLAnchorElement || el.tagName === 'SUMMARY' || el.getAttribute('role') === 'switch';
}

/** Display actions the shortcuts can trigger (see `views/a11y/display-actions.tsx`). */
export interface ShortcutActions {
  /** `?`: open the keyboard help. */
  help(): void;
  /** `p`: presenter mode on or off. */
  present(): void;
  /** Esc: leave presenter mode; returns false if there was nothing to leave. */
  escape(): boolean;
}

/** Installs the shortcuts for the explainer rooted at `root`. */
export function useShortcuts(root: RefObject<HTMLElement | null>, global: boolean, actions?: ShortcutActions): void {
  const store = useLabStore();
  const display = useRef(actions);
  display.current = actions;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest('dialog[open], [role="dialog"], [aria-modal="true"]')) return;
      const inside = target !== null && root.current?.contains(target) === true;
      const onPage = target === null || target === document.body || target === document.documentElement;
      if (!inside && !(global && onPage)) return;
      if (target && isTyping(target)) return;
      const s = store.getState();
      switch (e.key) {
        case ' ':
        case 'Spacebar':
          if (target && isPressable(target)) return;
          s.togglePlay();
          break;
        case 'ArrowRight':
          s.stepNext();
          break;
        case 'ArrowLeft':
          s.stepPrev();
          break;
        case 'Home':
          s.pause();
          s.restart();
          break;
        case 'End':
          s.toEnd();
          break;
        case '?':
          if (!display.current) return;
          display.current.help();
          break;
        case 'p':
        case 'P':
          if (!display.current) return;
          display.current.present();
          break;
        case 'Escape':
          if (!display.current?.escape()) return;
          break;
        default:
          return;
      }
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, root, global]);
}
