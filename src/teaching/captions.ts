/**
 * Generated captions: what just happened at the playhead, in plain words with the trace's own
 * numbers (seconds with one decimal, tokens). A pure function of the trace and an event; the words
 * come from this module's message catalogue (`caption.*` keys in `locales/en.ts`, registered by
 * `messages.ts` when this module loads). It is not part of the first render (issue 7): the caption
 * panel loads it once the playhead first reaches an event; actor and message names are `names.ts`.
 *
 * Every sentence must hold for the model and for the systems it stands for. Sources:
 * - Kleppmann, "How to do distributed locking" (2016): a paused client does not know its lease
 *   expired; the storage must check the fencing token and reject a lower one.
 * - Kleppmann, DDIA ch. 8, "Process pauses" and "The leader and the lock": a paused thread does not
 *   notice it was paused; fencing tokens.
 * - Burrows, "The Chubby lock service" (2006) §2.4: sequencers checked by the resource.
 * - etcd "Lease" docs: a lease expires when no keepalive arrives within its TTL; a client that
 *   exits without revoking leaves the lease to expire.
 * @module
 */
import type { MessageKey, MessageValues } from '../i18n';
import { t as defaultT } from '../i18n';
import { LEASE_SERVICE, STORAGE } from '../model/scenario';
import './messages';
import { actorName, messageNameKey, type Translate } from './names';

export { actorName, messageNameKey, type Translate };
export { NARRATION_SOURCES } from './sources';
import type { EventKind, MessageKind, Trace, TraceEvent } from '../model/trace';
import { beliefAt, clientStatusAt, liveLeaseAt, seconds, storageStateAt } from '../store/derive';
import { lastEventIndexAt } from '../store/playback';

/** A caption: a short heading and one to three sentences. */
export interface Caption {
  title: string;
  text: string;
}

/** A caption for the events at one instant. */
export interface GroupCaption extends Caption {
  /** The instant (simulated ms). */
  atMs: number;
  /** Ids of the events it covers. */
  eventIds: number[];
  /** The kind that gave the title. */
  kind: EventKind;
}

/** Which event of a group gives the caption's title: the earlier in this list, the more it matters. */
const PRIORITY: readonly EventKind[] = [
  'write-rejected',
  'write-accepted',
  'lease-expired',
  'lease-revoked',
  'crashed',
  'storage-reset',
  'pause-started',
  'pause-ended',
  'lease-check-failed',
  'lease-check-passed',
  'keepalive-rejected',
  'keepalive-lost-received',
  'partition-started',
  'partition-healed',
  'lease-granted',
  'grant-received',
  'write-sent',
  'acquire-queued',
  'lease-released',
  'release-ignored',
  'release-sent',
  'message-dropped',
  'read-rejected',
  'read-served',
  'read-sent',
  'acquire-sent',
  'write-reply-received',
  'read-reply-received',
  'lease-renewed',
  'keepalive-ok-received',
  'keepalive-sent',
  'work-started',
  'program-ended',
  'client-start',
];

const rank = (k: EventKind): number => {
  const i = PRIORITY.indexOf(k);
  return i === -1 ? PRIORITY.length : i;
};

/**
 * The caption of one event.
 *
 * @param trace the trace the event belongs to
 * @param e the event
 * @param t translator (defaults to the active language)
 */
export function captionForEvent(trace: Trace, e: TraceEvent, t: Translate = defaultT): Caption {
  const ttl = seconds(trace.scenario.lease.ttlMs);
  const subject = e.actor === LEASE_SERVICE || e.actor === STORAGE ? e.peer : e.actor;
  const client = actorName(trace, subject, t);
  const token = e.token ?? '?';
  const v: MessageValues = { client, token, ttl, at: seconds(e.atMs) };
  const lease = e.token !== undefined ? trace.leases.find((l) => l.token === e.token && l.holder === subject) : undefined;
  const both = (title: MessageKey, text: string, extra?: MessageValues): Caption => ({ title: t(title, { ...v, ...extra }), text });
  const join = (...parts: (string | false | undefined)[]): string => parts.filter(Boolean).join(' ');
  // Random lock values (Redlock-style) are not fencing tokens: they carry no order.
  const random = trace.scenario.lease.tokens === 'random';

  switch (e.kind) {
    case 'client-start':
      return both('caption.clientStart.title', t('caption.clientStart', v));
    case 'acquire-sent':
      return both('caption.acquireSent.title', t('caption.acquireSent', v));
    case 'acquire-queued': {
      const live = liveLeaseAt(trace, e.atMs);
      return both(
        'caption.acquireQueued.title',
        live
          ? t('caption.acquireQueued', { ...v, holder: actorName(trace, live.holder, t), token: live.token })
          : t('caption.acquireQueued.noHolder', v),
      );
    }
    case 'lease-granted':
      return both('caption.leaseGranted.title', t(random ? 'caption.leaseGranted.random' : 'caption.leaseGranted', v));
    case 'grant-received': {
      const gone = lease && lease.endMs <= e.atMs && lease.endReason !== 'run-ended';
      return both(
        'caption.grantReceived.title',
        join(t('caption.grantReceived', v), gone && t('caption.grantReceived.gone', { ...v, end: seconds(lease.endMs) })),
      );
    }
    case 'keepalive-sent':
      return both('caption.keepaliveSent.title', t('caption.keepaliveSent', v));
    case 'lease-renewed':
      return both('caption.leaseRenewed.title', t('caption.leaseRenewed', { ...v, until: seconds(e.atMs + trace.scenario.lease.ttlMs) }));
    case 'keepalive-rejected':
      return both(
        'caption.keepaliveRejected.title',
        lease && lease.endMs <= e.atMs
          ? t('caption.keepaliveRejected', { ...v, end: seconds(lease.endMs) })
          : t('caption.keepaliveRejected.noLease', v),
      );
    case 'keepalive-ok-received':
      return both(
        'caption.keepaliveOkReceived.title',
        t('caption.keepaliveOkReceived', { ...v, deadline: seconds(e.deadlineMs ?? e.atMs + trace.scenario.lease.ttlMs) }),
      );
    case 'keepalive-lost-received': {
      // Only say "still believes" while a belief of this client covers the event (with that token).
      const belief = beliefAt(trace, e.actor, e.atMs);
      const believes = belief !== undefined && (e.token === undefined || belief.token === e.token);
      const ended = !believes && clientStatusAt(trace, e.actor, e.atMs).phase === 'done';
      return both(
        'caption.keepaliveLostReceived.title',
        believes
          ? t('caption.keepaliveLostReceived', v)
          : ended
            ? t('caption.keepaliveLostReceived.ended', v)
            : t('caption.keepaliveLostReceived.noBelief', v),
      );
    }
    case 'lease-expired':
    case 'lease-revoked': {
      const status = subject ? clientStatusAt(trace, subject, e.atMs) : undefined;
      let suffix: string | undefined;
      if (status?.phase === 'paused') suffix = t('caption.holder.paused', v);
      else if (status?.phase === 'crashed') suffix = t('caption.holder.crashed', v);
      else if (status?.phase === 'done' && status.believedToken === undefined) suffix = t('caption.holder.done', v);
      else if (status?.believedToken !== undefined) suffix = t('caption.holder.believes', v);
      const main = e.kind === 'lease-expired' ? t('caption.leaseExpired', v) : t('caption.leaseRevoked', v);
      return both(e.kind === 'lease-expired' ? 'caption.leaseExpired.title' : 'caption.leaseRevoked.title', join(main, suffix));
    }
    case 'release-sent':
      return both('caption.releaseSent.title', t('caption.releaseSent', v));
    case 'lease-released': {
      // A release by key can free a lock the sender does not hold (lease.release: "by-key").
      const release = trace.messages.find((m) => m.kind === 'release' && m.handledAtMs === e.atMs && m.to === LEASE_SERVICE);
      if (release && release.from !== subject) {
        return both('caption.leaseReleased.byKey.title', t('caption.leaseReleased.byKey', { ...v, sender: actorName(trace, release.from, t) }));
      }
      return both('caption.leaseReleased.title', t('caption.leaseReleased', v));
    }
    case 'storage-reset':
      return both('caption.storageReset.title', t('caption.storageReset', v));
    case 'release-ignored':
      return both('caption.releaseIgnored.title', t('caption.releaseIgnored', v));
    case 'lease-check-passed':
      return both('caption.checkPassed.title', t('caption.checkPassed', { ...v, deadline: seconds(e.deadlineMs ?? e.atMs) }));
    case 'lease-check-failed':
      return both(
        'caption.checkFailed.title',
        e.deadlineMs !== undefined ? t('caption.checkFailed', { ...v, deadline: seconds(e.deadlineMs) }) : t('caption.checkFailed.noLease', v),
      );
    case 'write-sent': {
      const value = e.value ?? '';
      if (e.token === undefined) return both('caption.writeSent.noToken.title', t('caption.writeSent.noToken', { ...v, value }));
      const status = clientStatusAt(trace, e.actor, e.atMs);
      const stale = status.believedToken !== undefined && !status.leaseValid;
      return both('caption.writeSent.title', join(t('caption.writeSent', { ...v, value }), stale && t('caption.writeSent.stale', v)));
    }
    case 'write-accepted': {
      const value = e.value ?? '';
      const highest = e.highestBefore ?? 0;
      const fenced = trace.scenario.storage.fencing === 'token';
      // A write stored although its writer no longer held the lease says so in its title, whatever
      // the fencing (`StorageDecision.staleAccepted`): a "Stored with token 33" read as a success.
      const stale = trace.storage.some((d) => d.staleAccepted && d.atMs === e.atMs && d.client === e.peer && d.value === e.value);
      const title: MessageKey = stale ? 'caption.writeAccepted.title.stale' : 'caption.writeAccepted.title';
      if (e.token === undefined) return both('caption.writeAccepted.title.noToken', t('caption.writeAccepted.noToken', { ...v, value }));
      if (trace.scenario.storage.fencing === 'equality') {
        const first = rememberedAt(trace, e.atMs) === undefined;
        return both(title, t(first ? 'caption.writeAccepted.equality.first' : 'caption.writeAccepted.equality', { ...v, value }));
      }
      if (!fenced && !random && e.token < highest) {
        return both('caption.writeAccepted.title.stale', t('caption.writeAccepted.stale', { ...v, value, highest }));
      }
      if (!fenced) return both(title, t('caption.writeAccepted.unchecked', { ...v, value }));
      const gone = lease !== undefined && lease.endMs <= e.atMs && lease.endReason !== 'run-ended';
      if (random) {
        const note = gone && t('caption.writeAccepted.random.gone', v);
        if (highest === 0) return both(title, join(t('caption.writeAccepted.first', { ...v, value }), note));
        return both(title, join(t('caption.writeAccepted.random', { ...v, value, highest }), note));
      }
      const unseen = gone && t(trace.scenario.storage.fenceReads ? 'caption.writeAccepted.goneUnseen.reads' : 'caption.writeAccepted.goneUnseen', v);
      // Issue 41: under a highest token per object, the numbers are the written object's own.
      const perKey = trace.scenario.storage.fencePer === 'key' && e.key !== undefined && t('caption.perKey', { key: e.key });
      if (highest === 0) return both(title, join(t('caption.writeAccepted.first', { ...v, value }), unseen, perKey));
      if (highest === e.token) return both(title, join(t('caption.writeAccepted.equal', { ...v, value }), unseen, perKey));
      return both(title, join(t('caption.writeAccepted.higher', { ...v, value, highest }), unseen, perKey));
    }
    case 'write-rejected': {
      const value = e.value ?? '';
      if (e.token === undefined) return both('caption.writeRejected.title.noToken', t('caption.writeRejected.noToken', { ...v, value }));
      const data = storageStateAt(trace, e.atMs).data;
      const dataNote = data !== undefined ? t('caption.writeRejected.data', { data }) : undefined;
      const remembered = trace.scenario.storage.fencing === 'equality' ? rememberedAt(trace, e.atMs) : undefined;
      if (remembered !== undefined && remembered !== e.token) {
        return both('caption.writeRejected.title.equality', join(t('caption.writeRejected.equality', { ...v, value, remembered }), dataNote), { remembered });
      }
      if (e.seq !== undefined && (trace.scenario.storage.fencing !== 'token' || e.token >= (e.highestBefore ?? 0))) {
        const last = lastSeqAt(trace, e.token, e.atMs);
        return both('caption.writeRejected.title.sequence', join(t('caption.writeRejected.sequence', { ...v, value, seq: e.seq, last }), dataNote), { seq: e.seq, last });
      }
      const highest = e.highestBefore ?? 0;
      const live = liveLeaseAt(trace, e.atMs);
      const holder = live !== undefined && live.holder === subject && live.token === e.token;
      return both(
        'caption.writeRejected.title',
        join(
          t(random ? 'caption.writeRejected.random' : 'caption.writeRejected', { ...v, highest, value }),
          trace.scenario.storage.fencePer === 'key' && e.key !== undefined && t('caption.perKey', { key: e.key }),
          random && holder && t('caption.writeRejected.random.holder', v),
          data !== undefined ? t('caption.writeRejected.data', { data }) : undefined,
        ),
        { highest },
      );
    }
    case 'write-reply-received': {
      const ok = trace.messages[e.messageId ?? -1]?.ok;
      return both('caption.writeReply.title', ok ? t('caption.writeReply.ok', v) : t('caption.writeReply.rejected', v));
    }
    case 'read-sent':
      return both('caption.readSent.title', t('caption.readSent', v));
    case 'read-served': {
      const read = trace.reads?.find((r) => r.atMs === e.atMs && r.client === subject);
      const data = read ? read.value : storageStateAt(trace, e.atMs).data;
      if (data !== undefined && read?.writtenWith !== undefined) {
        return both('caption.readServed.title', t('caption.readServed.token', { ...v, data, written: read.writtenWith }));
      }
      return both('caption.readServed.title', data !== undefined ? t('caption.readServed', { ...v, data }) : t('caption.readServed.empty', v));
    }
    case 'read-rejected':
      return both('caption.readRejected.title', t('caption.readRejected', { ...v, highest: e.highestBefore ?? 0 }));
    case 'read-reply-received':
      return both('caption.readReply.title', t('caption.readReply', v));
    case 'work-started':
      return both('caption.workStarted.title', t('caption.workStarted', { ...v, duration: seconds(e.durationMs ?? 0) }));
    case 'pause-started': {
      const status = clientStatusAt(trace, e.actor, e.atMs);
      return both(
        'caption.pauseStarted.title',
        join(t('caption.pauseStarted', { ...v, duration: seconds(e.durationMs ?? 0) }), status.leaseValid && t('caption.pauseStarted.lease', { ...v, token: status.believedToken ?? '?' })),
      );
    }
    case 'pause-ended': {
      const pause = trace.pauses.find((p) => p.client === e.actor && p.endMs === e.atMs);
      // Only a belief it held when it froze counts: a grant waiting in its inbox is handled after this.
      const held = pause ? beliefAt(trace, e.actor, pause.startMs) : undefined;
      const belief = held && held.endMs >= e.atMs ? held : undefined;
      const live = liveLeaseAt(trace, e.atMs);
      const stale = belief !== undefined && !(live && live.holder === e.actor && live.token === belief.token);
      return both(
        'caption.pauseEnded.title',
        join(
          t('caption.pauseEnded', { ...v, duration: seconds(pause ? pause.endMs - pause.startMs : 0) }),
          stale && t('caption.pauseEnded.stale', { ...v, token: belief.token }),
        ),
      );
    }
    case 'crashed': {
      const live = liveLeaseAt(trace, e.atMs);
      const holds = live !== undefined && live.holder === e.actor;
      return both('caption.crashed.title', join(t('caption.crashed', v), holds && t('caption.crashed.lease', { ...v, token: live.token })));
    }
    case 'partition-started':
      return both('caption.partitionStarted.title', t('caption.partitionStarted', { ...v, peer: actorName(trace, e.peer, t), duration: seconds(e.durationMs ?? 0) }));
    case 'partition-healed':
      return both('caption.partitionHealed.title', t('caption.partitionHealed', { ...v, peer: actorName(trace, e.peer, t) }));
    case 'program-ended': {
      const live = liveLeaseAt(trace, e.atMs);
      const released = (token: number): boolean =>
        trace.events.some((r) => r.kind === 'release-sent' && r.actor === e.actor && r.token === token && r.atMs <= e.atMs);
      const holds = live !== undefined && live.holder === e.actor && live.endMs > e.atMs && !released(live.token);
      const expires = holds && live.endReason === 'expired';
      return both(
        'caption.programEnded.title',
        join(
          t('caption.programEnded', v),
          expires ? t('caption.programEnded.expires', { ...v, end: seconds(live.endMs) }) : holds && t('caption.programEnded.holds', v),
        ),
      );
    }
    case 'message-dropped': {
      const m = e.messageId !== undefined ? trace.messages[e.messageId] : undefined;
      return both(
        'caption.messageDropped.title',
        t('caption.messageDropped', { ...v, message: m ? t(messageNameKey(m.kind)) : t('message.some'), from: actorName(trace, e.peer, t) }),
      );
    }
  }
}

/** With fencing `equality`: the token the storage remembers just before `ms` (undefined if none). */
function rememberedAt(trace: Trace, ms: number): number | undefined {
  const since = (trace.storageResets ?? []).filter((r) => r <= ms).at(-1) ?? -1;
  return trace.storage.find((d) => d.accepted && d.token !== undefined && d.atMs >= since && d.atMs < ms)?.token;
}

/** With `storage.sequence`: the last sequence number accepted with `token` before `ms`. */
function lastSeqAt(trace: Trace, token: number, ms: number): number {
  let last = 0;
  for (const d of trace.storage) if (d.atMs < ms && d.accepted && d.token === token && d.seq !== undefined) last = d.seq;
  return last;
}

/**
 * The caption at the playhead: the events at the latest instant at or before `ms`, their sentences
 * joined in event order (a lone `client-start` is dropped when other events share its instant),
 * titled by the event that matters most. `undefined` before the first event.
 */
export function captionAt(trace: Trace, ms: number, t: Translate = defaultT): GroupCaption | undefined {
  const last = lastEventIndexAt(trace, ms);
  if (last < 0) return undefined;
  const atMs = trace.events[last]!.atMs;
  let first = last;
  while (first > 0 && trace.events[first - 1]!.atMs === atMs) first -= 1;
  let group = trace.events.slice(first, last + 1);
  if (group.length > 1) group = group.filter((e) => e.kind !== 'client-start');
  let top = group[0]!;
  for (const e of group) if (rank(e.kind) < rank(top.kind)) top = e;
  const captions = group.map((e) => captionForEvent(trace, e, t));
  const text = [...new Set(captions.map((c) => c.text))].join(' ');
  return { title: captionForEvent(trace, top, t).title, text, atMs, eventIds: group.map((e) => e.id), kind: top.kind };
}
