/**
 * The story (issue 14, items 1–3 and 6): playback stops at the run's key moments (`moments.ts`) and
 * waits for Continue (the button, Enter, or Space, which plays); at some storage decisions it asks
 * first what the storage will do and says whether the learner was right; at the end it says in one
 * sentence what happened and why; after a change it says what changed against the run before. For
 * the seed as written, the guided opening (`guide.ts`) speaks at each stop, one idea at a time, and
 * the timeline emphasises what the step is about (`data-focus` on the timeline's root; `story.css`
 * dims the other marks). The words are told in the caption panel (the store's `story`); Continue is
 * the Play button (the store's `storyNext`, issue 40: one way forward); this bar holds the predict answers, the "Stop at key moments" switch (remembered where storage is
 * allowed) and the link to the quiz.
 *
 * Loaded after the first render (its own chunk): the first screen is the explainer.
 * @module
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { BookOpenText, GraduationCap } from 'lucide-react';
import { useT } from '../i18n';
import { prefersReducedMotion, readStored, writeStored } from '../embed/safe';
import { useControl, useDisplay } from '../embed/display';
import { useLab, useLabStore, usePlayheadLab } from '../store/context';
import { GlossaryText } from '../glossary/Glossary';
import type { StoryCaption, StoryNext } from '../store/initial-state';
import { changeSummary, noEffectNotice } from './compare';
import { GUIDED_SCENARIO, SEED_GUIDE, guideStepsFor, type GuideStep } from './guide';
import { keyMoments, momentAt, runOutcome, stopBetween, type KeyMoment } from './moments';
import { changeFrame, nextFrame } from './frames';
import { MOMENT_TITLE, predictQuestion, predictReason } from './text';
import { quizHref, refreshQuizHref } from './quiz-href';
import './messages';
import './story.css';

/** Where the "Stop at key moments" choice is kept. */
const STOPS_KEY = 'fencing-lab:story-stops';

/** Same ms, allowing for round-off. */
const near = (a: number, b: number) => Math.abs(a - b) < 0.5;

function isTyping(el: Element | null): boolean {
  if (!el) return false;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || el instanceof HTMLInputElement) return true;
  return el instanceof HTMLElement && el.isContentEditable;
}

function isPressable(el: Element | null): boolean {
  return !!el && (el instanceof HTMLButtonElement || el instanceof HTMLAnchorElement || el.tagName === 'SUMMARY' || el.getAttribute('role') === 'switch');
}


/** A prediction the learner made: which decision, and what they said. */
interface Answer {
  eventId: number;
  accepted: boolean;
}

/**
 * The timeline's frame (issue 40): the key moment at rest under the playhead, kept while the
 * playhead stays inside it, else the whole run (`frames.ts`); after a change the learner made, what
 * it changed (`changeFrame`) until the playhead moves. Sets the store's `frame`; nothing else moves
 * it, so a part of the run the learner panned to (the scrubber's outline, `Overview.tsx`) stays
 * until the playhead moves on. Runs wherever the explainer is (page, embed with or without the
 * story's bar, presenter mode): every way in opens framed alike.
 */
function useStoryFrames(): void {
  const store = useLabStore();
  const trace = useLab((s) => s.trace);
  const moments = useMemo(() => keyMoments(trace), [trace]);
  useEffect(() => {
    const s0 = store.getState();
    let changed = s0.previous && s0.trace === trace ? changeFrame(s0.previous.trace, trace, s0.playheadMs) : undefined;
    let at: [number, boolean] | undefined;
    const update = (s: ReturnType<typeof store.getState>) => {
      if (s.trace !== trace) return;
      // Frames follow the playhead: nothing else (a caption, a setting) moves them.
      if (at && at[0] === s.playheadMs && at[1] === s.playing) return;
      const frame = changed && !at ? changed : nextFrame(s.frame, trace, moments, s.playheadMs, s.playing);
      at = [s.playheadMs, s.playing];
      changed = undefined;
      if (frame !== s.frame) store.setState({ frame });
    };
    update(store.getState());
    const stop = store.subscribe(update);
    return () => {
      stop();
      store.setState({ frame: undefined });
    };
  }, [store, trace, moments]);
}

/**
 * The story's part of the explainer (`slot.tsx`): the timeline's frames always; the bar
 * ({@link StoryBar}) except in presenter mode, where the picture has the screen.
 */
export function StoryPart({ root, presenting = false }: { root: RefObject<HTMLElement | null>; presenting?: boolean }) {
  useStoryFrames();
  return presenting ? null : <StoryBar root={root} />;
}

/** The story's bar under the playback controls. `root` is the explainer's root (for the timeline and the keys). */
export function StoryBar({ root }: { root: RefObject<HTMLElement | null> }) {
  const t = useT();
  const store = useLabStore();
  const trace = useLab((s) => s.trace);
  const baseId = useLab((s) => s.baseId);
  const guided = useLab((s) => s.baseId === GUIDED_SCENARIO && s.interventions.length === 0);
  const previous = useLab((s) => s.previous);
  const interventions = useLab((s) => s.interventions);
  const playing = useLab((s) => s.playing);
  const playheadMs = usePlayheadLab((s) => (s.playing ? -1 : s.playheadMs));
  const atEnd = usePlayheadLab((s) => s.playheadMs >= s.trace.endMs && s.trace.endMs > 0);
  const [stopsOn, setStopsOn] = useState(() => readStored(STOPS_KEY) !== 'off');
  const moments = useMemo(() => keyMoments(trace), [trace]);
  const [answers, setAnswers] = useState<readonly Answer[]>([]);
  const [step, setStep] = useState(0);
  // Where the learner last made a change (the caption says what changed until the playhead moves).
  const [changedAt, setChangedAt] = useState<number | undefined>(undefined);
  const showPlayback = useControl('playback');
  // Where the story last stopped playback (the guide and the questions speak only there, not where
  // the learner steps or scrubs to); the opening counts as a stop at 0.
  const [stoppedAt, setStoppedAt] = useState<number | undefined>(0);

  // A new run (another scenario, a change) asks its questions afresh.
  useEffect(() => setAnswers([]), [trace]);
  useEffect(() => {
    if (previous) setChangedAt(store.getState().playheadMs);
  }, [previous, store]);

  // Stop where the playhead crosses a key moment while playing. A question not answered yet holds
  // the playhead at its stop even when Play (or Space) is pressed there: the answer is not shown first.
  const answersRef = useRef(answers);
  answersRef.current = answers;
  useEffect(() => {
    if (!stopsOn) return;
    let prev = store.getState().playheadMs;
    return store.subscribe((s) => {
      const from = prev;
      prev = s.playheadMs;
      if (!s.playing || s.playheadMs <= from) return;
      const held = moments.find(
        (m) => m.predict && m.stopMs >= from - 0.5 && m.stopMs < s.playheadMs && !answersRef.current.some((a) => a.eventId === m.eventId),
      );
      // The first stop the frame crossed: a long frame (a busy machine) can cross a moment and a
      // question after it, and the moment comes first.
      const next = stopBetween(moments, from, s.playheadMs);
      const stop = held && (!next || held.stopMs <= next.stopMs) ? held : next;
      if (!stop) return;
      prev = stop.stopMs;
      setStoppedAt(stop.stopMs);
      // Seek first, so the listener this re-enters sees the playhead at the stop.
      store.getState().seek(stop.stopMs);
      store.getState().pause();
    });
  }, [store, moments, stopsOn]);

  const stoppedHere = playheadMs === 0 || (stoppedAt !== undefined && playheadMs >= 0 && near(stoppedAt, playheadMs));
  const moment: KeyMoment | undefined = stoppedHere && stopsOn ? momentAt(moments, playheadMs) : undefined;
  const steps: GuideStep[] = useMemo(() => {
    if (!guided) return [];
    if (atEnd) return SEED_GUIDE.filter((s) => s.at === 'end');
    if (playheadMs === 0 && stoppedHere) return SEED_GUIDE.filter((s) => s.at === 'start');
    return moment ? guideStepsFor(SEED_GUIDE, moments, moment) : [];
  }, [guided, atEnd, playheadMs, moment, moments, stoppedHere]);
  const stepKey = `${moment?.eventId ?? ''}-${atEnd}-${playheadMs === 0}`;
  useEffect(() => setStep(0), [stepKey]);
  const guideStep = steps[Math.min(step, steps.length - 1)];
  const asking = moment?.predict && !answers.some((a) => a.eventId === moment.eventId) ? moment : undefined;
  // The decision just predicted, shown until the playhead moves on from it.
  const answered = useMemo(() => {
    if (playheadMs < 0) return undefined;
    for (const a of answers) {
      const m = moments.find((x) => x.eventId === a.eventId);
      if (m?.decision && near(m.decision.atMs, playheadMs)) return { m, a };
    }
    return undefined;
  }, [answers, moments, playheadMs]);

  const caption = useMemo((): StoryCaption | undefined => {
    if (playing) return undefined;
    const changeNote = (): ReactNode => {
      if (!previous || changedAt === undefined) return null;
      const none = noEffectNotice(previous.trace, trace, interventions[interventions.length - 1]);
      const text = none ?? changeSummary(previous.trace, trace);
      return text ? <p className="fl-story__change">{text}</p> : null;
    };
    if (atEnd) {
      return {
        key: `end-${trace.endMs}-${runOutcome(trace)}-${guideStep?.title ?? ''}`,
        title: guideStep?.title ?? t('story.end.title'),
        body: (
          <>
            {guideStep && (
              <p>
                <GlossaryText text={guideStep.text} />
              </p>
            )}
            <p className="fl-story__outcome">
              {guideStep && <strong>{t('story.end.title')}: </strong>}
              <GlossaryText text={runOutcome(trace)} />
            </p>
            {changeNote()}
          </>
        ),
      };
    }
    if (answered && stoppedHere) {
      const p = answered.m.predict!;
      const right = answered.a.accepted === p.accepted;
      return {
        key: `answer-${answered.m.eventId}`,
        atMs: answered.m.decision!.atMs,
        title: right ? t('story.right') : t('story.wrong'),
        body: (
          <p className={right ? 'fl-story__verdict fl-story__verdict--right' : 'fl-story__verdict fl-story__verdict--wrong'}>
            <GlossaryText text={predictReason(trace, p)} />
          </p>
        ),
      };
    }
    if (asking) {
      return {
        key: `ask-${asking.eventId}`,
        title: t('story.predict.title'),
        body: (
          <p>
            <GlossaryText text={predictQuestion(trace, asking.predict!)} />
          </p>
        ),
      };
    }
    if (changedAt !== undefined && previous && playheadMs >= 0 && near(changedAt, playheadMs)) {
      const none = noEffectNotice(previous.trace, trace, interventions[interventions.length - 1]);
      const text = none ?? changeSummary(previous.trace, trace);
      if (text) return { key: `changed-${text}`, place: 'after', title: none ? t('story.noEffect.title') : t('story.changed.title'), body: <p>{text}</p> };
    }
    if (guideStep) {
      return {
        key: `guide-${guideStep.title}`,
        ...(moment ? { atMs: moment.stopMs } : {}),
        title: guideStep.title,
        body: (
          <p>
            <GlossaryText text={guideStep.text} />
          </p>
        ),
      };
    }
    return undefined;
  }, [playing, atEnd, answered, asking, guideStep, moment, trace, t, previous, changedAt, playheadMs, interventions]);

  // Before paint: the caption takes the story's words in the same frame as the bar appears, so the
  // caption does not grow a frame later and push the bar down (a layout shift in embeds, which are
  // rendered in the browser; layout-shift.test.ts).
  useLayoutEffect(() => {
    store.setState({ story: caption });
  }, [store, caption]);
  useEffect(() => () => store.setState({ story: undefined }), [store]);

  // The timeline emphasises the guide step's marks (a data attribute on its root; story.css dims the rest).
  const focus = !playing && guideStep && guideStep.focus.length > 0 ? guideStep.focus.join(' ') : '';
  useEffect(() => {
    const el = root.current?.querySelector('.fl-timeline');
    if (!el) return;
    if (focus) el.setAttribute('data-focus', focus);
    else el.removeAttribute('data-focus');
  }, [focus, root, trace]);

  // The bar's element, and whether the learner's focus was on it when they last went on (a click
  // or a key on Continue or an answer): the control they pressed is then disabled or replaced, and
  // focus, left on the page's body, comes back to the bar's next control (without scrolling).
  const bar = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);
  // Whether the learner last went on from the bar: the next step is then fitted on screen too.
  const follow = useRef(false);
  /**
   * Brings the lanes a step talks about, Play, the caption's words and a question's answers back on
   * screen together where the page was scrolled past the lanes (a click on a control below the fold
   * scrolls it to the middle of the screen), or where a longer caption pushed them below the fold;
   * never scrolls past the lanes' top. Phones: Play brings the card to the top (`timeline/phone-links.ts`).
   */
  const fitStage = () => {
    const timeline = root.current?.querySelector('.fl-timeline');
    if (!timeline || window.innerWidth <= 640) return;
    // What a step needs beside the lanes: Play (the way forward, issue 40), the caption's words and
    // a question's answers; the rest of the bar (the stops switch, the quiz link) may lie below the fold.
    const need = [root.current?.querySelector('.fl-play'), root.current?.querySelector('.fl-caption'), bar.current?.querySelector('.fl-story__predict')];
    const top = timeline.getBoundingClientRect().top;
    const bottom = Math.max(...need.map((el) => el?.getBoundingClientRect().bottom ?? 0));
    const room = window.innerHeight - 8;
    const dy = top < 0 ? Math.max(top - 8, bottom - room) : bottom > room ? Math.min(bottom - room, top - 8) : 0;
    if (Math.abs(dy) >= 1) window.scrollBy({ top: dy, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };
  /** The Play button, the story's forward control (issue 40). */
  const playButton = () => root.current?.querySelector<HTMLButtonElement>('.fl-play') ?? null;
  const keepTimelineInView = () => {
    const active = document.activeElement;
    refocus.current = bar.current?.contains(active) === true || (active !== null && active === playButton());
    follow.current = true;
    fitStage();
  };
  // The step the learner went on to, once shown (after the playback to its stop, or at once).
  const captionKey = caption?.key;
  useEffect(() => {
    if (!follow.current || playing || captionKey === undefined) return;
    follow.current = false;
    // A frame later: the caption takes the step's words in a render of its own.
    const frame = requestAnimationFrame(fitStage); // reads only refs and the window
    return () => cancelAnimationFrame(frame);
  }, [captionKey, playing]);
  useEffect(() => {
    if (!refocus.current || playing) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected && !active.matches(':disabled')) {
      // Focus is somewhere (on the bar's new control already, or wherever the learner put it).
      refocus.current = bar.current?.contains(active) === true || active === playButton();
      return;
    }
    // The answers when a question is asked, else Play (the forward control); never scrolling. A
    // frame later: Play takes the story's next step (enabled again) in a render of its own.
    const frame = requestAnimationFrame(() => {
      const to = bar.current?.querySelector<HTMLElement>('.fl-story__main button:not(:disabled)') ?? playButton();
      const now = document.activeElement;
      if (to && !to.matches(':disabled') && (now === null || now === document.body || !now.isConnected)) to.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  });

  // A question disables Play (it waits for the answer): focus on Play moves to the first answer.
  const askingId = asking?.eventId;
  useEffect(() => {
    if (askingId === undefined) return;
    const active = document.activeElement;
    if (active !== playButton() && !(refocus.current && (active === null || active === document.body))) return;
    bar.current?.querySelector<HTMLElement>('.fl-story__answer')?.focus({ preventScroll: true });
  }, [askingId]); // playButton and refocus read refs

  const more = step < steps.length - 1;
  const onContinue = () => {
    keepTimelineInView();
    if (more) {
      setStep((n) => n + 1);
      return;
    }
    store.getState().play();
  };
  const { embed } = useDisplay();
  const answer = (accepted: boolean) => {
    if (!asking) return;
    keepTimelineInView();
    setAnswers((list) => [...list, { eventId: asking.eventId, accepted }]);
    setStoppedAt(asking.decision!.atMs);
    store.getState().seek(asking.decision!.atMs);
  };

  // One way forward (issue 40): paused at a stop, Play is this story's Continue (or, at the end, its
  // Play again); while a question waits for its answer, Play waits too. At the opening, Play plays.
  const nextKind = !showPlayback || !stopsOn || playing ? '' : asking ? 'wait' : atEnd ? 'again' : moment || more || (answered && stoppedHere) ? 'continue' : '';
  const next = useMemo((): StoryNext | undefined => {
    if (!nextKind) return undefined;
    if (nextKind === 'wait') return { label: t('story.continue'), run: null };
    if (nextKind === 'again') return { label: t('story.again'), run: () => store.getState().play() };
    return { label: t('story.continue'), run: () => actions.current.onContinue() };
  }, [nextKind, t, store]);
  useLayoutEffect(() => {
    store.setState({ storyNext: next });
  }, [store, next]);
  useEffect(() => () => store.setState({ storyNext: undefined }), [store]);

  // Enter continues (Space plays, which also continues), unless focus is in a field or on a control.
  const actions = useRef({ onContinue, asking });
  actions.current = { onContinue, asking };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest('dialog[open], [role="dialog"]')) return;
      const inside = target !== null && root.current?.contains(target) === true;
      const onPage = target === null || target === document.body || target === document.documentElement;
      if (!inside && !onPage) return;
      if (isTyping(target) || isPressable(target)) return;
      if (actions.current.asking || store.getState().playing) return;
      e.preventDefault();
      actions.current.onContinue();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [root, store]);

  const toggleStops = (on: boolean) => {
    setStopsOn(on);
    writeStored(STOPS_KEY, on ? 'on' : 'off');
  };

  // `controls=` without `playback` (embed/params.ts): no Continue either.
  if (!showPlayback) return null;
  return (
    <div ref={bar} className="fl-story" role="group" aria-label={t('story.label')} data-scenario={baseId ?? ''}>
      <div className="fl-story__main">
        {asking ? (
          <div className="fl-story__predict" role="group" aria-label={t('story.predict.label')}>
            <button type="button" className="fl-btn fl-story__answer" onClick={() => answer(true)}>
              {t('story.predict.store')}
            </button>
            <button type="button" className="fl-btn fl-story__answer" onClick={() => answer(false)}>
              {t('story.predict.reject')}
            </button>
          </div>
        ) : null}
        {!asking && !atEnd && <span className="fl-story__keys fl-small fl-muted">{t('story.keys')}</span>}
        {!asking && !atEnd && !guided && moment && <span className="fl-story__moment">{MOMENT_TITLE[moment.kind]}</span>}
      </div>
      <label className="fl-story__stops">
        <input type="checkbox" checked={stopsOn} onChange={(e) => toggleStops(e.currentTarget.checked)} />
        {t('story.stops')}
      </label>
      {/* The lesson you read (issue 45): the way to learn, beside the quiz; a plain link (Play stays
          the one filled button). Not in embeds (it would open in the frame) nor in the single file (no lesson there). */}
      {import.meta.env.FENCING_LAB_SINGLE_FILE !== true && !embed && (
        <a className="fl-btn fl-btn--ghost fl-story__quiz fl-story__lesson" href="?view=lesson">
          <BookOpenText size={16} aria-hidden="true" />
          {t('story.lesson')}
        </a>
      )}
      <a className="fl-btn fl-btn--ghost fl-story__quiz" href={quizHref(typeof location === 'undefined' ? '' : location.search)} onPointerDown={refreshQuizHref} onFocus={refreshQuizHref} onClick={refreshQuizHref}>
        <GraduationCap size={16} aria-hidden="true" />
        {t('story.quiz')}
      </a>
    </div>
  );
}
