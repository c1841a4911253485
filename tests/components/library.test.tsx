/**
 * The scenario library in jsdom: browsing the built-ins, opening pasted JSON (valid and invalid),
 * the Share dialog's link and download, the "Try this" and "Real systems" tabs, and the rule for
 * when a built-in's narration still holds after the learner changed the run.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { parseLocation } from '../../src/links';
import { simulate, toScenarioInput } from '../../src/model';
import { REAL_SYSTEMS } from '../../src/realsystems';
import { BUILT_IN_SCENARIOS } from '../../src/scenarios';
import { builtInScenario } from '../../src/scenarios/all';
import { applyInterventions, loadBuiltIn } from '../../src/store';
import { createLabStore, type LabStore } from '../../src/store/store';
import { FencingLab } from '../../src/views/App';
import { loadLaterParts } from '../../src/views/later';
import { caption, openTools, press, seek, storageLog } from './ui';

// The app loads the secondary controls (interventions, Library, Share, Embed, toolbar, keyboard
// shortcuts) just after the first render (`views/later.tsx`); these tests use them from the start.
beforeAll(() => loadLaterParts());

/** Lazy chunks load slowly when many test files transform at once. */
const LAZY = { timeout: 8000 };

const SEED_LOG = [
  "stored 'from client 1' with token 33",
  "stored 'from client 2' with token 34",
  "rejected 'late write from client 1' (token 33 < 34)",
];

function setup(store: LabStore = createLabStore()) {
  const user = userEvent.setup();
  render(<FencingLab globalShortcuts store={store} />);
  return { user, store };
}

async function openLibrary(user: UserEvent) {
  await openTools(user);
  await press(user, 'Library');
  return screen.findByRole('dialog', { name: 'Scenario library' }, LAZY);
}

/** A custom scenario document: the seed under another title, without its pause. */
function customDoc(): string {
  const doc = toScenarioInput({ ...loadBuiltIn('seed-gc-pause'), title: 'My two writers', faults: [] });
  return JSON.stringify(doc, null, 2);
}

describe('the scenario library', { timeout: 30_000 }, () => {
  it('lists every built-in with its title, summary and real systems, and opens one', async () => {
    const { user, store } = setup();
    const dialog = await openLibrary(user);
    const items = within(dialog).getAllByRole('listitem').filter((li) => li.querySelector('.fl-libitem'));
    expect(items).toHaveLength(BUILT_IN_SCENARIOS.length);
    for (const s of BUILT_IN_SCENARIOS) {
      const button = within(dialog).getByRole('button', { name: s.title });
      expect(button).toHaveAccessibleDescription(expect.stringContaining(builtInScenario(s.id)!.summary));
    }
    const current = within(dialog).getByRole('button', { current: true });
    expect(current).toHaveAccessibleName(expect.stringContaining('Client 1 pauses for garbage collection'));
    expect(current).toHaveAccessibleDescription(expect.stringContaining('In real systems: etcd, ZooKeeper'));

    await user.click(within(dialog).getByRole('button', { name: /^The new holder has not written yet/ }));
    await waitFor(() => expect(store.getState().baseId).toBe('first-write-window'), LAZY);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), LAZY);
    expect(screen.getByRole('combobox', { name: 'Scenario' })).toHaveValue('first-write-window');
    // Focus goes back to the button that opened the dialog.
    expect(screen.getByRole('button', { name: 'Library' })).toHaveFocus();
  });

  it('opens valid pasted JSON as a custom scenario', async () => {
    const { user, store } = setup();
    const dialog = await openLibrary(user);
    await user.click(within(dialog).getByRole('textbox', { name: 'Paste scenario JSON' }));
    await user.paste(customDoc());
    await user.click(within(dialog).getByRole('button', { name: 'Open pasted scenario' }));
    await waitFor(() => expect(store.getState().base.title).toBe('My two writers'), LAZY);
    expect(store.getState().baseId).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Scenario' })).toHaveDisplayValue('Custom scenario: My two writers');
    expect(screen.getByText('Opened “My two writers”.')).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(storageLog()).toEqual(["stored 'from client 1' with token 33", "stored 'late write from client 1' with token 33", "stored 'from client 2' with token 34"]);
  });

  it('lists what is wrong in invalid JSON with field paths, next to the input, and keeps the scenario', async () => {
    const { user, store } = setup();
    seek(21_600);
    const dialog = await openLibrary(user);
    const box = within(dialog).getByRole('textbox', { name: 'Paste scenario JSON' });
    await user.click(box);
    await user.paste(customDoc().replace('"acquire"', '"jump"').replace('"ttlMs": 10000', '"ttlMs": -5'));
    await user.click(within(dialog).getByRole('button', { name: 'Open pasted scenario' }));
    const alert = await within(dialog).findByRole('alert', {}, LAZY);
    expect(alert).toHaveTextContent('The pasted text is not a scenario Fencing Lab can open. Problems found: 2.');
    expect(within(alert).getByText('lease.ttlMs')).toBeInTheDocument();
    expect(within(alert).getByText('clients[0].program[0].op')).toBeInTheDocument();
    expect(alert).toHaveTextContent('expected one of acquire, write, read, work, release');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(expect.stringContaining('clients[0].program[0].op'));
    // Still the seed, at the same moment.
    expect(store.getState().baseId).toBe('seed-gc-pause');
    expect(store.getState().playheadMs).toBe(21_600);

    // Not JSON at all: one problem for the whole document.
    await user.clear(box);
    await user.paste('{"format": ');
    await user.click(within(dialog).getByRole('button', { name: 'Open pasted scenario' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(/document: not valid JSON/), LAZY);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), LAZY);
    expect(storageLog()).toEqual(SEED_LOG);
  });

  it('opens a file from the picker; a bad file lists its problems by the picker', async () => {
    const { user, store } = setup();
    const dialog = await openLibrary(user);
    const input = dialog.querySelector<HTMLInputElement>('input[type=file]')!;
    const bad = new File(['{"format":"fencing-lab.scenario/v1","title":"x","lease":{},"clients":[]}'], 'broken.json', { type: 'application/json' });
    await user.upload(input, bad);
    const alert = await within(dialog).findByRole('alert', {}, LAZY);
    expect(alert).toHaveTextContent('“broken.json” is not a scenario Fencing Lab can open.');
    expect(within(alert).getByText('lease.ttlMs')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Open a file…' })).toHaveAccessibleDescription(expect.stringContaining('broken.json'));
    expect(store.getState().baseId).toBe('seed-gc-pause');

    await user.upload(input, new File([customDoc()], 'mine.json', { type: 'application/json' }));
    await waitFor(() => expect(store.getState().base.title).toBe('My two writers'), LAZY);
  });

  it('a file dropped on the page opens; an export of a built-in with changes reopens as that built-in with the same changes', async () => {
    const { store } = setup();
    const seed = loadBuiltIn('seed-gc-pause');
    const changed = applyInterventions(seed, [{ kind: 'crash', client: 'client-2', atMs: 12_000 }]);
    const file = new File([JSON.stringify(toScenarioInput(changed))], 'export.json', { type: 'application/json' });
    const drop = (target: Element, files: File[]) => {
      const dataTransfer = { types: ['Files'], files, dropEffect: 'none' };
      fireEvent.dragOver(target, { dataTransfer });
      fireEvent.drop(target, { dataTransfer });
    };
    store.getState().openScenario({ ...seed, title: 'Something else' });
    drop(screen.getByRole('main'), [file]);
    await waitFor(() => expect(store.getState().baseId).toBe('seed-gc-pause'), LAZY);
    expect(store.getState().interventions).toEqual([{ kind: 'crash', client: 'client-2', atMs: 12_000 }]);
    expect(screen.getByText('Crash Client 2 at 12.0 s')).toBeInTheDocument();

    // A bad file: the library opens with its problems; the scenario stays.
    drop(screen.getByRole('main'), [new File(['not json'], 'notes.txt')]);
    const dialog = await screen.findByRole('dialog', { name: 'Scenario library' }, LAZY);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('“notes.txt” is not a scenario');
    expect(store.getState().interventions).toHaveLength(1);
  });
});

describe('issue 43, item 2: a scenario nested thousands of levels deep', { timeout: 30_000 }, () => {
  const deepDoc = `{"format":"fencing-lab.scenario/v1","title":${'['.repeat(4000)}${']'.repeat(4000)},"lease":{"ttlMs":1000},"clients":[{"id":"c","program":[]}]}`;
  const depthMessage = 'title: nested 4,001 levels deep; at most 32 levels are allowed';

  it('pasted: the library names the depth and keeps the scenario', async () => {
    const { user, store } = setup();
    const before = store.getState().scenario;
    const dialog = await openLibrary(user);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Paste scenario JSON' }), { target: { value: deepDoc } });
    await user.click(within(dialog).getByRole('button', { name: 'Open pasted scenario' }));
    const alert = await within(dialog).findByRole('alert', {}, LAZY);
    expect(alert).toHaveTextContent('The pasted text is not a scenario Fencing Lab can open. Problems found: 1.');
    expect(alert).toHaveTextContent(depthMessage);
    expect(store.getState().scenario).toBe(before);
  });

  it('dropped: the library opens with the depth named, and the status no longer says the last file opened', async () => {
    setup();
    const drop = (files: File[]) => {
      const dataTransfer = { types: ['Files'], files, dropEffect: 'none' };
      fireEvent.dragOver(screen.getByRole('main'), { dataTransfer });
      fireEvent.drop(screen.getByRole('main'), { dataTransfer });
    };
    drop([new File([customDoc()], 'two.json', { type: 'application/json' })]);
    await waitFor(() => expect(screen.getByText('Opened “My two writers”.')).toBeInTheDocument(), LAZY);
    drop([new File([deepDoc], 'deep.json', { type: 'application/json' })]);
    const dialog = await screen.findByRole('dialog', { name: 'Scenario library' }, LAZY);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('“deep.json” is not a scenario');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(depthMessage);
    expect(screen.queryByText('Opened “My two writers”.')).not.toBeInTheDocument();
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('“deep.json” is not a scenario Fencing Lab can open. Problems found: 1. The scenario on the timeline is unchanged.');
  });
});

describe('share and download', { timeout: 30_000 }, () => {
  // userEvent.setup() gives the page a clipboard stub, which the dialog writes to.
  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function share(user: UserEvent) {
    await openTools(user);
    await press(user, 'Share');
    const dialog = await screen.findByRole('dialog', { name: 'Share this moment' }, LAZY);
    await within(dialog).findByText('Link copied to the clipboard.', {}, LAZY);
    return { dialog, url: (within(dialog).getByRole('textbox', { name: 'Link' }) as HTMLInputElement).value };
  }

  it('a built-in as written shares ?scenario=ID&t=MS, copied at once', async () => {
    const { user } = setup();
    seek(10_100);
    const { dialog, url } = await share(user);
    expect(url).toBe(`${location.origin}${location.pathname}?scenario=seed-gc-pause&t=10100`);
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(dialog).toHaveTextContent('This link opens “Client 1 pauses for garbage collection” at 10.1 s, as you see it now.');
  });

  it('with interventions the link carries the whole scenario in #s= and reproduces the run', async () => {
    const { user, store } = setup();
    await press(user, 'Next event');
    await press(user, 'Pause Client 1');
    await user.keyboard('{End}');
    const { url } = await share(user);
    const u = new URL(url);
    expect(u.searchParams.get('scenario')).toBeNull();
    expect(u.searchParams.get('t')).toBe('22400');
    const parsed = parseLocation(u.search, u.hash);
    expect(parsed.problems).toEqual([]);
    expect(parsed.scenario).toEqual({ kind: 'custom', input: toScenarioInput(store.getState().scenario) });
    expect(simulate(parsed.customScenario!).storageLog).toEqual(store.getState().trace.storageLog);
  });

  it('downloads the scenario with the interventions merged into its faults', async () => {
    const { user, store } = setup();
    let blob: Blob | undefined;
    let fileName = '';
    Object.defineProperty(URL, 'createObjectURL', { value: (b: Blob) => ((blob = b), 'blob:fencing-lab'), configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: () => {}, configurable: true });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      fileName = this.download;
    });
    seek(2000);
    await press(user, 'Crash Client 2');
    await user.click(screen.getByRole('switch', { name: 'Storage checks tokens' }));
    const { dialog } = await share(user);
    await user.click(within(dialog).getByRole('button', { name: 'Download client-1-pauses-for-garbage-collection.json' }));
    expect(fileName).toBe('client-1-pauses-for-garbage-collection.json');
    expect(within(dialog).getByText('Downloaded client-1-pauses-for-garbage-collection.json.')).toBeInTheDocument();
    const doc = JSON.parse(await blob!.text());
    expect(blob!.type).toBe('application/json');
    expect(doc.faults).toEqual([
      { kind: 'pause', client: 'client-1', atMs: 1000, forMs: 20_000 },
      { kind: 'crash', client: 'client-2', atMs: 2001 },
    ]);
    expect(doc.storage.fencing).toBe('off');
    expect(doc).toEqual(toScenarioInput(store.getState().scenario));
  });
});

describe('go further: try this and real systems', { timeout: 30_000 }, () => {
  it('shows the scenario’s hints, and general ones for a custom scenario', async () => {
    const { store } = setup();
    const tab = await screen.findByRole('tab', { name: 'Try this' }, LAZY);
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Try this' });
    for (const hint of builtInScenario('seed-gc-pause')!.tryThis) expect(within(panel).getByText(hint)).toBeInTheDocument();
    act(() => store.getState().openScenario({ ...loadBuiltIn('seed-gc-pause'), title: 'Mine', description: 'My notes.' }));
    expect(within(panel).getByText('This scenario has no hints of its own. Some things to try:')).toBeInTheDocument();
    expect(within(panel).getByText('My notes.')).toBeInTheDocument();
  });

  it('maps the scenario onto real systems, sources opening in a new tab; arrow keys move between tabs', async () => {
    const { user } = setup();
    const tryTab = await screen.findByRole('tab', { name: 'Try this' }, LAZY);
    await user.click(tryTab);
    await user.keyboard('{ArrowRight}');
    const real = screen.getByRole('tab', { name: 'Real systems' });
    expect(real).toHaveFocus();
    expect(real).toHaveAttribute('aria-selected', 'true');
    const panel = await screen.findByRole('tabpanel', { name: 'Real systems' }, LAZY);
    await within(panel).findByRole('heading', { name: 'In real systems' }, LAZY);
    // The keyboard did not move the playhead.
    expect(document.querySelector('.fl-time__now')?.textContent).toBe('0.0 s');
    const etcd = within(panel).getByText('etcd', { selector: '.fl-real__name' }).closest('details')!;
    expect(etcd).toHaveAttribute('open');
    expect(within(etcd).getByText('Lease')).toBeInTheDocument();
    expect(within(etcd).getByText('Fencing token')).toBeInTheDocument();
    expect(within(etcd).getByText('Who checks it')).toBeInTheDocument();
    expect(etcd.querySelector('pre > code.language-go')?.textContent).toContain('concurrency.NewMutex');
    const links = within(etcd).getAllByRole('link');
    expect(links.length).toBeGreaterThan(3);
    for (const a of links) {
      expect(a).toHaveAttribute('target', '_blank');
      expect(a).toHaveAttribute('rel', expect.stringContaining('noopener'));
      expect(a.getAttribute('href')).toMatch(/^https:\/\//);
      expect(a).toHaveAccessibleName(expect.stringContaining('(opens in a new tab)'));
    }
    const names = [...panel.querySelectorAll('.fl-real__name')].map((e) => e.textContent);
    expect(names).toContain('ZooKeeper');
    expect(names).not.toContain('HDFS Quorum Journal Manager');
    // Nine systems, issue 12's five entries (lock release, client lease timers, Kafka fenced fetch, sequence numbers, etcd contrib/lock)
    // and issue 41's four (fence per lock in SQL, a durable highest token, a lock for efficiency, idempotency keys).
    await user.click(within(panel).getByRole('button', { name: `Show all ${REAL_SYSTEMS.length} systems` }));
    expect(REAL_SYSTEMS).toHaveLength(18);
    expect([...panel.querySelectorAll('.fl-real__name')]).toHaveLength(18);
  });
});

describe('narration after interventions', { timeout: 30_000 }, () => {
  it('keeps the story for events before the earliest intervention, then the generated captions', async () => {
    const { user, store } = setup();
    seek(12_000);
    await press(user, 'Crash Client 1'); // frozen in its pause at 12 s
    expect(store.getState().interventions).toEqual([{ kind: 'crash', client: 'client-1', atMs: 12_000 }]);
    // 10.1 s: before the crash, the seed's own words still hold.
    seek(10_100);
    expect(caption()).toContain('Client 2 gets token 34');
    seek(10_300);
    expect(caption()).toContain('Client 2 writes with token 34');
    // From the crash on, the generated captions tell the changed run.
    seek(12_000);
    expect(caption()).toContain('Client 1 crashes');
    seek(21_500);
    expect(caption()).not.toContain('The storage rejects the late write');
  });

  it('switching the token check hands the whole run to the generated captions', async () => {
    const { user } = setup();
    seek(10_100);
    expect(caption()).toContain('Client 2 gets token 34');
    await user.click(screen.getByRole('switch', { name: 'Storage checks tokens' }));
    expect(caption()).not.toContain('Client 2 gets token 34');
    expect(caption()).toContain('The lease service grants the lock to Client 2 with fencing token 34.');
    await user.click(screen.getByRole('switch', { name: 'Storage checks tokens' }));
    expect(caption()).toContain('Client 2 gets token 34');
  });
});
