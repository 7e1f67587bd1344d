import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseAllDocuments,
  visit,
  type Document,
  type Node,
} from 'yaml';
import type { ScenarioError } from './source-error.js';

/** One YAML document of a file, with what is needed to map a JSON pointer back to line:col. */
export interface YamlDocument {
  file: string;
  doc: Document.Parsed;
  lineCounter: LineCounter;
  /** The document as plain data (`doc.toJS()`). */
  data: unknown;
}

/** Path segments of a JSON pointer (`/expect/api_calls/0` → `['expect', 'api_calls', '0']`). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The JSON pointer of a path. */
export function toPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

function isEmptyDocument(doc: Document.Parsed): boolean {
  const contents = doc.contents;
  return contents === null || (isScalar(contents) && contents.value === null && !contents.source);
}

/**
 * Numbers YAML reads as ±Infinity or NaN (`1e400`, `.inf`, `.nan`): no input of ours means them,
 * and JSON writes them as `null`, so `1e400` came out of report.json and summaries as `null`.
 */
function nonFiniteNumbers(file: string, doc: Document.Parsed, lines: LineCounter): ScenarioError[] {
  const errors: ScenarioError[] = [];
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value !== 'number' || Number.isFinite(node.value)) return;
      const { line, col } = lines.linePos(node.range?.[0] ?? 0);
      const written = node.source ?? String(node.value);
      errors.push({
        file,
        line,
        col,
        pointer: '',
        message: `\`${written}\` is not a finite number (YAML reads it as ${String(node.value)}, which report.json would store as null)`,
        hint: 'write a finite number (at most 1.7976931348623157e308), or quote it if a string is meant',
      });
    },
  });
  return errors;
}

/**
 * Parses every document of a multi-document YAML file. Syntax errors come back as positioned
 * errors (the document they are in is dropped), as do numbers that are not finite (`1e400`);
 * empty documents (a trailing `---`) are skipped.
 */
export function parseYamlDocuments(
  file: string,
  text: string,
): { documents: YamlDocument[]; errors: ScenarioError[] } {
  const lineCounter = new LineCounter();
  const documents: YamlDocument[] = [];
  const errors: ScenarioError[] = [];
  for (const doc of parseAllDocuments(text, { lineCounter, prettyErrors: false })) {
    const problems = [...doc.errors, ...doc.warnings];
    for (const problem of problems) {
      const { line, col } = lineCounter.linePos(problem.pos[0]);
      errors.push({ file, line, col, pointer: '', message: `YAML: ${problem.message}` });
    }
    if (problems.length > 0 || isEmptyDocument(doc)) continue;
    const infinite = nonFiniteNumbers(file, doc, lineCounter);
    if (infinite.length > 0) {
      errors.push(...infinite);
      continue;
    }
    try {
      documents.push({ file, doc, lineCounter, data: doc.toJS({ maxAliasCount: 100 }) });
    } catch (error) {
      const { line, col } = lineCounter.linePos(doc.range[0]);
      const message = error instanceof Error ? error.message : String(error);
      errors.push({ file, line, col, pointer: '', message: `YAML: ${message}` });
    }
  }
  return { documents, errors };
}

/**
 * The 1-based position of the node at `path` in a document: its value, or with `at: 'key'` the
 * key of its mapping entry. A path that does not exist resolves to its deepest existing ancestor,
 * so a missing field points at the mapping that should hold it.
 */
export function positionOf(
  source: YamlDocument,
  path: readonly (string | number)[],
  at: 'value' | 'key' = 'value',
): { line: number; col: number } {
  let node: unknown = source.doc.contents;
  let offset = source.doc.contents?.range[0] ?? 0;
  for (const [index, segment] of path.entries()) {
    const last = index === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find(
        (p) => isScalar(p.key) && String(p.key.value) === String(segment),
      );
      if (!pair) break;
      const key = pair.key as Node;
      const value = pair.value as Node | null;
      const blank = value === null || (isScalar(value) && value.value === null && !value.source);
      if ((last && at === 'key') || blank) {
        offset = key.range?.[0] ?? offset;
        break;
      }
      node = value;
    } else if (isSeq(node)) {
      const item = node.items[Number(segment)];
      if (item === undefined || item === null) break;
      node = item;
    } else {
      break;
    }
    offset = (node as Node).range?.[0] ?? offset;
    if (isAlias(node)) break;
  }
  return source.lineCounter.linePos(offset);
}

/** A positioned error at `path` in a document. */
export function errorAt(
  source: YamlDocument,
  path: readonly (string | number)[],
  message: string,
  options: { hint?: string | undefined; at?: 'value' | 'key'; pointer?: string } = {},
): ScenarioError {
  const { line, col } = positionOf(source, path, options.at);
  return {
    file: source.file,
    line,
    col,
    pointer: options.pointer ?? toPointer(path),
    message,
    ...(options.hint ? { hint: options.hint } : {}),
  };
}
