/**
 * The lesson you read (issue 45, `?view=lesson`): six short chapters of prose, each with one live
 * figure (`Figure.tsx`) and a predict-then-see question, glossary terms defined on first use
 * (`glossary/`), sources as footnotes, progress kept per chapter (`progress.ts`). With
 * `&figure=ID` one figure stands alone, for a course page to embed next to its own text (the page
 * reports its height to the host as every embed does: `embed/resize.ts`, started by `main.tsx`).
 * Its own chunk: nothing here is in the lab's first render.
 * @module
 */
import { useEffect, useMemo, useState } from 'react';
import { ArrowRight, Check, Eye } from 'lucide-react';
import { reportNotices } from '../embed/notices';
import { GlossaryText } from '../glossary/Glossary';
import { termIdsIn } from '../glossary/terms';
import { CHAPTERS, chapterById, footnotes, type Chapter } from './chapters';
import { LessonFigure } from './Figure';
import { useLessonT } from './messages';
import { loadProgress, saveProgress } from './progress';
import { LESSON_SOURCES } from './sources';
import './lesson.css';

type LT = ReturnType<typeof useLessonT>;

/** For each paragraph of the lesson (by key): the glossary terms used before it, which it does not mark again. */
function useSeenBefore(lt: LT): Map<string, string[]> {
  return useMemo(() => {
    const seen = new Map<string, string[]>();
    const texts: string[] = [lt('lesson.lede')];
    seen.set('lesson.lede', []);
    for (const c of CHAPTERS) {
      for (const p of c.paragraphs) {
        seen.set(p.key, termIdsIn(texts));
        texts.push(lt(p.key));
      }
    }
    return seen;
  }, [lt]);
}

/**
 * The question that ends a chapter: predict, then see. The learner picks one of two predictions;
 * only then is the answer given, with "See it in the figure", which sets the figure's control to
 * the case asked about (`questionSetting`) and re-runs it (`onSee`).
 */
function Question({ chapter, onAnswered, onSee }: { chapter: Chapter; onAnswered: () => void; onSee: () => void }) {
  const lt = useLessonT();
  const [picked, setPicked] = useState<0 | 1 | undefined>(undefined);
  const q = chapter.question;
  const id = `q-${chapter.id}`;
  return (
    <section className="fl-lesson-q" aria-labelledby={`${id}-title`}>
      <p className="fl-lesson-q__label">{lt('question.label')}</p>
      <h3 id={`${id}-title`} className="fl-lesson-q__title">
        {lt(q.key)}
      </h3>
      <div className="fl-lesson-q__choices" role="group" aria-labelledby={`${id}-title`}>
        {q.choices.map((c, i) => (
          <button
            key={c}
            type="button"
            className={`fl-lesson-q__choice${picked === i ? (i === q.right ? ' is-right' : ' is-wrong') : ''}`}
            aria-pressed={picked === i}
            onClick={() => {
              setPicked(i as 0 | 1);
              onAnswered();
            }}
          >
            {lt(c)}
          </button>
        ))}
      </div>
      <div className="fl-lesson-q__answer" aria-live="polite">
        {picked !== undefined && (
          <>
            <p className="fl-lesson-q__explain">
              <strong>{picked === q.right ? lt('question.right') : lt('question.wrong')}</strong> {lt(q.answer)}
            </p>
            <button type="button" className="fl-lesson-q__see" onClick={onSee}>
              <Eye size={16} aria-hidden="true" /> {lt('question.see')}
            </button>
          </>
        )}
      </div>
    </section>
  );
}

/** A paragraph with its glossary terms marked and its footnote numbers. */
function Paragraph({ chapter, text, seen, cites }: { chapter: Chapter; text: string; seen: readonly string[]; cites: readonly number[] }) {
  const lt = useLessonT();
  return (
    <p className="fl-lesson__p">
      <GlossaryText text={text} seen={seen} />
      {cites.map((n) => (
        <sup key={n} className="fl-lesson__ref">
          <a href={`#fn-${chapter.id}-${n}`} aria-label={lt('lesson.note.ref', { n })}>
            {n}
          </a>
        </sup>
      ))}
    </p>
  );
}

function ChapterSection({ chapter, n, seen, read, onRead }: { chapter: Chapter; n: number; seen: Map<string, string[]>; read: boolean; onRead: () => void }) {
  const lt = useLessonT();
  const { notes, cites } = useMemo(() => footnotes(chapter), [chapter]);
  const next = CHAPTERS[n];
  const [first, ...rest] = chapter.paragraphs;
  // How many times the question's "See it" was pressed: each press sets the figure's control to the case asked about.
  const [seeing, setSeeing] = useState(0);
  return (
    <section id={chapter.id} className="fl-lesson__chapter" aria-labelledby={`${chapter.id}-title`}>
      <p className="fl-lesson__kicker">
        {lt('lesson.chapter', { n })}
        {read && (
          <span className="fl-lesson__done">
            <Check size={14} aria-hidden="true" /> {lt('lesson.read')}
          </span>
        )}
      </p>
      <h2 id={`${chapter.id}-title`} className="fl-lesson__h2">
        {lt(chapter.title)}
      </h2>
      {first && <Paragraph chapter={chapter} text={lt(first.key)} seen={seen.get(first.key) ?? []} cites={cites[0] ?? []} />}
      <LessonFigure chapter={chapter} n={n} see={seeing} />
      {rest.map((p, i) => (
        <Paragraph key={p.key} chapter={chapter} text={lt(p.key)} seen={seen.get(p.key) ?? []} cites={cites[i + 1] ?? []} />
      ))}
      <Question chapter={chapter} onAnswered={onRead} onSee={() => setSeeing((k) => k + 1)} />
      <footer className="fl-lesson__notes">
        <h3 className="fl-lesson__notes-title">{lt('lesson.notes')}</h3>
        <ol>
          {notes.map((s, i) => {
            const src = LESSON_SOURCES[s];
            return (
              <li key={s} id={`fn-${chapter.id}-${i + 1}`}>
                {src.url ? <a href={src.url}>{src.title}</a> : src.title}
              </li>
            );
          })}
        </ol>
      </footer>
      {next && (
        <a className="fl-lesson__next" href={`#${next.id}`}>
          {lt('lesson.next', { title: lt(next.title) })} <ArrowRight size={16} aria-hidden="true" />
        </a>
      )}
    </section>
  );
}

/** The lab's address: this page without `view` and `figure`. */
function labHref(): string {
  if (typeof location === 'undefined') return './';
  const q = new URLSearchParams(location.search);
  q.delete('view');
  q.delete('figure');
  const s = q.toString();
  return `${location.pathname}${s ? `?${s}` : ''}`;
}

/** The whole lesson. */
function WholeLesson() {
  const lt = useLessonT();
  const seen = useSeenBefore(lt);
  const [read, setRead] = useState<ReadonlySet<string>>(() => loadProgress());
  const markRead = (id: string) =>
    setRead((r) => {
      if (r.has(id)) return r;
      const next = new Set(r).add(id);
      saveProgress(next);
      return next;
    });
  return (
    <main className="fl-lesson">
      <header className="fl-lesson__head">
        <p className="fl-lesson__brand">Fencing Lab</p>
        <h1 className="fl-lesson__title">{lt('lesson.title')}</h1>
        <p className="fl-lesson__lede">
          <GlossaryText text={lt('lesson.lede')} />
        </p>
        <nav className="fl-lesson__toc" aria-label={lt('lesson.contents')}>
          <ol>
            {CHAPTERS.map((c) => (
              <li key={c.id} className={read.has(c.id) ? 'is-read' : undefined}>
                <a href={`#${c.id}`}>{lt(c.title)}</a>
                {read.has(c.id) && (
                  <span className="fl-lesson__toc-read">
                    <Check size={13} aria-hidden="true" />
                    <span className="fl-visually-hidden"> ({lt('lesson.read')})</span>
                  </span>
                )}
              </li>
            ))}
          </ol>
        </nav>
        <p className="fl-lesson__lab">
          <a href={labHref()}>{lt('lesson.toLab')}</a> <span>{lt('lesson.toLab.note')}</span>
        </p>
      </header>
      {CHAPTERS.map((c, i) => (
        <ChapterSection key={c.id} chapter={c} n={i + 1} seen={seen} read={read.has(c.id)} onRead={() => markRead(c.id)} />
      ))}
      <p className="fl-lesson__end">
        {lt('lesson.end')} <a href={labHref()}>{lt('lesson.toLab')}</a>
      </p>
    </main>
  );
}

/** The lesson, or one of its figures alone (`figure`: its id, from `?figure=`). */
export function Lesson({ figure, embed = false }: { figure?: string | undefined; embed?: boolean }) {
  const lt = useLessonT();
  const chapter = figure ? chapterById(figure) : undefined;
  useEffect(() => {
    if (figure && !chapter) reportNotices([lt('figure.unknown', { id: figure, ids: CHAPTERS.map((c) => c.id).join(', ') })], 'link');
  }, [figure, chapter, lt]);
  if (chapter) {
    return (
      <main className="fl-lesson fl-lesson--figure">
        <LessonFigure chapter={chapter} n={CHAPTERS.indexOf(chapter) + 1} embed={embed} />
      </main>
    );
  }
  return <WholeLesson />;
}
