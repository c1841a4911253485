/**
 * Types of the real-systems reference: how the lab's lease, fencing token and storage check map onto
 * systems people run. Plain data (no JSX) so views, tests and docs can all read it.
 * @module
 */

/** A page the entry's claims were checked against (official docs, the paper, or the project's source). */
export interface RealSystemSource {
  /** What the page is, e.g. "etcd docs: Notes on the usage of lock and lease". */
  title: string;
  /** Absolute https URL. */
  url: string;
}

/** A short code snippet shown with an entry. */
export interface RealSystemSnippet {
  /** Language for syntax highlighting and screen readers. */
  language: 'go' | 'java' | 'sql' | 'shell';
  /** The code, a few lines; comments say what the lab calls each part. */
  code: string;
}

/**
 * One real system, mapped onto the lesson. The three role fields answer the lab's three questions:
 * what expires (lease), what number grows with each new holder (fencing token), and who refuses
 * the stale holder (enforcement).
 */
export interface RealSystem {
  /** Stable id, lowercase letters, digits and dashes; built-in scenarios refer to it. */
  id: string;
  /** Display name, e.g. "etcd". */
  title: string;
  /**
   * `lock-service`: hands out leases (and a token you must carry yourself);
   * `replicated-log`: a system that fences its own stale leaders or writers with epochs;
   * `storage`: a resource that can enforce a token you send it.
   */
  kind: 'lock-service' | 'replicated-log' | 'storage';
  /** What plays the role of the lease (or "none" for storage). */
  lease: string;
  /** What plays the role of the fencing token. */
  token: string;
  /** Who checks the token, and how. */
  enforcement: string;
  /** A short explanation in plain words; every claim is backed by `sources`. */
  explanation: string;
  snippet?: RealSystemSnippet;
  /** Where each claim was checked. */
  sources: RealSystemSource[];
  /** Ids of the built-in scenarios this entry illustrates. */
  scenarios: string[];
}
