/**
 * Names the timeline and the captions share: an actor's display name and a message kind's catalogue
 * key. Kept apart from the caption generator (`captions.ts`) so that the first render, which draws
 * the timeline, does not carry the generator (issue 7).
 * @module
 */
import type { MessageKey, MessageValues } from '../i18n';
import { t as defaultT } from '../i18n';
import { LEASE_SERVICE, STORAGE } from '../model/scenario';
import type { MessageKind, Trace } from '../model/trace';
import '../views/timeline/marks-messages';

/** A translator: `t` from `i18n`, or a stand-in in tests. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** The display name of an actor: the client's name, "the lease service" or "the storage". */
export function actorName(trace: Trace, actor: string | undefined, t: Translate = defaultT): string {
  if (actor === LEASE_SERVICE) return t('actor.leaseService');
  if (actor === STORAGE) return t('actor.storage');
  if (actor === 'all') return t('actor.everyone');
  return trace.scenario.clients.find((c) => c.id === actor)?.name ?? actor ?? '?';
}

const MESSAGE_NAME: Record<MessageKind, MessageKey> = {
  acquire: 'message.acquire',
  grant: 'message.grant',
  keepalive: 'message.keepalive',
  'keepalive-ok': 'message.keepaliveOk',
  'keepalive-lost': 'message.keepaliveLost',
  release: 'message.release',
  write: 'message.write',
  'write-reply': 'message.writeReply',
  read: 'message.read',
  'read-reply': 'message.readReply',
};

/** The catalogue key naming a message kind ("grant", "keepalive reply"...). */
export function messageNameKey(kind: MessageKind): MessageKey {
  return MESSAGE_NAME[kind];
}
