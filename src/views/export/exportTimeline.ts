/**
 * Export of the timeline as a picture for slides and handouts: the timeline SVG as drawn now (up to
 * the playhead), with the lane names, the scenario's title on top and the legend below, as a
 * standalone `.svg` or as a `.png` at twice the size. Loaded on demand (the toolbar imports it on
 * first use); nothing here is in the first render.
 *
 * Styles come from the stylesheet and its CSS variables, which a standalone file does not have, so
 * each element's computed style (concrete colours of the current theme) is written onto the copy,
 * as SVG presentation attributes (`fill="…"`), not `style` attributes: a page under a
 * Content-Security-Policy without `'unsafe-inline'` styles refuses to apply those (issue 16).
 * @module
 */

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Presentation properties copied from the computed style onto each exported SVG element. */
const PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-opacity',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'letter-spacing',
  'text-anchor',
  'dominant-baseline',
  'paint-order',
  'visibility',
] as const;

const PAD = 16;
const TITLE_H = 40;

/** Copies the computed presentation properties of `from` (and its subtree) onto `to` (a clone of it). */
function inlineStyles(from: Element, to: Element): void {
  const cs = getComputedStyle(from);
  to.removeAttribute('style');
  for (const p of PROPS) {
    const v = cs.getPropertyValue(p);
    if (v) to.setAttribute(p, v);
  }
  if (cs.display === 'none') to.setAttribute('display', 'none');
  to.removeAttribute('class');
  for (const a of [...to.attributes]) if (a.name === 'role' || a.name.startsWith('aria-') || a.name === 'tabindex') to.removeAttribute(a.name);
  const a = from.children;
  const b = to.children;
  for (let i = 0; i < a.length && i < b.length; i++) inlineStyles(a[i]!, b[i]!);
}

/** A styled copy of `el` for the export. */
function styledClone<T extends Element>(el: T): T {
  const copy = el.cloneNode(true) as T;
  inlineStyles(el, copy);
  return copy;
}

function make(name: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const el = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

function cssVar(root: Element, name: string, fallback: string): string {
  return getComputedStyle(root).getPropertyValue(name).trim() || fallback;
}

/** A file name from a title: `Client 1 pauses…` → `fencing-lab-client-1-pauses.svg`. */
export function fileName(title: string, ext: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `fencing-lab${slug ? `-${slug}` : ''}.${ext}`;
}

/**
 * Builds the standalone SVG of the timeline inside `root` (an explainer's `.fl-app`).
 * @returns the SVG document's text and its size in CSS px
 * @throws Error if `root` has no timeline
 */
export function buildTimelineSvg(root: Element, title: string): { svg: string; width: number; height: number } {
  const source = root.querySelector<SVGSVGElement>('svg.fl-timeline__svg');
  const inner = root.querySelector<HTMLElement>('.fl-timeline__inner');
  if (!source || !inner) throw new Error('no timeline to export');
  const text = cssVar(root, '--fl-text', '#0e1726');
  const muted = cssVar(root, '--fl-muted', '#5b6678');
  const surface = cssVar(root, '--fl-surface', '#ffffff');
  const font = getComputedStyle(root).fontFamily || 'system-ui, sans-serif';
  const tw = source.width.baseVal.value;
  const th = source.height.baseVal.value;

  // Lane names (HTML beside the picture on the page) become SVG text in a left column.
  const innerTop = inner.getBoundingClientRect().top;
  const rows = [...root.querySelectorAll<HTMLElement>('.fl-lanes__row')].map((row) => ({
    top: row.getBoundingClientRect().top - innerTop,
    name: row.querySelector('.fl-lanes__name')?.textContent?.trim() ?? '',
    sub: [...row.querySelectorAll('.fl-lanes__sub, .fl-lanes__extra')].map((n) => n.textContent?.trim() ?? '').filter(Boolean),
  }));
  const labelW = Math.max(120, ...rows.map((r) => Math.max(r.name.length * 7.6, ...r.sub.map((s) => s.length * 6.2)) + 16));

  // The legend: the page's own legend entries (leases, beliefs, pauses, the storage's ✓ and ✗).
  const legendItems = [...root.querySelectorAll<HTMLLIElement>('.fl-legend li')].map((li) => ({
    swatch: li.querySelector('svg'),
    label: li.textContent?.trim() ?? '',
  }));

  const width = PAD * 2 + labelW + tw;
  const legendTop = TITLE_H + th + 14;
  // Lay the legend out in rows that fit the width.
  const placed: { x: number; y: number; item: (typeof legendItems)[number] }[] = [];
  let x = PAD;
  let y = legendTop;
  for (const item of legendItems) {
    const w = 34 + item.label.length * 6.6 + 18;
    if (x + w > width - PAD && x > PAD) {
      x = PAD;
      y += 22;
    }
    placed.push({ x, y, item });
    x += w;
  }
  const height = y + 22 + PAD;

  const out = make('svg', { xmlns: SVG_NS, width, height, viewBox: `0 0 ${width} ${height}`, 'font-family': font });
  out.appendChild(make('title', {}, title));
  out.appendChild(make('rect', { x: 0, y: 0, width, height, fill: surface }));
  out.appendChild(make('text', { x: PAD, y: 27, 'font-size': 18, 'font-weight': 700, fill: text }, title));

  for (const r of rows) {
    out.appendChild(make('text', { x: PAD, y: TITLE_H + r.top + 20, 'font-size': 13, 'font-weight': 700, fill: text }, r.name));
    r.sub.forEach((s, i) => out.appendChild(make('text', { x: PAD, y: TITLE_H + r.top + 36 + i * 14, 'font-size': 11, fill: muted }, s)));
  }

  const pic = styledClone(source);
  // The picture is drawn in layers (`Timeline.tsx`): under the marks the background (lane bands,
  // grid), the grey future cover, the lane lines and the reveal layer's life lines (`Marks.tsx`), over
  // them the playhead. A layer's SVG goes in as a group at its x: the sum of the CSS transforms of the
  // layers (`.fl-now`) it is in.
  const shiftOf = (el: Element | null): number => Number(/translateX\(([-0-9.e]+)px/.exec((el as HTMLElement | null)?.style.transform ?? '')?.[1] ?? 0);
  const layer = (sel: string): SVGElement | undefined => {
    const svg = root.querySelector(sel);
    if (!svg) return undefined;
    let x = 0;
    for (let box = svg.closest('.fl-now'); box; box = box.parentElement!.closest('.fl-now')) x += shiftOf(box);
    const g = make('g', { transform: `translate(${x} 0)` });
    g.append(...styledClone(svg as SVGSVGElement).childNodes);
    return g;
  };
  // What the reveal layer holds (life lines; while playing, bars and messages in flight) is drawn
  // whole and shown up to the playhead, where the reveal layer's box ends: clipped there.
  const revealed = layer('.fl-now__in svg');
  if (revealed) {
    const end = tw + shiftOf(root.querySelector('.fl-now--reveal'));
    const clip = make('clipPath', { id: 'fl-export-reveal' });
    clip.appendChild(make('rect', { x: -th, y: -th, width: Math.max(0, end + th), height: 3 * th }));
    const shown = make('g', { 'clip-path': 'url(#fl-export-reveal)' });
    shown.append(...revealed.childNodes);
    revealed.append(clip, shown);
  }
  // While playing, a message in flight off the time axis is on a layer of its own (`FlightLayer` in
  // Messages.tsx): its SVG, in the picture's own units, shown within its box (moved by a translate).
  const flights = [...root.querySelectorAll<HTMLElement>('.fl-flight')].map((box, i) => {
    const [bx = 0, by = 0] = (/translate\(([-0-9.e]+)px, ([-0-9.e]+)px/.exec(box.style.transform) ?? []).slice(1).map(Number);
    const clip = make('clipPath', { id: `fl-export-flight-${i}` });
    clip.appendChild(make('rect', { x: bx, y: by, width: parseFloat(box.style.width), height: parseFloat(box.style.height) }));
    const g = make('g', { 'clip-path': `url(#fl-export-flight-${i})` });
    g.append(clip, ...styledClone(box.querySelector('svg')!).childNodes);
    return g;
  });
  pic.insertBefore(make('g', {}), pic.querySelector('defs')?.nextSibling ?? pic.firstChild).append(
    ...[layer('.fl-timeline__back:not(.fl-timeline__lines)'), layer('.fl-now--future svg'), layer('.fl-timeline__lines'), revealed, ...flights].filter((g) => g !== undefined),
  );
  const over = layer('.fl-now--playhead svg');
  if (over) pic.appendChild(over);
  for (const n of pic.querySelectorAll('title')) n.remove();
  pic.setAttribute('x', String(PAD + labelW));
  pic.setAttribute('y', String(TITLE_H));
  pic.setAttribute('width', String(tw));
  pic.setAttribute('height', String(th));
  pic.removeAttribute('style');
  out.appendChild(pic);

  for (const p of placed) {
    if (p.item.swatch) {
      const sw = styledClone(p.item.swatch);
      sw.setAttribute('x', String(p.x));
      sw.setAttribute('y', String(p.y - 11));
      sw.removeAttribute('style');
      out.appendChild(sw);
    }
    out.appendChild(make('text', { x: p.x + 32, y: p.y, 'font-size': 12, fill: muted }, p.item.label));
  }

  const svg = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(out)}`;
  return { svg, width, height };
}

function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Thrown when the browser will not draw the timeline's SVG as an image (e.g. a CSP without `img-src blob:` or `data:`). */
export class ImageBlockedError extends Error {
  override name = 'ImageBlockedError';
}

/** Loads `src` as an image; rejects when it does not load. */
function loadImage(src: string): Promise<HTMLImageElement> {
  const img = new Image();
  img.decoding = 'async';
  return new Promise((resolve, reject) => {
    img.onload = () => resolve(img);
    img.onerror = () => reject(new ImageBlockedError(`the SVG did not load as an image from a ${src.slice(0, src.indexOf(':'))}: URL`));
    img.src = src;
  });
}

/**
 * Draws SVG text onto a canvas at `scale` and returns it as PNG. The SVG is loaded as an image from
 * a `blob:` URL, else (a Content-Security-Policy without `img-src blob:`) from a `data:` URL.
 * @throws ImageBlockedError when neither loads
 */
async function toPng(svg: string, width: number, height: number, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const img = await loadImage(url).catch(() => loadImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas');
    ctx.scale(scale, scale);
    ctx.drawImage(img, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('canvas.toBlob gave nothing'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Downloads the timeline inside `root` as `format`, titled `title`. */
export async function exportTimeline(root: Element, format: 'svg' | 'png', title: string): Promise<void> {
  const { svg, width, height } = buildTimelineSvg(root, title);
  if (format === 'svg') download(new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }), fileName(title, 'svg'));
  else download(await toPng(svg, width, height, 2), fileName(title, 'png'));
}
