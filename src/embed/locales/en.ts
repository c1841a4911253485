/**
 * The Embed dialog's English text (`embed.dialog.*`, `embed.control.*`, `embed.quiz.*`,
 * `embed.frameTitle*`): registered by `EmbedDialog.tsx`, so it arrives with the dialog and is not in
 * the single file, whose Embed shows a note instead (issue 16). German: `de.ts` beside it.
 * ICU MessageFormat, compiled at build time (see `src/i18n/messages/en.ts`).
 */
/** English Embed dialog text. */
export const embedEn = {
  'embed.quiz.title': 'Quiz settings',
  'embed.quiz.graded': 'Graded: pass or fail at the end',
  'embed.quiz.selfCheck': 'Self-check: a score, no verdict',
  'embed.quiz.passMark': 'Pass mark (%)',
  'embed.quiz.retry': 'Allow retries (then the last answer counts, not the first)',
  'embed.quiz.solution': 'Offer Show solution after a wrong answer (it ends that question)',
  'embed.quiz.shuffle': 'Shuffle the questions (each attempt its own order)',
  'embed.quiz.questions': 'Questions: {n} of {total}',
  'embed.quiz.urlNote': 'These settings travel in the frame’s address, so a student can change them. For a grade that counts, upload the SCORM or cmi5 package instead: its settings live in the package.',
  'embed.dialog.intro': 'Paste this HTML into a course page, a blog or a slide. The script below the frame makes it as tall as its content.',
  'embed.dialog.view': 'Show',
  'embed.dialog.view.timeline': 'Timeline',
  'embed.dialog.view.quiz': 'Quiz',
  'embed.dialog.view.both': 'Timeline and quiz',
  'embed.dialog.theme': 'Theme',
  'embed.dialog.theme.auto': 'As the reader’s system',
  'embed.dialog.theme.light': 'Light',
  'embed.dialog.theme.dark': 'Dark',
  'embed.dialog.controls': 'Controls',
  'embed.control.playback': 'Play and step buttons',
  'embed.control.scrubber': 'Playhead slider',
  'embed.control.speed': 'Speed',
  'embed.control.interventions': 'Interventions and token check',
  'embed.control.scenarios': 'Scenario picker',
  'embed.control.share': 'Embed button',
  'embed.dialog.start': 'Start',
  'embed.dialog.moment': 'Open at the current moment ({at} s)',
  'embed.dialog.further': 'Show “Try this”, “Real systems” and “Try to break it” below the timeline',
  'embed.dialog.autoplay': 'Play on load (not for readers who reduce motion)',
  'embed.dialog.instance': 'Embed id',
  'embed.dialog.instanceHelp': 'Names this embed in the messages it sends to your page; give each embed on a page its own.',
  'embed.dialog.instanceInvalid': 'Use 1 to 64 letters, digits or - _ . : (the snippet uses fencing-lab until then).',
  'embed.dialog.code': 'HTML to paste',
  'embed.dialog.copy': 'Copy',
  'embed.dialog.copied': 'Copied',
  'embed.dialog.selected': 'Selected: press Ctrl+C (⌘C on a Mac) to copy',
  'embed.dialog.copyFailed': 'Could not copy: select the text and copy it yourself',
  'embed.dialog.tooLong': 'With your changes this scenario is too large for a link, so the snippet opens the built-in scenario.',
  'embed.dialog.note': 'The frame is sandboxed: it cannot navigate your page. A host that sandboxes it without allow-same-origin must serve Fencing Lab with Access-Control-Allow-Origin: * (see the README).',
  'embed.frameTitle': 'Fencing Lab: {title}',
  'embed.frameTitle.quiz': 'Fencing Lab quiz',
} as const satisfies Record<string, string>;

/** A key of the Embed dialog catalogue. */
export type EmbedMessageKey = keyof typeof embedEn;
