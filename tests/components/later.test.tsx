/**
 * The secondary controls arrive after the first render (`src/views/later.tsx`, issue 7):
 * - the first render is the working explainer, with each secondary part's slot holding its place;
 * - the parts replace their slots once their chunk is in, and they work;
 * - if their chunk cannot load, the slots keep their places (the interventions' one says so) and the
 *   explainer still works (no blank page).
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLabStore } from '../../src/store/store';

afterEach(() => {
  vi.doUnmock('../../src/views/later-parts');
  vi.resetModules();
  vi.restoreAllMocks();
});

describe('secondary controls after the first render', { timeout: 30_000 }, () => {
  it('first renders the explainer with slots, then the parts take their places', async () => {
    const { FencingLab } = await import('../../src/views/App');
    const { container } = render(<FencingLab store={createLabStore()} />);
    // The explainer itself is there at once: picker, Play, the token check, the storage.
    expect(screen.getByRole('combobox', { name: 'Scenario' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(screen.getByText('No writes yet.')).toBeInTheDocument();
    // The secondary parts are not yet: their slots keep the space.
    expect(screen.queryByRole('button', { name: 'Tools' })).not.toBeInTheDocument();
    const slots = [...container.querySelectorAll('.fl-slot')].map((s) => s.className);
    expect(slots).toEqual(expect.arrayContaining(['fl-slot fl-slot--tools', 'fl-slot fl-slot--interventions', 'fl-slot fl-slot--events']));
    // Then they arrive, in place of the slots, and work: the header's Tools button holds Library (issue 40).
    const tools = await screen.findByRole('button', { name: 'Tools' }, { timeout: 15_000 });
    expect(tools).toHaveAttribute('aria-expanded', 'false');
    expect(await screen.findByRole('heading', { name: 'Intervene at 0.0 s' })).toBeInTheDocument();
    await waitFor(() => expect(container.querySelectorAll('.fl-slot')).toHaveLength(0));
    const user = userEvent.setup();
    await user.click(tools);
    expect(tools).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('group', { name: 'Tools' })).toContainElement(screen.getByRole('button', { name: 'Library' }));
    await user.click(screen.getByRole('button', { name: /Pause Client 1/ }));
    expect(screen.getByRole('button', { name: /Undo/ })).toBeInTheDocument();
  });

  it('keeps the explainer working when the parts cannot load', async () => {
    vi.doMock('../../src/views/later-parts', () => {
      throw new Error('offline');
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { FencingLab } = await import('../../src/views/App');
    const store = createLabStore();
    const { container } = render(<FencingLab store={store} />);
    // The slots keep their places (nothing moves), and the interventions' card says what happened.
    expect(await screen.findByText('This part could not be loaded. Check your connection and reload the page.', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(container.querySelector('.fl-slot--tools')).not.toBeNull();
    expect(logged).toHaveBeenCalledWith('Fencing Lab: a part of the page could not be loaded', expect.anything());
    expect(screen.queryByRole('button', { name: 'Tools' })).not.toBeInTheDocument();
    // Still the explainer: Play plays.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(store.getState().playing).toBe(true);
  });
});
