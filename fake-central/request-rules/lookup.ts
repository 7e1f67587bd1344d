import type { RuleOperation, RuleTable } from './table.js';

/** A request matched to the documented operation it addresses. */
export interface DocumentedOperation {
  /** `METHOD /template` as the document spells it. */
  operation: string;
  rule: RuleOperation;
  /** The path parameters, percent-decoded, by the document's names. */
  params: Record<string, string>;
}

interface TrieNode {
  literal: Map<string, TrieNode>;
  param?: TrieNode;
  /** method → operation and the names of the `{param}` segments on the way here. */
  ops?: Map<string, { template: string; rule: RuleOperation; names: string[] }>;
}

const emptyNode = (): TrieNode => ({ literal: new Map() });

/** A segment trie of the documented templates: a literal segment beats `{param}` (OpenAPI's rule). */
export function buildTrie(table: RuleTable): TrieNode {
  const root = emptyNode();
  for (const [template, methods] of Object.entries(table.ops)) {
    let node = root;
    const names: string[] = [];
    for (const segment of template.split('/').filter((s) => s !== '')) {
      const param = /^\{(.+)\}$/.exec(segment);
      if (param) {
        names.push(param[1] ?? '');
        node = node.param ??= emptyNode();
      } else {
        let next = node.literal.get(segment);
        if (next === undefined) node.literal.set(segment, (next = emptyNode()));
        node = next;
      }
    }
    node.ops ??= new Map();
    for (const [method, rule] of Object.entries(methods))
      node.ops.set(method, { template, rule, names });
  }
  return root;
}

function walk(
  node: TrieNode,
  method: string,
  parts: readonly string[],
  i: number,
  values: string[],
): TrieNode | undefined {
  if (i === parts.length) return node.ops?.has(method) ? node : undefined;
  const part = parts[i] ?? '';
  const literal = node.literal.get(part);
  if (literal) {
    const hit = walk(literal, method, parts, i + 1, values);
    if (hit) return hit;
  }
  if (node.param) {
    values.push(part);
    const hit = walk(node.param, method, parts, i + 1, values);
    if (hit) return hit;
    values.pop();
  }
  return undefined;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The documented operation `method rawPath` addresses, or undefined (then nothing is checked).
 * The fake serves every family under v1 and v1alpha1 (SPEC.md §4), so the other version is tried
 * when the one sent is not documented.
 */
export function lookupOperation(
  trie: TrieNode,
  method: string,
  rawPath: string,
): DocumentedOperation | undefined {
  const parts = rawPath.split('/').filter((s) => s !== '');
  const tries = [parts];
  if (parts[1] === 'v1') tries.push([parts[0] ?? '', 'v1alpha1', ...parts.slice(2)]);
  else if (parts[1] === 'v1alpha1') tries.push([parts[0] ?? '', 'v1', ...parts.slice(2)]);
  for (const attempt of tries) {
    const values: string[] = [];
    const node = walk(trie, method, attempt, 0, values);
    const found = node?.ops?.get(method);
    if (found === undefined) continue;
    const params: Record<string, string> = {};
    found.names.forEach((name, k) => (params[name] = decode(values[k] ?? '')));
    return { operation: `${method} ${found.template}`, rule: found.rule, params };
  }
  return undefined;
}

export type { TrieNode };
