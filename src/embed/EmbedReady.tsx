/**
 * Posts the protocol's `ready` message (see `protocol.ts`) to the host page once, when the first
 * view (the explainer or the quiz) has rendered. Render it inside each view's Suspense boundary,
 * after the view; only the first one to mount posts.
 * @module
 */
import { useEffect } from 'react';
import { postToHost } from './protocol';

let posted = false;

/** Renders nothing; posts `ready` once per page. */
export function EmbedReady({ instance }: { instance: string }) {
  useEffect(() => {
    if (posted) return;
    posted = true;
    postToHost('ready', instance);
  }, [instance]);
  return null;
}
