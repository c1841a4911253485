/**
 * The message protocol between an embedded Fencing Lab (in an iframe) and its host page.
 *
 * Every message is an object `{ source: 'fencing-lab', version: 1, type, instance, ... }` sent with
 * `window.parent.postMessage(message, '*')` (the embed cannot know the host's origin; nothing
 * secret is ever sent). `instance` is the embed's id from the `instance` URL parameter, so a host
 * with several embeds can tell them apart; the host script also checks `event.source`.
 *
 * | type        | fields                                   | when                                        |
 * |-------------|------------------------------------------|---------------------------------------------|
 * | `ready`     | –                                        | once, after the first render                |
 * | `resize`    | `height` (CSS px, integer)               | whenever the content height changes         |
 * | `answered`  | `statement` (xAPI 1.0.3, `hostMessages.ts`) | a quiz question was checked              |
 * | `completed` | `statement` (xAPI 1.0.3)                 | the first Finish of an attempt              |
 *
 * Host → frame (posted to the iframe's window): `setActor` with `actor` (an xAPI Agent), the
 * learner the statements are about (`hostMessages.ts`).
 *
 * Versioning: `version` grows only on a breaking change; new types and fields may be added to
 * version 1, and hosts must ignore what they do not know.
 * @module
 */

/** The `source` field of every message. */
export const PROTOCOL_SOURCE = 'fencing-lab';
/** The protocol version. */
export const PROTOCOL_VERSION = 1;

/** Fields every message has. */
export interface Envelope<T extends string> {
  source: typeof PROTOCOL_SOURCE;
  version: typeof PROTOCOL_VERSION;
  type: T;
  instance: string;
}

/**
 * The tallest `resize` height (CSS px) a host accepts; `public/embed.js` refuses anything that is
 * not a whole number from 1 to this (issue 18), and the embed never asks for more (a frame this
 * tall scrolls inside).
 */
export const MAX_EMBED_HEIGHT = 50_000;

/** `resize`: the embed's content height in CSS pixels, a whole number from 1 to {@link MAX_EMBED_HEIGHT}. */
export interface ResizeMessage extends Envelope<'resize'> {
  height: number;
}

/** `ready`: the embed has rendered. */
export type ReadyMessage = Envelope<'ready'>;

/** True when running inside a frame (the parent is another window). Never throws. */
export function isEmbedded(win: Window = window): boolean {
  try {
    return win.parent !== win;
  } catch {
    return true;
  }
}

/** Posts a protocol message to the parent window, if there is one. Never throws. */
export function postToHost<T extends string>(type: T, instance: string, fields: Record<string, unknown> = {}, win: Window = window): void {
  if (!isEmbedded(win)) return;
  const message = { ...fields, source: PROTOCOL_SOURCE, version: PROTOCOL_VERSION, type, instance };
  try {
    win.parent.postMessage(message, '*');
  } catch {
    // A host that went away or refuses messages must not break the explainer.
  }
}
