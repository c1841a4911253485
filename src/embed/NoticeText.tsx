/**
 * The text of the parameter notice (see `ParamNotice.tsx`, which loads this lazily): a heading
 * line, one `<code>` line per ignored parameter as `params.ts` and `src/links` word it, and Dismiss.
 * @module
 */
import { useT } from '../i18n';
import '../views/tools-messages';
import { clearNotices } from './notices';

/** The notice's content (default export, for `React.lazy`). */
export default function NoticeText({ notices }: { notices: readonly string[] }) {
  const t = useT();
  return (
    <>
      <div className="fl-notice__body">
        <p className="fl-notice__title">{t('embed.notice.title')}</p>
        <ul className="fl-notice__list">
          {notices.map((n) => (
            <li key={n}>
              <code>{n}</code>
            </li>
          ))}
        </ul>
      </div>
      <button type="button" className="fl-notice__close" onClick={clearNotices}>
        {t('embed.notice.dismiss')}
      </button>
    </>
  );
}
