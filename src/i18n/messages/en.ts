/**
 * English UI text: the reference catalogue. Keys are grouped by view (`app.*`, `timeline.*`,
 * `controls.*`, `storage.*`, ...). Every other language's catalogue has the same keys.
 */
export const en = {
  'app.title': 'Fencing Lab',
  'app.tagline': 'Leases, process pauses and fencing tokens, step by step',
} as const satisfies Record<string, string>;

/** A key of the message catalogue. */
export type MessageKey = keyof typeof en;
