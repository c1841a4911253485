/**
 * Embedding in jsdom: embed mode's compact bar and its "Open in Fencing Lab" link, `controls=`
 * hiding control groups, the notice of ignored parameters, and the Embed dialog (options change the
 * snippet, Copy announces, Esc closes and gives focus back).
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTROL_NAMES, type ControlName } from '../../src/embed/params';
import { DisplayProvider } from '../../src/embed/display';
import { clearNotices, reportNotices } from '../../src/embed/notices';
import { ParamNotice } from '../../src/embed/ParamNotice';
import { createLabStore } from '../../src/store/store';
import { FencingLab } from '../../src/views/App';
import { loadLaterParts } from '../../src/views/later';
import { openTools } from './ui';

// The app loads the secondary controls (interventions, Library, Share, Embed, toolbar, keyboard
// shortcuts) just after the first render (`views/later.tsx`); these tests use them from the start.
beforeAll(() => loadLaterParts());

afterEach(() => {
  clearNotices();
  vi.restoreAllMocks();
});

function setup({ embed = false, controls = CONTROL_NAMES as readonly ControlName[] } = {}) {
  const user = userEvent.setup();
  const store = createLabStore();
  render(
    <DisplayProvider value={{ embed, controls: new Set(controls), instance: 'test' }}>
      <Suspense fallback={null}>
        <FencingLab store={store} />
      </Suspense>
    </DisplayProvider>,
  );
  return { user, store };
}

describe('embed mode', () => {
  it('shows a compact bar with the scenario title and a link to the full page at the same moment', async () => {
    const { store } = setup({ embed: true, controls: ['playback'] });
    expect(screen.queryByText('Leases, process pauses and fencing tokens, step by step')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Client 1 pauses for garbage collection' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /Open in Fencing Lab/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAccessibleName(/^Open in Fencing Lab ?\(opens in a new tab\)$/);
    expect(link.getAttribute('href')).toMatch(/\?scenario=seed-gc-pause$/);
    act(() => store.getState().seek(5_000));
    expect(link.getAttribute('href')).toMatch(/\?scenario=seed-gc-pause&t=5000$/);
    expect(link.getAttribute('href')).not.toMatch(/embed=/);
  });

  it('shows only the control groups asked for', () => {
    setup({ embed: true, controls: ['playback'] });
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(screen.queryByRole('slider', { name: 'Playhead' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Speed' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Scenario' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Storage checks tokens' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause Client 1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Embed' })).not.toBeInTheDocument();
  });

  it('with every control, has the picker, the token check, interventions and the Embed button', () => {
    setup({ embed: true });
    expect(screen.getByRole('combobox', { name: 'Scenario' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Storage checks tokens' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Playhead' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause Client 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Embed' })).toBeInTheDocument();
  });
});

describe('opening parameters', () => {
  it('opens paused at t, and autoplay plays unless the reader prefers reduced motion', async () => {
    const { unmount } = render(<FencingLab timeMs={5_000} />);
    expect(document.querySelector('.fl-time__now')?.textContent).toBe('5.0 s');
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    unmount();

    const played = render(<FencingLab autoplay />);
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeInTheDocument();
    played.unmount();

    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (q: string) => ({ matches: q.includes('reduce'), media: q, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }),
    });
    try {
      render(<FencingLab autoplay />);
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });
});

describe('the notice of ignored parameters', () => {
  it('is a status region that lists each notice and can be dismissed', async () => {
    const user = userEvent.setup();
    render(<ParamNotice />);
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();
    act(() => reportNotices(['theme: expected light, dark or auto, got "blue"; ignored']));
    expect(await within(status).findByText('theme: expected light, dark or auto, got "blue"; ignored')).toBeInTheDocument();
    expect(within(status).getByText('Some settings in this link were ignored:')).toBeInTheDocument();
    await user.click(within(status).getByRole('button', { name: 'Dismiss' }));
    expect(status).toBeEmptyDOMElement();
  });
});

describe('the Embed dialog', { timeout: 20_000 }, () => {
  // The dialog is a lazy chunk: transform it once up front, not inside the first test's time.
  beforeAll(async () => {
    await import('../../src/embed/EmbedDialog');
  });

  /** Opens the dialog from the header and returns it with its snippet field. */
  async function open(user: ReturnType<typeof userEvent.setup>) {
    await openTools(user);
    await user.click(screen.getByRole('button', { name: 'Embed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Embed this scenario' }, { timeout: 10_000 });
    const code = within(dialog).getByRole('textbox', { name: 'HTML to paste' }) as HTMLTextAreaElement;
    return { dialog, code };
  }

  it('builds the snippet for the scenario and moment shown, and follows the options', async () => {
    const { user, store } = setup();
    act(() => store.getState().seek(10_100));
    const { dialog, code } = await open(user);
    const instance = (within(dialog).getByRole('textbox', { name: 'Embed id' }) as HTMLInputElement).value;
    expect(instance).toMatch(/^fencing-lab-[a-z0-9]{1,4}$/);
    expect(code.value).toContain(`?embed=1&amp;theme=light&amp;instance=${instance}&amp;scenario=seed-gc-pause&amp;t=10100"`);
    expect(code.value).toContain('title="Fencing Lab: Client 1 pauses for garbage collection"');
    expect(code.value).toContain('sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"');
    expect(code.value).toMatch(/<script src="http:\/\/localhost(:\d+)?\/embed\.js" async><\/script>$/);

    await user.click(within(dialog).getByRole('radio', { name: 'Quiz' }));
    expect(code.value).toContain('view=quiz');
    expect(code.value).toContain('title="Fencing Lab quiz"');
    await user.click(within(dialog).getByRole('radio', { name: 'Timeline and quiz' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Dark' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Speed' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Play on load/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Open at the current moment \(10\.1 s\)/ }));
    const idField = within(dialog).getByRole('textbox', { name: 'Embed id' });
    await user.clear(idField);
    await user.type(idField, 'week-3');
    expect(code.value).toContain('?embed=1&amp;view=both&amp;theme=dark&amp;controls=playback,scrubber,interventions,scenarios,share&amp;autoplay=1&amp;instance=week-3&amp;scenario=seed-gc-pause"');

    await user.type(idField, ' bad');
    expect(idField).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText(/Use 1 to 64 letters/)).toBeInTheDocument();
    expect(code.value).toContain('instance=fencing-lab&amp;');
  });

  it('copies and announces it, or selects the text when the clipboard is refused', async () => {
    const { user } = setup();
    const { dialog, code } = await open(user);
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(code.value);
    const live = within(dialog).getByText('Copied');
    expect(live).toHaveAttribute('aria-live', 'polite');

    writeText.mockImplementation(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(live).not.toHaveTextContent('Copied'));
    expect(live.textContent).toMatch(/Selected: press Ctrl\+C|Could not copy/);
    expect(document.activeElement).toBe(code);
  });

  it('closes with Esc and gives focus back to the Embed button', async () => {
    const { user } = setup();
    const { dialog } = await open(user);
    expect(dialog).toHaveAttribute('open');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Embed' })).toHaveFocus();
  });
});
