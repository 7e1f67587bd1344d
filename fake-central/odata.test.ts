import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { applyFilter, applySort, parseFilter, withDefaultFilter } from './odata.js';

const items = [
  { name: 'a', status: 'Connected', vlanId: 10, siteId: 's1', lastSeenAt: '2026-03-02T10:00:00Z' },
  { name: 'b', status: 'Failed', vlanId: 20, siteId: 's2', lastSeenAt: '2026-03-02T11:00:00Z' },
  {
    name: "o'c",
    status: 'Connected',
    vlanId: 30,
    siteId: 's2',
    lastSeenAt: '2026-03-02T09:00:00Z',
  },
];

describe('parseFilter', () => {
  it.each([
    ["status eq 'Connected'", [{ field: 'status', op: 'eq', values: ['Connected'] }]],
    ["siteId in ('s1', 's2')", [{ field: 'siteId', op: 'in', values: ['s1', 's2'] }]],
    [
      "status eq 'Connected' and siteId eq 's2'",
      [
        { field: 'status', op: 'eq', values: ['Connected'] },
        { field: 'siteId', op: 'eq', values: ['s2'] },
      ],
    ],
    [
      'timestamp gt 2026-01-01T00:00:00Z and timestamp lt 2026-02-01T00:00:00Z',
      [
        { field: 'timestamp', op: 'gt', values: ['2026-01-01T00:00:00Z'] },
        { field: 'timestamp', op: 'lt', values: ['2026-02-01T00:00:00Z'] },
      ],
    ],
    ["name eq 'rand and more'", [{ field: 'name', op: 'eq', values: ['rand and more'] }]],
  ])('parses %s', (filter, expected) => {
    expect(parseFilter(filter)).toEqual(expected);
  });

  it.each(["status = 'x'", "status eq 'a' or status eq 'b'", 'siteId in s1', 'eq x'])(
    'rejects %s with a 400',
    (filter) => {
      expect(() => parseFilter(filter)).toThrow(ApiError);
      try {
        parseFilter(filter);
      } catch (error) {
        expect((error as ApiError).response.status).toBe(400);
      }
    },
  );
});

describe('applyFilter', () => {
  it('applies eq, in, and, numeric and quoted-quote values', () => {
    expect(applyFilter(items, "status eq 'Connected'").map((i) => i.name)).toEqual(['a', "o'c"]);
    expect(
      applyFilter(items, "siteId in ('s2') and status eq 'Connected'").map((i) => i.name),
    ).toEqual(["o'c"]);
    expect(applyFilter(items, 'vlanId eq 20').map((i) => i.name)).toEqual(['b']);
    expect(applyFilter(items, "name eq 'o''c'").map((i) => i.name)).toEqual(["o'c"]);
    expect(applyFilter(items, 'lastSeenAt gt 2026-03-02T09:30:00Z').map((i) => i.name)).toEqual([
      'a',
      'b',
    ]);
  });

  it('matches nothing on an unknown field and keeps everything without a filter', () => {
    expect(applyFilter(items, "nope eq 'x'")).toEqual([]);
    expect(applyFilter(items, undefined)).toHaveLength(3);
  });
});

describe('applySort', () => {
  it('sorts by several keys, stable, without mutating the input', () => {
    const sorted = applySort(items, 'siteId desc, vlanId asc');
    expect(sorted.map((i) => i.name)).toEqual(['b', "o'c", 'a']);
    expect(items[0]?.name).toBe('a');
    expect(applySort(items, 'lastSeenAt DESC').map((i) => i.name)).toEqual(['b', 'a', "o'c"]);
  });

  it('rejects a malformed sort', () => {
    expect(() => applySort(items, 'name sideways')).toThrow(ApiError);
  });
});

describe('withDefaultFilter', () => {
  const connected = "status eq 'Connected'";
  it('applies the default alone, and beside a filter that does not name its field', () => {
    expect(withDefaultFilter(null, connected)).toBe(connected);
    expect(withDefaultFilter('  ', connected)).toBe(connected);
    expect(withDefaultFilter("vlanId eq '10'", connected)).toBe(`vlanId eq '10' and ${connected}`);
  });
  it("gives way to a filter that names the default's field, and is absent when there is none", () => {
    expect(withDefaultFilter("status eq 'Failed'", connected)).toBe("status eq 'Failed'");
    expect(withDefaultFilter("vlanId eq '10' and status in ('Failed')", connected)).toBe(
      "vlanId eq '10' and status in ('Failed')",
    );
    expect(withDefaultFilter("vlanId eq '10'", undefined)).toBe("vlanId eq '10'");
  });
});
