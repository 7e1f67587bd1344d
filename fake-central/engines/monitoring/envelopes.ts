import { limitParam, nextField, pageSize, type LastNext } from '../../paging.js';
import type { Item } from '../../types.js';
import { publicView } from '../../paging.js';

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
export function envelope(
  items: Item[],
  query: URLSearchParams,
  form: Envelope,
  lastNext: LastNext = 'null',
): Item {
  if (form === 'count') {
    const limit = limitParam(query, { defaultLimit: 10, maxLimit: 1000 });
    const slice = items.slice(0, limit).map(publicView);
    return { count: slice.length, items: slice };
  }
  const limit = pageSize(query, { defaultLimit: 100, maxLimit: 1000 }, items.length);
  if (form === 'offset-string') {
    const offset = Math.max(0, Number(query.get('offset') ?? 0) || 0);
    const slice = items.slice(offset, offset + limit).map(publicView);
    return { count: slice.length, items: slice, offset: String(offset), total: items.length };
  }
  const page = Math.max(1, Number(query.get('next') ?? 1) || 1);
  const start = (page - 1) * limit;
  const slice = items.slice(start, start + limit).map(publicView);
  return {
    count: slice.length,
    items: slice,
    ...nextField(start + limit < items.length, page, lastNext),
    total: items.length,
  };
}
