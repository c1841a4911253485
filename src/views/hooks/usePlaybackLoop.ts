/**
 * Drives the playhead from wall time while playing: one `requestAnimationFrame` loop per explainer.
 *
 * Idle costs nothing (issue 7): the loop runs only while the story plays AND the explainer can be
 * seen. It is cancelled when playback pauses or ends, when the tab is hidden (`visibilitychange`),
 * and when the explainer is scrolled out of view (an `IntersectionObserver` on its root: an embed
 * further down a course page, or two explainers on one page). `playing` stays on meanwhile, and
 * when the explainer is visible again the playhead goes on from where it stopped: the first frame
 * after a restart advances it by 0 ms, so the hidden wall time is skipped, not replayed (as
 * RaftScope skips gaps). The store's `tick` also skips any gap over 500 ms (`MAX_FRAME_GAP_MS`).
 * Wall time never enters the model.
 * @module
 */
import { useEffect, useState, type RefObject } from 'react';
import { useLabStore } from '../../store/context';

// (Effects run only in a browser, or in jsdom, which has animation frames in Vitest's environment.)
const raf = (cb: FrameRequestCallback): number => requestAnimationFrame(cb);
const caf = (id: number): void => cancelAnimationFrame(id);

/** Whether the page is visible now (true where there is no document, e.g. tests without a DOM). */
function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

/**
 * React hook: whether `root`'s element can be seen: the tab is visible and (where
 * IntersectionObserver exists) some of the element is inside the viewport. Re-renders only when
 * that changes.
 */
export function useSeen(root?: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(pageVisible);
  useEffect(() => {
    let visible = pageVisible();
    let inView = true;
    const update = (): void => setSeen(visible && inView);
    const onVisibility = (): void => {
      visible = pageVisible();
      update();
    };
    document.addEventListener('visibilitychange', onVisibility);
    const el = root?.current;
    let observer: IntersectionObserver | undefined;
    if (el && typeof IntersectionObserver === 'function') {
      observer = new IntersectionObserver((entries) => {
        const last = entries[entries.length - 1];
        if (last) inView = last.isIntersecting;
        update();
      });
      observer.observe(el);
    }
    update();
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      observer?.disconnect();
    };
  }, [root]);
  return seen;
}

/**
 * Runs the playback loop of the nearest explainer store while it plays and can be seen.
 * @param root the explainer's root element, watched for leaving the viewport (optional)
 */
export function usePlaybackLoop(root?: RefObject<Element | null>): void {
  const store = useLabStore();
  const seen = useSeen(root);
  useEffect(() => {
    if (!seen) return;
    let id = 0;
    let last: number | undefined;
    const frame = (now: number) => {
      // The first frame of a (re)start moves the playhead by 0: time spent hidden is skipped.
      const dt = last === undefined ? 0 : now - last;
      last = now;
      store.getState().tick(dt);
      id = store.getState().playing ? raf(frame) : 0;
    };
    // Started and stopped by the store's `playing`, not by a render: Play and Pause would otherwise
    // re-render the whole explainer, whose hook this is (issue 15).
    // The store as it is now, not as passed: a listener may have changed it since (the story stops
    // Play at a question it has not had answered).
    const follow = () => {
      const playing = store.getState().playing;
      if (playing === id > 0) return;
      caf(id);
      last = undefined;
      id = playing ? raf(frame) : 0;
    };
    follow();
    const unsubscribe = store.subscribe(follow);
    return () => (unsubscribe(), caf(id));
  }, [seen, store]);
}
