/**
 * English UI text of the first render: the reference catalogue. Keys are grouped by view (`app.*`,
 * `timeline.*`, `controls.*`, `storage.*`, ...). Every other language's catalogue has the same keys.
 * Text of parts loaded later lives with them (issue 7): `src/views/locales` (secondary controls),
 * `src/views/timeline/locales` (the timeline's marks, actor and message names),
 * `src/teaching/locales` (generated captions), `src/breakit/locales`, `src/quiz/locales`.
 *
 * Messages are ICU MessageFormat, compiled at build time (`src/build/lingui-catalogues.ts`): `{name}`
 * is a placeholder, `{n, plural, one {# item} other {# items}}` a plural. An apostrophe right before
 * `{` quotes it, so put quotes around a placeholder as `''{value}''` (the build fails otherwise).
 */
export const en = {
  'app.title': 'Fencing Lab',
  'app.tagline': 'Leases, process pauses and fencing tokens, step by step',
  'app.partFailed': 'This part could not be loaded. Check your connection and reload the page.',

  // Header: scenario picker and the storage's token check.
  'header.scenario': 'Scenario',
  'header.custom': 'Custom scenario',
  'header.fencingToggled.off': 'You switched the storage’s token check off: the outcome differs from the scenario as written.',
  'header.fencingToggled.on': 'You switched the storage’s token check on: the outcome differs from the scenario as written.',
  'fencing.label': 'Storage checks tokens',
  'fencing.on': 'on',
  'fencing.off': 'off',
  'fencing.eq': 'equality only',
  'fencing.note': 'Applies to the whole run.',

  // Playback controls.
  'controls.label': 'Playback',
  'controls.play': 'Play',
  'controls.pause': 'Pause',
  'controls.restart': 'Restart',
  'controls.prev': 'Previous event',
  'controls.next': 'Next event',
  'controls.end': 'Go to end',
  'controls.speed': 'Speed',
  'controls.speedValue': '{speed}×',
  'controls.scrubber': 'Playhead',
  'controls.scrubberValue': '{now} s of {end} s',
  'controls.time': '{now} s',
  'controls.timeEnd': '/ {end} s',
  'controls.shortcuts': 'Keys: Space plays or pauses, ← → step between events, Home and End jump.',

  // A client's state at the playhead (lane labels).
  'status.waiting': 'not started',
  'status.running': 'running',
  'status.paused': 'paused',
  'status.crashed': 'crashed',
  'status.done': 'done',
  'status.holds': 'holds {token}',
  'status.believes': 'believes it holds {token}',

  // The timeline picture.
  'timeline.label': 'Timeline: {title}',
  'timeline.axis': 'time (s) →',
  'timeline.skipQuiet': 'skip quiet time',
  'timeline.lane.leaseService': 'Lease service',
  'timeline.lane.storage': 'Storage',
  'timeline.lane.leaseServiceSub': 'the truth',
  'timeline.lane.storageSub': 'the resource',
  'timeline.lane.highest': 'highest token {token}',
  'timeline.lane.acceptsOnly': 'accepts only token {token}',
  'timeline.lane.lock': 'lock: token {token}',
  'timeline.lane.free': 'lock: free',
  'timeline.lease.ended.expired': 'expired',
  'timeline.lease.ended.released': 'released',
  'timeline.lease.ended.revoked': 'revoked',
  'timeline.playhead': 'Playhead at {at} s',
  'timeline.legend': 'Legend',
  'timeline.legend.lease': 'lease at the lease service (the truth)',
  'timeline.legend.belief': 'what the client believes',
  'timeline.legend.stale': 'believes, but the lease is gone',
  'timeline.legend.pause': 'paused: runs nothing',
  'timeline.legend.keepalive': 'keepalive',
  'timeline.legend.accepted': 'write stored (token accepted)',
  'timeline.legend.rejected': 'write rejected (token lower than the highest seen)',
  'timeline.legend.rejectedEq': 'write rejected (not the token it remembers)',
  'timeline.legend.storedStale': 'stored, but stale: its writer no longer held the lease',
  'timeline.legend.read': 'read at the storage',
  'timeline.legend.check': 'the client checks its own lease timer: passed, failed',
  'timeline.scroll': 'Timeline (scrolls sideways)',

  // Storage panel.
  'storage.heading': 'Storage',
  'storage.check.on': 'checks fencing tokens',
  'storage.check.off': 'does not check tokens',
  'storage.highest': 'Highest token seen',
  'storage.acceptsOnly': 'Only token it accepts',
  'storage.acceptsAny': 'any, until the first write',
  'storage.check.eq': 'checks token equality',
  'storage.data': 'Data stored',
  'storage.none': 'nothing yet',
  'storage.log': 'Log',
  'storage.logEmpty': 'No writes yet.',
  'storage.earlier': '{n} earlier: in the events table.',
  'storage.accepted': 'accepted:',
  'storage.rejected': 'rejected:',
  'storage.stale': 'stale: its writer no longer held the lease',

  // Caption panel.
  'caption.heading': 'What just happened',
  'caption.at': 'at {at} s',
  'caption.intro.title': 'Press Play to start the story',
  'caption.intro': 'Each client runs its program; the lease service grants the lock; the storage keeps the data.',
  'caption.latest': 'Latest event:',
  'caption.sources': 'Sources ({count})',
} as const satisfies Record<string, string>;

/** A key of the message catalogue. */
export type MessageKey = keyof typeof en;
