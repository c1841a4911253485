/**
 * Drives the playhead from wall time while playing: one `requestAnimationFrame` loop per explainer,
 * started when `playing` turns true and cancelled when it turns false (no frame runs while paused).
 * The store's `tick` skips gaps over 500 ms (a hidden tab) instead of replaying them. Wall time never
 * enters the model.
 * @module
 */
import { useEffect } from 'react';
import { useLab, useLabStore } from '../../store/context';

const raf: (cb: FrameRequestCallback) => number =
  typeof requestAnimationFrame === 'function' ? (cb) => requestAnimationFrame(cb) : (cb) => setTimeout(() => cb(performance.now()), 16) as unknown as number;
const caf: (id: number) => void =
  typeof cancelAnimationFrame === 'function' ? (id) => cancelAnimationFrame(id) : (id) => clearTimeout(id);

/** Runs the playback loop of the nearest explainer store. */
export function usePlaybackLoop(): void {
  const store = useLabStore();
  const playing = useLab((s) => s.playing);
  useEffect(() => {
    if (!playing) return;
    let id = 0;
    let last: number | undefined;
    const frame = (now: number) => {
      const dt = last === undefined ? 0 : now - last;
      last = now;
      store.getState().tick(dt);
      if (store.getState().playing) id = raf(frame);
    };
    id = raf(frame);
    return () => caf(id);
  }, [playing, store]);
}
