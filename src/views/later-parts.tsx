/**
 * The chunk behind `later.tsx`: the explainer's secondary controls, loaded just after the first
 * render (issue 7). Importing it registers their English text (and German's loader).
 * @module
 */
import { useControl } from '../embed/display';
import { EmbedButton } from '../embed/EmbedButton';
import { ScenarioActions } from '../library/ScenarioActions';
import { useUrlSync } from '../library/useUrlSync';
import { useShortcuts, type ShortcutActions } from './hooks/useShortcuts';
import type { RefObject } from 'react';
import './tools-messages';

export { EmbedBarActions } from '../embed/EmbedBarActions';
export { EventTable } from './a11y/EventTable';
export { LiveAnnouncer } from './a11y/LiveAnnouncer';
export { ShortcutHelp } from './a11y/ShortcutHelp';
export { PresenterBar } from './a11y/Toolbar';
import { ToolsMenu } from './a11y/ToolsMenu';
export { Interventions } from './Interventions';
export { LaneMenu } from './LaneMenu';
export { GoFurtherSlot } from '../library/GoFurtherSlot';

/** Keeps the page URL a share link of what is shown (`library/useUrlSync.ts`); renders nothing. */
export function UrlSync() {
  useUrlSync(true);
  return null;
}

/** The explainer's keyboard shortcuts (`hooks/useShortcuts.ts`); renders nothing. */
export function Shortcuts({ root, global, actions }: { root: RefObject<HTMLElement | null>; global: boolean; actions: ShortcutActions }) {
  useShortcuts(root, global, actions);
  return null;
}

/**
 * The header's Tools button and panel (`a11y/ToolsMenu.tsx`): the Library, Share and Embed buttons,
 * as `controls=` allows (`embed/params.ts`), then the theme, export, presenter and shortcut-help toolbar.
 */
export function HeaderTools() {
  const scenarios = useControl('scenarios');
  const share = useControl('share');
  const embed = share && import.meta.env.FENCING_LAB_SINGLE_FILE !== true;
  return (
    <ToolsMenu>
      {(scenarios || share) && (
        <div className="fl-tools__row">
          <ScenarioActions library={scenarios} share={share} />
          {/* No Embed in the single file: a course page cannot frame a file on the reader's disk (issue 16). */}
          {embed && <EmbedButton />}
        </div>
      )}
    </ToolsMenu>
  );
}
