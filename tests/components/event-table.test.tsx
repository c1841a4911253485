/**
 * The events table on a dense run (issue 43), in jsdom: 60 s and 300 s of keepalives every 100 ms
 * (about 1,800 and 9,000 events) render one page of rows, says which ("Rows a–b of n", `aria-rowcount`,
 * `aria-rowindex`), and reaches every row through its pages; a page the learner moved to stays put
 * as the playhead moves on, and "Latest rows" follows the playhead again. The page in Chromium:
 * `tests/browser/dense-runs.test.ts`.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/model/validate';
import type { ScenarioInput } from '../../src/model';
import { LabProvider } from '../../src/store/context';
import { createLabStore } from '../../src/store/store';
import { lastEventIndexAt } from '../../src/store/playback';
import { EventTable, PAGE_ROWS, eventRows, pageOf } from '../../src/views/a11y/EventTable';
import { t } from '../../src/i18n';

const dense = (durationMs: number): ScenarioInput => ({
  format: 'fencing-lab.scenario/v1',
  title: `keepalive ${durationMs}`,
  lease: { ttlMs: 10_000 },
  durationMs,
  clients: [{ id: 'client-1', renewEveryMs: 100, program: [{ op: 'acquire' }, { op: 'write', value: 'v' }, { op: 'work', ms: 600_000 }] }],
});

function open(durationMs = 300_000) {
  const parsed = parseScenario(dense(durationMs));
  if (!parsed.ok) throw new Error('invalid');
  const store = createLabStore({ scenario: parsed.scenario });
  render(
    <LabProvider store={store}>
      <EventTable />
    </LabProvider>,
  );
  return store;
}

/** The rows shown: their aria-rowindex and their first cell (the time). */
function shown(): [number, string][] {
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => [Number(r.getAttribute('aria-rowindex')), r.querySelector('td')?.textContent ?? '']);
}

describe('pageOf', () => {
  it('follows the latest rows, holds a page, and never starts past the last full page', () => {
    expect(pageOf(0, undefined, 10)).toEqual({ start: 0, end: 0 });
    expect(pageOf(7, undefined, 10)).toEqual({ start: 0, end: 7 });
    expect(pageOf(25, undefined, 10)).toEqual({ start: 15, end: 25 });
    expect(pageOf(25, 3, 10)).toEqual({ start: 3, end: 13 });
    // A page held at 20 of 25 rows shows 15–25 (full); scrubbed back to 12 rows, the last page.
    expect(pageOf(25, 20, 10)).toEqual({ start: 15, end: 25 });
    expect(pageOf(12, 20, 10)).toEqual({ start: 2, end: 12 });
  });
});

describe('the events table on a dense run (issue 43)', () => {
  it('renders one page, says which rows, and reaches every row through its pages (60 s of keepalives every 100 ms)', async () => {
    const user = userEvent.setup();
    const store = open(60_000);
    const trace = store.getState().trace;
    const n = trace.events.length;
    expect(n).toBeGreaterThan(10 * PAGE_ROWS);
    await user.click(screen.getByRole('button', { name: 'Show events as a table' }));
    act(() => store.getState().seek(trace.endMs));
    const table = screen.getByRole('table', { name: /^Events up to 60.0 s/ });
    expect(table).toHaveAttribute('aria-rowcount', String(n + 1));
    // The latest page, ending with the run's last event (the current one).
    const rows = shown();
    expect(rows).toHaveLength(PAGE_ROWS);
    expect(rows.at(-1)).toEqual([n + 1, eventRows(trace, n - 1, t, n - 1)[0]!.at]);
    expect(rows[0]![0]).toBe(n - PAGE_ROWS + 2);
    expect(within(table).getAllByRole('row').at(-1)).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText(`Rows ${n - PAGE_ROWS + 1}–${n} of ${n}`)).toBeInTheDocument();
    // The first page: the run's first events, as eventRows makes them.
    await user.click(screen.getByRole('button', { name: 'First rows' }));
    expect(shown()).toEqual(eventRows(trace, PAGE_ROWS - 1, t).map((r, i) => [i + 2, r.at]));
    // At the first page it does nothing more, and keeps the keyboard's focus (issue 43's review: a
    // disabled button dropped it to the page); the range asked for is said.
    const first = screen.getByRole('button', { name: 'First rows' });
    expect(first).toHaveAttribute('aria-disabled', 'true');
    expect(first).toHaveFocus();
    await user.click(first);
    expect(shown()).toEqual(eventRows(trace, PAGE_ROWS - 1, t).map((r, i) => [i + 2, r.at]));
    expect(first).toHaveFocus();
    expect(document.querySelector('.fl-events__pager [aria-live="polite"]')).toHaveTextContent(`Rows 1–${PAGE_ROWS} of ${n}`);
    // Page by page to the end: every row once, in order.
    const seen: number[] = shown().map(([i]) => i);
    for (let k = 0; k < n; k++) {
      const later = screen.getByRole('button', { name: 'Later rows' });
      if (later.getAttribute('aria-disabled') === 'true') break;
      fireEvent.click(later);
      seen.push(...shown().map(([i]) => i));
    }
    expect(new Set(seen).size).toBe(n);
    expect(Math.max(...seen)).toBe(n + 1);
  });

  it('holds the page the learner moved to as the playhead moves, and follows again with "Latest rows"', async () => {
    const user = userEvent.setup();
    const store = open();
    const trace = store.getState().trace;
    await user.click(screen.getByRole('button', { name: 'Show events as a table' }));
    act(() => store.getState().seek(150_000));
    const total = lastEventIndexAt(trace, 150_000) + 1;
    await user.click(screen.getByRole('button', { name: 'Earlier rows' }));
    const held = shown();
    expect(held[0]![0]).toBe(total - 2 * PAGE_ROWS + 2);
    expect(screen.getByText(/^Held in place while you read/)).toBeInTheDocument();
    // Forward and back: the same rows.
    act(() => store.getState().seek(280_000));
    expect(shown()).toEqual(held);
    act(() => store.getState().seek(147_000));
    expect(shown()).toEqual(held);
    // Scrubbed back before it: the last page there.
    act(() => store.getState().seek(140_000));
    expect(shown().at(-1)![0]).toBe(lastEventIndexAt(trace, 140_000) + 2);
    // Following again: the latest rows at the playhead.
    await user.click(screen.getByRole('button', { name: 'Latest rows' }));
    expect(screen.getByRole('button', { name: 'Latest rows' })).toHaveAttribute('aria-pressed', 'true');
    const now = lastEventIndexAt(trace, 140_000) + 1;
    expect(shown().at(-1)![0]).toBe(now + 1);
    act(() => store.getState().seek(141_000));
    expect(shown().at(-1)![0]).toBe(lastEventIndexAt(trace, 141_000) + 2);
    // Focus moved into the rows holds the page too.
    await user.tab();
    while (document.activeElement?.getAttribute('role') !== 'region') await user.tab();
    const before = shown();
    act(() => store.getState().seek(200_000));
    expect(shown()).toEqual(before);
  });
});

describe('the storage log of a dense run (issue 43)', () => {
  it('lists its latest 50 lines, and says how many earlier ones the events table has, outside the list', async () => {
    const { StoragePanel } = await import('../../src/views/StoragePanel');
    const parsed = parseScenario({
      format: 'fencing-lab.scenario/v1',
      title: 'sixty writes',
      lease: { ttlMs: 10_000 },
      clients: [{ id: 'client-1', renewEveryMs: 3000, program: [{ op: 'acquire' }, ...Array.from({ length: 60 }, (_, i) => ({ op: 'write' as const, value: `v${i}` }))] }],
    });
    if (!parsed.ok) throw new Error('invalid');
    const store = createLabStore({ scenario: parsed.scenario });
    render(
      <LabProvider store={store}>
        <StoragePanel />
      </LabProvider>,
    );
    act(() => store.getState().seek(store.getState().trace.endMs));
    const decided = store.getState().trace.storage.length;
    expect(decided).toBe(60);
    const log = screen.getByRole('list', { name: 'Log' });
    // Only the lines are its items (a screen reader says "list, 50 items").
    expect(within(log).getAllByRole('listitem')).toHaveLength(50);
    expect(within(log).getAllByRole('listitem').at(-1)).toHaveTextContent("stored 'v59' with token");
    expect(screen.getByText('10 earlier: in the events table.').closest('ol')).toBeNull();
  });
});
