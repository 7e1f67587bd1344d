import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCentral, type FakeCentral } from '../../fake-central/index.js';
import { makeScenario } from '../../test/helpers/metrics/builders.js';
import { firstPageWarning, pagedFacts, type PeekRead, type ServedRead } from './paged-facts.js';

const read = (path: string, query: Record<string, string> = {}): ServedRead => ({
  method: 'GET',
  path,
  query,
  status: 200,
  kind: 'read',
});

/** An offset list of `total` names, `size` a page, answered the way the fake's offset lists are. */
function offsetList(path: string, total: number, size: number): PeekRead {
  return (target) => {
    const url = new URL(target, 'http://x');
    if (url.pathname === '/other')
      return Promise.resolve({ status: 200, body: { site: 'Lab-7', uptime: 99 } });
    if (url.pathname !== path) return Promise.resolve(null);
    const offset = Number(url.searchParams.get('offset') ?? '0');
    const items = Array.from({ length: total }, (_, i) => ({ name: `dev-${i}` })).slice(
      offset,
      offset + size,
    );
    return Promise.resolve({ status: 200, body: { count: items.length, items, offset, total } });
  };
}

const facts = (f: Record<string, string | number>) => makeScenario({ expect: { facts: f } });

describe('pagedFacts', () => {
  const peek = offsetList('/devices', 45, 20);

  it('gives each fact the first page it is on, and warns when all are on page 1', async () => {
    const found = await pagedFacts(facts({ a: 'dev-3', b: 'dev-19' }), [read('/devices')], peek);
    expect(found?.collections.map((c) => [c.label, c.items, c.pageSize, c.pages.length])).toEqual([
      ['GET /devices', 45, 20, 3],
    ]);
    expect(found?.facts).toEqual([
      { fact: 'a', page: 1 },
      { fact: 'b', page: 1 },
    ]);
    expect(firstPageWarning(found)).toBe(
      'facts: every required fact is on page 1 of what the run paged through, GET /devices (45 items, 3 pages of 20) [a page 1, b page 1]: a server that reads only the first page passes; add a fact only the complete data yields (a count, or a value past page 1)',
    );
  });

  it('is quiet when a fact lies past page 1 or only the whole list yields it', async () => {
    const past = await pagedFacts(facts({ a: 'dev-3', b: 'dev-44' }), [read('/devices')], peek);
    expect(past?.facts[1]).toEqual({ fact: 'b', page: 3 });
    expect(firstPageWarning(past)).toBeNull();
    // 1234 is on no page and no other read served it: the server counted it.
    const counted = await pagedFacts(facts({ a: 'dev-3', n: 1234 }), [read('/devices')], peek);
    expect(counted?.facts[1]).toEqual({ fact: 'n', page: null, elsewhere: 'derived' });
    expect(firstPageWarning(counted)).toBeNull();
    // The list's own total is on page 1: a server that reads one page can still report it.
    const total = await pagedFacts(facts({ a: 'dev-3', n: 45 }), [read('/devices')], peek);
    expect(total?.facts[1]).toEqual({ fact: 'n', page: 1 });
    expect(firstPageWarning(total)).not.toBeNull();
  });

  it('does not count a fact another read served as one the whole list yields', async () => {
    const reads = [read('/devices'), read('/other')];
    const found = await pagedFacts(facts({ a: 'dev-3', site: 'Lab-7' }), reads, peek);
    expect(found?.facts[1]).toEqual({ fact: 'site', page: null, elsewhere: 'read' });
    expect(firstPageWarning(found)).toMatch(/site from another read/);
  });

  it('starts from page 1 at the default size whatever page or size the server asked for', async () => {
    const asked = read('/devices', { offset: '40', limit: '5' });
    const found = await pagedFacts(facts({ a: 'dev-44' }), [asked], peek);
    expect(found?.collections[0]?.pageSize).toBe(20);
    expect(found?.facts).toEqual([{ fact: 'a', page: 3 }]);
  });

  it('is null without a list longer than a page, and skips refused, faulted and failed reads', async () => {
    expect(await pagedFacts(facts({ a: 'x' }), [read('/other')], peek)).toBeNull();
    const short = offsetList('/devices', 15, 20);
    expect(await pagedFacts(facts({ a: 'dev-1' }), [read('/devices')], short)).toBeNull();
    const skipped: ServedRead[] = [
      { ...read('/devices'), refused: { rule: 'x' } },
      { ...read('/devices'), fault: 'latency' },
      { ...read('/devices'), status: 500 },
      { ...read('/devices'), method: 'POST' },
    ];
    expect(await pagedFacts(facts({ a: 'dev-1' }), skipped, peek)).toBeNull();
  });
});

describe('pagedFacts against the fake', () => {
  let fake: FakeCentral;
  beforeAll(async () => {
    fake = await startFakeCentral({ fixture: 'campus-b' });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('walks a cursor list page by page (failed clients of campus-b: 146, pages of 100)', async () => {
    const failed = read('/network-monitoring/v1/clients', {
      filter: "status eq 'Failed'",
      limit: '1000',
    });
    const peek: PeekRead = (t) => fake.peek(t);
    const found = await pagedFacts(facts({ first: '30:24:a9:26:da:a7' }), [failed], peek);
    expect(found?.collections.map((c) => [c.items, c.pageSize, c.pages.length])).toEqual([
      [146, 100, 2],
    ]);
    expect(found?.facts).toEqual([{ fact: 'first', page: 1 }]);
    expect(fake.calls()).toEqual([]);
  });
});
