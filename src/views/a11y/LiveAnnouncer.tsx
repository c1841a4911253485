/**
 * The timeline in words, for screen readers: a visually hidden `aria-live="polite"` region that
 * says what happened.
 * - While playing: at most one short summary every {@link ANNOUNCE_EVERY_MS} ms, naming the latest
 *   event that matters in the stretch since the last one (not a keepalive), so fast playback does
 *   not flood the listener. When playback stops, what is still unsaid is summed up once.
 * - Stepping or seeking (paused): the event stepped to, title and caption, once the playhead has
 *   rested for {@link SETTLE_MS} ms (dragging the scrubber does not chatter).
 *
 * It reads the store imperatively (`subscribe`) and writes the region's text itself, so it does
 * not re-render on every frame.
 * @module
 */
import { useEffect, useRef } from 'react';
import { useT } from '../../i18n';
import { useLabStore } from '../../store/context';
import { lastEventIndexAt } from '../../store/playback';
import { ANNOUNCE_EVERY_MS, announcementFor, pickAnnouncement } from './announce';
import '../tools-messages'; // its text (catalogue loaded with the secondary controls, issue 7)

/** How long (ms) the paused playhead must rest before the event there is announced. */
export const SETTLE_MS = 250;

/** The live region of one explainer. */
export function LiveAnnouncer() {
  const t = useT();
  const store = useLabStore();
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const first = store.getState();
    let trace = first.trace;
    /** Index of the last event already told (or skipped by the summary). */
    let told = lastEventIndexAt(first.trace, first.playheadMs);
    let spokeAt = -Infinity;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());
    // Written straight into the region (not through a React render), so the pacing holds to the
    // millisecond. A repeated sentence must still change the text, or it would not be announced.
    const say = (msg: string) => {
      const el = region.current;
      if (!el) return;
      spokeAt = now();
      el.textContent = el.textContent === msg ? `${msg}\u00a0` : msg;
    };
    const clear = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    };
    /** Summary while playing: the latest important event since the last one told. */
    const summarise = () => {
      clear();
      const s = store.getState();
      const index = lastEventIndexAt(s.trace, s.playheadMs);
      const pick = index > told ? pickAnnouncement(s.trace, told, index) : -1;
      told = index;
      if (pick >= 0) say(announcementFor(s.trace, pick, t, false));
    };
    /** After a step or seek: the event at the playhead, in full. */
    const tellHere = () => {
      clear();
      const s = store.getState();
      const index = lastEventIndexAt(s.trace, s.playheadMs);
      told = index;
      say(index < 0 ? t('announce.start') : announcementFor(s.trace, index, t, true));
    };
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.trace !== trace) {
        // A new scenario or a changed run: start counting afresh, say nothing yet.
        trace = s.trace;
        clear();
        told = lastEventIndexAt(s.trace, s.playheadMs);
        return;
      }
      const index = lastEventIndexAt(s.trace, s.playheadMs);
      if (s.playing) {
        if (index <= told) {
          if (index < told) told = index; // restarted from 0 while playing
          return;
        }
        const wait = spokeAt + ANNOUNCE_EVERY_MS - now();
        if (wait <= 0) summarise();
        else if (timer === undefined) timer = setTimeout(summarise, wait);
        return;
      }
      if (prev.playing && s.playheadMs === prev.playheadMs) {
        // Playback just stopped (Pause): sum up what is still unsaid.
        if (index > told) {
          clear();
          const wait = spokeAt + ANNOUNCE_EVERY_MS - now();
          timer = setTimeout(summarise, Math.max(0, wait));
        }
        return;
      }
      if (prev.playing && s.playheadMs >= s.trace.endMs) {
        // Playback reached the end: sum up what is still unsaid.
        if (index > told) {
          clear();
          timer = setTimeout(summarise, Math.max(0, spokeAt + ANNOUNCE_EVERY_MS - now()));
        }
        return;
      }
      if (s.playheadMs !== prev.playheadMs && index !== told) {
        clear();
        timer = setTimeout(tellHere, SETTLE_MS);
      }
    });
    return () => {
      clear();
      unsubscribe();
    };
  }, [store, t]);
  return (
    <div ref={region} className="fl-visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-fl-announcer="" />
  );
}
