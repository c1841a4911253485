/**
 * What shows in place of a part that could not be loaded (see `ChunkBoundary.tsx`).
 * @module
 */
import { useT } from '../i18n';

/** "This part could not be loaded…", as a status message. */
export function PartFailed() {
  const t = useT();
  return (
    <p className="fl-muted fl-part-failed" role="status">
      {t('app.partFailed')}
    </p>
  );
}
