/**
 * "Try to break it" in jsdom with a stand-in for the worker client: the form starts from the
 * default schedule space, Run reports progress and can be cancelled, the results table shows the
 * four properties with and without fencing, and a counterexample opens on the timeline.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import BreakItPanel, { type StartExploration } from '../../src/breakit/BreakItPanel';
import type { ExplorationOutcome, ExplorationProgress } from '../../src/explorer/client';
import { startExploration } from '../../src/explorer/client';
import { explore, exploreRange } from '../../src/explorer/explore';
import { countSchedules, defaultScheduleSpace, type ScheduleSpace } from '../../src/explorer/space';
import { mainThreadWorker } from '../../src/explorer/workers';
import type { Scenario } from '../../src/model';
import { LabProvider } from '../../src/store/context';
import { createLabStore, type LabStore } from '../../src/store/store';
import { FencingLab } from '../../src/views/App';

/** Lazy chunks load slowly when many test files transform at once. */
const LAZY = { timeout: 8000 };

/** One call of the fake client: what it was asked, and levers to report progress and finish. */
interface Call {
  scenario: Scenario;
  space: ScheduleSpace;
  progress(p: ExplorationProgress): void;
  finish(outcome: ExplorationOutcome): void;
  fail(error: Error): void;
  cancelled: boolean;
}

function fakeClient() {
  const calls: Call[] = [];
  const start: StartExploration = (scenario, space, onProgress) => {
    let finish!: (o: ExplorationOutcome) => void;
    let fail!: (e: Error) => void;
    const promise = new Promise<ExplorationOutcome>((res, rej) => {
      finish = res;
      fail = rej;
    });
    const call: Call = { scenario, space, progress: onProgress, finish, fail, cancelled: false };
    calls.push(call);
    return {
      promise,
      cancel: () => {
        call.cancelled = true;
      },
    };
  };
  return { start, calls };
}

/** The panel on `store`; with `custom` (the default here), its "Custom" choice opened: the whole form. */
async function setup(start: StartExploration, store: LabStore = createLabStore(), custom = true) {
  const user = userEvent.setup();
  render(
    <LabProvider store={store}>
      <BreakItPanel start={start} />
    </LabProvider>,
  );
  // The learner's path is its own chunk.
  const customChoice = await screen.findByRole('radio', { name: /^Custom:/ }, LAZY);
  if (custom) fireEvent.click(customChoice);
  return { user, store };
}

/** A small space: both clients, a pause at 1 s of 12 s or 20 s, no delay, fencing on and off: 8 schedules. */
async function smallSpace(user: ReturnType<typeof userEvent.setup>) {
  const starts = screen.getByRole('textbox', { name: 'Pause start times (s)' });
  await user.clear(starts);
  await user.type(starts, '1');
  const lengths = screen.getByRole('textbox', { name: 'Pause lengths (s)' });
  await user.clear(lengths);
  await user.type(lengths, '12, 20');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Delayed message' }), 'None');
}

describe('Try to break it', { timeout: 30_000 }, () => {
  it('opens on the learner path: the question, a quick look chosen, no lists to type; the answer in words', async () => {
    const client = fakeClient();
    const { user, store } = await setup(client.start, createLabStore(), false);
    // As read on screen: without the closed glossary definitions inside it.
    const question = document.querySelector('.fl-breakit__question')!.cloneNode(true) as HTMLElement;
    for (const pop of question.querySelectorAll('.fl-term__pop')) pop.remove();
    expect(question.textContent).toBe('Can a pause of any length, at any moment, break the storage?');
    expect(screen.getByRole('radio', { name: /^A quick look: pauses of half the lease TTL, the whole TTL and one and a half TTLs \(10\.0 s is the TTL\)/ })).toBeChecked();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    // The glossary: each term's first use on the panel is a button with its definition (as in the story).
    const terms = screen.getAllByRole('button', { expanded: false }).map((b) => b.textContent);
    expect(terms).toEqual(['pause', 'storage', 'tokens', 'lease', 'TTL']);
    await user.click(screen.getByRole('button', { name: 'TTL' }));
    expect(screen.getByRole('note', { name: 'Definition: TTL (time to live)' })).toBeVisible();
    await user.keyboard('{Escape}');
    const seed = store.getState().scenario;
    const suggested = defaultScheduleSpace(seed);
    const quick = { ...suggested, delay: undefined, pauseDurationsMs: [5000, 10_000, 15_000] };
    expect(screen.getByText(`${countSchedules(quick).toLocaleString('en')} schedules`)).toBeInTheDocument();
    // Another choice changes what runs; Custom shows the whole form, from the suggested space.
    await user.click(screen.getByRole('radio', { name: /^Pauses and a late message/ }));
    expect(screen.getByText(`${countSchedules(suggested).toLocaleString('en')} schedules`)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^A quick look/ }));
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(client.calls[0]!.space).toEqual(quick);
    // A smaller run for the answer: the same kind of space, fewer moments.
    const small = { ...quick, pauseStartsMs: [1000, 5000] };
    const result = explore(seed, small);
    await act(async () => client.calls[0]!.finish({ status: 'done', result, space: small, elapsedMs: 50 }));
    const answer = screen.getByRole('heading', { name: 'The answer' }).parentElement!;
    const on = result.byFencing.on;
    const off = result.byFencing.off;
    expect(on.violations['no-stale-overwrite']).toBe(0);
    expect(off.violations['no-stale-overwrite']).toBeGreaterThan(0);
    expect(answer).toHaveTextContent(
      `With the token check on, the storage took a write from a client whose lease had ended in ${on.violations['no-write-after-expiry']} of ${on.schedules} runs. In 0 of those, a newer holder had already written, so old data overwrote newer data. So with the check on, no run tried here let an old holder overwrite a newer holder’s data.`,
    );
    expect(answer).toHaveTextContent(`With the token check off, the storage took a write from a client whose lease had ended in ${off.violations['no-write-after-expiry']} of ${off.schedules} runs. In ${off.violations['no-stale-overwrite']} of those,`);
    // "Of those": every stale overwrite is a write after expiry, so its runs are among them.
    for (const m of [on, off]) expect(m.violations['no-stale-overwrite']).toBeLessThanOrEqual(m.violations['no-write-after-expiry']);
    expect(answer).toHaveTextContent('Without the check, the storage cannot tell a stale holder from the current one.');
    expect(answer).toHaveTextContent('This answers for the runs tried here only, not for every possible schedule.');
  });

  it('starts from the default schedule space of the scenario on the timeline', async () => {
    const store = createLabStore();
    await setup(fakeClient().start, store);
    const space = defaultScheduleSpace(store.getState().scenario);
    expect(screen.getByRole('checkbox', { name: 'Client 1' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Client 2' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Both, to compare' })).toBeChecked();
    const starts = (screen.getByRole('textbox', { name: 'Pause start times (s)' }) as HTMLTextAreaElement).value.split(', ');
    expect(starts.map((s) => Math.round(Number(s) * 1000))).toEqual(space.pauseStartsMs);
    expect(screen.getByRole('combobox', { name: 'Delayed message' })).toHaveDisplayValue(/^Message 2 from Client 1 to Storage: write/);
    expect(screen.getByText(`${countSchedules(space).toLocaleString('en')} schedules`)).toBeInTheDocument();
  });

  it('shows progress, cancels, then runs to a results table and replays a counterexample on the timeline', async () => {
    const client = fakeClient();
    const { user, store } = await setup(client.start);
    await smallSpace(user);
    expect(screen.getByText('8 schedules')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(client.calls).toHaveLength(1);
    const first = client.calls[0]!;
    expect(first.space).toEqual({
      pauseClients: ['client-1', 'client-2'],
      pauseStartsMs: [1000],
      pauseDurationsMs: [12_000, 20_000],
      delay: undefined,
      fencing: 'both',
      baseFaults: 'drop-pauses',
    });
    // Running: the form is locked, progress shows.
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();
    act(() => first.progress({ done: 3, total: 8 }));
    const bar = screen.getByRole('progressbar', { name: 'Progress' });
    expect(bar).toHaveAttribute('value', '3');
    expect(bar).toHaveAttribute('max', '8');
    expect(screen.getByText('3 of 8 schedules checked')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(first.cancelled).toBe(true);
    const seed = store.getState().scenario;
    await act(async () => first.finish({ status: 'cancelled', result: exploreRange(seed, first.space, 0, 3), done: 3, total: 8 }));
    expect(screen.getByText('Cancelled after 3 of 8 schedules. What was found so far:')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    // Run again, to the end.
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const second = client.calls[1]!;
    const result = explore(seed, second.space);
    await act(async () => second.finish({ status: 'done', result, space: second.space, elapsedMs: 120 }));
    // Shown, and said once in a status line for screen readers.
    expect(screen.getAllByText(/^Tried 8 schedules of “Client 1 pauses for garbage collection”: 4 with the token check on, 4 with it off\./)).toHaveLength(2);

    const table = screen.getByRole('table', { name: 'Schedules that broke each property' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    const names = rows.map((r) => within(r).getByRole('rowheader').querySelector('.fl-table__name')?.textContent);
    expect(names).toEqual(['1. No stale overwrite', '2. Token order', '3. No write after expiry', '4. Mutual exclusion in real time']);
    // Issue 41, item 4: fencing promises 1 and 2 only while the storage keeps its highest token.
    expect(cells.map((c) => c[0])).toEqual(['Yes if the storage keeps its highest token', 'Yes if the storage keeps its highest token', 'No', 'No']);
    const on = result.byFencing.on.violations;
    const off = result.byFencing.off.violations;
    expect(cells.map((c) => c[1])).toEqual([on['no-stale-overwrite'], on['token-order'], on['no-write-after-expiry'], on['mutual-exclusion']].map(String));
    expect(cells.map((c) => c[2])).toEqual([off['no-stale-overwrite'], off['token-order'], off['no-write-after-expiry'], off['mutual-exclusion']].map(String));
    expect(on['no-stale-overwrite']).toBe(0);
    expect(on['token-order']).toBe(0);
    expect(off['no-stale-overwrite']).toBeGreaterThan(0);
    expect(cells[3]![3]).toContain('A paused process cannot notice that its lease expired');

    // A counterexample with the check off: open it on the timeline.
    const offGroup = screen.getByRole('region', { name: 'With the token check off' });
    const replay = within(offGroup).getAllByRole('button', { name: /^Replay schedule \d+ on the timeline: .*token check off$/ })[0]!;
    await user.click(replay);
    const s = store.getState();
    expect(s.baseId).toBeNull();
    expect(s.scenario.title).toMatch(/\(explorer schedule #\d+\)$/);
    expect(s.scenario.storage.fencing).toBe('off');
    expect(s.playheadMs).toBe(0);
    // Its run has a stale overwrite: token 33 stored after token 34.
    const log = s.trace.storageLog;
    const stored34 = log.findIndex((l) => /^stored .* with token 34$/.test(l));
    expect(stored34).toBeGreaterThanOrEqual(0);
    expect(log.slice(stored34 + 1).some((l) => /^stored .* with token 33$/.test(l))).toBe(true);
    const statuses = screen.getAllByRole('status').map((e) => e.textContent);
    expect(statuses).toContainEqual(expect.stringMatching(/^Schedule \d+ is open on the timeline\. Press Play to watch it\.$/));
    expect(statuses).toContainEqual(expect.stringMatching(/^Tried 8 schedules/));
    // The results stay, and the learner can go back.
    expect(screen.getByRole('table')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to “Client 1 pauses for garbage collection”' }));
    expect(store.getState().baseId).toBe('seed-gc-pause');
  });

  it('names what is wrong in a field and does not start', async () => {
    const client = fakeClient();
    const { user } = await setup(client.start);
    const starts = screen.getByRole('textbox', { name: 'Pause start times (s)' });
    await user.clear(starts);
    await user.type(starts, '1, soon');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(client.calls).toHaveLength(0);
    expect(starts).toHaveAttribute('aria-invalid', 'true');
    expect(starts).toHaveAccessibleDescription(expect.stringContaining('“soon” is not a number of seconds.'));
    await user.clear(starts);
    await user.type(starts, '1');
    expect(starts).not.toHaveAttribute('aria-invalid');
  });

  it('reports a failed run', async () => {
    const client = fakeClient();
    const { user } = await setup(client.start);
    await smallSpace(user);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await act(async () => client.calls[0]!.fail(new Error('the explorer worker failed: boom')));
    expect(screen.getByRole('alert')).toHaveTextContent('The explorer could not run: the explorer worker failed: boom');
    expect(screen.getByRole('button', { name: 'Run' })).toBeEnabled();
  });

  it('runs for real through the client and the worker core (in-process)', async () => {
    const start: StartExploration = (scenario, space, onProgress) => startExploration(scenario, space, onProgress, { createWorker: mainThreadWorker });
    const { user } = await setup(start);
    await smallSpace(user);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    expect(table).toBeInTheDocument();
    expect(screen.getAllByText(/^Tried 8 schedules/)).toHaveLength(2);
  });

  it('sits in the explainer’s “Try to break it” tab, and keys in its form do not drive the timeline', async () => {
    const user = userEvent.setup();
    render(<FencingLab globalShortcuts />);
    await user.click(await screen.findByRole('tab', { name: 'Try to break it' }, LAZY));
    await user.click(await screen.findByRole('radio', { name: /^Custom:/ }, LAZY));
    const box = await screen.findByRole('checkbox', { name: 'Client 2' }, LAZY);
    box.focus();
    await user.keyboard(' ');
    expect(box).not.toBeChecked();
    await waitFor(() => expect(document.querySelector('.fl-time__now')?.textContent).toBe('0.0 s'), LAZY);
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    const both = screen.getByRole('radio', { name: 'Both, to compare' });
    both.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.querySelector('.fl-time__now')?.textContent).toBe('0.0 s');
  });
});
