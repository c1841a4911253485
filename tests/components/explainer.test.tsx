import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLabStore } from '../../src/store/store';
import { FencingLab } from '../../src/views/App';
import { loadLaterParts } from '../../src/views/later';
import { loadBuiltInScenario } from '../../src/scenarios';
import { caption, press, seek, shownTime, storageLog } from './ui';

// The app loads the secondary controls (interventions, Library, Share, Embed, toolbar, keyboard
// shortcuts) just after the first render (`views/later.tsx`); these tests use them from the start.
beforeAll(() => loadLaterParts());

const SEED_LOG = [
  "stored 'from client 1' with token 33",
  "stored 'from client 2' with token 34",
  "rejected 'late write from client 1' (token 33 < 34)",
];

function setup(props: Parameters<typeof FencingLab>[0] = {}) {
  const user = userEvent.setup();
  const store = props.store ?? createLabStore(props.scenarioId ? { scenarioId: props.scenarioId } : {});
  render(<FencingLab globalShortcuts {...props} store={store} />);
  return { user, store };
}

describe('the explainer', () => {
  it('opens the seed at 0 s with an empty storage log', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Fencing Lab' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Scenario' })).toHaveValue('seed-gc-pause');
    expect(shownTime()).toBe('0.0 s');
    expect(screen.getByText('No writes yet.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Storage checks tokens' })).toHaveAttribute('aria-checked', 'true');
  });

  it('the legend explains the lease check\'s diamonds only where a client checks its lease', async () => {
    await loadBuiltInScenario('check-then-write');
    const legendItems = () => within(screen.getByRole('list', { name: 'Legend' })).getAllByRole('listitem').map((li) => li.textContent);
    const { unmount } = render(<FencingLab store={createLabStore({ scenarioId: 'check-then-write' })} />);
    expect(legendItems()).toContain('the client checks its own lease timer: passed, failed');
    unmount();
    setup();
    expect(legendItems().some((x) => /lease timer/.test(x ?? ''))).toBe(false);
  });

  it('Play becomes Pause and back, and the playhead moves while playing', async () => {
    const { user, store } = setup();
    await press(user, 'Play');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    await waitFor(() => expect(store.getState().playheadMs).toBeGreaterThan(0));
    await press(user, 'Pause');
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    const stopped = store.getState().playheadMs;
    await new Promise((r) => setTimeout(r, 80));
    expect(store.getState().playheadMs).toBe(stopped);
  });

  it('Next event moves the playhead to the next event and the caption follows', async () => {
    const { user } = setup();
    const before = caption();
    await press(user, 'Next event');
    expect(shownTime()).toBe('0.1 s');
    expect(screen.getByRole('slider', { name: 'Playhead' })).toHaveAttribute('aria-valuetext', '0.1 s of 21.6 s');
    expect(caption()).not.toBe(before);
    expect(caption()).toContain('0.1 s');
    await press(user, 'Previous event');
    expect(shownTime()).toBe('0.0 s');
  });

  it('End shows the three lines of the seed in the storage log, ✓ ✓ ✗', async () => {
    const { user } = setup();
    await user.keyboard('{End}');
    expect(shownTime()).toBe('21.6 s');
    expect(storageLog()).toEqual(SEED_LOG);
    const items = within(screen.getByRole('list', { name: 'Log' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([`accepted:${SEED_LOG[0]}`, `accepted:${SEED_LOG[1]}`, `rejected:${SEED_LOG[2]}`]);
    expect(screen.getByRole('img', { name: `At 21.5 s: ${SEED_LOG[2]}` })).toBeInTheDocument();
    expect(screen.getByText('Highest token seen').nextElementSibling).toHaveTextContent('34');
  });

  it('keys: Right and Left step, Space plays, Home goes back to 0', async () => {
    const { user, store } = setup();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(shownTime()).toBe('0.2 s');
    await user.keyboard('{ArrowLeft}');
    expect(shownTime()).toBe('0.1 s');
    await user.keyboard(' ');
    expect(store.getState().playing).toBe(true);
    await user.keyboard(' ');
    expect(store.getState().playing).toBe(false);
    await user.keyboard('{Home}');
    expect(store.getState().playheadMs).toBe(0);
  });

  it('on the scrubber, arrows step between events and Space plays', async () => {
    const { user, store } = setup();
    screen.getByRole('slider', { name: 'Playhead' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(shownTime()).toBe('0.3 s');
    await user.keyboard('{ArrowLeft}');
    expect(shownTime()).toBe('0.2 s');
    await user.keyboard(' ');
    expect(store.getState().playing).toBe(true);
  });

  it('keys typed into the pause length field stay in the field', async () => {
    const { user, store } = setup();
    const field = screen.getByRole('spinbutton', { name: 'Length of a new pause (s)' });
    await user.clear(field);
    await user.type(field, '20');
    await user.keyboard('{End}');
    expect(store.getState().pauseForMs).toBe(20_000);
    expect(store.getState().playheadMs).toBe(0);
  });

  it('the pause length says how it compares with the lease TTL, and follows what is typed', async () => {
    const { user } = setup();
    const field = screen.getByRole('spinbutton', { name: 'Length of a new pause (s)' });
    // The seed's TTL is 10 s; the default pause is longer.
    expect(field).toHaveAccessibleDescription('A 12 s pause is longer than the lease’s TTL (10 s): the lease can expire while the client is frozen.');
    await user.clear(field);
    await user.type(field, '4');
    expect(field).toHaveAccessibleDescription('A 4 s pause is not longer than the lease’s TTL (10 s): a lease renewed just before it may outlast it.');
  });

  it('the storage token switch turns the last line from rejected to stored, for the whole run', async () => {
    const { user } = setup();
    await user.keyboard('{End}');
    expect(storageLog().at(-1)).toBe("rejected 'late write from client 1' (token 33 < 34)");
    const toggle = screen.getByRole('switch', { name: 'Storage checks tokens' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(storageLog().at(-1)).toBe("stored 'late write from client 1' with token 33");
    expect(screen.getByText('Token check off (whole run)')).toBeInTheDocument();
    expect(screen.getByText('does not check tokens')).toBeInTheDocument();
    await user.click(toggle);
    expect(storageLog()).toEqual(SEED_LOG);
    expect(screen.queryByText('Token check off (whole run)')).not.toBeInTheDocument();
  });

  it('pausing client 1 for 20 s just after the grant means it never writes before client 2', async () => {
    const { user } = setup();
    await press(user, 'Next event'); // 0.1 s: the lease service grants token 33
    const field = screen.getByRole('spinbutton', { name: 'Length of a new pause (s)' });
    await user.clear(field);
    await user.type(field, '20');
    await press(user, 'Pause Client 1');
    expect(screen.getByText('Pause Client 1 20.0 s at 0.1 s')).toBeInTheDocument();
    expect(shownTime()).toBe('0.1 s');
    await press(user, 'Go to end');
    expect(storageLog()).toEqual([
      "stored 'from client 2' with token 34",
      "rejected 'from client 1' (token 33 < 34)",
      "rejected 'late write from client 1' (token 33 < 34)",
    ]);
  });

  it('pausing client 2 before its grant lets the late write through: the first-write window', async () => {
    const { user } = setup();
    seek(2000);
    const field = screen.getByRole('spinbutton', { name: 'Length of a new pause (s)' });
    await user.clear(field);
    await user.type(field, '20');
    await press(user, 'Pause Client 2');
    await user.keyboard('{End}');
    expect(storageLog()).toEqual([
      "stored 'from client 1' with token 33",
      "stored 'late write from client 1' with token 33",
      "stored 'from client 2' with token 34",
    ]);
  });

  it('in the unfenced twin, crashing client 1 at 0.5 s removes the late write; Undo brings it back', async () => {
    const { user } = setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Scenario' }), 'seed-gc-pause-unfenced');
    // The twin's module is its own chunk: it opens once loaded.
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Storage checks tokens' })).toHaveAttribute('aria-checked', 'false'));
    seek(500);
    expect(shownTime()).toBe('0.5 s');
    await press(user, 'Crash Client 1');
    expect(screen.getByText('Crash Client 1 at 0.5 s')).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(storageLog()).toEqual(["stored 'from client 1' with token 33", "stored 'from client 2' with token 34"]);
    expect(screen.getByRole('img', { name: 'Client 1 crashed at 0.5 s' })).toBeInTheDocument();
    await press(user, 'Undo');
    expect(storageLog()).toEqual([
      "stored 'from client 1' with token 33",
      "stored 'from client 2' with token 34",
      "stored 'late write from client 1' with token 33",
    ]);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
  });

  it('a chip’s remove button takes its intervention out', async () => {
    const { user } = setup();
    seek(500);
    await press(user, 'Crash Client 1');
    await press(user, 'Remove: Crash Client 1 at 0.5 s');
    expect(screen.getByText('None yet: the run is the scenario as written.')).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(storageLog()).toEqual(SEED_LOG);
  });

  it('speed buttons say which one is on', async () => {
    const { user, store } = setup();
    await press(user, '4×');
    expect(screen.getByRole('button', { name: '4×' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '1×' })).toHaveAttribute('aria-pressed', 'false');
    expect(store.getState().speed).toBe(4);
  });

  it('lanes and marks have accessible names', async () => {
    const { user } = setup();
    await act(async () => {
      seek(15_000);
    });
    for (const name of ['Lane: Client 1', 'Lane: Client 2', 'Lane: Lease service', 'Lane: Storage']) {
      expect(screen.getByRole('group', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('img', { name: 'Lease with token 33 held by Client 1 from 0.1 s until 10.1 s, expired' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Client 1 believes it holds token 33 from 0\.2 s/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Client 1 paused from 1\.0 s to 21\.0 s/ })).toBeInTheDocument();
    // Nothing after the playhead is drawn yet.
    expect(screen.queryByRole('img', { name: /rejected 'late write/ })).not.toBeInTheDocument();
    await user.keyboard('{End}');
    expect(screen.getByRole('img', { name: /rejected 'late write/ })).toBeInTheDocument();
  });

  it('two explainers on one page keep their own state', async () => {
    const user = userEvent.setup();
    render(
      <Suspense fallback={null}>
        <FencingLab />
        <FencingLab scenarioId="seed-gc-pause-unfenced" />
      </Suspense>,
    );
    // The twin may still be loading (its own chunk): both appear together once it has.
    const [firstNext] = await screen.findAllByRole('button', { name: 'Next event' });
    await user.click(firstNext!);
    const times = [...document.querySelectorAll('.fl-time__now')].map((e) => e.textContent);
    expect(times).toEqual(['0.1 s', '0.0 s']);
    const pickers = screen.getAllByRole('combobox', { name: 'Scenario' });
    expect(pickers.map((p) => (p as HTMLSelectElement).value)).toEqual(['seed-gc-pause', 'seed-gc-pause-unfenced']);
  });

  it('after an intervention the caption is generated from the new trace, not the written story', async () => {
    const { user } = setup();
    await press(user, 'Next event');
    await press(user, 'Pause Client 1');
    await user.keyboard('{End}');
    await press(user, 'Previous event'); // 22.3 s: the second rejection
    expect(caption()).toContain('Rejected: token 33 < 34');
    expect(caption()).toContain("The storage rejects 'late write from client 1'");
  });
});

describe('focus and notes after interventions', () => {
  it('says so when the run holds as many faults as a scenario can, and offers no more (issue 18)', { timeout: 60_000 }, async () => {
    const store = createLabStore();
    // The seed has one fault of its own; 199 interventions make 200, the most a file or link holds.
    for (let k = 0; k < 199; k++) {
      store.getState().seek(100 + k);
      store.getState().pauseClient('client-2', 100);
    }
    setup({ store });
    const note = screen.getByText(/^This run holds 200 faults/);
    expect(note).toHaveAttribute('role', 'status');
    expect(note).toHaveTextContent(
      'This run holds 200 faults (the scenario’s own and yours), the most a scenario can save, share and reload. Remove or undo one to add another.',
    );
    expect(screen.getByRole('button', { name: 'Pause Client 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Crash Client 2' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Expire lease now' })).toBeDisabled();
    const user = userEvent.setup();
    await press(user, 'Undo');
    expect(screen.getByRole('button', { name: 'Pause Client 1' })).toBeEnabled();
    expect(screen.queryByText(/This run holds 200 faults/)).not.toBeInTheDocument();
  });

  it('the last Undo moves focus to the “Your changes” heading instead of dropping it', async () => {
    const { user } = setup();
    seek(500);
    await press(user, 'Crash Client 1');
    await press(user, 'Undo');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 3, name: 'Your changes' }));
  });

  it('removing a chip moves focus to the “Your changes” heading', async () => {
    const { user } = setup();
    seek(500);
    await press(user, 'Crash Client 1');
    await press(user, 'Remove: Crash Client 1 at 0.5 s');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 3, name: 'Your changes' }));
  });

  it('switching the token check off replaces a summary that says it checks tokens', async () => {
    const { user } = setup();
    const summary = 'Client 1 pauses for garbage collection while holding the lock; the storage checks tokens.';
    expect(screen.getByText(summary)).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Storage checks tokens' }));
    expect(screen.queryByText(summary)).not.toBeInTheDocument();
    expect(screen.getByText('You switched the storage’s token check off: the outcome differs from the scenario as written.')).toBeInTheDocument();
    await press(user, 'Undo');
    expect(screen.getByText(summary)).toBeInTheDocument();
  });
});
