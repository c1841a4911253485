/**
 * The store's two kinds of reader (issue 44): `useLab` readers are not told of playback's frames
 * (the playhead moved on while playing, nothing else), `usePlayheadLab` readers are; a `useLab`
 * selector that reads the playhead throws in development and tests.
 */
import { act, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LabProvider, useLab, usePlayheadLab } from './context';
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
