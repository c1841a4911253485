/**
 * The lesson's chapters and figures (issue 45) against the model: every chapter has its figure,
 * at most two controls, a question whose answer the model gives (each answer's claim is checked
 * on the simulated run with the question's setting), sources that exist, text in the catalogue;
 * a figure's frame holds its subject events with room, and footnotes number each source once.
 */
import { describe, expect, it } from 'vitest';
import { ALL_BUILT_IN_SCENARIOS } from '../scenarios/all';
import { simulate } from '../model';
import { normalizeScenario } from '../model/scenario';
import type { Trace } from '../model/trace';
import { applySettings } from '../settings/settings';
import type { Intervention } from '../store/intervention-types';
import { settingOf } from '../settings/settings';
import { CHAPTERS, footnotes, questionSetting, type Chapter } from './chapters';
import { FIGURES, figureView, findSubject, subjectEvents } from './figures';
import { lessonEn } from './locales/en';
import { LESSON_SOURCES } from './sources';
import { figureParam } from './figure-param';

/** The chapter's run, as written or with its first control at the question's setting. */
function run(chapter: Chapter, asked = false): Trace {
  const b = ALL_BUILT_IN_SCENARIOS.find((x) => x.id === chapter.figure.scenarioId)!;
  const base = normalizeScenario(b.scenario);
  if (!asked) return simulate(base);
  // The setting the question's "See it" makes in the figure (`questionSetting`), so each answer below is checked on the run it shows.
  const { path, value } = questionSetting(chapter);
  return simulate(applySettings(base, [{ kind: 'set', path, value } as Extract<Intervention, { kind: 'set' }>]));
}

const chapter = (id: string) => CHAPTERS.find((c) => c.id === id)!;
const storageLog = (t: Trace) => t.storage.map((d) => d.text);
const decisionOn = (t: Trace, client: string, nth: number) => findSubject(t, { kinds: ['write-accepted', 'write-rejected'], actor: 'storage', peer: client, nth });
const grant = (t: Trace, nth: number) => findSubject(t, { kinds: ['lease-granted'], actor: 'lease-service', nth });

describe('the chapters', () => {
  it('follow the issue’s order, one figure each, every figure used once', () => {
    expect(CHAPTERS.map((c) => c.id)).toEqual(['lease', 'pause', 'check', 'token', 'window', 'delay']);
    expect(CHAPTERS.map((c) => c.figure)).toEqual(FIGURES);
  });

  for (const c of CHAPTERS) {
    it(`${c.id}: its text is in the catalogue, its sources exist, at most two controls, a question with two answers`, () => {
      const keys = [c.title, c.caption, ...c.controlLabels, ...c.paragraphs.map((p) => p.key), c.question.key, ...c.question.choices, c.question.answer];
      for (const k of keys) expect(lessonEn[k], k).toBeTruthy();
      expect(c.paragraphs.length).toBeGreaterThanOrEqual(2);
      for (const p of c.paragraphs) {
        expect(p.sources.length, p.key).toBeGreaterThan(0);
        for (const s of p.sources) expect(LESSON_SOURCES[s], s).toBeDefined();
      }
      expect(c.figure.controls.length).toBeGreaterThanOrEqual(1);
      expect(c.figure.controls.length).toBeLessThanOrEqual(2);
      expect(c.controlLabels.length).toBe(c.figure.controls.length);
      const first = c.figure.controls[0]!;
      if (first.kind === 'slider') {
        expect(c.question.shows).toBeGreaterThanOrEqual(first.min);
        expect(c.question.shows).toBeLessThanOrEqual(first.max);
      } else expect(typeof c.question.shows).toBe('boolean');
    });

    it(`${c.id}: the figure frames its subject events, which exist in the run as written and with the question's setting`, () => {
      for (const trace of [run(c), run(c, true)]) {
        const events = subjectEvents(trace, c.figure);
        expect(events.length).toBeGreaterThanOrEqual(2);
        const v = figureView(trace, c.figure);
        expect(v.eventIds).toEqual(events.map((e) => e.id));
        for (const e of events) {
          expect(e.atMs).toBeGreaterThan(v.startMs);
          expect(e.atMs).toBeLessThan(v.endMs);
        }
        expect(v.playheadMs).toBe(Math.max(...events.map((e) => e.atMs)));
        expect(v.startMs).toBeGreaterThanOrEqual(0);
      }
    });
  }
});

describe('each question’s "See it"', () => {
  for (const c of CHAPTERS) {
    it(`${c.id}: sets the figure's first control to a value other than the run as written, which the control can show`, () => {
      const b = ALL_BUILT_IN_SCENARIOS.find((x) => x.id === c.figure.scenarioId)!;
      const { path, value } = questionSetting(c);
      const control = c.figure.controls[0]!;
      expect(path).toBe(control.path);
      expect(settingOf(normalizeScenario(b.scenario), path)).not.toEqual(value);
      if (control.kind === 'toggle') expect([control.on, control.off]).toContain(value);
      else expect((value as number) % control.step).toBe(control.min % control.step);
      // The run it shows differs from the run as written where the storage decided (or, for the check, where the client checked).
      expect(run(c, true).events.map((e) => `${e.atMs} ${e.kind}`)).not.toEqual(run(c).events.map((e) => `${e.atMs} ${e.kind}`));
    });
  }
});

describe('each question’s answer is what the model shows', () => {
  it('lease: with a 3 s TTL the lock is free for client 2 at 3.1 s', () => {
    const before = run(chapter('lease'));
    const after = run(chapter('lease'), true);
    expect(grant(before, 2)?.atMs).toBe(10_100);
    expect(grant(after, 2)).toMatchObject({ atMs: 3100, peer: 'client-2' });
  });

  it('pause: a 5 s pause leaves client 1’s second write inside its lease; client 2 gets the lock at 16.1 s', () => {
    const before = run(chapter('pause'));
    const after = run(chapter('pause'), true);
    const late = decisionOn(before, 'client-1', 2)!;
    expect(late.atMs).toBeGreaterThan(grant(before, 2)!.atMs);
    const w = decisionOn(after, 'client-1', 2)!;
    expect(w.kind).toBe('write-accepted');
    expect(w.atMs).toBeLessThan(grant(after, 2)!.atMs);
    expect(grant(after, 2)).toMatchObject({ atMs: 16_100, peer: 'client-2' });
    expect(findSubject(after, { kinds: ['pause-ended'], actor: 'client-1' })?.atMs).toBe(6000);
  });

  it('check: turning the check off leaves the storage log as it was', () => {
    const c = chapter('check');
    const before = run(c);
    const after = run(c, true);
    expect(storageLog(after)).toEqual(storageLog(before));
    // The figure still changes: the checks are gone from the run.
    expect(before.events.some((e) => e.kind === 'lease-check-passed')).toBe(true);
    expect(after.events.some((e) => e.kind === 'lease-check-passed')).toBe(false);
  });

  it('token: without the check the late write is stored on top of client 2’s', () => {
    const before = run(chapter('token'));
    const after = run(chapter('token'), true);
    expect(decisionOn(before, 'client-1', 2)?.kind).toBe('write-rejected');
    expect(decisionOn(after, 'client-1', 2)).toMatchObject({ kind: 'write-accepted', atMs: 21_500 });
    expect(decisionOn(after, 'client-2', 1)!.atMs).toBeLessThan(21_500);
  });

  it('window: with 5 s of work client 2 writes 34 at 15.3 s and the late write is rejected', () => {
    const before = run(chapter('window'));
    const after = run(chapter('window'), true);
    expect(decisionOn(before, 'client-1', 2)?.kind).toBe('write-accepted');
    expect(decisionOn(before, 'client-2', 1)?.atMs).toBe(25_300);
    expect(decisionOn(after, 'client-2', 1)).toMatchObject({ kind: 'write-accepted', atMs: 15_300 });
    expect(decisionOn(after, 'client-1', 2)?.kind).toBe('write-rejected');
  });

  it('delay: a 5 s delay lands the write at 6.5 s, stored, before client 2 gets the lock', () => {
    const before = run(chapter('delay'));
    const after = run(chapter('delay'), true);
    expect(decisionOn(before, 'client-1', 2)?.kind).toBe('write-rejected');
    expect(decisionOn(after, 'client-1', 2)).toMatchObject({ kind: 'write-accepted', atMs: 6500 });
    expect(grant(after, 2)!.atMs).toBeGreaterThan(6500);
  });
});

describe('footnotes', () => {
  it('number each source of a chapter once, in order of first citation', () => {
    const c = chapter('delay');
    const { notes, cites } = footnotes(c);
    expect(new Set(notes).size).toBe(notes.length);
    expect(notes.length).toBe(new Set(c.paragraphs.flatMap((p) => p.sources)).size);
    c.paragraphs.forEach((p, i) => expect(cites[i]!.map((n) => notes[n - 1])).toEqual(p.sources));
    expect(cites.flat().every((n) => n >= 1 && n <= notes.length)).toBe(true);
  });
});

describe('figure=', () => {
  it('reads the figure asked for, and nothing when absent or empty', () => {
    expect(figureParam('?view=lesson&figure=pause')).toBe('pause');
    expect(figureParam('?view=lesson')).toBeUndefined();
    expect(figureParam('?view=lesson&figure=')).toBeUndefined();
  });
});
