/**
 * The render path of issue 7, in jsdom:
 * 1. between two events, moving the playhead commits nothing in React, yet the picture follows it:
 *    the bar in progress grows, the playhead and the times move (written straight to the DOM);
 * 2. crossing an event does re-render, and what it changed appears;
 * 3. animated elements always render plain; once motion's chunk has loaded, an element that mounts
 *    plays its entrance as a Web Animation, while what is already on screen neither replays its
 *    entrance nor remounts (a typed value and focus survive), and motion's arrival commits nothing.
 * Every test here runs before motion is loaded in this file except the last, which loads it.
 */
import { Profiler, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLabStore } from '../../src/store/store';
import { FencingLab } from '../../src/views/App';
import { loadMotion, M, MotionProvider } from '../../src/views/MotionProvider';
import { applyGrowth } from '../../src/views/timeline/growth';
import { shownTime } from './ui';

function renderCounted() {
  const store = createLabStore();
  let commits = 0;
  render(
    <Profiler id="lab" onRender={() => (commits += 1)}>
      <FencingLab store={store} />
    </Profiler>,
  );
  return { store, commits: () => commits };
}

describe('following the playhead', () => {
  it('between two events commits nothing in React, yet the bar, the playhead and the time follow', () => {
    const { store, commits } = renderCounted();
    // The seed is quiet from 2.1 s (client 2 queued) to 10.1 s (the lease expires); client 1 is paused.
    act(() => store.getState().seek(3000));
    const pause = document.querySelector<SVGRectElement>('rect.fl-pause__fill')!;
    const width3000 = Number(pause.getAttribute('width'));
    expect(shownTime()).toBe('3.0 s');
    const before = commits();
    act(() => store.getState().seek(3100));
    expect(commits()).toBe(before);
    expect(shownTime()).toBe('3.1 s');
    expect(screen.getByRole('img', { name: 'Playhead at 3.1 s' })).toBeInTheDocument();
    expect(Number(pause.getAttribute('width'))).toBeGreaterThan(width3000);
    expect(screen.getByRole('slider', { name: 'Playhead' })).toHaveValue('3100');
  });

  it('re-renders when the playhead crosses an event, and shows what happened', () => {
    const { store, commits } = renderCounted();
    act(() => store.getState().seek(10_000));
    expect(screen.queryByRole('img', { name: /^Lease with token 33 held by Client 1 from 0\.1 s until 10\.1 s/ })).not.toBeInTheDocument();
    const before = commits();
    act(() => store.getState().seek(10_150)); // past the expiry at 10.1 s
    expect(commits()).toBeGreaterThan(before);
    expect(screen.getByRole('img', { name: 'Lease with token 33 held by Client 1 from 0.1 s until 10.1 s, expired' })).toBeInTheDocument();
  });
});

describe('growing bars', () => {
  it('reach the playhead, never pass their end, and show their label once it fits', () => {
    const el = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
    applyGrowth(el, { attr: 'width', fromX: 100, toX: 300, min: 1 }, 180);
    expect(el.getAttribute('width')).toBe('80');
    applyGrowth(el, { attr: 'width', fromX: 100, toX: 300, min: 1 }, 900);
    expect(el.getAttribute('width')).toBe('200');
    applyGrowth(el, { attr: 'width', fromX: 100, toX: 300, min: 1 }, 50);
    expect(el.getAttribute('width')).toBe('1');
    const line = document.createElementNS('http://www.w3.org/2000/svg', 'line');
    applyGrowth(line, { attr: 'x2', fromX: 100, toX: 300, min: 0 }, 250);
    expect(line.getAttribute('x2')).toBe('250');
    const label = document.createElementNS('http://www.w3.org/2000/svg', 'text');
    const spec = { attr: 'visibility', fromX: 100, toX: 300, min: 60, max: 120 } as const;
    applyGrowth(label, spec, 150);
    expect(label.getAttribute('visibility')).toBe('hidden');
    applyGrowth(label, spec, 170);
    expect(label.getAttribute('visibility')).toBe('visible');
    applyGrowth(label, spec, 230);
    expect(label.getAttribute('visibility')).toBe('hidden');
  });
});

function Upgrade() {
  const [shown, setShown] = useState(false);
  return (
    <MotionProvider>
      <input aria-label="Note" />
      <svg>
        <M.g data-testid="early" initial={{ opacity: 0 }} animate={{ opacity: 1 }} transition={{ duration: 0.3 }} />
        {shown && <M.g data-testid="late" initial={{ opacity: 0 }} animate={{ opacity: 1 }} transition={{ duration: 0.3 }} />}
      </svg>
      <button type="button" onClick={() => setShown(true)}>
        Show
      </button>
    </MotionProvider>
  );
}

/** Records `Element.animate` calls (jsdom has no Web Animations), answering with a finished animation. */
function recordAnimate(): { el: Element; keyframes: Keyframe[] | PropertyIndexedKeyframes | null }[] {
  const calls: { el: Element; keyframes: Keyframe[] | PropertyIndexedKeyframes | null }[] = [];
  const fake = {
    onfinish: null,
    finished: Promise.resolve(),
    playState: 'finished',
    currentTime: 0,
    playbackRate: 1,
    startTime: 0,
    effect: { getComputedTiming: () => ({ duration: 300 }), updateTiming: () => undefined },
    cancel: () => undefined,
    play: () => undefined,
    pause: () => undefined,
    finish: () => undefined,
    commitStyles: () => undefined,
  };
  const proto = Element.prototype as unknown as { animate: (keyframes: Keyframe[] | PropertyIndexedKeyframes | null) => Animation };
  vi.spyOn(proto, 'animate').mockImplementation(function (this: Element, keyframes) {
    calls.push({ el: this, keyframes });
    return fake as unknown as Animation;
  });
  return calls;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('animation arrives after the first render', () => {
  it('draws plain elements; once motion has loaded, only elements mounted after it play an entrance', async () => {
    if (!('animate' in Element.prototype)) Object.defineProperty(Element.prototype, 'animate', { configurable: true, writable: true, value: () => undefined });
    const calls = recordAnimate();
    let commits = 0;
    render(
      <Profiler id="upgrade" onRender={() => (commits += 1)}>
        <Upgrade />
      </Profiler>,
    );
    const early = screen.getByTestId('early');
    // Plain: motion's props are not attributes, and nothing is hidden waiting for an animation.
    expect(early.getAttribute('initial')).toBeNull();
    expect(early.getAttribute('animate')).toBeNull();
    expect(early.getAttribute('style')).toBeNull();
    const note = screen.getByRole('textbox', { name: 'Note' });
    note.focus();
    (note as HTMLInputElement).value = 'typed';
    const before = commits;

    await act(async () => {
      await loadMotion();
      await new Promise((r) => setTimeout(r, 100)); // the provider asks for it when the page is idle
    });
    // Motion's arrival re-renders nothing: the same DOM, the typed value and the focus are there,
    // and what was on screen does not replay its entrance.
    expect(commits).toBe(before);
    expect(screen.getByTestId('early')).toBe(early);
    expect(note).toHaveValue('typed');
    expect(document.activeElement).toBe(note);
    expect(calls).toEqual([]);

    await act(async () => {
      screen.getByRole('button', { name: 'Show' }).click();
      await new Promise((r) => setTimeout(r, 50));
    });
    const late = screen.getByTestId('late');
    expect(calls.map((c) => c.el)).toEqual([late]);
    expect(JSON.stringify(calls[0]!.keyframes)).toContain('"opacity":[0,1]');
    // Re-rendering an element that is already there does not start its entrance again.
    await act(async () => {
      screen.getByRole('button', { name: 'Show' }).click();
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(calls).toHaveLength(1);
  });

  it('plays no entrance when the reader asks for reduced motion', async () => {
    if (!('animate' in Element.prototype)) Object.defineProperty(Element.prototype, 'animate', { configurable: true, writable: true, value: () => undefined });
    const calls = recordAnimate();
    const original = window.matchMedia;
    window.matchMedia = ((q: string) => ({ matches: q.includes('reduce'), media: q, addEventListener() {}, removeEventListener() {} })) as unknown as typeof matchMedia;
    try {
      await loadMotion();
      render(
        <svg>
          <M.g data-testid="still" initial={{ opacity: 0, scale: 0.3 }} animate={{ opacity: 1, scale: 1 }} />
        </svg>,
      );
      expect(screen.getByTestId('still').getAttribute('style')).toBeNull();
      expect(calls).toEqual([]);
    } finally {
      window.matchMedia = original;
    }
  });
});
