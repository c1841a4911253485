/**
 * Says once, when the first view (the explainer or the quiz) has rendered, that the page is ready:
 * posts the protocol's `ready` message (see `protocol.ts`) to the host page, and marks `<html>`
 * with `data-fl-live` (`hydrated` when React took over the prerendered HTML, else `rendered`): the
 * HTML paints before any script (issue 15), and tests and the budget script wait for this to know
 * it also responds. Render it inside each view's Suspense boundary, after the view; only the first
 * one to mount posts.
 * @module
 */
import { useEffect } from 'react';
import { postToHost } from './protocol';

let posted = false;

/** Renders nothing; posts `ready` and marks the page live, once per page. */
export function EmbedReady({ instance, how }: { instance: string; how: 'hydrated' | 'rendered' }) {
  useEffect(() => {
    if (posted) return;
    posted = true;
    document.documentElement.setAttribute('data-fl-live', how);
    postToHost('ready', instance);
  }, [instance, how]);
  return null;
}
