import { compileValuePattern } from '../endpoint-pattern.js';
import rules from '../request-rules.json' with { type: 'json' };
import type { Json, RefusedRequest } from '../types.js';
import type { FakeResponse } from '../http-types.js';
import { checkRequest } from './check-request.js';
import type { CheckContext } from './check-value.js';
import { buildTrie, lookupOperation, type TrieNode } from './lookup.js';
import { refusal } from './refusal.js';
import type { RuleTable } from './table.js';

/** A request as the checker sees it. */
export interface RequestToCheck {
  method: string;
  rawPath: string;
  query: URLSearchParams;
  contentType: string;
  /** The parsed body (parsed once, shared with the handler). */
  body: () => Json | undefined;
  /** Seeds the refusal's `debugId`: the bundle and the request's sequence number. */
  debugSeed: string;
}

const table = rules as unknown as RuleTable;
let compiled: { trie: TrieNode; ctx: CheckContext } | undefined;

// Built on first use (about 20 ms), then shared by every instance: the table never changes.
function load(): { trie: TrieNode; ctx: CheckContext } {
  if (compiled) return compiled;
  const patterns = new Map<string, ((value: string) => boolean) | undefined>();
  const pattern = (source: string): ((value: string) => boolean) | undefined => {
    if (!patterns.has(source)) patterns.set(source, compileValuePattern(source));
    return patterns.get(source);
  };
  compiled = { trie: buildTrie(table), ctx: { nodes: table.nodes, pattern } };
  return compiled;
}

/** The sources the rule table was derived from (SPEC.md §1). */
export const REQUEST_RULE_SOURCES: Readonly<RuleTable['sources']> = table.sources;

/**
 * Checks a request against the documented operation it addresses. Undefined when it breaks no
 * rule or no document describes it; otherwise the family's 400 and what was refused.
 */
export function refuseByDocuments(
  req: RequestToCheck,
): { response: FakeResponse; refused: RefusedRequest } | undefined {
  const { trie, ctx } = load();
  const op = lookupOperation(trie, req.method, req.rawPath);
  if (op === undefined) return undefined;
  const broken = checkRequest(ctx, table, op, req);
  return broken && refusal(table, op, req.rawPath, broken, req.debugSeed);
}
