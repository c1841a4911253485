/**
 * A lane's interventions in place (issue 40, item 6): a client's or the lease service's name beside
 * the timeline is a button (`timeline/LaneLabels.tsx`) that opens a small non-modal dialog anchored
 * under it, with that lane's actions at the playhead: Pause and Crash for a client, "Expire lease
 * now" for the lease service. They are the interventions panel's own buttons
 * (`Interventions.tsx`: `ClientButtons`, `ExpireButton`), so the logic is one. The same on every
 * screen: on a laptop the panel is beside the picture anyway, but the menu keeps the eyes on the
 * lane; on a phone the panel is far below.
 *
 * Keyboard and screen readers: the name is a button with `aria-haspopup="dialog"` and
 * `aria-expanded`; opening moves focus to the menu's first enabled action; Esc, the close button or
 * a press outside closes it, and focus returns to the name (not after a press outside). An action
 * closes it too, and its effect shows at once in the timeline, which stays in view above (on a
 * phone the figure sticks to the top of the screen, `app.css`). "All interventions" goes to the
 * panel, for the pause length, the list of changes and Undo. Loaded with the interventions
 * (`later.tsx`), its styles in `lane-menu.css`.
 * @module
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { useT } from '../i18n';
import { useEventIndex, useLab } from '../store/context';
import { clientStatusAt } from '../store/derive';
import { MAX_FAULTS } from '../model/scenario';
import { ClientButtons, ExpireButton, useFull } from './Interventions';
import { usePlayheadText } from './timeline/playhead-hooks';
import './tools-messages';
import './lane-menu.css';

/** The open menu: the lane's id and the name button it hangs from. */
interface Open {
  lane: string;
  button: HTMLButtonElement;
}

/** Widest the menu gets (px); narrower where the figure is. */
const MENU_W = 300;

/** The line under the menu's title: the playhead's time, which is when the action takes effect. */
function MenuAt() {
  const t = useT();
  const ref = useRef<HTMLParagraphElement>(null);
  const text = usePlayheadText(ref, (ms) => t('intervene.menu.at', { at: (Math.round(ms / 100) / 10).toFixed(1) }), [t]);
  return (
    <p ref={ref} className="fl-small fl-muted">
      {text}
    </p>
  );
}

/** The menu of the lane whose name was pressed last; renders an empty anchor while closed. */
export function LaneMenu() {
  const t = useT();
  const host = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<Open | undefined>();
  const [place, setPlace] = useState<{ top: number; left: number; width: number } | undefined>();
  const titleId = useId();
  const fullId = useId();
  const trace = useLab((s) => s.trace);
  const index = useEventIndex();
  const full = useFull();
  const atMs = index >= 0 ? trace.events[index]!.atMs : 0;
  const client = useMemo(() => trace.scenario.clients.find((c) => c.id === open?.lane), [trace, open]);
  const phase = client ? clientStatusAt(trace, client.id, Math.max(0, atMs)).phase : undefined;

  // The names are in the first render and this menu arrives later: one listener on the explainer.
  useEffect(() => {
    const app = host.current?.closest('.fl-app');
    if (!app) return undefined;
    const onClick = (e: Event) => {
      const button = (e.target as Element | null)?.closest?.<HTMLButtonElement>('button.fl-lanes__name[data-lane]');
      if (!button || button.closest('.fl-app') !== app) return;
      setOpen((o) => (o?.button === button ? undefined : { lane: button.dataset.lane ?? '', button }));
    };
    app.addEventListener('click', onClick);
    return () => app.removeEventListener('click', onClick);
  }, []);

  // While open: the name says so, the menu sits under it, focus moves in; a press outside closes.
  useLayoutEffect(() => {
    if (!open) return undefined;
    open.button.setAttribute('aria-expanded', 'true');
    const origin = host.current!.getBoundingClientRect();
    // The timeline's box bounds it sideways (the figure itself has no box in presenter mode).
    const figure = (host.current!.parentElement!.querySelector('.fl-timeline') ?? host.current!.parentElement!).getBoundingClientRect();
    const name = open.button.getBoundingClientRect();
    const width = Math.min(MENU_W, figure.width - 16);
    // Under the name where it fits on screen, else over it (a lane low in the figure, the page at its top).
    if (menu.current) menu.current.style.width = `${width}px`;
    const height = menu.current?.offsetHeight ?? 0;
    const below = name.bottom + 6 + height <= window.innerHeight || name.top - 6 - height < 0;
    setPlace({
      top: (below ? name.bottom + 6 : name.top - 6 - height) - origin.top,
      left: Math.max(figure.left - origin.left + 8, Math.min(name.left - origin.left - 4, figure.right - origin.left - width - 8)),
      width,
    });
    const onDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !open.button.contains(target)) setOpen(undefined);
    };
    document.addEventListener('pointerdown', onDown);
    return () => {
      open.button.setAttribute('aria-expanded', 'false');
      document.removeEventListener('pointerdown', onDown);
      setPlace(undefined);
    };
  }, [open]);

  useEffect(() => {
    if (!open || !place) return undefined;
    // Chromium on a touch screen may refuse focus for a moment after the tap that opened the menu
    // (the tap's own focus is still settling): try again for a few frames until it takes.
    let frame = 0;
    let tries = 0;
    // Where it fits neither under nor over the name, the page brings it on screen (not while the figure is stuck).
    menu.current?.scrollIntoView({ block: 'nearest' });
    const move = () => {
      const first = menu.current?.querySelector<HTMLElement>('.fl-lanemenu__actions button:not(:disabled)') ?? menu.current;
      first?.focus({ preventScroll: true });
      if (first && document.activeElement !== first && ++tries < 30) frame = requestAnimationFrame(move);
    };
    move();
    return () => cancelAnimationFrame(frame);
    // Once per opening: `place` is set when the menu opens and cleared when it closes.
  }, [place]);

  // A new scenario draws new lanes: the name this menu hung from is gone.
  useEffect(() => {
    if (open && !open.button.isConnected) setOpen(undefined);
  }, [trace, open]);

  const close = (refocus: boolean) => {
    const button = open?.button;
    setOpen(undefined);
    if (refocus) button?.focus({ preventScroll: true });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    close(true);
  };
  // To the panel: the pause length, the list of changes and Undo.
  const toPanel = () => {
    const box = host.current?.closest('.fl-app')?.querySelector<HTMLElement>('.fl-intervene');
    const target = (client && box?.querySelector<HTMLElement>(`[data-client="${CSS.escape(client.id)}"]`)) || box?.querySelector<HTMLElement>('.fl-btn--wide') || box;
    close(false);
    target?.scrollIntoView({ block: 'center' });
    (target?.querySelector<HTMLElement>('button:not(:disabled)') ?? target)?.focus({ preventScroll: true });
  };
  const name = open?.button.textContent ?? '';

  return (
    <div ref={host} className="fl-lanemenu-host">
      {open && (
        <div
          ref={menu}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          className="fl-lanemenu"
          style={place ? { top: place.top, left: place.left, width: place.width } : { visibility: 'hidden' }}
          onKeyDown={onKeyDown}
          onBlur={(e) => {
            const to = e.relatedTarget as Node | null;
            if (to && !menu.current?.contains(to) && to !== open.button) close(false);
          }}
        >
          <div className="fl-lanemenu__head">
            <h3 id={titleId}>
              {t('intervene.menu', { lane: name })}
            </h3>
            <button type="button" aria-label={t('intervene.menu.close')} onClick={() => close(true)}>
              <X size={16} aria-hidden="true" />
            </button>
          </div>
          <MenuAt />
          <div className="fl-lanemenu__actions">
            {client && phase ? (
              <ClientButtons id={client.id} name={client.name} phase={phase} full={full} describedBy={full ? fullId : undefined} onDone={() => close(true)} />
            ) : (
              <ExpireButton full={full} describedBy={full ? fullId : undefined} onDone={() => close(true)} />
            )}
          </div>
          {full && (
            <p id={fullId} className="fl-field-error fl-small">
              {t('intervene.full', { max: MAX_FAULTS })}
            </p>
          )}
          <button type="button" className="fl-btn fl-btn--ghost" onClick={toPanel}>
            {t('intervene.menu.all')}
          </button>
        </div>
      )}
    </div>
  );
}
