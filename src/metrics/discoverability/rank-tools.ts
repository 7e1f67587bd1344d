import MiniSearch from 'minisearch';
import type { ToolDefinition } from '../../trajectory/types.js';
import { terms, toolDocument } from './tool-terms.js';

/**
 * Okapi BM25 parameters. MiniSearch defaults to BM25+ (`d` = 0.5); `d` = 0 is the classic
 * formula (Robertson & Zaragoza 2009) with the usual k1 = 1.2, b = 0.75.
 */
export const BM25 = { k: 1.2, b: 0.75, d: 0 } as const;

/** One tool's place in a ranking (1-based), with its BM25 score. */
export interface RankedTool {
  name: string;
  rank: number;
  score: number;
}

/**
 * Ranks a server's tools against a query with BM25 over one field per tool (name +
 * description + parameter names, see tool-terms.ts), through MiniSearch. Tools the query shares
 * no term with score 0 and rank after every matching tool. Ties (equal scores) are broken by
 * name, so the ranking is a pure function of the menu and the query.
 */
export function rankTools(tools: readonly ToolDefinition[], query: string): RankedTool[] {
  const index = indexOf(tools);
  const scores = new Map<number, number>();
  for (const hit of index.search(query)) scores.set(hit.id as number, hit.score);
  return tools
    .map((tool, id) => ({ name: tool.name, score: scores.get(id) ?? 0 }))
    .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((row, i) => ({ ...row, rank: i + 1 }));
}

// One index per menu: a server's menu is ranked against every scenario's intent, and building
// the index (tokenizing every description) is the expensive part.
const indexes = new WeakMap<readonly ToolDefinition[], MiniSearch<{ id: number; text: string }>>();

function indexOf(tools: readonly ToolDefinition[]): MiniSearch<{ id: number; text: string }> {
  const known = indexes.get(tools);
  if (known) return known;
  const index = new MiniSearch<{ id: number; text: string }>({
    fields: ['text'],
    idField: 'id',
    // Our pipeline does the tokenizing, stop words and stemming; MiniSearch must not re-split.
    tokenize: (text) => terms(text),
    processTerm: (term) => term,
    searchOptions: { bm25: BM25, combineWith: 'OR', prefix: false, fuzzy: false },
  });
  index.addAll(tools.map((tool, id) => ({ id, text: toolDocument(tool) })));
  indexes.set(tools, index);
  return index;
}
