/**
 * Harm drawn as harm (issue 40), in jsdom: a write the storage stored although its writer no longer
 * held the lease ("lease-timer": the grant arrived 6 s late, client 1 wrote at 12.3 s on a lease
 * that ended at 10.1 s) is shown with "!" and words in the storage log and on the timeline; the new
 * holder's write keeps its ✓. The page at the run's end in Chromium: `tests/browser/stale-writes.test.ts`.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBuiltInScenario } from '../../src/scenarios';
import { createLabStore } from '../../src/store/store';
import { FencingLab } from '../../src/views/App';

beforeAll(() => loadBuiltInScenario('lease-timer'));

describe('a stale write the storage stored', () => {
  it('is a "!" line with its words in the storage log, and a "!" mark named stale on the timeline', async () => {
    const store = createLabStore({ scenarioId: 'lease-timer' });
    render(<FencingLab store={store} />);
    act(() => store.getState().seek(store.getState().trace.endMs));
    const log = await screen.findByRole('list', { name: 'Log' });
    const lines = within(log).getAllByRole('listitem');
    expect(lines.map((li) => li.className)).toEqual(['fl-log__line fl-log__line--stale', 'fl-log__line fl-log__line--ok']);
    expect(lines[0]!.querySelector('.fl-log__icon')?.textContent).toBe('!accepted:');
    expect(lines[0]!.querySelector('.fl-log__text')?.textContent).toBe("stored 'from client 1' with token 33");
    expect(lines[0]!.querySelector('.fl-log__stale')?.textContent).toBe(' · stale: its writer no longer held the lease');
    expect(lines[1]!.querySelector('.fl-log__stale')).toBeNull();
    expect(lines[1]!.querySelector('.fl-log__text')?.textContent).toBe("stored 'from client 2' with token 34");

    // The timeline's marks load in their own chunk (loaded by the test setup).
    const stale = await waitFor(() => screen.getByRole('img', { name: "At 12.3 s: stored 'from client 1' with token 33. Stale: the writer no longer held the lease" }));
    expect(stale).toHaveClass('fl-decision--stale');
    expect(screen.getByRole('img', { name: "At 17.3 s: stored 'from client 2' with token 34" })).toHaveClass('fl-decision--ok');
    expect(within(screen.getByRole('list', { name: 'Legend' })).getAllByRole('listitem').map((li) => li.textContent)).toContain('stored, but stale: its writer no longer held the lease');
  });
});
