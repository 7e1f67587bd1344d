import { containsFact, jsonStrings } from '../metrics/contains-fact.js';
import type { FactValue, Scenario } from '../scenarios/types.js';

/** A read the fake answered, as its call log has it (fake-central's CallRecord, in part). */
export interface ServedRead {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  status: number;
  kind: string;
  refused?: unknown;
  fault?: string;
}

/** What the fake answers a read now, off the record (FakeCentral.peek). */
export type PeekRead = (target: string) => Promise<{ status: number; body: unknown } | null>;

/** One paged collection the run read: every page of it, at the page size the server asked for. */
export interface PagedCollection {
  /** `GET path?filters` without the paging parameters. */
  label: string;
  items: number;
  pageSize: number;
  pages: unknown[];
}

/** A required fact and the first page of a paged collection it appears on (null: on none). */
export interface FactPage {
  fact: string;
  page: number | null;
  /** Where a fact on no page was found instead: another read of the run, or nowhere (derived). */
  elsewhere?: 'read' | 'derived';
}

export interface PagedFacts {
  collections: PagedCollection[];
  facts: FactPage[];
  /** Every fact is on page 1 of a paged collection: a server that reads one page passes. */
  firstPageOnly: boolean;
}

/** Query parameters that choose a page rather than the collection. */
const PAGING = new Set(['limit', 'offset', 'next', 'cursor', 'page']);
/** Enough for the bundles' longest list at the smallest page size the documents allow. */
const MAX_PAGES = 200;

function target(path: string, query: Record<string, string | string[]>, paging: string[][]) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (PAGING.has(key)) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, one);
  }
  for (const [key, value] of paging) params.append(key ?? '', value ?? '');
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** The list in a page: the first array-valued member (`items`, `clients`, `devices`…). */
function listOf(body: unknown): unknown[] | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  for (const value of Object.values(body) as unknown[])
    if (Array.isArray(value)) return value as unknown[];
  return null;
}

function field(body: unknown, name: string): unknown {
  return body !== null && typeof body === 'object'
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

/**
 * Every page of the collection a read belongs to, walked the way its first page says: a string
 * `next` is a page number (the fake's cursor lists), an `offset` member an offset list. Null when
 * the collection fits on one page or is not a list.
 */
async function pagesOf(read: ServedRead, peek: PeekRead): Promise<PagedCollection | null> {
  const sized: string[][] = [];
  const first = await peek(target(read.path, read.query, sized));
  if (first === null || first.status !== 200) return null;
  const list = listOf(first.body);
  const total = field(first.body, 'total');
  if (list === null || typeof total !== 'number' || total <= list.length) return null;
  const pageSize = list.length;
  const offset = field(first.body, 'offset');
  const pages: unknown[] = [first.body];
  for (let n = 2; n <= MAX_PAGES && pages.length * pageSize < total; n += 1) {
    const paging =
      typeof offset === 'number'
        ? [['offset', String(offset + (n - 1) * pageSize)]]
        : [['next', String(n)]];
    const page = await peek(target(read.path, read.query, [...sized, ...paging]));
    if (page === null || page.status !== 200 || (listOf(page.body) ?? []).length === 0) break;
    pages.push(page.body);
  }
  return { label: `GET ${target(read.path, read.query, [])}`, items: total, pageSize, pages };
}

function holds(body: unknown, value: FactValue): boolean {
  return [JSON.stringify(body), ...jsonStrings(body)].some((text) => containsFact(text, value));
}

/**
 * For a scripted run: on which page of each paged collection the run read every required fact
 * first appears. A scenario whose facts all sit on page 1 cannot tell a server that reads every
 * page from one that reads the first (a pagination loop cut to one page passes it); it needs a
 * fact only the complete data yields: a count, or a value past page 1. A fact on no page counts
 * as such when no other read of the run served it either (the server derived it). Pages are
 * read off the record after the run, so what was written during it is already there. Null when
 * the run read no collection of more than one page.
 */
export async function pagedFacts(
  scenario: Scenario,
  reads: readonly ServedRead[],
  peek: PeekRead,
): Promise<PagedFacts | null> {
  const plain = reads.filter(
    (r) =>
      r.method === 'GET' &&
      r.kind === 'read' &&
      r.status === 200 &&
      r.refused === undefined &&
      r.fault === undefined,
  );
  const collections: PagedCollection[] = [];
  const others: unknown[] = [];
  const seen = new Set<string>();
  for (const read of plain) {
    const key = target(read.path, read.query, []);
    if (seen.has(key)) continue;
    seen.add(key);
    const paged = await pagesOf(read, peek);
    if (paged) collections.push(paged);
    else others.push((await peek(target(read.path, read.query, [])))?.body);
  }
  if (collections.length === 0) return null;
  const facts = Object.entries(scenario.expect.facts).map(([fact, value]): FactPage => {
    const pages = collections.flatMap((c) => {
      const index = c.pages.findIndex((page) => holds(page, value));
      return index === -1 ? [] : [index + 1];
    });
    if (pages.length > 0) return { fact, page: Math.min(...pages) };
    return {
      fact,
      page: null,
      elsewhere: others.some((b) => holds(b, value)) ? 'read' : 'derived',
    };
  });
  const firstPageOnly =
    facts.some((f) => f.page === 1) &&
    facts.every((f) => f.page === 1 || (f.page === null && f.elsewhere === 'read'));
  return { collections, facts, firstPageOnly };
}

/** The run's warning when every fact is on page 1 (see pagedFacts), else null. */
export function firstPageWarning(found: PagedFacts | null): string | null {
  if (!found?.firstPageOnly) return null;
  const lists = found.collections
    .map((c) => `${c.label} (${c.items} items, ${c.pages.length} pages of ${c.pageSize})`)
    .join('; ');
  const where = found.facts
    .map((f) => `${f.fact} ${f.page === null ? 'from another read' : `page ${f.page}`}`)
    .join(', ');
  return `facts: every required fact is on page 1 of what the run paged through, ${lists} [${where}]: a server that reads only the first page passes; add a fact only the complete data yields (a count, or a value past page 1)`;
}
