/**
 * The scenario settings' number fields take only values a link or a scenario file can carry: whole
 * ms, and for a keepalive 0 (off) or at least the schema's minimum. Found by a break test: a
 * keepalive of 0.05 s was taken, and the page then wrote a link and a file it refused to open.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIN_RENEW_EVERY_MS } from '../../src/model/scenario';
import { parseScenario } from '../../src/model/validate';
import { toScenarioInput } from '../../src/model/scenario';
import { applySettings } from '../../src/settings/settings';
import { createLabStore } from '../../src/store/store';
import { FencingLab } from '../../src/views/App';
import { loadLaterParts } from '../../src/views/later';
import { loadStory } from '../../src/story/slot';
import '../../src/scenarios/all';

beforeAll(async () => {
  await loadLaterParts();
  await loadStory();
});

async function openSettings() {
  const user = userEvent.setup();
  const store = createLabStore();
  render(<FencingLab store={store} />);
  // The settings are a lazily loaded part: on a busy machine they take more than findBy's default 1 s.
  await user.click(await screen.findByText('Scenario settings', undefined, { timeout: 10_000 }));
  return { user, store };
}

/** Types `text` into `field` in place of what it holds, then leaves it (Tab), as a learner does. */
async function enter(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
  await user.tab();
}

const sets = (store: ReturnType<typeof createLabStore>) => store.getState().interventions.filter((i) => i.kind === 'set');

describe('scenario settings fields', () => {
  it('refuses a keepalive between 0 and the smallest one, and names what it takes', async () => {
    const { user, store } = await openSettings();
    const field = await screen.findByLabelText('Client 1: keepalive every (s, 0 = never)', undefined, { timeout: 10_000 });
    await enter(user, field, '0.05');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(`Enter 0 (off) or a number from ${MIN_RENEW_EVERY_MS / 1000} to 600.`)).toBeInTheDocument();
    expect(sets(store)).toEqual([]);
    // 0 (off) and the smallest keepalive are taken.
    await enter(user, field, '0.1');
    expect(sets(store)).toEqual([{ kind: 'set', path: 'clients.client-1.renewEveryMs', value: MIN_RENEW_EVERY_MS }]);
    await enter(user, field, '0');
    expect(sets(store)).toEqual([{ kind: 'set', path: 'clients.client-1.renewEveryMs', value: 0 }]);
  });

  it('keeps whole ms: a fraction typed is rounded, shown as kept, and the run stays a valid scenario', async () => {
    const { user, store } = await openSettings();
    const ttl = await screen.findByLabelText('Lease TTL (s)', undefined, { timeout: 10_000 });
    await enter(user, ttl, '2.0005');
    const set = sets(store);
    expect(set).toHaveLength(1);
    expect(set[0]).toMatchObject({ path: 'lease.ttlMs' });
    const kept = (set[0] as { value: number }).value;
    expect(Number.isInteger(kept)).toBe(true);
    expect(Math.abs(kept - 2000.5)).toBeLessThanOrEqual(0.5);
    expect(ttl).toHaveValue(kept / 1000);
    expect(parseScenario(toScenarioInput(applySettings(store.getState().base, sets(store) as Parameters<typeof applySettings>[1]))).ok).toBe(true);
  });
});
