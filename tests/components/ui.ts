/**
 * Helpers that drive the explainer as a learner would (Excalidraw's `tests/helpers/ui.ts` idea):
 * find controls by role and name, read what the page shows.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The playhead's time as the transport shows it, e.g. "0.1 s". */
export function shownTime(): string {
  return document.querySelector('.fl-time__now')?.textContent ?? '';
}

/** The lines of the storage log, in order. */
export function storageLog(): string[] {
  const list = screen.queryByRole('list', { name: 'Log' });
  if (!list) return [];
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.fl-log__text')?.textContent ?? '');
}

/** The caption's heading and text. */
export function caption(): string {
  return screen.getByRole('region', { name: 'What just happened' }).textContent ?? '';
}

/** Moves the playhead with the scrubber to `ms`. */
export function seek(ms: number): void {
  fireEvent.change(screen.getByRole('slider', { name: 'Playhead' }), { target: { value: String(ms) } });
}

/** Clicks a button by its exact accessible name. */
export async function press(user: UserEvent, name: string): Promise<void> {
  await user.click(screen.getByRole('button', { name }));
}

/**
 * Opens the header's Tools panel (issue 40: Library, Share, Embed, the theme, export, presenter mode
 * and the shortcuts live there), unless it is open already; waits for its button, which arrives with
 * the secondary controls.
 */
export async function openTools(user: UserEvent): Promise<void> {
  const button = await screen.findByRole('button', { name: 'Tools' }, { timeout: 8000 });
  if (button.getAttribute('aria-expanded') !== 'true') await user.click(button);
}
