/**
 * Auto-resize: tells the host page the embed's content height whenever it changes (layout
 * changes, late content, fonts, window resizes), as a `resize` message (see protocol.ts).
 * @module
 */
import { MAX_EMBED_HEIGHT, postToHost } from './protocol';

/**
 * The height of the content (CSS px, rounded up): the element's own box, which is exactly as tall
 * as what it holds. Not `scrollHeight`: the root's scrollHeight never drops below the frame's own
 * height, so a frame that grew for a long quiz question could never shrink again.
 */
export function contentHeight(element: HTMLElement = document.documentElement): number {
  return Math.ceil(element.getBoundingClientRect().height);
}

/**
 * Starts reporting the height of `element` (default: the document's root element) to the host.
 * Sends only when the rounded height changes. Returns a function that stops reporting.
 *
 * What triggers a measurement: a ResizeObserver on the element and the body (layout changes while
 * the frame is visible), a MutationObserver on the element's subtree (content that arrives while
 * the frame is scrolled out of view: a lazy chunk, the quiz's next question), window `resize` and
 * `load`, and `document.fonts.ready`. Measuring waits for a short TIMER, not for
 * `requestAnimationFrame`: Chromium runs no animation frames (and no ResizeObserver callbacks) in
 * a cross-origin frame that is out of view, which is exactly where an embed below the fold sits;
 * it would keep its starting height until the reader scrolled to it, and then jump.
 */
export function startResizeReporter(instance: string, element: HTMLElement = document.documentElement): () => void {
  let last = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const measure = (): void => {
    timer = undefined;
    const height = Math.min(contentHeight(element), MAX_EMBED_HEIGHT);
    if (height !== last && height > 0) {
      last = height;
      postToHost('resize', instance, { height });
    }
  };
  const schedule = (): void => {
    if (timer === undefined) timer = setTimeout(measure, 16);
  };
  const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : undefined;
  resizes?.observe(element);
  if (document.body) resizes?.observe(document.body);
  const mutations = typeof MutationObserver === 'function' ? new MutationObserver(schedule) : undefined;
  // Not every attribute: `style` changes on every animation frame while playing (ResizeObserver
  // covers those while visible); classes and `hidden`/`open` are what show and hide content.
  mutations?.observe(element, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['class', 'hidden', 'open'] });
  window.addEventListener('resize', schedule);
  window.addEventListener('load', schedule);
  // Web fonts (none today, but a host theme or a future font) change line heights once loaded.
  void document.fonts?.ready.then(schedule).catch(() => {});
  schedule();
  return () => {
    resizes?.disconnect();
    mutations?.disconnect();
    window.removeEventListener('resize', schedule);
    window.removeEventListener('load', schedule);
    if (timer !== undefined) clearTimeout(timer);
  };
}
