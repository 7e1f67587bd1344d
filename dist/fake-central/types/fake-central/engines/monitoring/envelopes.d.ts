import { type LastNext } from '../../paging.js';
import type { Item } from '../../types.js';
/** List envelopes the monitoring document uses (SPEC.md §pagination). */
export type Envelope = 'cursor' | 'offset-string' | 'count';
/**
 * `cursor`: `{items, count, next, total}` with `next` the following page number as a string,
 * `null` on the last page: the documents describe it so ("null if there are no further pages")
 * while typing it a required string, and KK/NW loop until `next` is null (SPEC.md §13 D3); `offset-string`:
 * `{items, count, offset, total}` with `offset` a string, as the switch sub-resources document
 * it; `count`: `{items, count}` (top-N lists). `lastNext` `absent` drops `next` on the last page
 * where the document makes it optional (mobility trail).
 */
export declare function envelope(items: Item[], query: URLSearchParams, form: Envelope, lastNext?: LastNext): Item;
