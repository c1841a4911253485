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
