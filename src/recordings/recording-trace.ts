/**
 * A recording of a real etcd run (`src/etcd/recording.ts`) as a `Trace`, so the timeline draws
 * it like a simulated run: the same lanes, the real times (rounded to whole ms), the real tokens
 * (create revisions). Pure; used by the "Recorded on etcd" view.
 *
 * Messages are the requests and answers between a client process and etcd (which plays both the
 * lease service and the storage): each one from when it left (before the emulated latency) to
 * when it reached etcd, or from etcd's answer to when the client acted on it.
 *
 * @module
 */
import { normalizeScenario } from '../model/scenario';
import type { BeliefInterval, EventKind, LeaseInterval, Message, MessageKind, PauseInterval, StorageDecision, Trace, TraceEvent } from '../model/trace';
import { staleAcceptedOf } from '../model/stale';
import { realOwners } from '../etcd/conformance';
import type { RecordedEvent, Recording } from '../etcd/recording';

const LS = 'lease-service';
const ST = 'storage';

/** Builds the trace of a recording. */
export function recordingTrace(rec: Recording): Trace {
  const scenario = normalizeScenario(rec.replay);
  const ttlMs = scenario.lease.ttlMs;
  const r = (ms: number) => Math.round(ms);
  const events: Omit<TraceEvent, 'id'>[] = [];
  const messages: Message[] = [];
  const ev = (atMs: number, kind: EventKind, actor: string, extra: Partial<TraceEvent> = {}) => events.push({ atMs: r(atMs), kind, actor, ...extra });
  const msg = (kind: MessageKind, from: string, to: string, sent: number, arrive: number, extra: Partial<Message> = {}): number => {
    const id = messages.length;
    messages.push({ id, kind, from, to, sentAtMs: r(sent), arriveAtMs: r(arrive), handledAtMs: r(arrive), delayedMs: 0, heldMs: 0, dropped: false, ...extra });
    return id;
  };
  const beliefs: BeliefInterval[] = [];
  const pauses: PauseInterval[] = [];
  const crashes: { client: string; atMs: number }[] = [];
  const storage: StorageDecision[] = [];

  for (const c of scenario.clients) {
    const mine = rec.events.filter((e) => e.client === c.id);
    const open = new Map<string, RecordedEvent>();
    const kaSent: RecordedEvent[] = [];
    const kaArrived: RecordedEvent[] = [];
    let acquire: RecordedEvent | undefined;
    let grantFrom: number | undefined;
    let belief: BeliefInterval | undefined;
    let heard = 0;
    const endBelief = (at: number, reason: BeliefInterval['endReason']) => {
      if (belief) {
        belief.endMs = r(at);
        belief.endReason = reason;
        belief = undefined;
      }
    };
    for (const e of mine) {
      const tok = e.token !== undefined ? { token: e.token } : {};
      switch (e.kind) {
        case 'client-start':
        case 'program-ended':
        case 'pause-ended':
          ev(e.atMs, e.kind, c.id);
          if (e.kind === 'program-ended') endBelief(e.atMs, 'program-ended');
          break;
        case 'work-started':
          ev(e.atMs, 'work-started', c.id, { durationMs: e.durationMs ?? 0 });
          break;
        case 'pause-started':
          ev(e.atMs, 'pause-started', c.id, { durationMs: e.durationMs ?? 0 });
          pauses.push({ client: c.id, startMs: r(e.atMs), endMs: r(e.atMs + (e.durationMs ?? 0)) });
          break;
        case 'crashed':
          ev(e.atMs, 'crashed', c.id);
          crashes.push({ client: c.id, atMs: r(e.atMs) });
          endBelief(e.atMs, 'crashed');
          break;
        case 'acquire-sent':
          acquire = e;
          ev(e.atMs, 'acquire-sent', c.id, { peer: LS, messageId: msg('acquire', c.id, LS, e.atMs, e.atMs + rec.latencyMs) });
          break;
        case 'lease-grant':
          heard = e.atMs;
          break;
        case 'lock-put':
          if (acquire) messages[messages.length - 1] = { ...messages.find((m) => m.sentAtMs === r(acquire!.atMs) && m.from === c.id)!, arriveAtMs: r(e.atMs), handledAtMs: r(e.atMs) };
          if (e.owner) grantFrom = e.atMs;
          else ev(e.atMs, 'acquire-queued', LS, { peer: c.id, ...tok });
          break;
        case 'lock-get':
          if (e.owner) grantFrom = e.atMs;
          break;
        case 'lock-acquired': {
          const from = grantFrom ?? e.atMs;
          const id = msg('grant', LS, c.id, from, e.atMs, tok);
          ev(from, 'lease-granted', LS, { peer: c.id, ...tok, messageId: id });
          ev(e.atMs, 'grant-received', c.id, { peer: LS, ...tok, messageId: id, deadlineMs: r(heard + ttlMs) });
          endBelief(e.atMs, 'released');
          belief = { client: c.id, token: e.token ?? 0, startMs: r(e.atMs), endMs: r(e.atMs), endReason: 'run-ended', deadlines: [{ atMs: r(e.atMs), deadlineMs: r(heard + ttlMs) }] };
          beliefs.push(belief);
          grantFrom = undefined;
          break;
        }
        case 'keepalive-sent':
          kaSent.push(e);
          break;
        case 'keepalive-arrived': {
          const s = kaSent.shift() ?? e;
          const id = msg('keepalive', c.id, LS, s.atMs, e.atMs, s.token !== undefined ? { token: s.token } : {});
          ev(s.atMs, 'keepalive-sent', c.id, { peer: LS, ...(s.token !== undefined ? { token: s.token } : {}), messageId: id });
          kaArrived.push(e);
          break;
        }
        case 'keepalive-reply': {
          const a = kaArrived.shift() ?? e;
          const ok = (e.ttlS ?? 0) > 0;
          const t = belief ? { token: belief.token } : {};
          const id = msg(ok ? 'keepalive-ok' : 'keepalive-lost', LS, c.id, a.atMs, e.atMs, { ...t, ok });
          ev(a.atMs, ok ? 'lease-renewed' : 'keepalive-rejected', LS, { peer: c.id, ...t, messageId: id });
          if (ok) {
            heard = e.atMs;
            belief?.deadlines.push({ atMs: r(e.atMs), deadlineMs: r(e.atMs + ttlMs) });
          }
          ev(e.atMs, ok ? 'keepalive-ok-received' : 'keepalive-lost-received', c.id, { peer: LS, ...t, messageId: id });
          break;
        }
        case 'write-sent':
        case 'read-sent':
        case 'release-sent':
          open.set(e.kind, e);
          if (e.kind === 'release-sent') endBelief(e.atMs, 'released');
          break;
        case 'write-decided':
        case 'read-decided': {
          const write = e.kind === 'write-decided';
          const s = open.get(write ? 'write-sent' : 'read-sent') ?? e;
          const v = write ? { value: e.value ?? '' } : {};
          const id = msg(write ? 'write' : 'read', c.id, ST, s.atMs, e.atMs, { ...tok, ...v });
          ev(s.atMs, write ? 'write-sent' : 'read-sent', c.id, { peer: ST, ...tok, ...v, messageId: id });
          const kind: EventKind = write ? (e.accepted ? 'write-accepted' : 'write-rejected') : e.accepted ? 'read-served' : 'read-rejected';
          const replyId = msg(write ? 'write-reply' : 'read-reply', ST, c.id, e.atMs, e.atMs + rec.latencyMs, { ...tok, ...v, ok: e.accepted ?? false });
          ev(e.atMs, kind, ST, { peer: c.id, ...tok, ...v, messageId: replyId, highestBefore: e.highestBefore ?? 0 });
          if (write) {
            storage.push({ atMs: r(e.atMs), client: c.id, token: e.token, value: e.value ?? '', accepted: e.accepted ?? false, highestBefore: e.highestBefore ?? 0, text: e.text ?? '', messageId: id });
          }
          break;
        }
        case 'write-reply':
        case 'read-reply': {
          const last = [...messages].reverse().find((m) => m.to === c.id && m.kind === (e.kind === 'write-reply' ? 'write-reply' : 'read-reply'));
          if (last) last.arriveAtMs = last.handledAtMs = r(e.atMs);
          ev(e.atMs, e.kind === 'write-reply' ? 'write-reply-received' : 'read-reply-received', c.id, { peer: ST, ...tok, ...(last ? { messageId: last.id } : {}) });
          break;
        }
        case 'release-arrived': {
          const s = open.get('release-sent') ?? e;
          const id = msg('release', c.id, LS, s.atMs, e.atMs, s.token !== undefined ? { token: s.token } : {});
          ev(s.atMs, 'release-sent', c.id, { peer: LS, ...(s.token !== undefined ? { token: s.token } : {}), messageId: id });
          break;
        }
        case 'lease-check-passed':
        case 'lease-check-failed':
          ev(e.atMs, e.kind, c.id, { ...tok, value: e.value ?? '', ...(e.deadlineMs !== undefined ? { deadlineMs: r(e.deadlineMs) } : {}) });
          if (e.kind === 'lease-check-failed') endBelief(e.atMs, 'check-failed');
          break;
        default:
          break;
      }
    }
  }

  const endMs = r(rec.events.length > 0 ? rec.events[rec.events.length - 1]!.atMs : 0);
  const leases: LeaseInterval[] = realOwners(rec).map((o) => {
    const end = o.endMs ?? endMs;
    const released = rec.events.some((e) => e.kind === 'release-arrived' && Math.abs(e.atMs - end) < 50 && e.client === o.holder);
    const revoked = rec.events.some((e) => e.kind === 'revoke-fault' && e.token === o.token);
    const endReason: LeaseInterval['endReason'] = o.endMs === undefined ? 'run-ended' : o.expired ? 'expired' : revoked ? 'revoked' : released ? 'released' : 'released';
    if (o.endMs !== undefined) {
      const kind: EventKind = endReason === 'expired' ? 'lease-expired' : endReason === 'revoked' ? 'lease-revoked' : 'lease-released';
      ev(end, kind, LS, { peer: o.holder, token: o.token });
    }
    const renewedAtMs = messages.filter((m) => m.kind === 'keepalive' && m.from === o.holder && m.arriveAtMs >= o.startMs && m.arriveAtMs <= end).map((m) => m.arriveAtMs);
    return { holder: o.holder, token: o.token, startMs: r(o.startMs), endMs: r(end), endReason, renewedAtMs };
  });
  for (const b of beliefs) if (b.endReason === 'run-ended') b.endMs = endMs;

  // Messages in send order; events in time order (stable), each with its index.
  const order = [...messages].sort((a, b) => a.sentAtMs - b.sentAtMs || a.id - b.id);
  const newId = new Map(order.map((m, i) => [m.id, i]));
  const sortedMessages = order.map((m, i) => ({ ...m, id: i }));
  const sortedEvents: TraceEvent[] = events
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.atMs - b.e.atMs || a.i - b.i)
    .map(({ e }, id) => ({ ...e, id, ...(e.messageId !== undefined ? { messageId: newId.get(e.messageId)! } : {}) }));
  for (const d of storage) d.messageId = newId.get(d.messageId)!;
  storage.sort((a, b) => a.atMs - b.atMs);
  // As the simulator judges them (`Recorder.finish`): a write stored from a client that no longer held the lock.
  for (const d of storage) if (staleAcceptedOf(d, leases, scenario.lease.tokens)) d.staleAccepted = true;
  pauses.sort((a, b) => a.startMs - b.startMs);
  return {
    scenario,
    endMs,
    truncated: false,
    events: sortedEvents,
    messages: sortedMessages,
    leases,
    beliefs,
    pauses,
    crashes,
    partitions: [],
    storage,
    storageLog: storage.map((d) => d.text),
  };
}
