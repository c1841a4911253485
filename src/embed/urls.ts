/**
 * Plain URL helpers for embedding, with no imports (so the quiz-only embed's link stays light).
 * @module
 */

/** The URL parameters that only make sense in an embed (dropped from "Open in Fencing Lab" links). */
export const EMBED_ONLY_PARAMS = ['embed', 'instance', 'controls', 'autoplay', 'theme'] as const;

/** Where the page is, without query or hash: `https://host/path/` or `file:///…/index.html`. */
export function pageBase(href: string): string {
  const cut = href.search(/[?#]/);
  return cut < 0 ? href : href.slice(0, cut);
}

/**
 * Splits `href` into the page without the embed-only parameters ({@link EMBED_ONLY_PARAMS}; the
 * others are kept as written, in order) and its hash (`#…` or empty).
 */
export function withoutEmbedParams(href: string): { page: string; hash: string } {
  const base = pageBase(href);
  const queryAt = href.indexOf('?');
  const hashAt = href.indexOf('#');
  const query = queryAt < 0 || (hashAt >= 0 && hashAt < queryAt) ? '' : href.slice(queryAt + 1, hashAt < 0 ? undefined : hashAt);
  const drop: readonly string[] = EMBED_ONLY_PARAMS;
  const kept = query
    .split('&')
    .filter((part) => part !== '')
    .filter((part) => {
      const key = part.split('=')[0] ?? '';
      let name = key;
      try {
        name = decodeURIComponent(key.replace(/\+/g, ' '));
      } catch {
        // keep the raw key
      }
      return !drop.includes(name);
    });
  return { page: kept.length > 0 ? `${base}?${kept.join('&')}` : base, hash: hashAt < 0 ? '' : href.slice(hashAt) };
}
