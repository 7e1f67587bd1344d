import type { CutPage } from '../state.js';
import type { Json } from '../types.js';
/**
 * The list key of a page envelope: the one array property whose length is `count` (`items`,
 * `events`, `devices`, `wlan-ssid` …), or null when the body is not a page.
 */
export declare function pageListKey(body: Json | undefined): string | null;
/**
 * The page with only its first `keep` items (default: half, rounded down) and `count` to match;
 * `total`, `next`, `offset` untouched. Null when the body is not a page or holds ≤ `keep` items
 * (nothing to cut). Never mutates the body, which may share objects with the fake's state.
 */
export declare function cutPage(body: Json | undefined, keep?: number): CutPage | null;
