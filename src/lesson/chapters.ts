/**
 * The lesson's chapters (issue 45), in the order: a lock and a lease, the pause, "check
 * before you write", the fencing token, what fencing does not do, real systems. Each is a few
 * paragraphs (catalogue keys, `locales/en.ts`), one figure (`figures.ts`) and one predict-then-see
 * question that the figure answers once its control is moved. Each paragraph names its sources
 * (`sources.ts`), shown as footnotes. Pure data and functions: no React, DOM or clock.
 * @module
 */
import { FIGURES, type LessonFigure } from './figures';
import type { LessonMessageKey } from './locales/en';
import type { LessonSourceId } from './sources';
import type { SettingValue } from '../store/intervention-types';

/** One paragraph: its text's key and the sources it rests on (footnotes). */
export interface Paragraph {
  key: LessonMessageKey;
  sources: readonly LessonSourceId[];
}

/** The question that ends a chapter: two answers, one right, and what the figure then shows. */
export interface Question {
  key: LessonMessageKey;
  choices: readonly [LessonMessageKey, LessonMessageKey];
  /** Index of the right choice in `choices`. */
  right: 0 | 1;
  answer: LessonMessageKey;
  /** The control's value that shows the answer (the figure's first control). */
  shows: number | boolean | string;
}

/** One chapter. */
export interface Chapter {
  /** Its figure's id too, and the anchor `#ID`. */
  id: string;
  title: LessonMessageKey;
  paragraphs: readonly Paragraph[];
  figure: LessonFigure;
  caption: LessonMessageKey;
  /** The label of each of the figure's controls, in order. */
  controlLabels: readonly LessonMessageKey[];
  question: Question;
}

const figure = (id: string): LessonFigure => {
  const f = FIGURES.find((x) => x.id === id);
  if (!f) throw new Error(`no lesson figure "${id}"`);
  return f;
};

/** The chapters, in order. */
export const CHAPTERS: readonly Chapter[] = [
  {
    id: 'lease',
    title: 'ch.lease.title',
    paragraphs: [
      { key: 'ch.lease.p1', sources: ['ddia8', 'etcdApi', 'chubby'] },
      { key: 'ch.lease.p2', sources: ['kleppmann', 'etcdApi', 'zk'] },
      { key: 'ch.lease.p3', sources: ['kleppmann'] },
    ],
    figure: figure('lease'),
    caption: 'ch.lease.caption',
    controlLabels: ['ch.lease.control'],
    question: { key: 'ch.lease.q', choices: ['ch.lease.q.a', 'ch.lease.q.b'], right: 0, answer: 'ch.lease.q.answer', shows: 3000 },
  },
  {
    id: 'pause',
    title: 'ch.pause.title',
    paragraphs: [
      { key: 'ch.pause.p1', sources: ['ddia8', 'kleppmann'] },
      { key: 'ch.pause.p2', sources: ['ddia8', 'kleppmann'] },
    ],
    figure: figure('pause'),
    caption: 'ch.pause.caption',
    controlLabels: ['ch.pause.control'],
    question: { key: 'ch.pause.q', choices: ['ch.pause.q.a', 'ch.pause.q.b'], right: 1, answer: 'ch.pause.q.answer', shows: 5000 },
  },
  {
    id: 'check',
    title: 'ch.check.title',
    paragraphs: [
      { key: 'ch.check.p1', sources: ['kleppmann'] },
      { key: 'ch.check.p2', sources: ['kleppmann', 'ddia8'] },
    ],
    figure: figure('check'),
    caption: 'ch.check.caption',
    controlLabels: ['ch.check.control'],
    question: { key: 'ch.check.q', choices: ['ch.check.q.a', 'ch.check.q.b'], right: 1, answer: 'ch.check.q.answer', shows: false },
  },
  {
    id: 'token',
    title: 'ch.token.title',
    paragraphs: [
      { key: 'ch.token.p1', sources: ['kleppmann', 'ddia8', 'chubby'] },
      { key: 'ch.token.p2', sources: ['kleppmann'] },
    ],
    figure: figure('token'),
    caption: 'ch.token.caption',
    controlLabels: ['ch.token.control'],
    question: { key: 'ch.token.q', choices: ['ch.token.q.a', 'ch.token.q.b'], right: 0, answer: 'ch.token.q.answer', shows: false },
  },
  {
    id: 'window',
    title: 'ch.window.title',
    paragraphs: [
      { key: 'ch.window.p1', sources: ['ddia9'] },
      // What fencing does not do, one idea a paragraph (issue 45's newcomer: one paragraph packed four).
      { key: 'ch.window.p2', sources: ['kafkaKip320'] },
      { key: 'ch.window.p3', sources: ['hdfsJournal'] },
      { key: 'ch.window.p4', sources: ['etcd11788'] },
      { key: 'ch.window.p5', sources: ['redisLocks'] },
    ],
    figure: figure('window'),
    caption: 'ch.window.caption',
    controlLabels: ['ch.window.control'],
    question: { key: 'ch.window.q', choices: ['ch.window.q.a', 'ch.window.q.b'], right: 1, answer: 'ch.window.q.answer', shows: 5000 },
  },
  {
    id: 'delay',
    title: 'ch.delay.title',
    paragraphs: [
      { key: 'ch.delay.p1', sources: ['kleppmann', 'chubby'] },
      { key: 'ch.delay.p2', sources: ['etcdLockNotes', 'zk', 'chubby', 'kafkaFenced'] },
      { key: 'ch.delay.p3', sources: ['pgUpdate'] },
      { key: 'ch.delay.p4', sources: ['s3Conditional'] },
    ],
    figure: figure('delay'),
    caption: 'ch.delay.caption',
    controlLabels: ['ch.delay.control'],
    question: { key: 'ch.delay.q', choices: ['ch.delay.q.a', 'ch.delay.q.b'], right: 0, answer: 'ch.delay.q.answer', shows: 5000 },
  },
];

/**
 * The setting the question's "See it" makes (the figure's first control at `shows`): a settings path
 * and its value, as `setSetting` takes them. A toggle's `true` is its `on` value, `false` its `off`.
 */
export function questionSetting(chapter: Chapter): { path: string; value: SettingValue } {
  const c = chapter.figure.controls[0]!;
  const v = chapter.question.shows;
  return { path: c.path, value: c.kind === 'toggle' ? (v === true ? c.on : c.off) : v };
}

/** The chapter with `id`, if any. */
export function chapterById(id: string): Chapter | undefined {
  return CHAPTERS.find((c) => c.id === id);
}

/**
 * The chapter's footnotes: its paragraphs' sources in order of first citation, each once, numbered
 * from 1; and for each paragraph the numbers it cites.
 */
export function footnotes(chapter: Chapter): { notes: LessonSourceId[]; cites: number[][] } {
  const notes: LessonSourceId[] = [];
  const cites = chapter.paragraphs.map((p) =>
    p.sources.map((s) => {
      let i = notes.indexOf(s);
      if (i < 0) i = notes.push(s) - 1;
      return i + 1;
    }),
  );
  return { notes, cites };
}
