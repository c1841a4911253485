/**
 * The glossary: a plain definition of each term the explainer uses, with its source (issue 14,
 * item 1). English content, like the scenarios' narration. Every definition says no more than its
 * source does.
 *
 * Sources:
 * - etcd API guide (rpc.proto, Lease service): "Leases are a mechanism for detecting client
 *   liveness. The cluster grants leases with a time-to-live. A lease expires if the etcd cluster
 *   does not receive a keepAlive within a given TTL period."
 * - Kleppmann, "How to do distributed locking" (2016): fencing tokens, process pauses, the storage
 *   checking tokens.
 * - Kleppmann, Designing Data-Intensive Applications (DDIA), ch. 8: "Process Pauses", "Fencing
 *   tokens" (Figure 8-5).
 * - Burrows, "The Chubby lock service for loosely-coupled distributed systems" (OSDI 2006):
 *   sequencers, lock-delay.
 * @module
 */

/** One glossary entry. */
export interface Term {
  /** Stable id, e.g. `fencing-token`. */
  id: string;
  /** The term as shown in the glossary. */
  label: string;
  /** The words that name it in running text (matched whole, case-insensitive). */
  words: readonly string[];
  /** The plain definition (one or two sentences for a learner). */
  definition: string;
  /** Where the definition comes from. */
  source: string;
}

/** Every term, in the order the story introduces them. */
export const TERMS: readonly Term[] = [
  {
    id: 'lock',
    label: 'lock',
    words: ['lock'],
    definition: 'A permission meant to be held by one client at a time. Here it stands for the right to write to the storage. With leases, two clients can still believe they hold it at once.',
    source: 'DDIA ch. 8; Kleppmann 2016',
  },
  {
    id: 'lease-service',
    label: 'lease service',
    words: ['lease service', 'lock service'],
    definition: 'The service that hands out the lock and ends leases that are not renewed in time: etcd, ZooKeeper and Chubby are such services.',
    source: 'etcd API guide (Lease service); Chubby paper (Burrows 2006)',
  },
  {
    id: 'grant',
    label: 'grant',
    words: ['grant', 'grants', 'granted'],
    definition: 'The lease service giving the lock to a client: a new lease, and here a new fencing token with it.',
    source: 'etcd API guide (LeaseGrant); Kleppmann 2016',
  },
  {
    id: 'lease',
    label: 'lease',
    words: ['lease', 'leases'],
    definition:
      'A lock granted for a limited time. The lease service ends it when its time to live runs out without a keepalive, and can then grant the lock to another client.',
    source: 'etcd API guide: "A lease expires if the etcd cluster does not receive a keepAlive within a given TTL period."',
  },
  {
    id: 'ttl',
    label: 'TTL (time to live)',
    words: ['TTL', 'time to live'],
    definition: 'How long a lease lasts after it was granted or last renewed, unless a keepalive renews it again.',
    source: 'etcd API guide (LeaseGrantRequest TTL)',
  },
  {
    id: 'keepalive',
    label: 'keepalive',
    words: ['keepalive', 'keepalives'],
    definition: 'A message the holder sends regularly to renew its lease. Each one that arrives in time starts the TTL again.',
    source: 'etcd API guide (LeaseKeepAlive)',
  },
  {
    id: 'process-pause',
    label: 'process pause',
    words: ['process pause', 'pause', 'pauses', 'garbage-collection pause', 'GC pause'],
    definition:
      'A stretch when a program runs none of its code although it has not crashed, for example a stop-the-world garbage collection or a suspended virtual machine. The program does not notice while it is paused; afterwards it can tell, for example by reading a clock.',
    source: 'DDIA ch. 8, "Process Pauses"; Kleppmann 2016',
  },
  {
    id: 'fencing-token',
    label: 'fencing token',
    words: ['fencing token', 'fencing tokens', 'token', 'tokens'],
    definition:
      'A number the lease service hands out with each grant, higher every time. The client sends it with each write, and the storage rejects a write whose token is lower than one it has already accepted.',
    source: 'Kleppmann 2016; DDIA ch. 8, Figure 8-5; Chubby calls it a sequencer (Burrows 2006)',
  },
  {
    id: 'storage',
    label: 'storage',
    words: ['storage'],
    definition: 'The shared data the lock protects, such as a database or a file store. Here it can check the token of each write it receives and reject a stale one.',
    source: 'Kleppmann 2016',
  },
  {
    id: 'stale-write',
    label: 'late (stale) write',
    words: ['late write', 'stale write', 'late writes'],
    definition: 'A write that reaches the storage after its writer’s lease has ended: sent by a client that still believes it holds the lock (for example after a process pause), or sent in time but held up in the network.',
    source: 'Kleppmann 2016 (process pauses, network delays); DDIA 2nd ed. ch. 9, "Fencing off zombies and delayed requests"',
  },
];

/** The term with `id`. */
export function termById(id: string): Term | undefined {
  return TERMS.find((t) => t.id === id);
}

/** A piece of running text: plain, or a term's words. */
export type Piece = string | { term: Term; text: string };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Splits `text` so that the first occurrence of each term not in `seen` becomes a term piece (the
 * learner gets its definition the first time it appears). Longer words win ("fencing token" before
 * "token"); matches are whole words. `seen` is updated with the terms marked.
 */
export function markTerms(text: string, seen: Set<string> = new Set()): Piece[] {
  const words = TERMS.flatMap((t) => t.words.map((w) => ({ t, w }))).sort((a, b) => b.w.length - a.w.length);
  const re = new RegExp(`\\b(${words.map((x) => escape(x.w)).join('|')})\\b`, 'gi');
  const out: Piece[] = [];
  let last = 0;
  for (const m of text.matchAll(re)) {
    const found = words.find((x) => x.w.toLowerCase() === m[0].toLowerCase());
    if (!found || seen.has(found.t.id)) continue;
    seen.add(found.t.id);
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push({ term: found.t, text: m[0] });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * The ids of the terms that occur in `texts` (as {@link markTerms} finds them): pass them as `seen`
 * to a later text of the same page, so that only a term's first use there is marked.
 */
export function termIdsIn(texts: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const text of texts) markTerms(text, seen);
  return [...seen];
}
