import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { cursorPage, offsetPage, publicView } from './paging.js';

const items = Array.from({ length: 23 }, (_, i) => ({ id: `i${i}`, _secret: 'x' }));

function q(params: Record<string, string>): URLSearchParams {
  return new URLSearchParams(params);
}

describe('cursorPage', () => {
  it.each([1, 7, 10, 23, 100])('pages to an exact total at limit %i', (limit) => {
    const seen: string[] = [];
    let next: string | null = '1';
    let pages = 0;
    while (next !== null) {
      const page = cursorPage(items, q({ limit: String(limit), next }), {
        defaultLimit: 20,
        maxLimit: 100,
      });
      expect(page.total).toBe(23);
      expect(page.count).toBe((page.items as unknown[]).length);
      seen.push(...(page.items as { id: string }[]).map((i) => i.id));
      next = page.next as string | null;
      expect(next === null || typeof next === 'string').toBe(true);
      pages++;
      expect(pages).toBeLessThanOrEqual(23);
    }
    expect(seen).toEqual(items.map((i) => i.id));
  });

  it('strips fixture-internal keys and uses the custom list key', () => {
    const page = cursorPage(items, q({}), { defaultLimit: 2, maxLimit: 100 }, 'events');
    expect(page.events).toEqual([{ id: 'i0' }, { id: 'i1' }]);
    expect(page.next).toBe('2');
  });

  it.each([{ limit: '0' }, { limit: '101' }, { limit: 'ten' }, { next: '0' }])(
    'rejects %o with a 400',
    (params) => {
      expect(() => cursorPage(items, q(params), { defaultLimit: 20, maxLimit: 100 })).toThrow(
        ApiError,
      );
    },
  );
});

describe('offsetPage', () => {
  it('echoes offset, honours a minimum offset of 1 (audits)', () => {
    const page = offsetPage(items, q({ limit: '5', offset: '1' }), {
      defaultLimit: 200,
      maxLimit: 1000,
      minOffset: 1,
    });
    expect(page).toMatchObject({ count: 5, offset: 1, total: 23 });
    expect((page.items as { id: string }[])[0]?.id).toBe('i0');
    expect(() =>
      offsetPage(items, q({ offset: '0' }), { defaultLimit: 200, maxLimit: 1000, minOffset: 1 }),
    ).toThrow(ApiError);
  });

  it('returns an empty last page past the end', () => {
    expect(
      offsetPage(items, q({ offset: '40' }), { defaultLimit: 10, maxLimit: 100 }),
    ).toMatchObject({ count: 0, items: [], total: 23 });
  });
});

describe('publicView', () => {
  it('returns the same object when nothing is private', () => {
    const item = { a: 1 };
    expect(publicView(item)).toBe(item);
  });
});
