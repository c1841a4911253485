/**
 * Auto-resize: tells the host page the embed's content height whenever it changes (layout
 * changes, late content, fonts, window resizes), as a `resize` message (see protocol.ts).
 * @module
 */
import { postToHost } from './protocol';

/**
 * Starts reporting the height of `element` (default: the document's root element) to the host.
 * Sends only when the rounded height changes. Returns a function that stops reporting.
 */
export function startResizeReporter(instance: string, element: HTMLElement = document.documentElement): () => void {
  let last = -1;
  let frame = 0;
  const measure = (): void => {
    frame = 0;
    const body = document.body;
    const height = Math.ceil(Math.max(element.scrollHeight, body ? body.scrollHeight : 0, element.getBoundingClientRect().height));
    if (height !== last && height > 0) {
      last = height;
      postToHost('resize', instance, { height });
    }
  };
  const schedule = (): void => {
    if (frame === 0) frame = requestAnimationFrame(measure);
  };
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : undefined;
  observer?.observe(element);
  if (document.body) observer?.observe(document.body);
  window.addEventListener('resize', schedule);
  window.addEventListener('load', schedule);
  void document.fonts?.ready.then(schedule);
  schedule();
  return () => {
    observer?.disconnect();
    window.removeEventListener('resize', schedule);
    window.removeEventListener('load', schedule);
    if (frame) cancelAnimationFrame(frame);
  };
}
