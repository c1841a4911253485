/**
 * What each "Try this" hint asks the learner to do, as data (issue 14, item 7): the controls to use
 * and the outcome the hint promises. One list per built-in, in the order of its `tryThis`, so the
 * hint text and its actions sit side by side and a browser test (`tests/browser/hints.test.ts`)
 * does every hint through the controls alone and checks the promise; a model test
 * (`tests/model/hint-actions.test.ts`) checks the same promises on the model and that every hint has
 * its entry. Settings paths are those of `settings/settings.ts` (values in simulated ms).
 * @module
 */
import type { SettingValue } from '../store/interventions';

/** One thing to do with a control. */
export type HintAction =
  /** The header's "Storage checks tokens" switch. */
  | { do: 'fencing'; on: boolean }
  /** A scenario setting (the "Scenario settings" controls). */
  | { do: 'set'; path: string; value: SettingValue }
  /** Open another built-in from the scenario picker. */
  | { do: 'open'; scenario: string }
  /** Move the playhead to `atMs` (the scrubber). */
  | { do: 'seek'; atMs: number }
  /** The "Length of a new pause (s)" field, in ms. */
  | { do: 'pauseLength'; ms: number }
  /** The "Pause CLIENT" button, at the playhead. */
  | { do: 'pause'; client: string };

/** A hint's actions and the storage log it promises at the end of the run (exactly). */
export interface HintPlan {
  actions: readonly HintAction[];
  /** The storage log at the end of the run, line by line, as the storage panel shows it. */
  storageLog: readonly string[];
  /**
   * For a hint about reads (which the storage log does not show): the storage's answers to the
   * reads at the end of the run, in order, in its words (`ReadDecision.text`, e.g. "refused read (token 33 < 34)").
   */
  reads?: readonly string[];
  /** Grants the hint names: this client holds this token from this time (ms, at the lease service). */
  grants?: readonly { client: string; token: number; atMs: number }[];
}

const off = { do: 'fencing', on: false } as const;
const on = { do: 'fencing', on: true } as const;
const set = (path: string, value: SettingValue): HintAction => ({ do: 'set', path, value });

/** Every built-in's hints as actions, in `tryThis` order. */
export const HINT_ACTIONS: Readonly<Record<string, readonly HintPlan[]>> = {
  'seed-gc-pause': [
    {
      actions: [off],
      storageLog: ["stored 'from client 1' with token 33", "stored 'from client 2' with token 34", "stored 'late write from client 1' with token 33"],
    },
    {
      actions: [set('faults.0.forMs', 5000)],
      storageLog: ["stored 'from client 1' with token 33", "stored 'late write from client 1' with token 33", "stored 'from client 2' with token 34"],
      grants: [{ client: 'client-2', token: 34, atMs: 16_100 }],
    },
    {
      actions: [set('clients.client-1.checkLeaseBeforeWrite', true)],
      storageLog: ["stored 'from client 1' with token 33", "stored 'from client 2' with token 34"],
    },
  ],
  'seed-gc-pause-unfenced': [
    {
      actions: [on],
      storageLog: ["stored 'from client 1' with token 33", "stored 'from client 2' with token 34", "rejected 'late write from client 1' (token 33 < 34)"],
    },
    {
      actions: [set('clients.client-1.checkLeaseBeforeWrite', true)],
      storageLog: ["stored 'from client 1' with token 33", "stored 'from client 2' with token 34"],
    },
  ],
  'check-then-write': [
    { actions: [off], storageLog: ["stored 'from client 1' with token 33", "stored 'from client 2' with token 34", "stored 'late write from client 1' with token 33"] },
    { actions: [set('faults.0.atMs', 1300)], storageLog: ["stored 'from client 1' with token 33", "stored 'from client 2' with token 34"] },
  ],
  'crash-holder': [
    { actions: [set('lease.ttlMs', 3000)], storageLog: ["stored 'from client 1' with token 33", "stored 'from client 2' with token 34"], grants: [{ client: 'client-2', token: 34, atMs: 3100 }] },
    { actions: [set('faults.0', null)], storageLog: ["stored 'from client 1' with token 33", "stored 'second write from client 1' with token 33", "stored 'from client 2' with token 34"], grants: [{ client: 'client-2', token: 34, atMs: 13_300 }] },
  ],
  'first-write-window-fenced-read': [
    { actions: [set('storage.fenceReads', false)], storageLog: ["stored 'from client 1' with token 33", "stored 'late write from client 1' with token 33", "stored 'from client 2' with token 34"] },
    { actions: [set('clients.client-2.program.1', null)], storageLog: ["stored 'from client 1' with token 33", "stored 'late write from client 1' with token 33", "stored 'from client 2' with token 34"] },
  ],
  'first-write-window': [
    { actions: [{ do: 'open', scenario: 'first-write-window-fenced-read' }], storageLog: ["stored 'from client 1' with token 33", "rejected 'late write from client 1' (token 33 < 34)", "stored 'from client 2' with token 34"] },
    { actions: [set('clients.client-2.program.1.ms', 5000)], storageLog: ["stored 'from client 1' with token 33", "stored 'from client 2' with token 34", "rejected 'late write from client 1' (token 33 < 34)"] },
  ],
  'jepsen-three-clients': [
    { actions: [on], storageLog: ["stored 'set from client 3' with token 3", "rejected 'set from client 1' (token 1 < 3)", "rejected 'set from client 2' (token 2 < 3)"] },
    { actions: [set('lease.ttlMs', 10_000)], storageLog: ["stored 'set from client 1' with token 1", "stored 'set from client 2' with token 2", "stored 'set from client 3' with token 3"] },
  ],
  'keepalive-holds': [
    { actions: [{ do: 'seek', atMs: 5000 }, { do: 'pauseLength', ms: 15_000 }, { do: 'pause', client: 'client-1' }], storageLog: ["stored 'from client 2' with token 34", "rejected 'from client 1' (token 33 < 34)"], grants: [{ client: 'client-2', token: 34, atMs: 13_300 }] },
    { actions: [set('clients.client-1.renewEveryMs', 0)], storageLog: ["stored 'from client 2' with token 34", "rejected 'from client 1' (token 33 < 34)"] },
  ],
  'network-delay': [
    { actions: [off], storageLog: ["stored 'from client 1' with token 33", "stored 'from client 2' with token 34", "stored 'delayed write from client 1' with token 33"] },
    { actions: [set('faults.0.extraMs', 5000)], storageLog: ["stored 'from client 1' with token 33", "stored 'delayed write from client 1' with token 33", "stored 'from client 2' with token 34"] },
  ],
  'partition-lease-service': [
    { actions: [set('clients.client-1.checkLeaseBeforeWrite', true)], storageLog: ["stored 'client 1, write 1' with token 33", "stored 'client 1, write 2' with token 33", "stored 'from client 2' with token 34"] },
    { actions: [off], storageLog: ["stored 'client 1, write 1' with token 33", "stored 'client 1, write 2' with token 33", "stored 'from client 2' with token 34", "stored 'client 1, write 3' with token 33", "stored 'client 1, write 4' with token 33"] },
  ],
  'random-tokens': [
    { actions: [set('lease.seed', 5)], storageLog: ["stored 'from client 1' with token 690", "stored 'from client 2' with token 772", "rejected 'late write from client 1' (token 690 < 772)"] },
    { actions: [set('lease.tokens', 'monotonic')], storageLog: ["stored 'from client 1' with token 1", "stored 'from client 2' with token 2", "rejected 'late write from client 1' (token 1 < 2)"] },
  ],
  'slow-clock': [
    { actions: [set('clients.client-1.clockRate', 1)], storageLog: ["stored 'from client 1' with token 33", "stored 'from client 2' with token 34"] },
    { actions: [off], storageLog: ["stored 'from client 1' with token 33", "stored 'from client 2' with token 34", "stored 'late write from client 1' with token 33"] },
  ],
  // Issue 12's lessons.
  'zombie-stale-read': [
    {
      actions: [set('storage.fenceReads', true)],
      storageLog: ["stored 'next job: 7' with token 33", "stored 'next job: 8' with token 34"],
      reads: ["read 'next job: 7' (written with token 33)", 'refused read (token 33 < 34)'],
    },
    {
      actions: [set('storage.fenceReads', true), set('clients.client-2.program.1', null)],
      storageLog: ["stored 'next job: 7' with token 33", "stored 'next job: 8' with token 34"],
      reads: ["read 'next job: 7' (written with token 33)"],
    },
  ],
  'identity-cas': [
    {
      actions: [on],
      storageLog: [
        "stored 'from client 1' with token 33",
        "stored 'from client 2' with token 34",
        "stored 'from client 3' with token 35",
        "stored 'late write from client 2' with token 34",
        "stored 'second write from client 3' with token 35",
      ],
    },
    {
      actions: [on, set('faults.1', null)],
      storageLog: [
        "stored 'from client 1' with token 33",
        "stored 'from client 2' with token 34",
        "stored 'from client 3' with token 35",
        "rejected 'late write from client 2' (token 34 < 35)",
        "stored 'second write from client 3' with token 35",
      ],
    },
  ],
  'zombie-unlock': [
    {
      actions: [set('lease.release', 'fenced')],
      storageLog: ["stored 'from client 1' with token 33", "stored 'from client 2' with token 34", "stored 'second write from client 2' with token 34", "stored 'from client 3' with token 35"],
      grants: [{ client: 'client-3', token: 35, atMs: 20_700 }],
    },
    {
      actions: [off],
      storageLog: ["stored 'from client 1' with token 33", "stored 'from client 2' with token 34", "stored 'from client 3' with token 35", "stored 'second write from client 2' with token 34"],
    },
  ],
  'same-token-order': [
    {
      actions: [set('storage.sequence', true)],
      storageLog: ["stored 'balance: 80' with token 33, sequence 2", "rejected 'balance: 50' (token 33, sequence 1 <= 2)"],
    },
    {
      actions: [set('clients.client-1.program.1.wait', true)],
      storageLog: ["stored 'balance: 50' with token 33", "stored 'balance: 80' with token 33"],
    },
  ],
  'fence-per-object': [
    {
      actions: [set('storage.fencePer', 'lock')],
      storageLog: [
        "stored 'from client 1' in 'row-1' with token 33",
        "stored 'from client 2' in 'row-1' with token 34",
        "rejected 'late write from client 1' in 'row-2' (token 33 < 34)",
        "stored 'from client 2' in 'row-2' with token 34",
      ],
    },
    {
      actions: [set('clients.client-2.program.2.ms', 5000)],
      storageLog: [
        "stored 'from client 1' in 'row-1' with token 33",
        "stored 'from client 2' in 'row-1' with token 34",
        "stored 'from client 2' in 'row-2' with token 34",
        "rejected 'late write from client 1' in 'row-2' (token 33 < 34)",
      ],
    },
  ],
  'lease-timer': [
    {
      actions: [set('clients.client-1.leaseTimer', 'from-request')],
      storageLog: ["stored 'from client 2' with token 34"],
    },
    {
      actions: [set('clients.client-2.leaseTimer', 'from-reply')],
      storageLog: ["stored 'from client 1' with token 33", "stored 'from client 2' with token 34", "stored 'second write from client 2' with token 34"],
    },
  ],
};
