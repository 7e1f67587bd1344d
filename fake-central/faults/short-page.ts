import type { CutPage } from '../state.js';
import type { Json } from '../types.js';

/**
 * The list key of a page envelope: the one array property whose length is `count` (`items`,
 * `events`, `devices`, `wlan-ssid` …), or null when the body is not a page.
 */
export function pageListKey(body: Json | undefined): string | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const count = body.count;
  if (typeof count !== 'number') return null;
  const keys = Object.keys(body).filter((k) => {
    const value = body[k];
    return Array.isArray(value) && value.length === count;
  });
  return keys.length === 1 ? (keys[0] ?? null) : null;
}

/**
 * The page with only its first `keep` items (default: half, rounded down) and `count` to match;
 * `total`, `next`, `offset` untouched. Null when the body is not a page or holds ≤ `keep` items
 * (nothing to cut). Never mutates the body, which may share objects with the fake's state.
 */
export function cutPage(body: Json | undefined, keep?: number): CutPage | null {
  const key = pageListKey(body);
  if (key === null) return null;
  const page = body as { [key: string]: Json };
  const list = page[key] as Json[];
  const served = keep ?? Math.floor(list.length / 2);
  if (list.length === 0 || list.length <= served) return null;
  return {
    body: { ...page, [key]: list.slice(0, served), count: served },
    served,
    of: list.length,
  };
}
