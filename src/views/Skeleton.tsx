/**
 * The placeholder shown while something the first render waits for arrives: another language's
 * catalogue (English is in the bundle, so English pages never show it) or a built-in scenario that
 * is its own chunk (`?scenario=`). The same layout (header, timeline card, side panels) as grey
 * blocks, so nothing jumps when it is replaced. It has no text of its own and imports nothing heavy.
 * @module
 */

/** Grey blocks in the explainer's layout. */
export function Skeleton() {
  return (
    <div className="fl-app fl-skeleton" aria-busy="true">
      <div className="fl-header">
        <div className="fl-skeleton__block" style={{ width: 280, height: 44 }} />
        <div className="fl-skeleton__block" style={{ width: 520, maxWidth: '100%', height: 44 }} />
      </div>
      <div className="fl-main">
        <div className="fl-card fl-skeleton__block" style={{ height: 560 }} />
        <div className="fl-side">
          <div className="fl-card fl-skeleton__block" style={{ height: 260 }} />
          <div className="fl-card fl-skeleton__block" style={{ height: 420 }} />
        </div>
      </div>
    </div>
  );
}
