/**
 * The lab's page, rendered when the lesson's chunks cannot load (`load.ts`): the reader gets the lab
 * rather than an empty page.
 * @module
 */
import { createRoot } from 'react-dom/client';
import { Page } from '../page';
import { pageSettings } from './settings';

/** Renders the lab's page into `container`. */
export function lab(container: HTMLElement): void {
  createRoot(container).render(<Page settings={pageSettings()} />);
}
