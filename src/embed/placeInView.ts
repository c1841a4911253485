/**
 * Dialogs in an embed open where the reader can see them (issue 16). An embed sized by `embed.js`
 * is as tall as its content, so the frame's viewport is the whole frame, and a modal `<dialog>`
 * centred in it can sit far below the part of the frame that is on screen. An IntersectionObserver
 * on the frame's root element (implicit root: the top-level viewport, clipped by the frame) gives
 * that visible part, in the frame's coordinates; the dialog is moved to its top and kept within its
 * height. Outside an embed, or where IntersectionObserver is missing, nothing changes. Never throws.
 * Source: W3C Intersection Observer, "intersectionRect" (for a target in an iframe, clipped by
 * every ancestor frame).
 * @module
 */
import { isEmbedded } from './protocol';

/** Moves the open modal dialog `d` into the visible part of the frame. */
export function placeInView(d: HTMLElement, win: Window = window): void {
  try {
    if (!isEmbedded(win) || typeof IntersectionObserver !== 'function') return;
    const io = new IntersectionObserver((entries) => {
      io.disconnect();
      const r = entries[0]?.intersectionRect;
      if (!r || r.height <= 0 || r.height >= win.innerHeight - 1) return;
      d.style.margin = '0 auto';
      d.style.top = `${Math.max(0, r.top) + 12}px`;
      d.style.bottom = 'auto';
      d.style.maxHeight = `${Math.max(240, r.height - 24)}px`;
    });
    io.observe(win.document.documentElement);
  } catch {
    // The dialog stays where the browser puts it.
  }
}

/** How long after it appears an element is brought into view again when its frame grows (ms of real time). */
const REVEAL_WINDOW_MS = 2000;

/**
 * Brings `el`, just shown, fully into view: at once, and again when the frame it is in grows.
 * An embed sized by `embed.js` is exactly as tall as its content, so something added at its
 * bottom (the quiz's "Finish with unanswered questions?") lies outside the frame until the host
 * has the new height; scrolled to at once, it stays cut at the screen's bottom (issue 42, item 4).
 * `scrollIntoView` also scrolls the course page around the frame (Chromium does so across
 * origins). Returns a function that stops waiting. Never throws.
 */
export function revealWhenShown(el: HTMLElement, win: Window = window): () => void {
  const show = () => {
    try {
      el.scrollIntoView({ block: 'nearest' });
    } catch {
      // Not in the document any more.
    }
  };
  show();
  win.addEventListener('resize', show);
  const stop = () => {
    win.clearTimeout(timer);
    win.removeEventListener('resize', show);
  };
  const timer = win.setTimeout(stop, REVEAL_WINDOW_MS);
  return stop;
}
