/**
 * One recording of a real etcd run, drawn on the explainer's own timeline, above the etcd-flavoured
 * simulation of the same scenario (its replay: the measured first revision and expiry check phase),
 * with what differs annotated: the real tokens, each lease's expiry lag, each handover, each storage
 * decision. Loaded only when a recording is opened from the Library (default export, for `lazy`).
 * @module
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { simulate } from '../model';
import type { Trace } from '../model/trace';
import type { Recording } from '../etcd/recording';
import { normalizeScenario } from '../model/scenario';
import { LabProvider } from '../store/context';
import { activityOf, buildWarp, eventTimes } from '../store/playback';
import { createLabStore, type LabStore } from '../store/store';
import { loadSimulator } from '../store/simulator';
import { Timeline } from '../views/timeline/Timeline';
import { loadRecording, RECORDINGS } from './index';
import { recordingTrace } from './recording-trace';
import './recordings.css';

/** Props: which recording, and how to go back or open its replay on the main timeline. */
export interface RecordingViewProps {
  id: string;
  onBack: () => void;
  /** Opens the replay scenario in the explainer (the dialog then closes). */
  onOpenReplay: (rec: Recording) => void;
}

const s1 = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * A store showing a fixed trace (the real run, or the model's), drawn with `warp`: both timelines
 * share the real run's time axis, so the same moment is at the same place on both.
 */
function storeFor(trace: Trace, warp: ReturnType<typeof buildWarp>): LabStore {
  const store = createLabStore({ scenario: trace.scenario });
  store.setState({ trace, times: eventTimes(trace), warp, playheadMs: trace.endMs });
  return store;
}

/** The recording view (default export, for `React.lazy`). */
export default function RecordingView({ id, onBack, onOpenReplay }: RecordingViewProps) {
  const uid = useId();
  const [rec, setRec] = useState<Recording | undefined>();
  const [failed, setFailed] = useState(false);
  const [show, setShow] = useState<'both' | 'real' | 'model'>('both');
  useEffect(() => {
    let live = true;
    Promise.all([loadRecording(id), loadSimulator()]).then(
      ([r]) => live && setRec(r),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [id]);
  const meta = RECORDINGS.find((r) => r.id === id);
  const view = useMemo(() => {
    if (!rec) return undefined;
    const real = recordingTrace(rec);
    const model = simulate(normalizeScenario(rec.replay));
    const longer = real.endMs >= model.endMs ? real : model;
    const warp = buildWarp(activityOf({ ...longer, messages: [...real.messages, ...model.messages], events: [...real.events, ...model.events].sort((a, b) => a.atMs - b.atMs) }));
    return { real, model, realStore: storeFor(real, warp), modelStore: storeFor(model, warp) };
  }, [rec]);
  const [at, setAt] = useState<number | undefined>();
  const endMs = view ? Math.max(view.real.endMs, view.model.endMs) : 0;
  useEffect(() => {
    if (!view || at === undefined) return;
    view.realStore.getState().seek(at);
    view.modelStore.getState().seek(at);
  }, [view, at]);

  return (
    <div className="fl-rec">
      <button type="button" className="fl-btn fl-btn--fit fl-btn--ghost" onClick={onBack}>
        ← Back to the Library
      </button>
      <h3 className="fl-lib__heading">{meta?.title ?? id}</h3>
      {failed && <p className="fl-field-error">This recording could not be loaded. Check your connection and try again.</p>}
      {!view && !failed && <p className="fl-hint-text" aria-busy="true">Loading the recording…</p>}
      {view && rec && (
        <>
          <p className="fl-hint-text">
            Recorded on etcd {rec.etcdVersion} on {rec.recordedAt.slice(0, 10)}: one process per client, a pause is SIGSTOP and
            SIGCONT of that process, every request and answer held {rec.latencyMs} ms (the scenario's network latency) on
            loopback. Times are real. Below it, the etcd-flavoured simulation of the same scenario.
          </p>
          <fieldset className="fl-rec__toggle">
            <legend className="fl-field__label">Show</legend>
            {(['both', 'real', 'model'] as const).map((v) => (
              <label key={v}>
                <input type="radio" name={`${uid}-show`} checked={show === v} onChange={() => setShow(v)} />{' '}
                {v === 'both' ? 'Both' : v === 'real' ? 'Real run on etcd' : 'etcd-flavoured model'}
              </label>
            ))}
          </fieldset>
          <label className="fl-field__label" htmlFor={`${uid}-at`}>
            Time on both timelines: {s1(at ?? endMs)}
          </label>
          <input id={`${uid}-at`} type="range" min={0} max={endMs} step={10} value={at ?? endMs} onChange={(e) => setAt(Number(e.currentTarget.value))} className="fl-rec__range" />
          {show !== 'model' && (
            <section aria-label="Real run on etcd" className="fl-rec__run">
              <h4 className="fl-rec__runtitle">Real run on etcd {rec.etcdVersion}</h4>
              <LabProvider store={view.realStore}>
                <Timeline />
              </LabProvider>
            </section>
          )}
          {show !== 'real' && (
            <section aria-label="etcd-flavoured model" className="fl-rec__run">
              <h4 className="fl-rec__runtitle">etcd-flavoured model of the same scenario</h4>
              <LabProvider store={view.modelStore}>
                <Timeline />
              </LabProvider>
            </section>
          )}
          <Differences rec={rec} real={view.real} model={view.model} />
          <button type="button" className="fl-btn fl-btn--fit fl-btn--primary" onClick={() => onOpenReplay(rec)}>
            Open the replay on the main timeline
          </button>
        </>
      )}
    </div>
  );
}

/** What the real run measured, next to the model. */
function Differences({ rec, real, model }: { rec: Recording; real: Trace; model: Trace }) {
  const tokens = rec.events.filter((e) => e.kind === 'lock-put');
  const decisions = real.storage.map((d, i) => ({ real: d, model: model.storage[i] }));
  return (
    <section className="fl-rec__diff" aria-label="What the real run measured">
      <h4 className="fl-rec__runtitle">Measured</h4>
      <ul>
        <li>
          Tokens are the lock keys' create revisions, one cluster-wide counter that every write raises:{' '}
          {tokens.map((e) => `${e.client} ${e.token}`).join(', ')}. The gaps are the other writes (the storage's own, and deleted
          lock keys).
        </li>
        {rec.measures.expiryLagsMs.map((l) => (
          <li key={`${l.client}-${l.token}`}>
            The lease of {l.client} (token {l.token}) ran out at {s1(l.deadlineMs)} and etcd revoked it at {s1(l.deletedMs)}:{' '}
            <strong>{Math.round(l.lagMs)} ms</strong> later. etcd's lessor looks for expired leases only every 500 ms.
          </li>
        ))}
        {rec.measures.handoversMs.map((h) => (
          <li key={`${h.client}-${h.token}`}>
            {h.client} was told it holds the lock (token {h.token}) <strong>{Math.round(h.ms)} ms</strong> after the key before it was
            deleted: its watch fires, then it reads the lock keys again (the model: three latencies, {3 * rec.latencyMs} ms).
          </li>
        ))}
        <li>A plain read's round trip on loopback: {rec.measures.loopbackRttMs} ms (median of 20).</li>
      </ul>
      <table className="fl-rec__table">
        <caption>Storage decisions</caption>
        <thead>
          <tr>
            <th scope="col">Real run</th>
            <th scope="col">at</th>
            <th scope="col">Model</th>
            <th scope="col">at</th>
          </tr>
        </thead>
        <tbody>
          {decisions.map(({ real: d, model: m }, i) => (
            <tr key={i}>
              <td>{d.text}</td>
              <td>{s1(d.atMs)}</td>
              <td>{m ? (m.text === d.text ? 'same' : m.text) : '—'}</td>
              <td>{m ? s1(m.atMs) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="fl-hint-text">
        Sources: etcd v3.4.23 <code>clientv3/concurrency/mutex.go</code> and <code>key.go</code> (the lock recipe),{' '}
        <code>lease/lessor.go</code> (the 500 ms expiry check, the 2 s minimum TTL), etcd docs "Data model" (revisions).
      </p>
    </section>
  );
}
