/**
 * Dialogs in an embed open where the reader can see them (issue 16). An embed sized by `embed.js`
 * is as tall as its content, so the frame's viewport is the whole frame, and a modal `<dialog>`
 * centred in it can sit far below the part of the frame that is on screen. An IntersectionObserver
 * on the frame's root element (implicit root: the top-level viewport, clipped by the frame) gives
 * that visible part, in the frame's coordinates; the dialog is moved to its top and kept within its
 * height, and follows it while open. Outside an embed, or where IntersectionObserver is missing, nothing changes. Never throws.
 * Source: W3C Intersection Observer, "intersectionRect" (for a target in an iframe, clipped by
 * every ancestor frame).
 * @module
 */
import { isEmbedded } from './protocol';

/**
 * Room (px) kept at the top of the frame's visible part for a course page's fixed header (Moodle's
 * navbar is 60 px): the frame cannot see what covers it.
 */
export const HEADER_ALLOWANCE_PX = 64;

/**
 * Moves the open modal dialog `d` into the visible part of the frame, and keeps it there while it
 * is open: opening it moves focus into it, and the browser may then scroll the course page (in
 * Chromium a cross-origin frame's scroll reaches its parent later, after a first measure), so
 * every change of the visible part (an IntersectionObserver with thresholds about 8 px of the
 * frame's height apart) places it again. Where the frame is cut by the screen, it keeps
 * {@link HEADER_ALLOWANCE_PX} clear at the top for a fixed course header (issue 42, item 3).
 */
export function placeInView(d: HTMLElement, win: Window = window): void {
  try {
    if (!isEmbedded(win) || typeof IntersectionObserver !== 'function') return;
    const root = win.document.documentElement;
    const steps = Math.min(1000, Math.max(20, Math.ceil(root.scrollHeight / 8)));
    const io = new IntersectionObserver(
      (entries) => {
        if (!d.isConnected || !d.hasAttribute('open')) {
          io.disconnect();
          return;
        }
        const r = entries[entries.length - 1]?.intersectionRect;
        if (!r || r.height <= 0 || r.height >= win.innerHeight - 1) {
          // The whole frame is on screen: the browser's own centring is right.
          d.style.removeProperty('top');
          d.style.removeProperty('bottom');
          d.style.removeProperty('max-height');
          d.style.removeProperty('margin');
          return;
        }
        // Where the frame's top is on screen is not known to it (the course page is another
        // origin), so the room for a fixed header is kept wherever the frame is cut.
        const inset = Math.min(HEADER_ALLOWANCE_PX, Math.max(0, r.height - 240 - 24));
        d.style.margin = '0 auto';
        d.style.top = `${Math.max(0, r.top) + inset + 12}px`;
        d.style.bottom = 'auto';
        d.style.maxHeight = `${Math.max(240, r.height - inset - 24)}px`;
      },
      { threshold: Array.from({ length: steps + 1 }, (_, i) => i / steps) },
    );
    io.observe(root);
    d.addEventListener('close', () => io.disconnect(), { once: true });
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
