import { isMap, isScalar, isSeq, LineCounter, parseAllDocuments, type Node } from 'yaml';

/** A citation scalar of one server found in a YAML file: its node, value and line. */
export interface FoundCitation {
  node: Node;
  value: string;
  line: number;
}

const scalars = (node: unknown): Node[] =>
  isSeq(node) ? node.items.filter((i): i is Node => isScalar(i)) : isScalar(node) ? [node] : [];

function found(nodes: Node[], lines: LineCounter): FoundCitation[] {
  return nodes.flatMap((node) => {
    const value = isScalar(node) ? node.value : undefined;
    if (typeof value !== 'string') return [];
    return [{ node, value, line: lines.linePos(node.range?.[0] ?? 0).line }];
  });
}

/**
 * The `evidence` lines a suite file cites for `server`: `evidence: {server: [...]}` in every
 * document, and a document's single `evidence: path:line@sha` when its expected_tools name the
 * server (the caller keeps only those at the server's old pin).
 */
export function scenarioCitations(text: string, server: string): FoundCitation[] {
  const lines = new LineCounter();
  const out: FoundCitation[] = [];
  for (const doc of parseAllDocuments(text, { lineCounter: lines })) {
    if (!('contents' in doc) || doc.errors.length > 0) continue;
    const evidence: unknown = doc.get('evidence', true);
    if (isMap(evidence)) out.push(...found(scalars(evidence.get(server, true)), lines));
    else if (isScalar(evidence)) {
      const tools: unknown = doc.get('expected_tools', true);
      if (isMap(tools) && tools.has(server)) out.push(...found([evidence], lines));
    }
  }
  return out;
}

/** The evidence of every entry of a classification file whose `server` is `server`. */
export function classificationCitations(text: string, server: string): FoundCitation[] {
  const lines = new LineCounter();
  const out: FoundCitation[] = [];
  for (const doc of parseAllDocuments(text, { lineCounter: lines })) {
    if (!('contents' in doc) || doc.errors.length > 0) continue;
    const entries: unknown = doc.get('classifications', true);
    if (!isSeq(entries)) continue;
    for (const entry of entries.items)
      if (isMap(entry) && entry.get('server') === server)
        out.push(...found(scalars(entry.get('evidence', true)), lines));
  }
  return out;
}
