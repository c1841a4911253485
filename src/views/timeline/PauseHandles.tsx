/**
 * A handle on the end of each pause the timeline shows (issue 14, item 7): drag it to make the
 * pause longer or shorter, or focus it and use the arrow keys (100 ms; with Shift, 1 s; Page Up and
 * Page Down, 1 s). Home and End keep the page's meaning there (jump to the start, to the end): a
 * learner who pressed End on a focused handle to see the run's end had the pause set to 120 s and
 * the run silently rewritten (issue 40, item 7). A scripted pause changes through
 * its `faults.N.forMs` setting (`settings/settings.ts`), a pause the learner added through the store's
 * `setPauseLength`; both are undoable changes on the same scenario, so its narration and hints stay.
 *
 * Its own chunk, loaded after the first render. While dragging, only the handle moves (a dashed line and the new
 * length); the run is simulated again once, when the pointer is let go.
 * @module
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useT } from '../../i18n';
import { currentSetting } from '../../settings/settings';
import { useLab, useLabStore } from '../../store/context';
import { seconds } from '../../store/derive';
import { MAX_PAUSE_MS, MIN_PAUSE_MS } from '../../store/interventions';
import type { LabState } from '../../store/store';
import type { PauseInterval, Trace } from '../../model/trace';
import type { Geometry } from './geometry';
import { pauseGrip } from './label-plan';
import { useStepMs } from './playhead-hooks';
import '../../story/messages';
import './pause-handles.css';

/** Where a pause's length comes from: a scripted fault's setting, or the learner's pause intervention. */
export type PauseSource = { atMs: number; forMs: number } & ({ path: string } | { index: number });

/**
 * The fault that sets where pause `q` ends (the one starting within it and ending at its end: a
 * second pause overlapping the first extends it), or `undefined` (e.g. a pause the run's end cut short).
 */
export function pauseSource(s: Pick<LabState, 'base' | 'interventions'>, q: PauseInterval): PauseSource | undefined {
  const fits = (atMs: unknown, forMs: unknown): boolean =>
    typeof atMs === 'number' && typeof forMs === 'number' && atMs >= q.startMs && atMs < q.endMs && atMs + forMs === q.endMs;
  for (let n = 0; n < s.base.faults.length; n++) {
    const f = s.base.faults[n]!;
    if (f.kind !== 'pause' || f.client !== q.client || currentSetting(s.base, s.interventions, `faults.${n}`) === null) continue;
    const atMs = currentSetting(s.base, s.interventions, `faults.${n}.atMs`);
    const forMs = currentSetting(s.base, s.interventions, `faults.${n}.forMs`);
    if (fits(atMs, forMs)) return { path: `faults.${n}.forMs`, atMs: atMs as number, forMs: forMs as number };
  }
  for (let index = 0; index < s.interventions.length; index++) {
    const i = s.interventions[index]!;
    if (i.kind === 'pause' && i.client === q.client && fits(i.atMs, i.forMs)) return { index, atMs: i.atMs, forMs: i.forMs };
  }
  return undefined;
}

/** A pause length in whole ms within the bounds a pause may have. */
const clampLength = (ms: number): number => Math.min(MAX_PAUSE_MS, Math.max(MIN_PAUSE_MS, Math.round(ms)));

/** The length a key asks for, or `undefined` for other keys. */
export function keyedLength(key: string, shift: boolean, forMs: number): number | undefined {
  const step = shift ? 1000 : 100;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return clampLength(forMs + step);
    case 'ArrowLeft':
    case 'ArrowDown':
      return clampLength(forMs - step);
    case 'PageUp':
      return clampLength(forMs + 1000);
    case 'PageDown':
      return clampLength(forMs - 1000);
    // Home and End are left to the page (jump to the start, to the end): see the module's doc.
    default:
      return undefined;
  }
}

function Handle({ g, q, source, name }: { g: Geometry; q: PauseInterval; source: PauseSource; name: string }) {
  const t = useT();
  const store = useLabStore();
  const [dragMs, setDragMs] = useState<number | undefined>(undefined);
  const startX = useRef(0);
  const lane = g.lane(q.client);
  if (!lane) return null;
  const commit = (forMs: number): void => {
    if (forMs === source.forMs) return;
    const s = store.getState();
    if ('path' in source) s.setSetting(source.path, forMs);
    else s.setPauseLength(source.index, forMs);
  };
  /** The pause length for a pointer at `clientX`, rounded to 100 ms. */
  const lengthAt = (e: PointerEvent<SVGGElement>): number => {
    const svg = e.currentTarget.ownerSVGElement;
    const rect = svg?.getBoundingClientRect();
    const scale = rect && rect.width > 0 ? g.width / rect.width : 1;
    const x = rect ? (e.clientX - rect.left) * scale : startX.current;
    return clampLength(Math.round((g.msAt(x) - source.atMs) / 100) * 100);
  };
  const forMs = dragMs ?? source.forMs;
  const valueText = t('timeline.pauseEnd.value', { length: seconds(forMs), end: seconds(source.atMs + forMs) });
  // The end may be dragged past the run's end (the run then lasts longer): place it by pixels there.
  const endX = source.atMs + forMs <= g.endMs ? g.x(source.atMs + forMs) : g.x(g.endMs) + (source.atMs + forMs - g.endMs) * g.pxPerMs;
  const top = lane.top + 6;
  const h = lane.height - 12;
  const grip = pauseGrip(lane, endX);
  const onKeyDown = (e: KeyboardEvent<SVGGElement>): void => {
    const next = keyedLength(e.key, e.shiftKey, source.forMs);
    if (next === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    commit(next);
  };
  return (
    <g
      className={dragMs === undefined ? 'fl-pause-end' : 'fl-pause-end fl-pause-end--drag'}
      role="slider"
      tabIndex={0}
      aria-label={t('timeline.pauseEnd', { client: name })}
      aria-valuemin={MIN_PAUSE_MS / 1000}
      aria-valuemax={MAX_PAUSE_MS / 1000}
      aria-valuenow={forMs / 1000}
      aria-valuetext={valueText}
      onKeyDown={onKeyDown}
      onClick={(e) => e.stopPropagation()}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        e.stopPropagation();
        e.currentTarget.setPointerCapture?.(e.pointerId);
        startX.current = endX;
        setDragMs(source.forMs);
      }}
      onPointerMove={(e) => {
        if (dragMs === undefined) return;
        e.stopPropagation();
        setDragMs(lengthAt(e));
      }}
      onPointerUp={(e) => {
        if (dragMs === undefined) return;
        e.stopPropagation();
        const next = lengthAt(e);
        setDragMs(undefined);
        commit(next);
      }}
      onPointerCancel={() => setDragMs(undefined)}
    >
      <title>{t('timeline.pauseEnd.hint')}</title>
      {dragMs !== undefined && (
        <>
          <line x1={endX} x2={endX} y1={lane.bandTop} y2={lane.bandTop + lane.bandHeight} className="fl-pause-end__guide" />
          <text x={endX + 10} y={top + 12} className="fl-label fl-pause-end__tag">
            {valueText}
          </text>
        </>
      )}
      <rect x={endX - 9} y={top - 2} width={18} height={h + 4} className="fl-pause-end__hit" />
      <rect x={grip.x} y={grip.y} width={grip.w} height={grip.h} rx={3} className="fl-pause-end__grip" />
    </g>
  );
}

/** The handles of the pauses whose end the playhead has reached. */
export function PauseHandles({ g, trace }: { g: Geometry; trace: Trace }) {
  // Re-renders at the event steps, not on every frame: a pause ends at an event (while playing, the
  // step follows in a render of its own, `StepClock`, issue 44).
  const stepMs = useStepMs(trace);
  const shown = trace.pauses.map((q) => (q.endMs <= stepMs ? '1' : '0')).join('');
  const base = useLab((s) => s.base);
  const interventions = useLab((s) => s.interventions);
  return (
    <g className="fl-pause-ends">
      {trace.pauses
        .filter((_, k) => shown[k] === '1')
        .map((q) => {
          const source = pauseSource({ base, interventions }, q);
          const name = trace.scenario.clients.find((c) => c.id === q.client)?.name ?? q.client;
          return source ? <Handle key={`${q.client}-${q.startMs}`} g={g} q={q} source={source} name={name} /> : null;
        })}
    </g>
  );
}
