/**
 * The store's two kinds of reader (issue 44): `useLab` readers are not told of playback's frames
 * (the playhead moved on while playing, nothing else), `usePlayheadLab` readers are; a `useLab`
 * selector that reads the playhead throws in development and tests.
 */
import { act, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LabProvider, useEventIndex, useEventStep, useLab, usePlayheadLab } from './context';
import { eventStepAt, lastEventIndexAt } from './playback';
import { createLabStore } from './store';

function setup() {
  const store = createLabStore();
  const wrapper = ({ children }: { children: ReactNode }) => <LabProvider store={store}>{children}</LabProvider>;
  return { store, wrapper };
}

describe('useLab and usePlayheadLab', () => {
  it('a frame of playback runs no useLab selector, and runs the usePlayheadLab ones', () => {
    const { store, wrapper } = setup();
    const stepSelector = vi.fn((s: { speed: number }) => s.speed);
    const playheadSelector = vi.fn((s: { playheadMs: number }) => Math.floor(s.playheadMs / 1000));
    const { result } = renderHook(() => [useLab(stepSelector), usePlayheadLab(playheadSelector)] as const, { wrapper });
    act(() => store.getState().togglePlay());
    expect(store.getState().playing).toBe(true);
    stepSelector.mockClear();
    playheadSelector.mockClear();
    // Ten frames of playback, 200 ms of wall time each.
    act(() => {
      for (let i = 0; i < 10; i++) store.getState().tick(200);
    });
    expect(store.getState().playheadMs).toBeGreaterThan(0);
    expect(stepSelector).not.toHaveBeenCalled();
    expect(playheadSelector).toHaveBeenCalled();
    expect(result.current[1]).toBe(Math.floor(store.getState().playheadMs / 1000));
  });

  it('any other change while playing still reaches useLab readers (a speed, a pause)', () => {
    const { store, wrapper } = setup();
    const { result } = renderHook(() => [useLab((s) => s.speed), useLab((s) => s.playing)] as const, { wrapper });
    act(() => store.getState().togglePlay());
    act(() => store.getState().tick(100));
    act(() => store.getState().setSpeed(2));
    expect(result.current[0]).toBe(2);
    act(() => store.getState().pause());
    expect(result.current[1]).toBe(false);
  });

  it('a seek while paused reaches both kinds of reader', () => {
    const { store, wrapper } = setup();
    const { result } = renderHook(() => [useLab((s) => s.playing), usePlayheadLab((s) => s.playheadMs)] as const, { wrapper });
    act(() => store.getState().seek(1234));
    expect(result.current[1]).toBe(1234);
  });

  it('throws, in development and tests, when a useLab selector reads the playhead', () => {
    const { wrapper } = setup();
    function Reader() {
      return <span>{useLab((s) => s.playheadMs)}</span>;
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Reader />, { wrapper })).toThrow(/usePlayheadLab/);
  });
});

describe('the step clock (issue 44)', () => {
  /** A view that reads the step, and every step it rendered with. */
  function stepView() {
    const seen: number[] = [];
    function View() {
      const step = useEventStep();
      seen.push(step);
      return <span>{useEventIndex()}</span>;
    }
    return { seen, View };
  }

  it('while playing, a view that reads the step renders once per step crossed, with the new step, and not at the frames between', () => {
    const { store, wrapper } = setup();
    const { seen, View } = stepView();
    const { container } = render(<View />, { wrapper });
    act(() => store.getState().togglePlay());
    const stepNow = () => eventStepAt(store.getState().trace, store.getState().playheadMs);
    for (let crossed = 0; crossed < 3; crossed++) {
      const from = stepNow();
      seen.length = 0;
      // Frames of 20 ms until the playhead crosses an event: each its own act, as each its own task.
      let frames = 0;
      while (stepNow() === from && store.getState().playing) {
        act(() => store.getState().tick(20));
        frames++;
      }
      expect(store.getState().playing).toBe(true);
      expect(frames).toBeGreaterThan(1);
      // One render, at the step, with the new step: no render with the step before, none between.
      expect(seen).toEqual([stepNow()]);
      expect(container.textContent).toBe(String(lastEventIndexAt(store.getState().trace, store.getState().playheadMs)));
    }
  });

  it('paused, a seek reaches it at once', () => {
    const { store, wrapper } = setup();
    const { seen, View } = stepView();
    render(<View />, { wrapper });
    seen.length = 0;
    const t = store.getState().trace;
    act(() => store.getState().seek(t.events[3]!.atMs));
    expect(seen.at(-1)).toBe(eventStepAt(t, t.events[3]!.atMs));
    act(() => store.getState().seek(t.endMs));
    expect(seen.at(-1)).toBe(t.events.length);
  });
});
