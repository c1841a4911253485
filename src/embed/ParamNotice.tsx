/**
 * The small notice that lists ignored URL parameters (see `notices.ts`), with a Dismiss button.
 *
 * {@link ParamNotice} is the polite `role="status"` region, always in the page (empty when there is
 * nothing to report) so that a screen reader announces notices reported later without losing its
 * place. It is part of the first render and imports nothing heavy: the text (which needs the
 * message catalogue) is a separate chunk, loaded only when there is a notice to show.
 * @module
 */
import { Suspense, lazy } from 'react';
import './embed.css';
import { useNotices } from './notices';

// It brings its text (`views/tools-messages.ts`); in German, wait for that too.
const NoticeText = lazy(() => Promise.all([import('./NoticeText'), import('../i18n')]).then(([m, i18n]) => i18n.withText(m)));

/** The notice of ignored parameters. */
export function ParamNotice() {
  const notices = useNotices();
  return (
    <div role="status" className={notices.length > 0 ? 'fl-notice' : 'fl-notice fl-notice--empty'}>
      {notices.length > 0 && (
        <Suspense fallback={null}>
          <NoticeText notices={notices} />
        </Suspense>
      )}
    </div>
  );
}
